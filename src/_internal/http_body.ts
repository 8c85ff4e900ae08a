/**
 * Reading an HTTP response body under a byte cap, shared by the HTTP
 * transport and the model clients.
 *
 * @module
 */

import { readCapped } from "./capped_read.ts";

// Decoding is stateless without `{ stream: true }`, so one decoder serves
// every call.
const DECODER = new TextDecoder();

/** Options of {@linkcode readBody}. */
export interface ReadBodyOptions {
  /**
   * Read past the cap to the end of the body (dropping those bytes) instead
   * of cancelling it there.
   *
   * @default {false}
   */
  drain?: boolean;
  /** Called once, when the body passes the cap. */
  onCap?: () => void;
}

/**
 * Reads the body as UTF-8 text, never holding more than `cap` bytes of it:
 * the stream is read chunk by chunk, and past the cap it is drained or
 * cancelled; only the bytes kept are decoded, in one go.
 *
 * The count is of bytes as fetch hands them over, that is after it has
 * undone any `content-encoding` (gzip, br, …). A declared Content-Length is
 * therefore never trusted to bound the body: it counts the bytes on the
 * wire, and 421 bytes of brotli can unpack to 256 MiB.
 *
 * @throws When reading fails (the caller's signal fired, the connection broke).
 */
export async function readBody(
  response: Response,
  cap: number,
  options: ReadBodyOptions = {},
): Promise<{ text: string; truncated: boolean }> {
  const body = response.body;
  if (body === null) return { text: "", truncated: false };
  const read = readCapped(body, cap, {
    drain: options.drain === true,
    ...(options.onCap ? { onCap: options.onCap } : {}),
  });
  await read.done;
  // A character cut at the cap decodes as U+FFFD.
  return { text: DECODER.decode(read.bytes()), truncated: read.truncated() };
}
