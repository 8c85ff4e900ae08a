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
  await t.step("async hooks load as async, as Codex 0.169 runs them in the background", () => {
    const config = parse({ Stop: [{ hooks: [{ command: "true", async: true }, { command: "false" }] }] });
    deepEqual(config.diagnostics, []);
    deepEqual(
      config.hooks.Stop?.map((hook) => [(hook as { command: string }).command, (hook as { async?: boolean }).async]),
      [["true", true], ["false", undefined]],
    );
  });
  await t.step('a "timeout" of 1200 stays 1200 seconds, as in Codex 0.169; past an hour a warning says so', () => {
    const config = parse({
      PreToolUse: [{ hooks: [{ command: "a", timeout: 1200 }, { command: "b", timeout: 7200 }] }],
    });
    equal(config.ok, true, JSON.stringify(config.diagnostics));
    deepEqual(config.hooks.PreToolUse?.map((hook) => hook.timeoutMs), [1_200_000, 7_200_000]);
    deepEqual(config.diagnostics.map((d) => d.message), [
      '"timeout" is 7200 seconds (2 h 0 min): a call waits that long for this hook, as in Codex',
    ]);
  });
  await t.step('"timeoutSec", which Codex does not read, leaves the default of 600 seconds, with a warning', () => {
    const config = parse({ Stop: [{ hooks: [{ command: "true", timeoutSec: 5 }] }] });
    equal(config.hooks.Stop?.[0]?.timeoutMs, 600_000);
    match(config.diagnostics[0]!.message, /Codex reads "timeout", not "timeoutSec"/);
  });
  await t.step("a timeout that is not whole seconds is a warning: Codex cannot read such a file", () => {
    const config = parse({ Stop: [{ hooks: [{ command: "true", timeout: 0.5 }] }] });
    equal(config.hooks.Stop?.[0]?.timeoutMs, 500);
    match(config.diagnostics[0]!.message, /Codex reads whole seconds only/);
  });
  await t.step("an event Codex added later loads with a warning; its matcher is ignored, as Codex ignores it", () => {
    const config = parse({
      PreModelRequest: [{ matcher: "never", hooks: [{ command: "true" }] }],
      Interrupt: [{ hooks: [{ command: "true", async: true }] }],
    });
    equal(config.ok, true, JSON.stringify(config.diagnostics));
    equal(config.hooks["PreModelRequest" as "Stop"]?.[0]?.matcher, undefined);
    equal((config.hooks["Interrupt" as "Stop"]?.[0] as { async?: boolean }).async, true);
    deepEqual(config.diagnostics.map((d) => d.message), [
      'hookgate does not know the event "PreModelRequest": its hooks run when OpenAI Codex sends it, nothing blocks on it (the event is not modelled by hookgate)',
      "PreModelRequest has nothing hookgate can match, so this hook runs every time",
      'hookgate does not know the event "Interrupt": its hooks run when OpenAI Codex sends it, nothing blocks on it (the event is not modelled by hookgate)',
    ]);
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

Deno.test("An async Codex hook runs without holding the call: its deny is ignored, its context comes with the session's next call", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hookgate-codex-async-" });
  const release = join(dir, "release");
  const answer = JSON.stringify({
    systemMessage: "lint says hi",
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: "never applied",
      additionalContext: "lint: clean",
    },
  });
  // As Codex 0.169 does: the call goes on, the deny is never applied, the context reaches the next model request.
  await using p = await codexProject({
    PreToolUse: [{
      hooks: [{
        type: "command",
        command: `while [ ! -e '${release}' ]; do sleep 0.05; done; cat >/dev/null; printf '%s' '${answer}'`,
        async: true,
        timeout: 20,
      }],
    }],
  });
  try {
    const env = { cwd: p.dir, sessionId: "s-1" };
    deepEqual(await p.host.runner.preToolUse("Bash", { command: "rm -rf /" }, env), {});
    await Deno.writeTextFile(release, "");
    await p.host.runner.idle();
    deepEqual(await p.host.runner.userPromptSubmit("next", env), {
      additionalContext: "lint: clean",
      systemMessage: "lint says hi",
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
