// HTTP/1.1 as text, for serve's connections: the request line and field
// lines it accepts, where a head ends, status reasons, and the Date header.

export const REASONS: Readonly<Record<number, string>> = {
  200: "OK",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  417: "Expectation Failed",
  421: "Misdirected Request",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  501: "Not Implemented",
  503: "Service Unavailable",
  505: "HTTP Version Not Supported",
};

export const REQUEST_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\/\S*) HTTP\/1\.([01])$/;
/** Field lines, each CRLF-ended: a token, a colon, then tabs, visible characters, spaces and obs-text. */
export const FIELDS = /^(?:[!#$%&'*+.^_`|~0-9A-Za-z-]+:[\t\u0020-\u007e\u0080-\u00ff]*\r\n)*$/;

/**
 * `text` without the SP and HTAB around it: a field's optional whitespace
 * (RFC 9110, 5.6.3). Not `trim()`, which also takes 0xA0 (a head is read as
 * latin1, so the byte is U+00A0) and the other Unicode spaces: that would
 * read `Content-Length: 5\xa0` as 5, where Node's http and Deno.serve refuse
 * the request — two parsers reading one head two ways.
 */
export function trimOws(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && (text[start] === " " || text[start] === "\t")) start++;
  while (end > start && (text[end - 1] === " " || text[end - 1] === "\t")) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

// deno-lint-ignore no-control-regex
export const NON_ASCII = /[^\u0000-\u007f]/;

/** The index after the first CRLF CRLF of `bytes[start, to)` that ends at `from` or later, or -1. */
export function headEnd(bytes: Uint8Array, start: number, from: number, to: number): number {
  // A loop, not indexOf: that would search on past `to`, through the whole buffer.
  for (let i = Math.max(from, start + 3); i < to; i++) {
    if (bytes[i] === 10 && bytes[i - 1] === 13 && bytes[i - 2] === 10 && bytes[i - 3] === 13) return i + 1;
  }
  return -1;
}

let date = "";
let dateAt = 0;

/** The Date header's value, made at most once a second. */
export function httpDate(): string {
  const now = Date.now();
  if (now - dateAt >= 1000) {
    date = new Date(now).toUTCString();
    dateAt = now - (now % 1000);
  }
  return date;
}

/** Milliseconds as seconds for a message: "1", "0.5". */
export function seconds(ms: number): string {
  return String(Math.round(ms) / 1000);
}
