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
  let thenable: boolean;
  try {
    value = hook(input, context);
    thenable = value !== null && typeof value === "object" &&
      typeof (value as PromiseLike<unknown>).then === "function";
    if (thenable) {
      (value as PromiseLike<unknown>).then(
        (resolved) => settle(resolved, sink),
        (error) => sink.settle(null, threw(error)),
      );
    }
  } catch (error) {
    // Thrown by the hook, or by the `then` of the thenable it returned.
    sink.settle(null, threw(error));
    return false;
  }
  if (thenable) return true;
  settle(value, sink);
  return false;
}

// A hook may throw or answer anything: a value without a string form, a
// getter or proxy that throws while the answer is read. Reading it must not
// throw in turn: in a promise callback that would be an unhandled rejection,
// which ends the host's process.

function settleResultObject(value: unknown, sink: SettleSink): void {
  if (value === undefined || value === null) return sink.settle(ALLOW, undefined);
  let plain: boolean;
  try {
    plain = isPlainObject(value);
  } catch (error) {
    return sink.settle(null, unreadable(error));
  }
  if (plain) sink.settle({ action: "allow", value: value as Record<string, unknown> }, undefined);
  else {sink.settle(null, {
      kind: "invalid_output",
      message: `returned ${describe(value)}, expected an object or nothing`,
    });}
}

/**
 * The decisions made by {@linkcode hostDecision}: only they grant a
 * permission from an in-process hook (whose `{action: "allow"}` stays "no
 * objection"), and the trace names their reason as the rule that decided.
 */
const HOST_DECISIONS = new WeakSet<object>();

/**
 * A decision of the host's own policy rules, for an in-process hook to
 * return: a deny, an ask, or a grant — forwarded as an allow only when no
 * hook of the call denies, defers or asks, and where the event has a
 * permission to grant (refused with `hookGrants: "refuse"`, like any
 * grant). `reason` names the rule and its layer. Only hookgate's own code
 * makes one; a plugin's or extension's answer cannot.
 *
 * @param action The decision.
 * @param reason The rule that decided, and where it came from.
 * @returns The outcome to return.
 */
export function hostDecision(action: "deny" | "ask" | "grant", reason: string): object {
  const outcome: NormalizedOutcome = Object.freeze({ action, reason });
  HOST_DECISIONS.add(outcome);
  return outcome;
}

/** Whether an outcome is a decision of the host's policy rules (see {@linkcode hostDecision}). */
export function isHostDecision(outcome: NormalizedOutcome): boolean {
  return HOST_DECISIONS.has(outcome);
}

function settleValue(value: unknown, sink: SettleSink): void {
  if (typeof value === "object" && value !== null && HOST_DECISIONS.has(value)) {
    return sink.settle(value as NormalizedOutcome, undefined);
  }
  let outcome: NormalizedOutcome | string;
  try {
    outcome = normalizeOutcome(value);
  } catch (error) {
    return sink.settle(null, unreadable(error));
  }
  if (typeof outcome === "string") sink.settle(null, { kind: "invalid_output", message: `returned ${outcome}` });
  else sink.settle(outcome, undefined);
}

function unreadable(error: unknown): HookFailure {
  return { kind: "invalid_output", message: `returned a value that threw while being read: ${thrownText(error)}` };
}

function threw(error: unknown): HookFailure {
  return { kind: "error", message: `threw ${thrownText(error)}` };
}

/**
 * What a hook threw, as text for a failure message; never throws itself.
 *
 * @param error Anything a hook threw.
 * @returns `Name: message` for errors, the string form of anything else.
 */
export function thrownText(error: unknown): string {
  try {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  } catch {
    return "a value that cannot be turned into text";
  }
}
