/**
 * Reading an HTTP response body under a byte cap, shared by the HTTP
 * transport and the model clients.
 *
 * @module
 */

// Decoding is stateless without `{ stream: true }`, so one decoder serves
// every call.
const DECODER = new TextDecoder();

// Most hook answers fit the first buffer; a longer body doubles it, up to
// the cap. Reading into our own small buffer (a BYOB read) is what keeps
// this close to `response.text()`: Deno's default reader allocates 64 KiB
// for every chunk.
const FIRST_BUFFER_BYTES = 4096;

/**
 * Reads the body as UTF-8 text, never holding more than `cap` bytes of it:
 * the stream is read chunk by chunk and cancelled once the bytes seen pass
 * the cap, and only then is the prefix decoded, in one go.
 *
 * The count is of bytes as fetch hands them over, that is after it has
 * undone any `content-encoding` (gzip, br, …). A declared Content-Length is
 * therefore never trusted to bound the body: it counts the bytes on the
 * wire, and 421 bytes of brotli can unpack to 256 MiB.
 */
export async function readBody(
  response: Response,
  cap: number,
): Promise<{ text: string; truncated: boolean }> {
  const body = response.body;
  if (body === null) return { text: "", truncated: false };
  // One byte past the cap tells a body of exactly `cap` bytes from a longer one.
  const limit = cap + 1;
  let buffer = new Uint8Array(Math.min(FIRST_BUFFER_BYTES, limit));
  let size = 0;
  const byob = byobReader(body);
  const reader = byob ?? body.getReader();
  try {
    while (size < limit) {
      if (size === buffer.byteLength) buffer = grown(buffer, size, Math.min(2 * size, limit));
      if (byob !== null) {
        const { done, value } = await byob.read(buffer.subarray(size));
        // A BYOB read transfers the buffer; the answer is a view of it.
        if (value !== undefined) buffer = new Uint8Array(value.buffer);
        if (done) break;
        size += value.byteLength;
      } else {
        const { done, value } = await (reader as ReadableStreamDefaultReader<Uint8Array>).read();
        if (done) break;
        const taken = Math.min(value.byteLength, limit - size);
        if (size + taken > buffer.byteLength) {
          buffer = grown(buffer, size, Math.min(Math.max(2 * buffer.byteLength, size + taken), limit));
        }
        buffer.set(value.subarray(0, taken), size);
        size += taken;
      }
    }
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error;
  }
  if (size <= cap) return { text: DECODER.decode(buffer.subarray(0, size)), truncated: false };
  await reader.cancel();
  // A character cut at the cap decodes as U+FFFD.
  return { text: DECODER.decode(buffer.subarray(0, cap)), truncated: true };
}

/** A BYOB reader where the body is a byte stream (as fetch's always are). */
function byobReader(body: ReadableStream<Uint8Array>): ReadableStreamBYOBReader | null {
  try {
    return body.getReader({ mode: "byob" });
  } catch {
    return null;
  }
}

function grown(buffer: Uint8Array<ArrayBuffer>, size: number, capacity: number): Uint8Array<ArrayBuffer> {
  const next = new Uint8Array(capacity);
  next.set(buffer.subarray(0, size));
  return next;
}
