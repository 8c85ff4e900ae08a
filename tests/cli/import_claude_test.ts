// hook-run import-claude: Claude settings → native JSONC that loads the
// same hooks, and a list of what could not be carried over, with why.

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { parseHooksConfig } from "../../src/config/mod.ts";
import { cli } from "./_cli.ts";

const SETTINGS = JSON.stringify({
  permissions: { allow: [] },
  allowedHttpHookUrls: ["http://127.0.0.1:*"],
  hooks: {
    PreToolUse: [
      { matcher: "Edit.*", hooks: [{ type: "command", command: "${CLAUDE_PROJECT_DIR}/hooks/check.sh", timeout: 5 }] },
      {
        matcher: "mcp__memory__.*",
        hooks: [{ type: "http", url: "http://127.0.0.1:8787/h", headers: { a: "$T" }, allowedEnvVars: ["T"] }],
      },
      { matcher: "Bash", hooks: [{ type: "command", command: "node", args: ["x.js"], if: "Bash(git *)" }] },
    ],
    Stop: [{ hooks: [{ type: "prompt", prompt: "done? $ARGUMENTS" }, { type: "agent", prompt: "check" }] }],
    Notification: [{ hooks: [{ type: "command", command: "notify-send hi" }] }],
    FutureEvent: [{ hooks: [{ type: "command", command: "true" }] }],
  },
});

Deno.test("hook-run import-claude converts to native JSONC that loads the same hooks, and lists what it could not carry", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(join(dir, "settings.json"), SETTINGS);
    const run = await cli(["import-claude", join(dir, "settings.json")]);
    equal(run.code, 0, run.stderr);
    const native = parseHooksConfig(run.stdout, { path: "converted.jsonc" });
    deepEqual(native.diagnostics, []);
    equal(native.dialect, "native");
    const { FutureEvent: _later, ...direct } = parseHooksConfig(SETTINGS, {
      path: "converted.jsonc",
      dialect: "claude",
    })
      .hooks as Record<string, unknown>;
    deepEqual(native.hooks, direct);
    deepEqual(native.httpAllowedUrls, ["http://127.0.0.1:*"]);
    equal(native.hooks.PreToolUse?.[0]?.timeoutMs, 5000);
    match(run.stderr, /not carried over: .*"if" is not supported by hookgate and is ignored/);
    match(run.stderr, /not carried over: .*"type": "agent" hooks are not supported by hookgate/);
    // A native file refuses an event hookgate does not know: it stays in the Claude file.
    match(run.stderr, /not carried over: 1 hook\(s\) of "FutureEvent", an event hookgate does not know/);
    equal(native.hooks.Notification?.length, 1);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("hook-run import-claude refuses a file with errors, with their places", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(join(dir, "settings.json"), `{"hooks": {"Stop": [{"type": "command", "command": "x"}]}}`);
    const run = await cli(["import-claude", join(dir, "settings.json")]);
    equal(run.code, 1);
    match(run.stderr, /settings\.json:1:21: error: this hook is not inside a matcher group/);
    equal(run.stdout, "");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("hook-run check, list and permissions work on Claude settings files", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = join(dir, "settings.json");
    await Deno.writeTextFile(file, SETTINGS);
    const check = await cli(["check", "--config", file]);
    equal(check.code, 0, check.stderr);
    match(check.stdout, /ok: 6 hooks; 0 errors, \d+ warnings in 1 file/);
    const list = await cli(["list", "--config", file]);
    match(list.stdout, /PreToolUse +.*check\.sh +Edit\.\* +command +mutate/);
    match(list.stdout, /Stop +prompt\(default model\) +\* +prompt/);
    const permissions = await cli(["permissions", "--config", file, "--json"]);
    const flags = JSON.parse(permissions.stdout).hooks as string[];
    match(flags.find((flag) => flag.startsWith("--allow-net"))!, /127\.0\.0\.1:8787/);
    match(flags.find((flag) => flag.startsWith("--allow-env"))!, /\bT\b/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** A project whose .claude/settings.json holds a guard and the routing to hookgate. */
async function withClaudeProject(fn: (dir: string, settings: string) => Promise<void>): Promise<void> {
  const dir = await Deno.realPath(await Deno.makeTempDir());
  try {
    await Deno.mkdir(join(dir, ".claude"));
    const settings = join(dir, ".claude", "settings.json");
    await Deno.writeTextFile(
      settings,
      JSON.stringify({
        model: "opus",
        hooks: {
          PreToolUse: [
            {
              matcher: "Bash",
              hooks: [{ type: "command", command: `echo 'no rm -rf' >&2; exit 2`, timeout: 5 }],
            },
            { hooks: [{ type: "command", command: "hook-run gateway", timeout: 600 }] },
          ],
        },
      }),
    );
    await fn(dir, settings);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("hook-run import-claude --write makes the project's .hookgate/config.jsonc, without the routing, and never overwrites it", async () => {
  await withClaudeProject(async (dir, settings) => {
    const before = await Deno.readTextFile(settings);
    const run = await cli(["import-claude", "--write", "--cwd", dir]);
    equal(run.code, 0, run.stderr);
    match(run.stdout, /wrote .*\.hookgate\/config\.jsonc: 1 hook from/);
    match(run.stdout, /still in .*settings\.json, where Claude Code runs them itself/);
    match(run.stdout, /hook-run trust --cwd /);
    const target = join(dir, ".hookgate", "config.jsonc");
    const written = parseHooksConfig(await Deno.readTextFile(target), { path: target });
    deepEqual(written.diagnostics, []);
    equal(written.hooks.PreToolUse?.length, 1);
    equal(written.hooks.PreToolUse?.[0]?.dialect, "claude");
    equal(await Deno.readTextFile(settings), before);
    const again = await cli(["import-claude", "--write", "--cwd", dir]);
    equal(again.code, 1);
    match(again.stderr, /exists already: merge the converted hooks into it by hand/);
  });
});

Deno.test("hook-run import-claude --move takes the converted hooks out of the Claude file and keeps the routing", async () => {
  await withClaudeProject(async (dir, settings) => {
    const run = await cli(["import-claude", "--move", "--cwd", dir]);
    equal(run.code, 0, run.stderr);
    match(run.stdout, /backup .*settings\.json\.hookgate-backup-/);
    deepEqual(JSON.parse(await Deno.readTextFile(settings)), {
      model: "opus",
      hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "hook-run gateway", timeout: 600 }] }] },
    });
    // hookgate runs the guard for Claude now, once the project is trusted.
    const gateway = await cli(["gateway"], {
      cwd: dir,
      stdin: JSON.stringify({ hook_event_name: "PreToolUse", cwd: dir, tool_name: "Bash", tool_input: {} }),
      env: { HOOKGATE_TRUST_PROJECT: "1", CLAUDE_PROJECT_DIR: dir },
    });
    equal(JSON.parse(gateway.stdout).hookSpecificOutput?.permissionDecisionReason, "no rm -rf");
  });
});
