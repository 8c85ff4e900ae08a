// The obvious design the runner is measured against: per invocation, an
// AbortController, a timer and a Promise.race, awaited hook by hook.

import { parseHookOutcome } from "../mod.ts";
import type { HookInput, InProcessHook, NormalizedOutcome } from "../mod.ts";

export async function naivePreToolUse(
  hooks: readonly InProcessHook[],
  toolName: string,
  toolInput: Record<string, unknown>,
  timeoutMs: number,
): Promise<
  { block?: boolean; reason?: string; input?: Record<string, unknown> }
> {
  let input: HookInput = { event: "PreToolUse", cwd: "/", toolName, toolInput };
  let mutated = false;
  for (const hook of hooks) {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort(new DOMException("timeout", "TimeoutError"));
        reject(new Error("timeout"));
      }, timeoutMs);
    });
    let outcome: NormalizedOutcome;
    try {
      const value = await Promise.race([
        hook(input, {
          signal: controller.signal,
          deadlineAt: Date.now() + timeoutMs,
        }),
        timeout,
      ]);
      outcome = parseHookOutcome(value);
    } catch {
      continue;
    } finally {
      clearTimeout(timer);
    }
    if (outcome.action === "deny") {
      return { block: true, reason: outcome.reason! };
    }
    if (outcome.action === "mutate") {
      input = { ...input, toolInput: outcome.input! };
      mutated = true;
    }
  }
  return mutated ? { input: input.toolInput! } : {};
}
