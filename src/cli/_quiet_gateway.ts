// The gateway's first step, before anything of hookgate's configuration
// loads: a call the memo answers (an event no hook is configured for, with
// everything the last load read as it was: src/memo/) is answered here,
// and the gateway's own module is never loaded. Any other call goes on to
// the gateway, which reads the same event on stdin again.

import type { ByteSource, CliIo } from "../_internal/cli_io.ts";
import { hookgateHome } from "../_internal/home.ts";
import { MAX_INPUT_BYTES } from "../_internal/limits.ts";
import { memoAvailable, memoCall, memoWords, rememberedAnswer } from "../memo/mod.ts";

/** What the memo made of a call: answered, or the streams the gateway goes on with. */
export type QuietCall = { answered: true } | { answered: false; io: CliIo };

/** Answers the call from the memo when it can; else hands the gateway its stdin as it was. */
export async function quietGateway(args: readonly string[], io: CliIo): Promise<QuietCall> {
  const home = hookgateHome();
  if (!memoAvailable() || !memoWords(args) || home === undefined) return { answered: false, io };
  const stdin = io.stdin();
  // One byte past the gateway's cap: the gateway says that the event is too large.
  const read = await readUpTo(stdin, MAX_INPUT_BYTES + 1);
  const again = replaying(read.bytes, read.ended ? undefined : stdin);
  const next: CliIo = { ...io, stdin: () => again };
  if (!read.ended) return { answered: false, io: next };
  const call = memoCall(home, args, new TextDecoder().decode(read.bytes));
  const answer = call === undefined ? undefined : await rememberedAnswer(call);
  if (answer === undefined) return { answered: false, io: next };
  io.stdout(answer);
  return { answered: true };
}

/** At most `limit` bytes of `source`, and whether it ended within them. */
async function readUpTo(source: ByteSource, limit: number): Promise<{ bytes: Uint8Array; ended: boolean }> {
  let bytes = new Uint8Array(16 * 1024);
  let size = 0;
  for (;;) {
    if (size === bytes.length) {
      if (size >= limit) return { bytes, ended: false };
      const grown = new Uint8Array(Math.min(limit, size * 2));
      grown.set(bytes);
      bytes = grown;
    }
    const count = await source.read(bytes.subarray(size));
    if (count === null) return { bytes: bytes.subarray(0, size), ended: true };
    size += count;
  }
}

/** `bytes`, then what is left of `rest`. */
function replaying(bytes: Uint8Array, rest: ByteSource | undefined): ByteSource {
  let at = 0;
  return {
    read(buffer) {
      if (at < bytes.length) {
        const count = Math.min(buffer.length, bytes.length - at);
        buffer.set(bytes.subarray(at, at + count));
        at += count;
        return Promise.resolve(count);
      }
      return rest === undefined ? Promise.resolve(null) : rest.read(buffer);
    },
  };
}
