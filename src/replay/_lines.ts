// Reading a file line by line without holding it: chunks are decoded as
// they stream, each complete line is handed over with its number, and a
// line longer than the cap is reported instead of buffered.

/** One line of a file, or a line too long to read. */
export type Line =
  | { number: number; text: string; tooLong?: undefined }
  | { number: number; text?: undefined; tooLong: number };

/**
 * The lines of a stream, in order, numbered from 1. A line over `maxChars`
 * is skipped (its characters are counted, not kept) and reported as
 * `tooLong`. A final line without a newline counts; `\r\n` ends a line too.
 */
export async function* readLines(
  stream: ReadableStream<Uint8Array>,
  maxChars: number,
): AsyncGenerator<Line> {
  const decoder = new TextDecoder();
  let pending = "";
  let number = 1;
  // While skipping a line that grew past the cap: how long it is so far.
  let skipping = -1;
  const reader = stream.getReader();
  try {
    while (true) {
      const { value, done } = await reader.read();
      const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      let start = 0;
      while (true) {
        const end = text.indexOf("\n", start);
        if (end === -1) break;
        const piece = text.slice(start, end);
        if (skipping >= 0) {
          yield { number, tooLong: skipping + piece.length };
          skipping = -1;
        } else if (pending.length + piece.length > maxChars) {
          yield { number, tooLong: pending.length + piece.length };
        } else {
          const line = pending + piece;
          yield { number, text: line.endsWith("\r") ? line.slice(0, -1) : line };
        }
        pending = "";
        number++;
        start = end + 1;
      }
      const rest = text.slice(start);
      if (skipping >= 0) skipping += rest.length;
      else {
        pending += rest;
        if (pending.length > maxChars) {
          skipping = pending.length;
          pending = "";
        }
      }
      if (done) break;
    }
    if (skipping >= 0) yield { number, tooLong: skipping };
    else if (pending.length > maxChars) yield { number, tooLong: pending.length };
    else if (pending !== "") yield { number, text: pending.endsWith("\r") ? pending.slice(0, -1) : pending };
  } finally {
    reader.releaseLock();
  }
}
