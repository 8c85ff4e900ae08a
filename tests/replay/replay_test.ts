// Replay: each step through a real runner; effects per step, figures per
// hook, the event filter; durations kept in constant memory.

import { deepEqual, equal, ok } from "node:assert/strict";
import { HookRegistry, HookRunner } from "../../mod.ts";
import { Replay, type ReplayStep } from "../../src/replay/mod.ts";
import { DurationHistogram } from "../../src/replay/_histogram.ts";
import { MAX_MISSING_DIRECTORIES, MAX_REPLAY_DIRECTORIES } from "../../src/_internal/limits.ts";

const step = (event: ReplayStep["event"], fields: ReplayStep["fields"], line: number): ReplayStep => ({
  event,
  fields,
  file: "s.jsonl",
  line,
});

Deno.test("Replay.run() reports what the hooks did to each step and counts per hook", async () => {
  const registry = new HookRegistry();
  registry.registerInProcess(
    "PreToolUse",
    "Bash",
    (input) =>
      String(input.toolInput?.command).includes("rm -rf") ? { action: "deny", reason: "no rm -rf" } : undefined,
    "p",
    { name: "guard", stage: "validate" },
  );
  registry.registerInProcess(
    "PreToolUse",
    "Bash",
    (input) =>
      input.toolInput?.timeout === undefined
        ? { action: "mutate", input: { ...input.toolInput, timeout: 30_000 } }
        : undefined,
    "p",
    { name: "timeout" },
  );
  registry.registerInProcess("UserPromptSubmit", undefined, () => ({ additionalContext: "Answer\nbriefly." }), "p", {
    name: "style",
  });
  registry.registerInProcess(
    "Stop",
    undefined,
    () => {
      throw new Error("boom");
    },
    "p",
    { name: "flaky" },
  );
  const replay = new Replay({ cwd: "/repo" });
  const runner = new HookRunner({ registry, onInvocation: replay.onInvocation });
  const effects = [];
  for (
    const s of [
      step("UserPromptSubmit", { prompt: "hi" }, 1),
      step("PreToolUse", { toolName: "Bash", toolInput: { command: "ls" } }, 2),
      step("PreToolUse", { toolName: "Bash", toolInput: { command: "rm -rf /" } }, 3),
      step("PreToolUse", { toolName: "Read", toolInput: { path: "a" } }, 4),
      step("Stop", {}, 5),
    ]
  ) effects.push((await replay.run(runner, s))?.effects);
  deepEqual(effects, [
    [{ kind: "context", detail: "style: Answer briefly." }],
    [{ kind: "rewrote", detail: "timeout: +timeout: 30000" }],
    [{ kind: "blocked", detail: "guard: no rm -rf" }],
    [],
    [{ kind: "failed", detail: "flaky: error: threw Error: boom" }],
  ]);
  deepEqual(replay.totals(), { steps: 5, blocked: 1 });
  deepEqual(replay.stats().map(({ p50Ms: _, p99Ms: __, ...rest }) => rest), [
    { hook: "style", transport: "in-process", calls: 1, blocks: 0, rewrites: 0, context: 1, failures: 0 },
    { hook: "timeout", transport: "in-process", calls: 2, blocks: 0, rewrites: 2, context: 0, failures: 0 },
    { hook: "guard", transport: "in-process", calls: 2, blocks: 1, rewrites: 0, context: 0, failures: 0 },
    { hook: "flaky", transport: "in-process", calls: 1, blocks: 0, rewrites: 0, context: 0, failures: 1 },
  ]);
});

Deno.test("Replay.run() reports a Claude hook's allow as granted, naming the hook", async () => {
  const registry = new HookRegistry();
  registry.registerShell("PreToolUse", {
    name: "approver",
    dialect: "claude",
    command: `printf '{"hookSpecificOutput":{"permissionDecision":"allow","permissionDecisionReason":"read-only"}}'`,
  });
  const replay = new Replay({ cwd: Deno.cwd() });
  const runner = new HookRunner({ registry, onInvocation: replay.onInvocation });
  const result = await replay.run(runner, step("PreToolUse", { toolName: "Bash", toolInput: { command: "ls" } }, 1));
  deepEqual(result?.effects, [{ kind: "granted", detail: "approver: read-only" }]);
});

Deno.test("Replay with events: other steps are not run at all", async () => {
  const registry = new HookRegistry();
  let calls = 0;
  registry.registerInProcess("Stop", undefined, () => void calls++);
  const replay = new Replay({ cwd: "/repo", events: ["PreToolUse"] });
  const runner = new HookRunner({ registry, onInvocation: replay.onInvocation });
  equal(await replay.run(runner, step("Stop", {}, 1)), null);
  equal(calls, 0);
  deepEqual(replay.totals(), { steps: 0, blocked: 0 });
});

Deno.test("Replay runs steps whose recorded directory is missing here in its own, and says which", async () => {
  const registry = new HookRegistry();
  const seen: string[] = [];
  registry.registerInProcess("Stop", undefined, (input) => void seen.push(input.cwd));
  const replay = new Replay({ cwd: Deno.cwd() });
  const runner = new HookRunner({ registry, onInvocation: replay.onInvocation });
  await replay.run(runner, { ...step("Stop", {}, 1), cwd: "/nonexistent/recorded/app" });
  await replay.run(runner, { ...step("Stop", {}, 2), cwd: "/tmp" });
  deepEqual(seen, [Deno.cwd(), "/tmp"]);
  deepEqual(replay.missingDirectories(), ["/nonexistent/recorded/app"]);
});

Deno.test("Replay remembers a bounded number of recorded directories, and lists the first missing ones", async () => {
  const replay = new Replay({ cwd: Deno.cwd() });
  const runner = new HookRunner({ registry: new HookRegistry(), onInvocation: replay.onInvocation });
  const count = MAX_REPLAY_DIRECTORIES + 1;
  for (let i = 0; i < count; i++) await replay.run(runner, { ...step("Stop", {}, i + 1), cwd: `/nonexistent/d${i}` });
  // The first one, forgotten, is looked up again, and still listed once.
  await replay.run(runner, { ...step("Stop", {}, count + 1), cwd: "/nonexistent/d0" });
  const missing = replay.missingDirectories();
  equal(missing.length, MAX_MISSING_DIRECTORIES);
  deepEqual(missing.slice(0, 2), ["/nonexistent/d0", "/nonexistent/d1"]);
  equal(replay.totals().steps, count + 1);
});

Deno.test("DurationHistogram gives percentiles within 10 % in constant memory", () => {
  const histogram = new DurationHistogram();
  equal(histogram.percentile(0.5), 0);
  for (let i = 1; i <= 10_000; i++) histogram.add(i / 100); // 0.01 … 100 ms, uniform
  const near = (actual: number, expected: number) =>
    ok(Math.abs(actual - expected) / expected < 0.1, `${actual} vs ${expected}`);
  near(histogram.percentile(0.5), 50);
  near(histogram.percentile(0.99), 99);
  histogram.add(1e9);
  ok(histogram.percentile(1) > 600_000, "durations past the last bucket are kept in it");
});
