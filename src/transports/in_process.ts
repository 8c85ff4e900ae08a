/**
 * The in-process transport: an awaited function call.
 *
 * It reports through a callback instead of returning a promise, so a hook
 * that answers synchronously costs no promise at all and a chain of async
 * hooks costs one `then` per hook — the runner's hot path.
 *
 * @module
 */

import type { HookInvocationContext, InProcessHook } from "../events/hooks.ts";
import type { HookFailure, NormalizedOutcome } from "../events/outcome.ts";
import { normalizeOutcome } from "../events/parse_outcome.ts";
import type { HookInput } from "../events/payload.ts";

/** Receives the one result of an invocation. */
export interface SettleSink {
  /** Called exactly once per invocation by the transport. */
  settle(
    outcome: NormalizedOutcome | null,
    failure: HookFailure | undefined,
  ): void;
}

/**
 * Calls `hook` and reports its normalized outcome (or failure) to `sink`:
 * synchronously when the hook returns a value or throws, later when it
 * returns a promise.
 *
 * @returns `true` when the result is still pending (the caller then arms
 * the deadline), `false` when `sink` was already called.
 */
export function invokeInProcess(
  hook: InProcessHook,
  input: HookInput,
  context: HookInvocationContext,
  sink: SettleSink,
): boolean {
  let value: unknown;
  try {
    value = hook(input, context);
  } catch (error) {
    sink.settle(null, threw(error));
    return false;
  }
  if (
    value !== null && typeof value === "object" &&
    typeof (value as PromiseLike<unknown>).then === "function"
  ) {
    try {
      (value as PromiseLike<unknown>).then(
        (resolved) => settleValue(resolved, sink),
        (error) => sink.settle(null, threw(error)),
      );
    } catch (error) {
      // A thenable whose `then` throws is a broken hook, not a crash.
      sink.settle(null, threw(error));
      return false;
    }
    return true;
  }
  settleValue(value, sink);
  return false;
}

function settleValue(value: unknown, sink: SettleSink): void {
  const outcome = normalizeOutcome(value);
  if (typeof outcome === "string") {
    sink.settle(null, {
      kind: "invalid_output",
      message: `returned ${outcome}`,
    });
  } else {
    sink.settle(outcome, undefined);
  }
}

function threw(error: unknown): HookFailure {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { kind: "error", message: `threw ${message}` };
}
