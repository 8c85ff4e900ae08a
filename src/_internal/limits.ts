// Every bound hookgate applies, defined once: deadlines, byte caps and
// reason lengths. Everything else imports them from here.

import { describe } from "./json.ts";

/** The default per-invocation deadline, in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 5_000;
/** The default deadline of background hooks, in milliseconds. */
export const DEFAULT_BACKGROUND_TIMEOUT_MS = 60_000;
/** The default deadline of prompt (model) hooks, in milliseconds. */
export const DEFAULT_PROMPT_TIMEOUT_MS = 30_000;
/** The longest deadline a hook may have: 10 minutes (unless its dialect's agent waits longer). */
export const MAX_TIMEOUT_MS = 600_000;
/**
 * The longest deadline a hook of an agent that waits as long as a hook
 * asks may have (Claude Code: an approval hook may wait days for a human):
 * a week. It stays well below what a timer can wait (2^31 - 1 ms, 24.8
 * days), past which a deadline would fire at once.
 */
export const MAX_AGENT_TIMEOUT_MS = 7 * 24 * 3600 * 1000;
/** Past this deadline (an hour) a configuration says how long a call may wait. */
export const LONG_TIMEOUT_MS = 3600 * 1000;

/** The default cap for a hook's output (stdout, stderr, a body): 64 KiB. */
export const DEFAULT_MAX_OUTPUT_BYTES = 64 * 1024;
/** The largest configurable output cap: 1 MiB. */
export const MAX_OUTPUT_BYTES = 1024 * 1024;
/**
 * Past its output cap, how many more bytes of a stream a command hook may
 * write while hookgate waits for its exit (read and dropped): 4 MiB, four
 * times the largest cap. A hook that prints a long report and then exits 2
 * still blocks; one that goes on is killed at once, its answer void.
 */
export const OUTPUT_DRAIN_BYTES = 4 * 1024 * 1024;
/**
 * Past its output cap, how long a command hook may take to exit (its
 * output read and dropped meanwhile): 2 s. Past it the process group is
 * killed and the hook fails, whatever its deadline: output that never ends
 * (`yes`, a trickle) fails within this bound, not at the deadline.
 */
export const OUTPUT_DRAIN_MS = 2_000;

/** The longest block reason a native or Wuu hook gives (beyond it the reason is cut, with "…"). */
export const MAX_REASON_CHARS = 2000;
/**
 * The longest text a result passes on from hooks (several hooks' reasons
 * joined, a Claude hook's reason, which Claude keeps whole and spills to a
 * file itself when long): as long as the largest answer a hook may give.
 */
export const MAX_RESULT_CHARS = MAX_OUTPUT_BYTES;

/**
 * Why a `timeoutMs` cannot be used, or `undefined` when it can (omitted
 * means the default): it must be a positive, finite number of milliseconds
 * no longer than `maxMs` (10 minutes, or what the hook's dialect allows).
 * Shared by the registry (which throws) and the standalone transports
 * (which refuse to run the hook).
 */
export function timeoutProblem(
  timeoutMs: unknown,
  maxMs: number = MAX_TIMEOUT_MS,
): { type: boolean; message: string } | undefined {
  if (timeoutMs === undefined) return undefined;
  if (typeof timeoutMs !== "number") {
    return { type: true, message: `"timeoutMs" must be a number of milliseconds, got ${describe(timeoutMs)}` };
  }
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0 || timeoutMs > maxMs) {
    return {
      type: false,
      message: `"timeoutMs" must be a positive number of milliseconds (1 – ${maxMs}), got ${timeoutMs}`,
    };
  }
  return undefined;
}

/**
 * A deadline in milliseconds: the default when omitted, otherwise rounded
 * and clamped to 1 ms – `maxMs` (10 min, or what the hook's dialect allows).
 */
export function clampTimeout(timeoutMs: number | undefined, background = false, maxMs = MAX_TIMEOUT_MS): number {
  if (timeoutMs === undefined || Number.isNaN(timeoutMs)) {
    return background ? DEFAULT_BACKGROUND_TIMEOUT_MS : DEFAULT_TIMEOUT_MS;
  }
  return Math.min(maxMs, Math.max(1, Math.round(timeoutMs)));
}

