// Decompression bombs for the body-cap tests: a short prefix followed by many
// spaces, compressed, so a few hundred bytes on the wire decode to tens or
// hundreds of MiB. The input is streamed into the compressor from one reused
// (never mutated) buffer, so building a bomb costs the test little memory.

import { constants, createBrotliCompress } from "node:zlib";

/** A content coding Deno's fetch decodes transparently. */
export type BombEncoding = "gzip" | "br";

/**
 * Compresses `prefix` followed by `padding` bytes of spaces. Spaces keep a
 * JSON prefix valid JSON however long the tail is.
 */
export function compressedBomb(
  encoding: BombEncoding,
  prefix: string,
  padding: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const head = new TextEncoder().encode(prefix);
  const spaces = new Uint8Array(1 << 20).fill(0x20);
  return encoding === "gzip" ? gzip(head, spaces, padding) : brotli(head, spaces, padding);
}

async function gzip(
  head: Uint8Array<ArrayBuffer>,
  spaces: Uint8Array<ArrayBuffer>,
  padding: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const compressed = paddedStream(head, padding, { spaces }).pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(compressed).arrayBuffer());
}

async function brotli(
  head: Uint8Array<ArrayBuffer>,
  spaces: Uint8Array<ArrayBuffer>,
  padding: number,
): Promise<Uint8Array<ArrayBuffer>> {
  // Quality 4 compresses 256 MiB of spaces to well under a KiB in a fraction
  // of a second; quality 11 (the default) takes seconds for the same.
  const encoder = createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
  const parts: Uint8Array<ArrayBuffer>[] = [];
  encoder.on("data", (part: Uint8Array<ArrayBuffer>) => parts.push(part));
  const ended = new Promise<void>((resolve, reject) => {
    encoder.on("end", resolve);
    encoder.on("error", reject);
  });
  encoder.write(head);
  for (let sent = 0; sent < padding;) {
    const chunk = spaces.subarray(0, Math.min(spaces.byteLength, padding - sent));
    sent += chunk.byteLength;
    if (!encoder.write(chunk)) await new Promise((resolve) => encoder.once("drain", resolve));
  }
  encoder.end();
  await ended;
  return new Uint8Array(await new Blob(parts).arrayBuffer());
}

/**
 * A stream of `head` followed by `padding` bytes of spaces (`Infinity`:
 * endless), sent from one reused buffer; `progress.sent` counts the spaces
 * pulled so far, and `onCancel` runs when the reader cancels it.
 */
export function paddedStream(
  head: Uint8Array<ArrayBuffer>,
  padding: number,
  options: { spaces?: Uint8Array<ArrayBuffer>; progress?: { sent: number }; onCancel?: () => void } = {},
): ReadableStream<Uint8Array<ArrayBuffer>> {
  const spaces = options.spaces ?? new Uint8Array(64 * 1024).fill(0x20);
  let sent = -1;
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    pull(controller) {
      if (sent === -1) {
        controller.enqueue(head);
        sent = 0;
      } else if (sent >= padding) {
        controller.close();
      } else {
        const chunk = spaces.subarray(0, Math.min(spaces.byteLength, padding - sent));
        sent += chunk.byteLength;
        if (options.progress) options.progress.sent = sent;
        controller.enqueue(chunk);
      }
    },
    cancel: () => options.onCancel?.(),
  });
}

/** Answers every request with `body` sent as `encoding`, its compressed length declared. */
export function compressedResponse(body: Uint8Array<ArrayBuffer>, encoding: BombEncoding): Response {
  return new Response(body, {
    headers: {
      "content-type": "application/json",
      "content-encoding": encoding,
      "content-length": String(body.byteLength),
    },
  });
}
