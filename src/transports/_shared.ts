// Helpers shared by the command and HTTP transports.

import { clampTimeout } from "../registry.ts";
import { normalizeOutcome } from "../outcome.ts";
import type { HookFailure, HookRunResult, NormalizedOutcome } from "../types.ts";

/** The default cap for a hook's output (stdout, stderr, a body): 64 KiB. */
export const DEFAULT_MAX_OUTPUT_BYTES = 64 * 1024;
/** The largest configurable cap: 1 MiB. */
export const MAX_OUTPUT_BYTES = 1024 * 1024;

/** Clamps a configured output cap to 1 byte – 1 MiB. */
export function clampOutputBytes(bytes: number | undefined): number {
  if (bytes === undefined || Number.isNaN(bytes)) {
    return DEFAULT_MAX_OUTPUT_BYTES;
  }
  return Math.min(MAX_OUTPUT_BYTES, Math.max(1, Math.floor(bytes)));
}

/**
 * The signal a transport obeys. Under the runner (signal and deadline both
 * given) the caller's signal already fires at the deadline; a standalone
 * call gets a timer for the hook's own timeout, combined with any signal.
 */
export function deadlineSignal(
  timeoutMs: number | undefined,
  options: { signal?: AbortSignal; deadlineAt?: number },
): { signal: AbortSignal; dispose: () => void } {
  if (options.signal !== undefined && options.deadlineAt !== undefined) {
    return { signal: options.signal, dispose: () => {} };
  }
  const deadlineAt = options.deadlineAt ?? Date.now() + clampTimeout(timeoutMs);
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

/** Whether the signal fired because the deadline passed. */
export function timedOut(signal: AbortSignal): boolean {
  const reason = signal.reason;
  return reason instanceof DOMException && reason.name === "TimeoutError";
}

/**
 * The bookkeeping every transport's detailed result shares: the clock
 * starts now, and `finish` records a failure (clearing any outcome) and
 * the duration.
 */
export function detailedResult<T extends HookRunResult & { durationMs: number }>(
  initial: T,
): { result: T; finish: (failure?: HookFailure) => T } {
  const started = performance.now();
  return {
    result: initial,
    finish(failure) {
      if (failure !== undefined) {
        initial.outcome = null;
        initial.failure = failure;
      }
      initial.durationMs = performance.now() - started;
      return initial;
    },
  };
}

/**
 * Reads a hook's textual answer (stdout, a body): nothing means allow, one
 * JSON object is the outcome, anything else is `invalid_output`. `what`
 * names the text ("stdout"), `advice` says what to print instead, and
 * `note` prefixes the message (for a truncated answer). The message never
 * repeats the text: hook output may echo the payload, which is never logged.
 */
export function answerOutcome(
  text: string,
  what: string,
  advice: string,
  note = "",
): { outcome: NormalizedOutcome } | { failure: HookFailure } {
  const answer = text.trim();
  if (answer === "") return { outcome: { action: "allow" } };
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer);
  } catch {
    const kind = answer.startsWith("{") ? "text that starts like JSON" : "plain text";
    return {
      failure: {
        kind: "invalid_output",
        message: `${note}${what} is not one JSON object (${answer.length} characters of ${kind}); ${advice}`,
      },
    };
  }
  const outcome = normalizeOutcome(parsed);
  return typeof outcome === "string"
    ? { failure: { kind: "invalid_output", message: `${note}${outcome}` } }
    : { outcome };
}