/** An output cap in bytes: the default when omitted, otherwise 1 byte – 1 MiB. */
export function clampOutputBytes(bytes: number | undefined): number {
  if (bytes === undefined || Number.isNaN(bytes)) return DEFAULT_MAX_OUTPUT_BYTES;
  return Math.min(MAX_OUTPUT_BYTES, Math.max(1, Math.floor(bytes)));
}

/** How long a plugin's setup may take before it counts as failed. */
export const DEFAULT_PLUGIN_SETUP_TIMEOUT_MS = 10_000;
/** How long a plugin's teardown (and its cleanups) may take (the WrongStack-compatible default). */
export const DEFAULT_PLUGIN_TEARDOWN_TIMEOUT_MS = 10_000;
/** How long an extension module's factory may take before it counts as failed. */
export const DEFAULT_EXTENSION_LOAD_TIMEOUT_MS = 10_000;
/** An extension handler's default deadline: long enough for a handler that asks the user. */
export const DEFAULT_EXTENSION_HANDLER_TIMEOUT_MS = 60_000;

/**
 * The most files a project's trust digest reads (hook scripts, the
 * directories they live in, extension code and its imports): past it the
 * project cannot be trusted, and loading says which directory to slim.
 */
export const MAX_TRUST_FILES = 1000;
/** The most bytes a project's trust digest reads: 16 MiB. */
export const MAX_TRUST_BYTES = 16 * 1024 * 1024;
/**
 * How deep `hook-run gateway` may run inside hookgate's own hooks
 * (`HOOKGATE_DEPTH`) before it stops: a backstop against recursion that
 * the routing entry's recognition missed. Past it the gateway fails closed.
 */
export const MAX_HOOK_DEPTH = 8;
/**
 * The most tool calls a replayed transcript may have waiting for their
 * results at once: real sessions have a handful; past this the oldest is
 * forgotten (and said), so a file of calls that never get a result cannot
 * grow the replay's memory.
 */
export const MAX_PENDING_TOOL_CALLS = 1_000;
/** The most characters of recorded lines those waiting calls may hold together. */
export const MAX_PENDING_TOOL_CHARS = 16 * 1024 * 1024;
/** The most session ids a replay remembers per file (to start each once), least recently seen forgotten first. */
export const MAX_REPLAY_SESSIONS = 10_000;
/** The recorded working directories a replay remembers (whether each exists here), least recently used forgotten first. */
export const MAX_REPLAY_DIRECTORIES = 1_000;
/** The most missing working directories a replay lists. */
export const MAX_MISSING_DIRECTORIES = 100;

/**
 * The most hooks the call does not wait for (Claude's `async` hooks) that
 * one runner runs at once: more wait their turn, in the order they fired.
 */
export const MAX_ASYNC_RUNS = 64;
/** The most firings of such hooks that wait for their turn: past it the oldest is dropped, and said. */
export const MAX_ASYNC_QUEUE = 1000;
/** The most results of such hooks kept for one session's next call: past it the oldest is dropped, and said. */
export const MAX_DEFERRED_PER_SESSION = 100;
/** The most sessions with results waiting: past it the least recently touched session's are dropped, and said. */
export const MAX_DEFERRED_SESSIONS = 10_000;
/** The most characters all waiting results hold together: past it the oldest are dropped, and said. */
export const MAX_DEFERRED_CHARS = 16 * 1024 * 1024;
/** How long a result waits for its session's next call (a day): a session that never calls again does not keep it. */
export const DEFERRED_IDLE_MS = 24 * 3600 * 1000;
/**
 * The most an event handed to a front end may be, in bytes (`--input`, the
 * gateway's stdin, a body of `hook-run serve`): far more than any real
 * payload, and small enough that `@/dev/zero` or an endless stdin fails at
 * once instead of growing to gigabytes.
 */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;
