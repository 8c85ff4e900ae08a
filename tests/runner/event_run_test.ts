// The failure policy, decided once in the runner for every dialect: a
// closed hook whose answer is a failure denies, whatever its dialect's agent
// would have made of it; an open one gets that agent's lenient reading (a
// Claude hook's JSON on a non-zero exit still decides), with a warning.

import { deepEqual, equal, match } from "node:assert/strict";
import { type HookDialect, HookRegistry, HookRunner, type ShellHookSpec } from "../../mod.ts";
import { memoryLogger, trace } from "../_helpers.ts";

const DIALECTS: (HookDialect | undefined)[] = [undefined, "wuu", "claude"];

/** `echo '{}'; exit 1` and a Python traceback on stdout with exit 0. */
const BROKEN: Record<string, string> = {
  "an empty object on exit 1": "echo '{}'; exit 1",
  "a traceback on stdout with exit 0":
    `printf 'Traceback (most recent call last):\\n  File "guard.py", line 3\\nKeyError: tool_input\\n'`,
};

function runnerWith(event: "PreToolUse" | "Stop" | "UserPromptSubmit", spec: ShellHookSpec) {
  const registry = new HookRegistry();
  const logger = memoryLogger();
  const { records, onInvocation } = trace();
  const runner = new HookRunner({ registry, logger, onInvocation });
  registry.loadShellHooks({ [event]: [spec] });
  return { runner, logger, records };
}

Deno.test("HookRunner denies for a closed hook whose answer is a failure, in every dialect", async (t) => {
  for (const dialect of DIALECTS) {
    for (const [what, command] of Object.entries(BROKEN)) {
      await t.step(`${dialect ?? "native"}: ${what}`, async () => {
        const spec = { name: "guard", command, failurePolicy: "closed" as const, ...(dialect ? { dialect } : {}) };
        const pre = runnerWith("PreToolUse", spec);
        const result = await pre.runner.preToolUse("Bash", { command: "ls" }, { cwd: Deno.cwd() });
        equal(result.block, true, JSON.stringify(result));
        match(result.reason!, /Hook "guard" failed \((exit|invalid_output): .*failurePolicy is "closed"/);
        const stop = runnerWith("Stop", spec);
        equal((await stop.runner.stop({ cwd: Deno.cwd() })).block, true);
      });
    }
  }
});

Deno.test("HookRunner gives an open hook that failed its agent's lenient reading, and still warns", async (t) => {
  await t.step("native and Wuu: skipped", async () => {
    for (const dialect of [undefined, "wuu"] as const) {
      for (const command of Object.values(BROKEN)) {
        const { runner, logger } = runnerWith("PreToolUse", {
          name: "guard",
          command,
          ...(dialect ? { dialect } : {}),
        });
        deepEqual(await runner.preToolUse("Bash", {}, { cwd: Deno.cwd() }), {});
        match(
          logger.warnings.join("\n"),
          /"guard" \(command\) on PreToolUse failed: .*skipped \(failurePolicy "open"\)/,
        );
      }
    }
  });
  await t.step("Claude: JSON on a non-zero exit decides, as Claude Code reads it", async () => {
    const { runner, logger, records } = runnerWith("PreToolUse", {
      name: "guard",
      dialect: "claude",
      command: `echo '{"decision":"block","reason":"json decides"}'; exit 1`,
    });
    deepEqual(await runner.preToolUse("Bash", {}, { cwd: Deno.cwd() }), { block: true, reason: "json decides" });
    match(
      logger.warnings.join("\n"),
      /"guard" \(command\) on PreToolUse failed: exit: exited with code 1; its answer is read as its agent reads it \(deny\), since its failurePolicy is "open"/,
    );
    equal(records[0]!.failure?.kind, "exit");
    equal(records[0]!.action, "deny");
  });
  await t.step(
    "Claude: an empty object on exit 1 and plain text on stdout allow, with the failure in the warning",
    async () => {
      for (const command of Object.values(BROKEN)) {
        const { runner, logger, records } = runnerWith("PreToolUse", { name: "guard", dialect: "claude", command });
        deepEqual(await runner.preToolUse("Bash", {}, { cwd: Deno.cwd() }), {});
        match(
          logger.warnings.join("\n"),
          /"guard" \(command\) on PreToolUse failed: (exit|invalid_output): .*\(allow\)/,
        );
        equal(records[0]!.action, "allow");
        equal(records[0]!.failure !== undefined, true);
      }
    },
  );
  await t.step("a closed hook's lenient reading is never used", async () => {
    const { runner, records } = runnerWith("PreToolUse", {
      name: "guard",
      dialect: "claude",
      command: "echo '{}'; exit 1",
      failurePolicy: "closed",
    });
    equal((await runner.preToolUse("Bash", {}, { cwd: Deno.cwd() })).block, true);
    equal(records[0]!.action, undefined);
    equal(records[0]!.failure?.kind, "exit");
  });
});

Deno.test("HookRunner keeps a Claude hook's plain text as context where Claude makes it context, under both policies", async () => {
  for (const failurePolicy of ["open", "closed"] as const) {
    const { runner, logger } = runnerWith("UserPromptSubmit", {
      name: "context",
      dialect: "claude",
      command: "echo 'Reminder: conventional commits.'",
      failurePolicy,
    });
    deepEqual(await runner.userPromptSubmit("commit", { cwd: Deno.cwd() }), {
      additionalContext: "Reminder: conventional commits.",
    });
    deepEqual(logger.warnings, []);
  }
});

Deno.test("HookRunner: after a block by one of a sequential event's Gemini hooks, the rest of them in its phase still run, and nothing else", async () => {
  const registry = new HookRegistry();
  const { records, onInvocation } = trace();
  const runner = new HookRunner({ registry, onInvocation });
  const gemini = { dialect: "gemini" as const, stage: "mutate" as const };
  registry.loadShellHooks({
    PreToolUse: [
      { ...gemini, name: "blocker", command: "echo 'not this one' >&2; exit 2", concurrent: false },
      { name: "native-mutator", stage: "mutate", command: "true" },
      { ...gemini, name: "gemini-after", command: "echo 'a later reason' >&2; exit 2" },
      { name: "native-validator", command: "true" },
    ],
  });
  const result = await runner.preToolUse("Bash", { command: "ls" }, { cwd: Deno.cwd() });
  // The first block's reason is the answer's, as where hooks run together; a native hook's deny stops the rest at once.
  deepEqual(result, { block: true, reason: "not this one" });
  deepEqual(records.map((record) => [record.hookName, record.action]), [["blocker", "deny"], ["gemini-after", "deny"]]);
});
