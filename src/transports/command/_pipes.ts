// The hook's pipes: writing the payload to stdin without ever rejecting,
// and reading stdout and stderr into memory under a byte cap.

import { readCapped } from "../../_internal/capped_read.ts";

/** One output stream being read. */
export interface Capture {
  /** Settles once the stream ended or was cancelled; never rejects. */
  done: Promise<void>;
  cancel(): void;
  bytes(): Uint8Array;
  truncated(): boolean;
}

/**
 * Reads a stream to its end, keeping at most `cap` bytes: past the cap the
 * rest is drained and dropped, so a hook that floods still runs to its own
 * exit (whose code counts) or to its deadline, and memory stays bounded.
 */
export function capture(stream: ReadableStream<Uint8Array>, cap: number): Capture {
  const read = readCapped(stream, cap, { drain: true });
  return {
    // Cancelled or broken: keep what arrived.
    done: read.done.catch(() => {}),
    cancel: () => read.cancel(),
    bytes: () => read.bytes(),
    truncated: () => read.truncated(),
  };
}

/** The payload being written. */
export interface Feed {
  /** Settles once the payload is written and stdin closed, or the write failed; never rejects. */
  done: Promise<void>;
  /** Whether the write is still in progress. */
  readonly pending: boolean;
}

/**
 * Writes the payload and closes stdin. A hook that exits without reading
 * its input makes the write fail with BrokenPipe: that is its right, not a
 * failure. Never rejects (an unawaited rejected write would crash Deno).
 */
export function feed(stdin: WritableStream<Uint8Array>, bytes: Uint8Array): Feed {
  let pending = true;
  const done = (async () => {
    const writer = stdin.getWriter();
    try {
      await writer.write(bytes);
      await writer.close();
    } catch {
      await writer.abort().catch(() => {});
    }
    pending = false;
  })();
  return {
    done,
    get pending() {
      return pending;
    },
  };
}
