// One HTTP/1.1 connection of hook-run serve: requests read from the socket
// with every part bounded — the head's size and the time it may take, the
// body's framing and the time it may take — handed to the handler one at a
// time, answered, and kept alive or closed. Deno.serve bounds none of this
// (a client that sends half its headers is held forever), so serve speaks
// HTTP/1.1 itself: the subset agents use (Content-Length and chunked
// bodies, keep-alive, Expect: 100-continue), with anything else refused
// (the head is read by _http_head.ts).

import { type HttpHandler, type HttpRequest, type HttpResponse, parseHead, Refusal } from "./_http_head.ts";
import { concat, type RequestBody } from "./_request_body.ts";
import { headEnd, httpDate, NON_ASCII, REASONS, seconds } from "./_http_text.ts";

/**
 * Told when a connection starts waiting for a request's head and when a
 * whole head is in: the server keeps the connections that wait, oldest
 * first, to close them at the cap.
 */
export interface ConnectionWatcher {
  /** The connection waits for a request's head (nothing of it may have arrived yet). */
  waiting(connection: HttpConnection): void;
  /** A whole head is in: the request is read, run and answered, and never closed to make room. */
  busy(connection: HttpConnection): void;
}

/** What a connection is doing; the server enforces each phase's deadline. */
export type Phase = "head" | "body" | "writing" | "draining" | "closed";

/** The bounds of one connection. */
export interface ConnectionLimits {
  /** From the connection's start, or the end of the last answer, until a request's head is in. */
  headerTimeoutMs: number;
  /** From the end of a request's head until its body is in (and for draining an unread body). */
  bodyTimeoutMs: number;
}

/** The largest request head (request line and headers). */
export const MAX_HEAD_BYTES = 64 * 1024;
/** The most of an unread body that is read and dropped so the client sees the answer; past it, the connection closes. */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;

const encoder = new TextEncoder();
const CONTINUE = encoder.encode("HTTP/1.1 100 Continue\r\n\r\n");

/**
 * Serves the requests of one connection until it closes. The server reads
 * `phase` and `deadline` to enforce the timeouts ({@linkcode expire}).
 */
export class HttpConnection {
  phase: Phase = "head";
  /** When the current phase must be over (`performance.now()` time). */
  deadline: number;
  #conn: Deno.Conn;
  #limits: ConnectionLimits;
  #handler: HttpHandler;
  #watcher: ConnectionWatcher | undefined;
  #keepAlive: string;
  #buffer = new Uint8Array(16 * 1024);
  /** Where answers are encoded. */
  #out = new Uint8Array(8 * 1024);
  #start = 0;
  #end = 0;
  /** Set when the body timeout passed: the body's reads reject with it. */
  #timedOut: Deno.errors.TimedOut | null = null;
  #onTimeout: ((error: Error) => void) | null = null;
  /** Set by the server at shutdown: finish the request in flight, then close. */
  closing = false;
  /** Requests whose head came in whole on this connection. */
  requests = 0;

  constructor(conn: Deno.Conn, limits: ConnectionLimits, handler: HttpHandler, watcher?: ConnectionWatcher) {
    this.#conn = conn;
    this.#limits = limits;
    this.#handler = handler;
    this.#watcher = watcher;
    this.#keepAlive = `timeout=${Math.max(1, Math.floor(limits.headerTimeoutMs / 1000))}`;
    this.deadline = performance.now() + limits.headerTimeoutMs;
  }

  /**
   * Whether it waits for a request of which nothing has arrived: closing it
   * loses nothing (a request already on its way is the client's to retry,
   * as HTTP allows on a kept-alive connection).
   */
  get idle(): boolean {
    return this.phase === "head" && this.#end === this.#start;
  }

