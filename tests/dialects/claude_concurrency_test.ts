// Claude-dialect hooks of one event run at the same time, each on the same
// input, as Claude runs them; their answers combine in configuration order,
// so the result never depends on which one finished first.

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { finished, hook, marks, project, slow } from "./_project.ts";

Deno.test("Claude hooks of one PreToolUse run concurrently: all three started before the first one finished", async () => {
  await using p = await project({
    PreToolUse: [{ matcher: "Bash", hooks: [slow("a", 1), slow("b", 1)] }, { hooks: [slow("c", 1)] }],
  });
  deepEqual(await p.host.runner.preToolUse("Bash", { command: "ls" }, { cwd: p.dir }), {});
  const { starts, ends } = await marks(p.dir, ["a", "b", "c"]);
  const lastStart = starts.reduce((a, b) => a > b ? a : b);
  const firstEnd = ends.reduce((a, b) => a < b ? a : b);
  ok(lastStart < firstEnd, `starts ${starts}, ends ${ends}`);
});

Deno.test("Claude hooks of a serial event (UserPromptSubmit) run concurrently too", async () => {
  await using p = await project({ UserPromptSubmit: [{ hooks: [slow("a", 1), slow("b", 1), slow("c", 1)] }] });
  deepEqual(await p.host.runner.userPromptSubmit("hi", { cwd: p.dir }), {});
  const { starts, ends } = await marks(p.dir, ["a", "b", "c"]);
  ok(starts.every((start) => ends.every((end) => start < end)), `starts ${starts}, ends ${ends}`);
});

Deno.test("Claude hooks' rewrites combine in configuration order whatever finishes first (parallel rewrites collide)", async (t) => {
  for (const [first, second] of [[0.6, 0], [0, 0.6]] as const) {
    await t.step(`the first configured sleeps ${first} s, the second ${second} s`, async () => {
      await using p = await project({
        PreToolUse: [{ hooks: [slow("first", first, "rewrite"), slow("second", second, "rewrite")] }],
      });
      deepEqual(await p.host.runner.preToolUse("Bash", { command: "ls" }, { cwd: p.dir }), {
        input: { command: "second" },
      });
      match(
        p.logger.warnings.join("\n"),
        /Hooks ".*slow\.sh first 0(\.6)? rewrite" and ".*slow\.sh second 0(\.6)? rewrite" both rewrote the input of tool "Bash"/,
      );
    });
  }
});

Deno.test("Of Claude hooks' denials the first in configuration order decides, whatever finishes first", async () => {
  await using p = await project({ PreToolUse: [{ hooks: [slow("slow", 0.5, "deny"), slow("fast", 0, "deny")] }] });
  deepEqual(await p.host.runner.preToolUse("Bash", { command: "ls" }, { cwd: p.dir }), {
    block: true,
    reason: "slow says deny",
  });
});

Deno.test("A Claude hook's deny does not stop its siblings: they run to the end, and their side effects happen", async () => {
  await using p = await project({
    PreToolUse: [{ hooks: [slow("guard", 0, "deny"), slow("logger", 0.5), hook("log_event.sh", "after")] }],
  });
  deepEqual(await p.host.runner.preToolUse("Bash", { command: "rm -rf /" }, { cwd: p.dir }), {
    block: true,
    reason: "guard says deny",
  });
  ok(await finished(p.dir, "logger"), "the sibling was cut short");
  match(await Deno.readTextFile(`${p.dir}/events.log`), /^PreToolUse .* after$/m);
});

Deno.test("PreToolUse runs in phases: the native mutate chain, then Claude hooks on its input, then validators on the final input", async () => {
  await using p = await project({
    PreToolUse: [{
      hooks: [{ type: "command", command: "python3", args: ["${CLAUDE_PROJECT_DIR}/.claude/hooks/add_flag.py"] }],
    }],
  });
  const seen: string[] = [];
  // Registered after the project's hooks, yet the mutator runs first and the validator last.
  p.host.registry.registerInProcess(
    "PreToolUse",
    "*",
    (input) => {
      seen.push(`validator: ${input.toolInput!.command}`);
    },
    undefined,
    { stage: "validate" },
  );
  p.host.registry.registerInProcess("PreToolUse", "*", (input) => {
    seen.push(`mutator: ${input.toolInput!.command}`);
    return { action: "mutate", input: { command: `${input.toolInput!.command} all` } };
  });
  deepEqual(await p.host.runner.preToolUse("Bash", { command: "make" }, { cwd: p.dir }), {
    input: { command: "make all --dry-run" },
    decision: "allow",
  });
  deepEqual(seen, ["mutator: make", "validator: make all --dry-run"]);
});

Deno.test("On a serial event a native block stops the Claude hooks, which run after the native ones", async () => {
  await using p = await project({ UserPromptSubmit: [{ hooks: [slow("claude", 0)] }] });
  p.host.registry.registerInProcess("UserPromptSubmit", undefined, () => ({ action: "deny", reason: "off-topic" }));
  deepEqual(await p.host.runner.userPromptSubmit("hi", { cwd: p.dir }), { block: true, reason: "off-topic" });
  equal(await finished(p.dir, "claude"), false);
});
