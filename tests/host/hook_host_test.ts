// openHookHost() runs what is good in a configuration with errors, plus the
// placeholders of what is broken, instead of refusing to open.

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { checkConfig, openHookHost } from "../../mod.ts";
import { memoryLogger } from "../_helpers.ts";

const BROKEN = `{"hooks": {
  "PreToolUse": [
    {"name": "good", "matcher": "bash", "command": "exit 2"},
    {"name": "broken", "matcher": "edit", "command": "true", "timeoutMs": 0, "policy": true}
  ]
}}`;

Deno.test("openHookHost() runs the good hooks and the placeholders of a configuration with errors, and says so", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "hookgate-host-" });
  const file = join(dir, "hooks.jsonc");
  await Deno.writeTextFile(file, BROKEN);
  try {
    for (const watch of [false, true]) {
      await t.step(watch ? "watching" : "loaded once", async () => {
        const logger = memoryLogger();
        await using host = await openHookHost({ paths: [file], defaultLayers: false, logger, watch });
        equal(host.config.ok, false);
        equal((await host.runner.preToolUse("bash", {}, { cwd: dir })).block, true);
        const edit = await host.runner.preToolUse("edit", {}, { cwd: dir });
        equal(edit.block, true);
        match(
          edit.reason!,
          /Hook "broken" failed \(rejected: not run: "timeoutMs" must be at least 1, got 0 \(.*hooks\.jsonc:4:\d+\); fix the entry/,
        );
        deepEqual(await host.runner.preToolUse("read", {}, { cwd: dir }), {});
        match(logger.errors.join("\n"), /Hook config has 1 error/);
      });
    }
    await t.step("a configuration given by the caller", async () => {
      const config = await checkConfig({ paths: [file], defaultLayers: false });
      await using host = await openHookHost({ config, defaultLayers: false });
      equal(host.registry.list("PreToolUse").map((entry) => entry.transport).join(), "command,placeholder");
      // --no-hooks keeps the policy placeholder.
      await using policyOnly = await openHookHost({ config, defaultLayers: false, noHooks: true });
      deepEqual(policyOnly.registry.list("PreToolUse").map((entry) => entry.name), ["broken"]);
    });
    await t.step(
      "a file that cannot be parsed denies the gating events, even under --no-hooks, and never Stop",
      async () => {
        const half = join(dir, "half.jsonc");
        await Deno.writeTextFile(half, `{"hooks": {"PreToolUse": [{"policy": true, "command": "exit 2"`);
        for (const noHooks of [false, true]) {
          await using host = await openHookHost({ paths: [half], defaultLayers: false, noHooks });
          const result = await host.runner.preToolUse("read", {}, { cwd: dir });
          equal(result.block, true);
          match(result.reason!, /not run: invalid JSONC: .*half\.jsonc:1:\d+\); fix it/);
          equal((await host.runner.userPromptSubmit("hi", { cwd: dir })).block, true);
          deepEqual(await host.runner.stop({ cwd: dir }), {});
        }
      },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
