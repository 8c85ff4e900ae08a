// Gemini CLI's `"sequential": true`, as Gemini 0.61's hook planner and
// runner read it: a group that says it makes the whole event sequential
// on each call it matches — every hook of the call one after another, in
// order, each on the input the one before left, and every one run even
// after a block — while a call no such group matches runs its hooks
// together. (tests/dialects/gemini/real_client_test.ts runs the same
// settings through Gemini's own scheduler.)

import { deepEqual, equal } from "node:assert/strict";
import { join } from "node:path";
import { openHookHost } from "../../../mod.ts";
import { parseHooksConfig } from "../../../src/config/parse.ts";
import { memoryLogger } from "../../_helpers.ts";
import { expected, readFile, seen, sequentialHooks } from "./_sequential.ts";

Deno.test("Gemini settings: a sequential group's hooks are read as hooks that do not run together, with no warning", () => {
  const parsed = parseHooksConfig(
    JSON.stringify({
      hooks: {
        BeforeTool: [
          { matcher: "run_shell_command", sequential: true, hooks: [{ type: "command", command: "a" }] },
          { matcher: "run_shell_command", sequential: false, hooks: [{ type: "command", command: "b" }] },
          { hooks: [{ type: "command", command: "c" }] },
        ],
      },
    }),
    { path: "settings.json", dialect: "gemini" },
  );
  deepEqual(parsed.diagnostics, []);
  deepEqual(parsed.hooks.PreToolUse?.map((hook) => ["args" in hook ? hook.args?.at(-1) : undefined, hook.concurrent]), [
    ["a", false],
    ["b", undefined],
    ["c", undefined],
  ]);
});

Deno.test("Gemini settings: a sequential group matching the call runs every Gemini hook of it in order, each on the rewrite before it and every one after a block; a call it does not match runs them together", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-gemini-sequential-" }));
  const logs = await Deno.makeTempDir({ prefix: "hookgate-gemini-sequential-log-" });
  const log = join(logs, "hooks.log");
  try {
    await Deno.mkdir(join(dir, ".gemini"));
    await Deno.writeTextFile(join(dir, ".gemini", "settings.json"), JSON.stringify({ hooks: sequentialHooks(log) }));
    await Deno.writeTextFile(readFile(dir), "notes\n");
    const logger = memoryLogger();
    const host = await openHookHost({
      projectRoot: dir,
      home: join(dir, "hookgate-home"),
      agentHome: join(dir, "home"),
      trust: "all",
      logger,
    });
    try {
      // The block decides; the hooks after it ran all the same.
      deepEqual(await host.runner.preToolUse("Bash", { command: "ls" }, { cwd: dir }), {
        block: true,
        reason: "blocked by second",
      });
      deepEqual(await host.runner.preToolUse("Read", { file_path: readFile(dir) }, { cwd: dir }), {});
    } finally {
      await host.close();
    }
    deepEqual(await seen(log, 3), expected(readFile(dir)));
    deepEqual(host.config.diagnostics, []);
    equal(logger.warnings.filter((line) => line.includes("both rewrote")).length, 0, logger.warnings.join("\n"));
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(logs, { recursive: true });
  }
});
