// A request's body as hook-run serve reads it off a connection: framed by
// its Content-Length or chunked, each read bounded (and chunks that are
// already in joined), the chunked framing checked line by line.

/** A request's body, read as it arrives. */
export interface BodyReader {
  /** The declared length (Content-Length), or `undefined` for a chunked body. */
  readonly length: number | undefined;
  /**
   * The whole body, when all of it has arrived with the head (the usual
   * case, read without waiting); `null` otherwise, and once reading began.
   */
  whole?(): Uint8Array | null;
  /**
   * The next bytes (a copy, at most 64 KiB), or `null` at the end.
   *
   * @throws {Deno.errors.TimedOut} When the body did not arrive within the body timeout.
   * @throws {Error} When the connection closed first, or the chunked framing is broken.
   */
  read(): Promise<Uint8Array | null>;
}

/** What a body reads from: its connection's buffer, and the socket behind it. */
export interface BodySource {
  /** Bytes buffered and not yet used. */
  readonly available: number;
  /** Takes up to `count` buffered bytes: a copy, or only their number. */
  take(count: number, copy: boolean): Uint8Array | number;
  /** The buffered bytes, not taken. */
  peek(): Uint8Array;
  /** Reads more into the buffer; `false` at the end of the stream. */
  fill(): Promise<boolean>;
  /** Sends "100 Continue". */
  continue(): Promise<void>;
}

/** The most a body read hands over at once. */
const READ_BYTES = 64 * 1024;
/** The longest chunk-size line or trailer section of a chunked body. */
const MAX_CHUNK_LINE = 4096;

const latin1 = new TextDecoder("latin1");

/**
 * A request's body, framed by its Content-Length or chunked, read from the
 * connection's buffer as the handler asks for it.
 */
export class RequestBody implements BodyReader {
  readonly length: number | undefined;
  /** Bytes left: of the whole body (Content-Length) or of the current chunk. */
  #left: number;
  #state: "size" | "data" | "data-end" | "trailers" | "done";
  #connection: BodySource;
  readonly expectsContinue: boolean;
  started = false;

  constructor(connection: BodySource, length: number | undefined, expectsContinue: boolean) {
    this.#connection = connection;
    this.length = length;
    this.#left = length ?? 0;
    this.#state = length === undefined ? "size" : "data";
    this.expectsContinue = expectsContinue;
  }

  /** Whether the whole body has been read. */
  get done(): boolean {
    return this.#state === "done" || (this.length !== undefined && this.#left === 0);
  }

  whole(): Uint8Array | null {
    if (this.started || this.length === undefined || this.#connection.available < this.length) return null;
    this.started = true;
    const bytes = this.#connection.take(this.length, true) as Uint8Array;
    this.#left = 0;
    return bytes;
  }

  async read(): Promise<Uint8Array | null> {
    return await this.next(true) as Uint8Array | null;
  }

  /**
   * The next bytes (copied, or only counted), or `null` at the end. Chunks
   * already in the buffer are joined, so a body of one-byte chunks costs a
   * read per buffer, not per byte.
   */
  async next(copy: boolean): Promise<Uint8Array | number | null> {
    if (!this.started) {
      this.started = true;
      if (this.expectsContinue) await this.#connection.continue();
    }
    const parts: Uint8Array[] = [];
    let size = 0;
    while (size < READ_BYTES && !this.done) {
      if (this.#state === "data") {
        if (this.#connection.available === 0) {
          if (size > 0) break;
          if (!await this.#connection.fill()) throw new Error("the connection closed before the body ended");
          continue;
        }
        const taken = this.#connection.take(Math.min(this.#left, READ_BYTES - size), copy);
        const n = typeof taken === "number" ? taken : taken.length;
        if (typeof taken !== "number") parts.push(taken);
        size += n;
        this.#left -= n;
        if (this.#left === 0 && this.length === undefined) this.#state = "data-end";
        continue;
      }
      // A line of the chunked framing: a chunk's size, the CRLF after its data, or a trailer.
      const line = this.#line();
      if (line === null) {
        if (size > 0) break;
        if (!await this.#connection.fill()) throw new Error("the connection closed before the body ended");
        continue;
      }
      this.#framing(line);
    }
    if (size === 0 && this.done) return null;
    if (!copy) return size;
    return parts.length === 1 ? parts[0]! : concat(...parts);
  }

  /** The next CRLF-ended line in the buffer (consumed), or `null` when it is not all in yet. */
  #line(): string | null {
    const bytes = this.#connection.peek();
    const end = bytes.indexOf(10);
    if (end === -1) {
      if (bytes.length > MAX_CHUNK_LINE) throw new Error("the chunked body has a line longer than 4 KiB");
      return null;
    }
    if (end === 0 || bytes[end - 1] !== 13) throw new Error("the chunked body has a line not ended by CRLF");
    const line = latin1.decode(bytes.subarray(0, end - 1));
    this.#connection.take(end + 1, false);
    return line;
  }

  #framing(line: string): void {
    if (this.#state === "data-end") {
      if (line !== "") throw new Error("the chunked body has data past a chunk's size");
      this.#state = "size";
    } else if (this.#state === "size") {
      const size = /^([0-9a-fA-F]{1,12})[ \t]*(;.*)?$/.exec(line);
      if (size === null) throw new Error("the chunked body has a malformed chunk size");
      this.#left = parseInt(size[1]!, 16);
      this.#state = this.#left === 0 ? "trailers" : "data";
    } else if (this.#state === "trailers") {
      if (line === "") this.#state = "done";
      else if ((this.#left += line.length) > MAX_CHUNK_LINE) {
        throw new Error("the chunked body's trailers are too long");
      }
    }
  }
}

/** The parts, one after another, in one new array. */
export function concat(...parts: Uint8Array[]): Uint8Array {
  let size = 0;
  for (const part of parts) size += part.length;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
