// The runner's own cost. Run with `deno task bench`; `deno task bench:report`
// turns the figures into the ratios of BENCHMARKS.md.

import { HOOK_EVENT_NAMES, HookRegistry, HookRunner, type InProcessHook } from "../mod.ts";
import { naivePreToolUse } from "./_baseline.ts";
import { clockRead, floorPreToolUse, ownPromise, watchTick } from "./_floor.ts";

const env = { cwd: "/" };
const toolInput = { command: "ls" };

// deno bench times every iteration on its own (two clock reads around each)
// when a bench's 10 ms warm-up averages over 10 µs, and in batches of 10 000
// otherwise. A path still cold when its bench starts (its first thousands of
// calls run unoptimized, and a loaded machine slows them further) landed in
// either mode from one run to the next — the single-hook call did, its
// baseline too — so a ratio compared two ways of measuring. Every measured
// function therefore runs for a while before the benches start: each bench's
// mode follows its steady-state cost, and its figure is that cost.
const warmUps: (() => unknown)[] = [];

function bench(name: string, options: Omit<Deno.BenchDefinition, "name" | "fn">, fn: () => unknown): void {
  warmUps.push(fn);
  Deno.bench(name, options, fn as () => void);
}

// Zero hooks for PreToolUse while every other event holds 100.
const crowded = new HookRegistry();
for (const event of HOOK_EVENT_NAMES) {
  if (event === "PreToolUse") continue;
  for (let i = 0; i < 100; i++) crowded.registerInProcess(event, "*", () => {});
}
const crowdedRunner = new HookRunner({ registry: crowded });

bench("zero hooks: has()", { group: "zero" }, () => {
  crowdedRunner.has("PreToolUse");
});
// Measures the call itself: awaiting the (already resolved) result adds
// the platform's microtask cost, which any async API pays.
bench("zero hooks: preToolUse()", { group: "zero" }, () => {
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

  bench(
    `chain ${n}: bare hook calls`,
    { group, baseline: true },
    async () => {
      for (const h of hooks) await h(payload, context);
    },
  );
  bench(`chain ${n}: hookgate`, { group }, async () => {
    await runner.preToolUse("bash", toolInput, env);
  });
  bench(`chain ${n}: timer+race baseline`, { group }, async () => {
    await naivePreToolUse(hooks, "bash", toolInput, 5000);
  });
}

// The floor for one async hook, step by step (see _floor.ts): each bench
// adds one guarantee's cost to the previous one.
{
  const context = { signal: new AbortController().signal, deadlineAt: 0 };
  const payload = {
    event: "PreToolUse" as const,
    cwd: "/",
    sessionId: "bench",
    toolName: "bash",
    toolInput,
  };
  const group = "floor of 1";
  bench("floor 1: bare hook call", { group, baseline: true }, async () => {
    await hook(payload, context);
  });
  bench("floor 1: + own result promise", { group }, async () => {
    await ownPromise(hook, payload, context);
  });
  bench("floor 1: + watch tick", { group }, async () => {
    await watchTick(hook, payload, context);
  });
  bench("floor 1: + deadline clock", { group }, async () => {
    await clockRead(hook, payload, context, 5000);
  });
  bench("floor 1: + payload and result", { group }, async () => {
    await floorPreToolUse(hook, "bash", toolInput, context, 5000);
  });
}

for (const fn of warmUps) {
  const end = performance.now() + 30;
  while (performance.now() < end) {
    for (let i = 0; i < 100; i++) await fn();
  }
}
