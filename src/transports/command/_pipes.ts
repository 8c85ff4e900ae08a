// The hook's pipes: writing the payload to stdin without ever rejecting,
// and reading stdout and stderr into memory under a byte cap.

import { readCapped } from "../../_internal/capped_read.ts";
import { OUTPUT_DRAIN_BYTES } from "../../_internal/limits.ts";

/** One output stream being read. */
export interface Capture {
  /** Settles once the stream ended or was cancelled; never rejects. */
  done: Promise<void>;
  cancel(): void;
  bytes(): Uint8Array;
  truncated(): boolean;
  /** Whether reading stopped past the cap plus {@linkcode OUTPUT_DRAIN_BYTES}. */
  overflowed(): boolean;
}

/** What a capture reports as it reads. */
export interface CaptureEvents {
  /** The first byte past the cap arrived. */
  onCap(): void;
  /** More than {@linkcode OUTPUT_DRAIN_BYTES} arrived past the cap: reading stopped. */
  onOverflow(): void;
}

/**
 * Reads a stream to its end, keeping at most `cap` bytes: past the cap up
 * to {@linkcode OUTPUT_DRAIN_BYTES} more are read and dropped, so a hook
 * that prints a long report and then exits still has its exit code
 * counted, and memory stays bounded; past those, reading stops.
 */
export function capture(stream: ReadableStream<Uint8Array>, cap: number, events: CaptureEvents): Capture {
  const read = readCapped(stream, cap, {
    drain: true,
    drainBytes: OUTPUT_DRAIN_BYTES,
    onCap: events.onCap,
    onOverflow: events.onOverflow,
  });
  return {
    // Cancelled or broken: keep what arrived.
    done: read.done.catch(() => {}),
    cancel: () => read.cancel(),
    bytes: () => read.bytes(),
    truncated: () => read.truncated(),
    overflowed: () => read.overflowed(),
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
