// A Claude Code user's session hooks, run by hook-run gateway: SessionStart
// context and CLAUDE_ENV_FILE exports under `set -euo pipefail`, a
// Notification logger in the user's own layer, and PostToolUse linters and
// formatters that hand findings back to Claude.

import { deepEqual, equal } from "node:assert/strict";
import { join } from "node:path";
import { assertAnswer, claudeSetup, command } from "./_claude_style.ts";
import { alive, eventually } from "./_serve.ts";

const HOOKS = `"$CLAUDE_PROJECT_DIR"/.claude/hooks`;

Deno.test("hook-run gateway runs a SessionStart context loader with Claude's CLAUDE_ENV_FILE and matchers", async (t) => {
  await using p = await claudeSetup();
  await p.project({
    SessionStart: [
      {
        hooks: [command(`bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/load_context.sh`), command(`${HOOKS}/count.sh any`)],
      },
      { matcher: "startup", hooks: [command(`${HOOKS}/count.sh startup`)] },
    ],
  });
  const start = (source: string, env: Record<string, string> = {}) =>
    p.gateway(p.event("SessionStart", { source, model: "claude-x" }), env);
  const context = { hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "Node project" } };
  const exports = 'export PROJECT_TYPE=nodejs\nexport GREETING="a b"\n';
  await t.step("startup: the plain text is context, and the exports land in Claude's env file", async () => {
    const envFile = join(p.dir, ".t/env-sess-1");
    assertAnswer(await start("startup", { CLAUDE_ENV_FILE: envFile }), context);
    equal(await p.read(envFile), exports);
    deepEqual((await p.runs()).sort(), ["any SessionStart", "startup SessionStart"]);
  });
  await t.step("compact: the hook without a matcher runs again, the startup-only one does not", async () => {
    await p.resetRuns();
    const envFile = join(p.dir, ".t/env-sess-1-compact");
    assertAnswer(await start("compact", { CLAUDE_ENV_FILE: envFile }), context);
    equal(await p.read(envFile), exports);
    deepEqual(await p.runs(), ["any SessionStart"]);
  });
  await t.step("no CLAUDE_ENV_FILE: set -u stops the script, a non-blocking error with no context", async () => {
    // Claude reports the error; the output printed before it is not context.
    assertAnswer(await start("startup"), {}, true);
  });
});

Deno.test("hook-run gateway delivers Notification to a logger in the user's layer, as Claude does", async (t) => {
  await using p = await claudeSetup();
  const log = join(p.home, ".claude/notify.log");
  const lines = async () => (await p.read(log))?.split("\n").filter(Boolean).length ?? 0;
  const notify = (notification_type: string, env: Record<string, string> = {}) =>
    p.gateway(p.event("Notification", { message: "Claude needs your permission to use Bash", notification_type }), env);
  // By absolute path: a hook named from ~ is the install test's.
  const hooks = join(p.home, ".claude/hooks");
  const user = (timeout = 5, ...more: Record<string, unknown>[]) =>
    p.user({
      Notification: [{
        matcher: "permission_prompt|idle_prompt",
        hooks: [command(`${hooks}/notify.sh`, { timeout }), command(`${hooks}/count.sh`), ...more],
      }],
    });
  await t.step("a permission prompt is logged, and answered with no decision", async () => {
    await user();
    assertAnswer(await notify("permission_prompt"), {});
    equal(await p.read(log), `{"t":"permission_prompt","m":"Claude needs your permission to use Bash"}\n`);
    deepEqual(await p.runs(), ["count Notification"]);
  });
  await t.step("a notification type outside the matcher runs nothing", async () => {
    assertAnswer(await notify("auth_success"), {});
    equal(await lines(), 1);
    deepEqual(await p.runs(), ["count Notification"]);
  });
  await t.step("exit 2 on Notification is ignored: no block, no error", async () => {
    await user(5, command(`${hooks}/exit2.sh`));
    assertAnswer(await notify("idle_prompt"), {});
    equal(await lines(), 2);
  });
  await t.step("a notify-send that outlives the timeout is killed with the hook, and decides nothing", async () => {
    await user(1);
    // Claude's environment carries the session bus, and a notify-send that waits for a click.
    const bin = join(p.dir, "bin");
    await p.write(join(bin, "notify-send"), await Deno.readTextFile(join(hooks, "popup.sh")));
    await Deno.chmod(join(bin, "notify-send"), 0o755);
    const pidFile = join(p.home, ".claude/popup.pid");
    try {
      const run = await notify("idle_prompt", {
        DBUS_SESSION_BUS_ADDRESS: "unix:path=/dev/null",
        PATH: `${bin}:${Deno.env.get("PATH")}`,
      });
      assertAnswer(run, {}, true);
      equal(await lines(), 3);
      const pid = Number(await p.read(pidFile));
      equal(pid > 0, true, "the popup started");
      await eventually(async () => !await alive(pid), "the popup to be killed");
    } finally {
      // Should a bug leave the popup running, it must not outlive the test.
      const pid = Number(await p.read(pidFile));
      if (pid > 0 && await alive(pid)) Deno.kill(pid, "SIGKILL");
    }
  });
});

Deno.test("hook-run gateway hands a PostToolUse linter's exit-2 findings to Claude beside the edit", async (t) => {
  await using p = await claudeSetup();
  const count = command(`${HOOKS}/count.sh`);
  const edit = (file: string) =>
    p.event("PostToolUse", {
      // Claude's cwd has moved into a subdirectory; the hooks cd to the project themselves.
      cwd: join(p.dir, "sub"),
      tool_name: "Edit",
      tool_input: { file_path: join(p.dir, file), old_string: "x", new_string: "BAD" },
      tool_response: { filePath: join(p.dir, file), success: true },
      tool_use_id: "toolu_02",
    });
  await p.write("sub/.keep", "");
  await t.step("the linter's findings go to Claude, and the formatter beside it still runs once", async () => {
    // The formatter as a relative script run by bash, as some projects wire it.
    await p.project({
      PostToolUse: [{
        matcher: "Write|Edit",
        hooks: [command(`${HOOKS}/lint.sh`), command("bash .claude/hooks/format.sh"), count],
      }],
    });
    await p.write("a.ts", "BAD   \n");
    assertAnswer(await p.gateway(edit("a.ts")), { decision: "block", reason: "a.ts:1 no BAD" });
    equal(await p.read("a.ts"), "BAD\n");
    deepEqual(await p.runs(), ["count PostToolUse"]);
  });
  await t.step("a clean file: no decision, and the formatter rewrote it", async () => {
    await p.write("b.ts", "ok   \n");
    assertAnswer(await p.gateway(edit("b.ts")), {});
    equal(await p.read("b.ts"), "ok\n");
  });
  await t.step("findings on stdout and exit 1 are a non-blocking error: no feedback is invented", async () => {
    await p.project({ PostToolUse: [{ matcher: "Edit", hooks: [command(`${HOOKS}/lint.sh strict`)] }] });
    await p.write("c.ts", "BAD\n");
    assertAnswer(await p.gateway(edit("c.ts")), {}, true);
  });
  await t.step("a long build log on stdout is text Claude ignores: no decision", async () => {
    await p.project({ PostToolUse: [{ hooks: [command(`${HOOKS}/noisy.sh`)] }] });
    assertAnswer(await p.gateway(edit("c.ts")), {});
  });
});
