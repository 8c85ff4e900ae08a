// Codex hooks.json entries (Claude's shape, Codex's rules) read by the
// configuration parser and run from a project's hookgate configuration
// with real scripts.

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { parseHooksConfig } from "../../../src/config/parse.ts";
import { openHookHost } from "../../../mod.ts";
import { memoryLogger } from "../../_helpers.ts";

const SCRIPTS = new URL("../../testdata/codex/hooks/", import.meta.url).pathname;
const command = (script: string, ...args: string[]) => ({
  type: "command",
  command: [join(SCRIPTS, script), ...args].join(" "),
});

function parse(hooks: Record<string, unknown>, top: Record<string, unknown> = { dialect: "codex" }) {
  return parseHooksConfig(JSON.stringify({ ...top, hooks }), { path: "hooks.json" });
}

Deno.test("CODEX_CONFIG reads Codex's hooks.json entries", async (t) => {
  await t.step("timeouts in seconds, 600 by default; statusMessage accepted", () => {
    const config = parse({
      PreToolUse: [{
        matcher: "^Bash$",
        hooks: [{ type: "command", command: "true", timeout: 30, statusMessage: "…" }],
      }],
      Stop: [{ hooks: [{ type: "command", command: "true" }] }],
    });
    equal(config.ok, true, JSON.stringify(config.diagnostics));
    equal(config.hooks.PreToolUse?.[0]?.dialect, "codex");
    equal(config.hooks.PreToolUse?.[0]?.timeoutMs, 30_000);
    equal(config.hooks.PreToolUse?.[0]?.matcher, "^Bash$");
    equal(config.hooks.Stop?.[0]?.timeoutMs, 600_000);
  });
  await t.step("matchers are dropped where Codex ignores them, with a warning", () => {
    const config = parse({ UserPromptSubmit: [{ matcher: "^hello", hooks: [{ command: "true" }] }] });
    equal(config.hooks.UserPromptSubmit?.[0]?.matcher, undefined);
    match(config.diagnostics.map((d) => d.message).join("\n"), /Codex ignores matchers on UserPromptSubmit/);
  });
  await t.step("an invalid regex is an error", () => {
    const config = parse({ PreToolUse: [{ matcher: "[", hooks: [{ command: "true" }] }] });
    equal(config.ok, false);
    equal(config.hooks.PreToolUse, undefined);
  });
  await t.step("prompt and agent hooks are skipped, as Codex skips them", () => {
    const config = parse({ PreToolUse: [{ hooks: [{ type: "prompt" }, { type: "agent" }] }] });
    equal(config.hooks.PreToolUse, undefined);
    match(config.diagnostics.map((d) => d.message).join("\n"), /Codex skips prompt hooks/);
  });
  await t.step("async hooks are skipped, as Codex skips them", () => {
    const config = parse({ Stop: [{ hooks: [{ command: "true", async: true }, { command: "false" }] }] });
    deepEqual(config.hooks.Stop?.map((hook) => (hook as { command: string }).command), ["false"]);
    match(config.diagnostics.map((d) => d.message).join("\n"), /Codex skips async hooks/);
  });
  await t.step("any command runs, as in Codex: no allowlist refuses hook-run or a bare name", () => {
    const config = parse({
      PreToolUse: [{ hooks: [{ command: "hook-run gateway --agent claude" }, { command: "myguard" }] }],
    });
    equal(config.ok, true, JSON.stringify(config.diagnostics));
  });
  await t.step("an event Codex does not have never runs", () => {
    const config = parse({ Notification: [{ hooks: [{ command: "true" }] }] });
    equal(config.hooks.Notification, undefined);
    match(config.diagnostics.map((d) => d.message).join("\n"), /Codex has no Notification hook event/);
  });
  await t.step('without "dialect": "codex" the same file is Claude\'s', () => {
    const config = parse({ PreToolUse: [{ hooks: [{ command: "true" }] }] }, {});
    equal(config.hooks.PreToolUse?.[0]?.dialect, "claude");
  });
});

async function codexProject(hooks: Record<string, unknown>) {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-codex-" }));
  await Deno.mkdir(join(dir, ".hookgate"));
  await Deno.writeTextFile(join(dir, ".hookgate", "config.jsonc"), JSON.stringify({ dialect: "codex", hooks }));
  const logger = memoryLogger();
  const host = await openHookHost({ projectRoot: dir, home: join(dir, "home"), trust: "all", logger });
  return {
    dir,
    host,
    logger,
    async [Symbol.asyncDispose]() {
      await host.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

Deno.test("Codex hooks run with Codex's rules", async (t) => {
  await using p = await codexProject({
    PreToolUse: [
      { matcher: "Bash", hooks: [command("deny_rm.sh"), command("rewrite_ls.sh")] },
      { matcher: "Edit|Write", hooks: [command("exit2.sh")] },
    ],
    Stop: [{ hooks: [command("ask.sh")] }],
  });
  const env = { cwd: p.dir };
  await t.step("a deny with a reason blocks", async () => {
    deepEqual(await p.host.runner.preToolUse("Bash", { command: "rm -rf /" }, env), {
      block: true,
      reason: "rm -rf is not allowed here",
    });
  });
  await t.step("allow with updatedInput rewrites", async () => {
    deepEqual(await p.host.runner.preToolUse("Bash", { command: "ls" }, env), { input: { command: "ls -la" } });
  });
  await t.step("a matcher Edit|Write selects apply_patch, as Codex's does", async () => {
    deepEqual(await p.host.runner.preToolUse("apply_patch", { command: "*** Begin Patch" }, env), {
      block: true,
      reason: "no pushes today",
    });
  });
  await t.step("an answer Codex rejects is a failure, which an open hook skips with a warning", async () => {
    deepEqual(await p.host.runner.stop(env), {});
    match(p.logger.warnings.join("\n"), /invalid Stop output for Codex/);
  });
});

Deno.test("Codex hooks: an ask and a silent exit 2 fail, and are skipped as Codex skips them", async () => {
  await using p = await codexProject({
    PreToolUse: [{ hooks: [command("ask.sh"), command("exit2_silent.sh")] }],
  });
  deepEqual(await p.host.runner.preToolUse("Bash", { command: "git push" }, { cwd: p.dir }), {});
  const warnings = p.logger.warnings.join("\n");
  match(warnings, /Codex cannot ask/);
  match(warnings, /without a reason on stderr/);
});

Deno.test("Codex hooks get the payload as Codex writes it", async () => {
  const dir = await Deno.makeTempDir();
  const out = join(dir, "payload.json");
  await using p = await codexProject({ PreToolUse: [{ hooks: [command("payload.sh", out)] }] });
  await p.host.runner.preToolUse("Bash", { command: "ls" }, { cwd: p.dir, sessionId: "s" });
  const payload = JSON.parse(await Deno.readTextFile(out));
  await Deno.remove(dir, { recursive: true });
  equal(payload.hook_event_name, "PreToolUse");
  equal(payload.tool_name, "Bash");
  deepEqual(payload.tool_input, { command: "ls" });
  equal(payload.transcript_path, null);
  equal(payload.session_id, "s");
  ok(typeof payload.cwd === "string");
});
