// InProcessHook's return type accepts exactly what the outcome normalizer
// reads. Each `@ts-expect-error` fails type checking (and so this file's
// tests) if the line it marks ever compiles: a shape the normalizer refuses,
// or one it would read as an allow the hook did not mean.

import { deepEqual, equal } from "node:assert/strict";
import { type AnyHookOutcome, HookRegistry, HookRunner, type InProcessHook } from "../../mod.ts";

/** Never called: only type-checked. */
function wrongShapes(registry: HookRegistry): void {
  const on = (hook: InProcessHook) => registry.registerInProcess("PreToolUse", "*", hook);
  // @ts-expect-error a deny needs its reason
  on(() => ({ action: "deny" }));
  // @ts-expect-error a mutate needs its input
  on(() => ({ action: "mutate" }));
  // @ts-expect-error "input" only goes with mutate, ask or defer
  on(() => ({ input: { command: "ls" } }));
  // @ts-expect-error "input" only goes with mutate, ask or defer, even beside an allow
  on(() => ({ action: "allow", input: { command: "ls" } }));
  // @ts-expect-error "block" is a boolean
  on(() => ({ block: "yes" }));
  // @ts-expect-error an object with no outcome field
  on(() => ({ verdict: "deny" }));
  // @ts-expect-error a reason alone decides nothing
  on(() => ({ reason: "dangerous" }));
  // @ts-expect-error the same for an async hook
  on(() => Promise.resolve({ action: "deny" }));
  // @ts-expect-error not an object
  on(() => "deny");
  // @ts-expect-error an outcome needs its own fields' types
  const outcome: AnyHookOutcome = { decision: "block", reason: 1 };
  void outcome;
}

Deno.test("InProcessHook accepts every answer the normalizer reads: actions, the legacy forms and {block, reason}", async () => {
  void wrongShapes;
  const registry = new HookRegistry();
  const answers: InProcessHook[] = [
    () => undefined,
    () => {},
    () => ({}),
    () => ({ action: "allow" }),
    () => ({ action: "allow", additionalContext: "note" }),
    () => ({ additionalContext: "note" }),
    () => ({ decision: "allow" }),
    () => ({ block: false }),
    () => Promise.resolve({ halt: true, stopReason: "done" }),
    () => ({ action: "ask", reason: "confirm" }),
  ];
  const denials: InProcessHook[] = [
    () => ({ action: "deny", reason: "no" }),
    () => ({ decision: "block" }),
    () => ({ decision: "block", reason: "no" }),
    () => ({ block: true }),
    () => ({ block: true, reason: "no" }),
    () => Promise.resolve({ block: true, reason: "no" }),
  ];
  const runner = new HookRunner({ registry });
  for (const hook of answers) {
    registry.clear();
    registry.registerInProcess("PreToolUse", "*", hook, undefined, { stage: "validate", failurePolicy: "closed" });
    equal((await runner.preToolUse("bash", {}, { cwd: "/tmp" })).block, undefined);
  }
  for (const hook of denials) {
    registry.clear();
    registry.registerInProcess("PreToolUse", "*", hook, undefined, { stage: "validate" });
    equal((await runner.preToolUse("bash", {}, { cwd: "/tmp" })).block, true);
  }
  registry.clear();
  registry.registerInProcess("PreToolUse", "*", () => ({ modifiedInput: { command: "ls -la" } }));
  registry.registerInProcess("PreToolUse", "*", () => ({ action: "mutate", input: { command: "ls -l" } }));
  deepEqual(await runner.preToolUse("bash", { command: "ls" }, { cwd: "/tmp" }), { input: { command: "ls -l" } });
});
