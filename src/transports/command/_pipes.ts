// The hook's pipes: writing the payload to stdin without ever rejecting,
// and reading stdout and stderr into memory under a byte cap.

/** One output stream being read. */
export interface Capture {
  done: Promise<void>;
  cancel(): void;
  bytes(): Uint8Array;
  truncated(): boolean;
}

/** Reads a stream into memory, never more than `cap` bytes. */
export function capture(
  stream: ReadableStream<Uint8Array>,
  cap: number,
  onCap: () => void,
): Capture {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  const done = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        if (size + value.byteLength > cap) {
          chunks.push(value.subarray(0, cap - size));
          size = cap;
          truncated = true;
          onCap();
          await reader.cancel();
          return;
        }
        chunks.push(value);
        size += value.byteLength;
      }
    } catch {
      // Cancelled or broken: keep what arrived.
    }
  })();
  return {
    done,
    cancel: () => void reader.cancel().catch(() => {}),
    bytes: () => concat(chunks, size),
    truncated: () => truncated,
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

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
