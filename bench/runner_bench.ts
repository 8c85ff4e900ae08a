// The runner's own cost. Run with `deno task bench`; `deno task bench:report`
// turns the figures into the ratios of BENCHMARKS.md.

import { HOOK_EVENT_NAMES, HookRegistry, HookRunner, type InProcessHook } from "../mod.ts";
import { naivePreToolUse } from "./_baseline.ts";

const env = { cwd: "/" };
const toolInput = { command: "ls" };

// Zero hooks for PreToolUse while every other event holds 100.
const crowded = new HookRegistry();
for (const event of HOOK_EVENT_NAMES) {
  if (event === "PreToolUse") continue;
  for (let i = 0; i < 100; i++) crowded.registerInProcess(event, "*", () => {});
}
const crowdedRunner = new HookRunner({ registry: crowded });

Deno.bench("zero hooks: has()", { group: "zero" }, () => {
  crowdedRunner.has("PreToolUse");
});
// Measures the call itself: awaiting the (already resolved) result adds
// the platform's microtask cost, which any async API pays.
Deno.bench("zero hooks: preToolUse()", { group: "zero" }, () => {
  crowdedRunner.preToolUse("bash", toolInput, env);
});

// An async hook with no work of its own: what remains is the runner's cost.
// deno-lint-ignore require-await
const hook: InProcessHook = async () => ({ action: "allow" });

for (const n of [1, 10, 100]) {
  const hooks = Array.from({ length: n }, () => hook);
  const registry = new HookRegistry();
  for (const h of hooks) registry.registerInProcess("PreToolUse", "*", h);
  const runner = new HookRunner({ registry, sessionId: () => "bench" });
  const context = { signal: new AbortController().signal, deadlineAt: 0 };
  const payload = {
    event: "PreToolUse" as const,
    cwd: "/",
    toolName: "bash",
    toolInput,
  };
  const group = `chain of ${n}`;

  Deno.bench(
    `chain ${n}: bare hook calls`,
    { group, baseline: true },
    async () => {
      for (const h of hooks) await h(payload, context);
    },
  );
  Deno.bench(`chain ${n}: hookgate`, { group }, async () => {
    await runner.preToolUse("bash", toolInput, env);
  });
  Deno.bench(`chain ${n}: timer+race baseline`, { group }, async () => {
    await naivePreToolUse(hooks, "bash", toolInput, 5000);
  });
}
