/**
 * Reading a byte stream under a cap, shared by the command transport (a
 * hook's stdout and stderr), the HTTP transport and the model clients: the
 * first `cap` bytes are kept; past them the rest is either drained and
 * dropped (up to a bound) or the stream is cancelled. Memory stays bounded
 * either way.
 *
 * @module
 */

// Chunks are read into one scratch buffer, reused (BYOB reads), and the
// kept part copied out of it: Deno's default reader allocates 64 KiB for
// every chunk, which the garbage collector reclaims only later (draining
// 400 MB that way grew the RSS by ~36 MiB, against ~12 MiB with a reused
// buffer). The scratch buffer starts small, as most answers are, and grows
// once a read fills it. A cancelled read detaches only the scratch buffer,
// never the bytes kept.
const FIRST_BUFFER_BYTES = 4096;
const SCRATCH_BYTES = 64 * 1024;

/** What to do with the bytes past the cap. */
export interface CappedReadOptions {
  /**
   * `true`: read them and drop them, so the writer is not cut off at the
   * cap (a hook that exits soon after still has its exit code counted), up
   * to `drainBytes`; `false`: cancel the stream at once.
   */
  drain: boolean;
  /**
   * With `drain`, how many bytes past the cap are read and dropped at most:
   * past them the stream is cancelled ({@linkcode CappedRead.overflowed}).
   *
   * @default {Infinity}
   */
  drainBytes?: number;
  /** Called once, when the first byte past the cap arrives. */
  onCap?: () => void;
  /** Called once, when the stream is cancelled for passing `drainBytes`. */
  onOverflow?: () => void;
}

/** A stream being read under a cap. */
export interface CappedRead {
  /**
   * Settles when the stream ended or was cancelled (by {@linkcode cancel},
   * at the cap without `drain`, or past `drainBytes` with it); rejects when reading failed (the stream
   * is cancelled then).
   */
  readonly done: Promise<void>;
  /** Stops reading; what arrived is kept. */
  cancel(): void;
  /** The bytes kept: at most `cap`. */
  bytes(): Uint8Array;
  /** Whether the stream carried more than `cap` bytes. */
  truncated(): boolean;
  /** Whether it was cancelled for carrying more than `cap` + `drainBytes` bytes. */
  overflowed(): boolean;
}

/**
 * Starts reading `stream`, keeping at most `cap` bytes of it.
 *
 * @param stream The stream; it is locked to this reader.
 * @param cap How many bytes to keep (at least 1).
 * @param options Whether to drain past the cap, and what to call there.
 * @returns The read in progress.
 */
export function readCapped(stream: ReadableStream<Uint8Array>, cap: number, options: CappedReadOptions): CappedRead {
  const byob = byobReader(stream);
  const reader = byob ?? stream.getReader();
  let kept = new Uint8Array(0);
  let size = 0;
  let scratch = new Uint8Array(FIRST_BUFFER_BYTES);
  let truncated = false;
  let overflowed = false;
  let cancelled = false;
  // How many more bytes past the cap may be drained.
  let drainLeft = options.drain ? options.drainBytes ?? Infinity : 0;

  /** The next chunk, or `null` at the end. */
  const next = async (): Promise<Uint8Array | null> => {
    if (byob === null) {
      const { done, value } = await (reader as ReadableStreamDefaultReader<Uint8Array>).read();
      return done ? null : value;
    }
    const { done, value } = await byob.read(scratch);
    // A BYOB read transfers the buffer; the answer is a view of it.
    if (value === undefined) return null;
    const filled = value.byteLength === value.buffer.byteLength;
    scratch = filled && value.byteLength < SCRATCH_BYTES ? new Uint8Array(SCRATCH_BYTES) : new Uint8Array(value.buffer);
    return done ? null : value;
  };

  const loop = async (): Promise<void> => {
    for (;;) {
      const chunk = await next();
      if (chunk === null) return;
      const taken = Math.min(chunk.byteLength, cap - size);
      if (taken > 0) {
        if (size + taken > kept.byteLength) {
          kept = grown(kept, size, Math.min(Math.max(2 * kept.byteLength, size + taken, FIRST_BUFFER_BYTES), cap));
        }
        kept.set(chunk.subarray(0, taken), size);
        size += taken;
      }
      if (taken < chunk.byteLength) {
        if (!truncated) {
          truncated = true;
          options.onCap?.();
        }
        if (!options.drain) break;
        drainLeft -= chunk.byteLength - taken;
        if (drainLeft < 0) {
          overflowed = true;
          options.onOverflow?.();
          break;
        }
      }
    }
    await reader.cancel();
  };

  const done = loop().catch(async (error) => {
    await reader.cancel().catch(() => {});
    if (!cancelled) throw error;
  });
  return {
    done,
    cancel() {
      cancelled = true;
      reader.cancel().catch(() => {});
    },
    bytes: () => kept.subarray(0, size),
    truncated: () => truncated,
    overflowed: () => overflowed,
  };
}

/** A BYOB reader where the stream is a byte stream (as fetch's and a child's pipes are). */
function byobReader(stream: ReadableStream<Uint8Array>): ReadableStreamBYOBReader | null {
  try {
    return stream.getReader({ mode: "byob" });
  } catch {
    return null;
  }
}

function grown(buffer: Uint8Array<ArrayBuffer>, size: number, capacity: number): Uint8Array<ArrayBuffer> {
  const next = new Uint8Array(capacity);
  next.set(buffer.subarray(0, size));
  return next;
}
