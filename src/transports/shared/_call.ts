// What every transport call (command, HTTP, prompt) shares: the signal it
// obeys, the cap on what it reads, and the bookkeeping of its result.

import { clampOutputBytes, clampTimeout } from "../../_internal/limits.ts";
import { dialectOf } from "../../dialects/dialects.ts";
import type { HookDialect } from "../../events/hooks.ts";
import type { HookFailure, HookRunResult, NormalizedOutcome } from "../../events/outcome.ts";

/**
 * The signal a transport obeys. Under the runner (signal and deadline both
 * given) the caller's signal already fires at the deadline; a standalone
 * call gets a timer for the hook's own timeout, combined with any signal.
 */
export function deadlineSignal(
  timeoutMs: number | undefined,
  options: { signal?: AbortSignal; deadlineAt?: number },
  maxTimeoutMs?: number,
): { signal: AbortSignal; dispose: () => void } {
  if (options.signal !== undefined && options.deadlineAt !== undefined) {
    return { signal: options.signal, dispose: () => {} };
  }
  const deadlineAt = options.deadlineAt ?? Date.now() + clampTimeout(timeoutMs, false, maxTimeoutMs);
  const controller = new AbortController();
  const timer = setTimeout(
    () =>
      controller.abort(
        new DOMException("The hook's deadline passed", "TimeoutError"),
      ),
    Math.max(0, deadlineAt - Date.now()),
  );
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", onAbort, { once: true });
  if (options.signal?.aborted) onAbort();
  return {
    signal: controller.signal,
    dispose: () => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
    },
  };
}

/**
 * How many bytes of a hook's output (each of a command's stdout and stderr,
 * an HTTP body) are kept: the one place a hook's cap is decided. Unless the
 * hook says, its dialect's default (a Claude hook's: 1 MiB, since Claude
 * reads its hooks' answers whole), else 64 KiB.
 */
export function outputCap(hook: { maxOutputBytes?: number | undefined; dialect?: HookDialect | undefined }): number {
  return clampOutputBytes(hook.maxOutputBytes ?? dialectOf(hook.dialect).defaultMaxOutputBytes);
}

/** Whether the signal fired because the deadline passed. */
export function timedOut(signal: AbortSignal): boolean {
  const reason = signal.reason;
  return reason instanceof DOMException && reason.name === "TimeoutError";
}

/**
 * The bookkeeping every transport's detailed result shares: the clock
 * starts now, and `finish` records a failure (clearing any outcome, keeping
 * its lenient reading if any) and the duration.
 */
export function detailedResult<T extends HookRunResult & { durationMs: number }>(
  initial: T,
): { result: T; finish: (failure?: HookFailure, lenient?: NormalizedOutcome) => T } {
  const started = performance.now();
  return {
    result: initial,
    finish(failure, lenient) {
      if (failure !== undefined) {
        initial.outcome = null;
        initial.failure = failure;
        if (lenient !== undefined) initial.lenient = lenient;
      }
      initial.durationMs = performance.now() - started;
      return initial;
    },
  };
}