  /** The current phase's deadline passed: a stalled body is answered; anything else is closed. */
  expire(): void {
    if (this.phase === "body") {
      if (this.#timedOut !== null) return;
      this.#timedOut = new Deno.errors.TimedOut(
        `the body did not arrive within ${seconds(this.#limits.bodyTimeoutMs)} s`,
      );
      this.deadline = Infinity;
      this.#onTimeout?.(this.#timedOut);
      return;
    }
    this.close();
  }

  /** Closes the socket; reads and writes in flight fail. */
  close(): void {
    if (this.phase === "closed") return;
    this.phase = "closed";
    try {
      this.#conn.close();
    } catch {
      // Already closed.
    }
  }

  /** Serves requests until the connection ends; never rejects. */
  async serve(): Promise<void> {
    try {
      while (!this.closing && this.phase !== "closed") {
        if (!await this.#exchange()) break;
      }
    } catch {
      // A socket error ends the connection; there is no one to tell.
    } finally {
      this.close();
    }
  }

  /** One request and its answer; whether the connection may carry another. */
  async #exchange(): Promise<boolean> {
    // A body timeout that passed while the last request's hooks ran (its
    // body long read) is not this request's.
    this.#timedOut = null;
    this.phase = "head";
    this.deadline = performance.now() + this.#limits.headerTimeoutMs;
    this.#watcher?.waiting(this);
    let request: HttpRequest & { body: RequestBody | null };
    let version: string;
    try {
      const head = await this.#readHead();
      if (head === null) return false;
      this.requests++;
      this.#watcher?.busy(this);
      ({ request, version } = parseHead(head, this));
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      await this.#write({ status: error.status, body: JSON.stringify({ error: error.message }) + "\n" }, false, true);
      return false;
    }
    this.phase = "body";
    this.deadline = performance.now() + this.#limits.bodyTimeoutMs;
    let response: HttpResponse;
    try {
      response = await this.#handler(request);
    } catch {
      response = { status: 500, body: JSON.stringify({ error: "internal error" }) + "\n" };
    }
    const body = request.body;
    const whole = body === null || body.done;
    const keep = whole && !this.closing && version === "1" &&
      !/\bclose\b/i.test(request.headers.get("connection") ?? "");
    this.phase = "writing";
    this.deadline = performance.now() + this.#limits.headerTimeoutMs;
    await this.#write(response, request.method === "HEAD", !keep);
    // Closing with the body unread would reset the connection, and the
    // client could lose the answer: what is left is read and dropped first
    // (a client waiting for "100 Continue" sends nothing, and one that
    // stalled is not waited for again).
    if (!whole && this.#timedOut === null && (body.started || !body.expectsContinue)) await this.#drain(body);
    return keep;
  }

  /** Reads until a whole head is in: its bytes without the final blank line, or `null` if the client left first. */
  async #readHead(): Promise<Uint8Array | null> {
    // How far past the start the search already went (the buffer may move).
    let scanned = 0;
    while (true) {
      // Blank lines before a request are allowed (RFC 9112, 2.2).
      while (this.#end - this.#start >= 2 && this.#buffer[this.#start] === 13 && this.#buffer[this.#start + 1] === 10) {
        this.#start += 2;
        scanned = Math.max(0, scanned - 2);
      }
      const end = headEnd(this.#buffer, this.#start, this.#start + Math.max(0, scanned - 3), this.#end);
      if (end !== -1) {
        const head = this.#buffer.subarray(this.#start, end - 4);
        this.#start = end;
        return head;
      }
      scanned = this.#end - this.#start;
      if (scanned >= MAX_HEAD_BYTES) {
        throw new Refusal(431, `the request's head is larger than ${MAX_HEAD_BYTES / 1024} KiB`);
      }
      if (!await this.#fill(MAX_HEAD_BYTES)) {
        if (this.#end > this.#start) this.close();
        return null;
      }
    }
  }

  /** Reads and drops the rest of a body the handler left, so the client can read the answer; then closes. */
  async #drain(body: RequestBody): Promise<void> {
    this.phase = "draining";
    this.deadline = performance.now() + this.#limits.bodyTimeoutMs;
    try {
      let dropped = 0;
      while (dropped <= MAX_DRAIN_BYTES) {
        const chunk = await body.next(false);
        if (chunk === null) break;
        dropped += chunk as number;
      }
    } catch {
      // Broken or stalled: closed below either way.
    }
    this.close();
  }

  /** Writes an answer, with its length, and whether the connection closes after it. */
  async #write(response: HttpResponse, head: boolean, close: boolean): Promise<void> {
    const body = response.body ?? "";
    // JSON answers are mostly ASCII: then the text's length is its bytes', and one encoding does.
    const ascii = !NON_ASCII.test(body);
    const bytes = ascii ? undefined : encoder.encode(body);
    let text = `HTTP/1.1 ${response.status} ${REASONS[response.status] ?? "Unknown"}\r\ndate: ${httpDate()}\r\n`;
    for (const name in response.headers) text += `${name}: ${response.headers[name]}\r\n`;
    text += `content-length: ${bytes?.length ?? body.length}\r\n${
      close ? "connection: close" : `keep-alive: ${this.#keepAlive}`
    }\r\n\r\n`;
    if (!head && bytes === undefined) text += body;
    // Encoded into the connection's own buffer when it fits (answers are small): no allocation per answer.
    const out = text.length * 3 <= this.#out.length
      ? this.#out.subarray(0, encoder.encodeInto(text, this.#out).written)
      : encoder.encode(text);
    await this.writeAll(head || bytes === undefined ? out : concat(out, bytes));
  }

  /** Writes every byte. */
  async writeAll(bytes: Uint8Array): Promise<void> {
    let written = 0;
    while (written < bytes.length) written += await this.#conn.write(bytes.subarray(written));
  }

  /** The bytes in the buffer not yet used. */
  get available(): number {
    return this.#end - this.#start;
  }

  /** Takes up to `count` buffered bytes: a copy, or only their number. */
  take(count: number, copy: boolean): Uint8Array | number {
    const n = Math.min(count, this.#end - this.#start);
    const bytes = copy ? this.#buffer.slice(this.#start, this.#start + n) : n;
    this.#start += n;
    return bytes;
  }

  /** The buffered bytes, for parsing chunk lines in place. */
  peek(): Uint8Array {
    return this.#buffer.subarray(this.#start, this.#end);
  }

  /**
   * Reads more from the socket into the buffer (`false` at the end of the
   * stream); during the body, the read fails when the body timeout passes.
   */
  async fill(limit = this.#buffer.length): Promise<boolean> {
    if (this.#timedOut !== null) throw this.#timedOut;
    if (this.phase !== "body") return await this.#fill(limit);
    const timeout = new Promise<never>((_, reject) => this.#onTimeout = reject);
    try {
      return await Promise.race([this.#fill(limit), timeout]);
    } finally {
      this.#onTimeout = null;
    }
  }

  async #fill(limit: number): Promise<boolean> {
    if (this.#start === this.#end) this.#start = this.#end = 0;
    if (this.#end === this.#buffer.length) {
      if (this.#start > 0) {
        this.#buffer.copyWithin(0, this.#start, this.#end);
        this.#end -= this.#start;
        this.#start = 0;
      } else {
        if (this.#buffer.length >= limit) throw new RangeError("the connection's buffer is full");
        const grown = new Uint8Array(Math.min(limit, this.#buffer.length * 2));
        grown.set(this.#buffer);
        this.#buffer = grown;
      }
    }
    const read = this.#conn.read(this.#buffer.subarray(this.#end));
    // A read outraced by the body timeout settles when the socket closes.
    read.catch(() => {});
    const count = await read;
    if (count === null) return false;
    this.#end += count;
    return true;
  }

  /** Sends "100 Continue" to a client that waits for it before its body. */
  continue(): Promise<void> {
    return this.writeAll(CONTINUE);
  }
}
