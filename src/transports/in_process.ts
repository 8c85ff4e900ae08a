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
import { ALLOW, normalizeOutcome } from "../events/parse_outcome.ts";
import { describe, isPlainObject } from "../_internal/json.ts";
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
 * With `values`, the hook answers with its event's own result object (an
 * extension event's handler): it is handed over as the outcome's `value`
 * instead of being read as a hook outcome.
 *
 * @returns `true` when the result is still pending (the caller then arms
 * the deadline), `false` when `sink` was already called.
 */
export function invokeInProcess(
  hook: InProcessHook,
  input: HookInput,
  context: HookInvocationContext,
  sink: SettleSink,
  values = false,
): boolean {
  const settle = values ? settleResultObject : settleValue;
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
        (resolved) => settle(resolved, sink),
        (error) => sink.settle(null, threw(error)),
      );
    } catch (error) {
      // A thenable whose `then` throws is a broken hook, not a crash.
      sink.settle(null, threw(error));
      return false;
    }
    return true;
  }
  settle(value, sink);
  return false;
}

function settleResultObject(value: unknown, sink: SettleSink): void {
  if (value === undefined || value === null) sink.settle(ALLOW, undefined);
  else if (isPlainObject(value)) sink.settle({ action: "allow", value: value as Record<string, unknown> }, undefined);
  else {sink.settle(null, {
      kind: "invalid_output",
      message: `returned ${describe(value)}, expected an object or nothing`,
    });}
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
