// The head of a request as hook-run serve's connections read it: the
// request line, the field lines (each checked, none folded), and the framing
// of its body — refusing whatever two parsers could read two ways (both
// Content-Length and Transfer-Encoding, a length that is not one number, a
// transfer coding other than chunked), so no request can smuggle another.

import { type BodyReader, type BodySource, RequestBody } from "./_request_body.ts";
import { FIELDS, REQUEST_LINE, trimOws } from "./_http_text.ts";

const latin1 = new TextDecoder("latin1");

/** A request as the handler sees it. */
export interface HttpRequest {
  /** The method, as sent (methods are case-sensitive). */
  readonly method: string;
  /** The target's path, without its query. */
  readonly path: string;
  /** The target's query, without its "?" (`""` when none). */
  readonly query: string;
  readonly headers: RequestHeaders;
  /** The body, or `null` when the request has none. */
  readonly body: BodyReader | null;
}

/** A request's header fields, by case-insensitive name (repeated fields joined with ", "). */
export interface RequestHeaders {
  get(name: string): string | null;
  has(name: string): boolean;
}

/** What the handler answers. */
export interface HttpResponse {
  status: number;
  headers?: Readonly<Record<string, string>>;
  /** The body; `null` for none (a HEAD answer still gets its length from `length`). */
  body: string | null;
}

/** Answers one request; must not reject (a rejection is answered 500). */
export type HttpHandler = (request: HttpRequest) => Promise<HttpResponse>;

/** A request the connection refuses before the handler sees it. */
export class Refusal extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/**
 * The request in `head` (its bytes without the final blank line), its body
 * read from `source`, and its HTTP version's minor number; or a refusal.
 *
 * @throws {Refusal} When the head is not one this server reads.
 */
export function parseHead(
  head: Uint8Array,
  source: BodySource,
): { request: HttpRequest & { body: RequestBody | null }; version: string } {
  const text = latin1.decode(head);
  const first = text.indexOf("\r\n");
  const line = REQUEST_LINE.exec(first === -1 ? text : text.slice(0, first));
  if (line === null) throw new Refusal(400, "the request line is not HTTP/1.1 (METHOD /path HTTP/1.1)");
  // One pass checks every field line (no folding, no bare CR or LF, no
  // control characters); then each is split at its first colon.
  const fields = first === -1 ? "" : text.slice(first + 2) + "\r\n";
  if (!FIELDS.test(fields)) throw new Refusal(400, "a header line is malformed");
  const headers = new FieldMap();
  for (let at = 0; at < fields.length;) {
    const end = fields.indexOf("\r\n", at);
    const colon = fields.indexOf(":", at);
    headers.add(fields.slice(at, colon).toLowerCase(), trimOws(fields.slice(colon + 1, end)));
    at = end + 2;
  }
  const version = line[3]!;
  if (version === "1" && !headers.has("host")) throw new Refusal(400, "an HTTP/1.1 request needs a Host header");
  const expect = headers.get("expect");
  if (expect !== null && expect.toLowerCase() !== "100-continue") {
    throw new Refusal(417, `the expectation "${expect}" is not supported`);
  }
  const target = line[2]!;
  const query = target.search(/[?#]/);
  return {
    request: {
      method: line[1]!,
      path: query === -1 ? target : target.slice(0, query),
      query: query === -1 || target[query] !== "?" ? "" : target.slice(query + 1).replace(/#.*$/, ""),
      headers,
      body: framedBody(source, headers, version, expect !== null),
    },
    version,
  };
}

/** The body the headers frame, refusing framing that two parsers could read two ways. */
function framedBody(
  source: BodySource,
  headers: FieldMap,
  version: string,
  expectsContinue: boolean,
): RequestBody | null {
  const coding = headers.get("transfer-encoding");
  const length = headers.get("content-length");
  if (coding !== null) {
    if (length !== null) throw new Refusal(400, "a request may not have both Content-Length and Transfer-Encoding");
    if (version !== "1") throw new Refusal(400, "HTTP/1.0 has no Transfer-Encoding");
    if (coding.toLowerCase() !== "chunked") {
      throw new Refusal(501, `the transfer coding "${coding}" is not supported; send chunked or a Content-Length`);
    }
    return new RequestBody(source, undefined, expectsContinue);
  }
  if (length === null) return null;
  if (!/^\d{1,15}$/.test(length)) throw new Refusal(400, "the Content-Length is not one number");
  const count = Number(length);
  return count === 0 ? null : new RequestBody(source, count, expectsContinue);
}

/** Header fields by lower-case name, repeated ones joined as RFC 9110 joins them. */
class FieldMap implements RequestHeaders {
  #fields = new Map<string, string>();

  add(name: string, value: string): void {
    const had = this.#fields.get(name);
    this.#fields.set(name, had === undefined ? value : `${had}, ${value}`);
  }

  get(name: string): string | null {
    return this.#fields.get(name.toLowerCase()) ?? null;
  }

  has(name: string): boolean {
    return this.#fields.has(name.toLowerCase());
  }
}
