// The floor under any design that keeps hookgate's guarantees for one async
// in-process hook: what a hand-written call must still do besides calling
// and awaiting the hook. Each function adds one step to the previous one, so
// the differences between them are what each guarantee costs; the last is
// the whole call, and `hookgate ÷ floor` is what the runner adds on top
// (looking up the plan, the event run and the invocation objects, the rule).

import { parseHookOutcome } from "../mod.ts";
import type { HookInput, HookInvocationContext, InProcessHook, PreToolUseResult } from "../mod.ts";

/** Stands in for arming the deadline; never reached, the hooks settle in one tick. */
function watch(): void {}

/**
 * Step 1: the caller's promise is the call's own, not the hook's (nor one
 * derived from it), so it can settle on a deadline or an abort even when
 * the hook's never does: a `new Promise`, a `then` on the hook's, and one
 * more microtask hop before the caller resumes.
 */
export function ownPromise(hook: InProcessHook, input: HookInput, context: HookInvocationContext): Promise<unknown> {
  return new Promise((resolve) => {
    (hook(input, context) as Promise<unknown>).then(resolve, () => resolve(null));
  });
}

/**
 * Step 2: one microtask to see whether the hook settled before its deadline
 * needs watching (arming a timer or a wake-up per call instead costs
 * microseconds).
 */
export function watchTick(hook: InProcessHook, input: HookInput, context: HookInvocationContext): Promise<unknown> {
  return new Promise((resolve) => {
    let settled = false;
    (hook(input, context) as Promise<unknown>).then((value) => {
      settled = true;
      resolve(value);
    }, () => resolve(null));
    queueMicrotask(() => {
      if (!settled) watch();
    });
  });
}

/**
 * Step 3: the deadline clock starts before the hook is called, or a hook
 * that computes before its first `await` would get more than its budget.
 */
export function clockRead(
  hook: InProcessHook,
  input: HookInput,
  context: HookInvocationContext,
  timeoutMs: number,
): Promise<unknown> {
  return new Promise((resolve) => {
    const deadlineAt = Date.now() + timeoutMs;
    let settled = false;
    (hook(input, context) as Promise<unknown>).then((value) => {
      settled = true;
      resolve(value);
    }, () => resolve(null));
    queueMicrotask(() => {
      if (!settled && deadlineAt > 0) watch();
    });
  });
}

/**
 * Step 4, the whole call: the payload built per call in its documented key
 * order (`event`, `cwd`, `sessionId`, then the event's fields), and the
 * hook's answer read as an outcome and turned into the event's result.
 */
export function floorPreToolUse(
  hook: InProcessHook,
  toolName: string,
  toolInput: Record<string, unknown>,
  context: HookInvocationContext,
  timeoutMs: number,
): Promise<PreToolUseResult> {
  const fields = { toolName, toolInput };
  return new Promise((resolve) => {
    const input: HookInput = Object.assign({ event: "PreToolUse" as const, cwd: "/", sessionId: "bench" }, fields);
    const deadlineAt = Date.now() + timeoutMs;
    let settled = false;
    (hook(input, context) as Promise<unknown>).then((value) => {
      settled = true;
      let result: PreToolUseResult = {};
      try {
        const outcome = parseHookOutcome(value);
        if (outcome.action === "deny") result = { block: true, reason: outcome.reason! };
        else if (outcome.action === "mutate") result = { input: outcome.input! };
      } catch {
        // A malformed answer is skipped, as under failurePolicy "open".
      }
      resolve(result);
    }, () => resolve({}));
    queueMicrotask(() => {
      if (!settled && deadlineAt > 0) watch();
    });
  });
}
