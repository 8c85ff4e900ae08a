// The managed layer through the front ends: its hooks run under --no-hooks,
// in an untrusted project, after trust is revoked and beside a project's
// Claude `disableAllHooks`; its deny beats every lower layer's allow and a
// --config; check, list and trust show it; "managedOnly" leaves the other
// layers out; a broken managed file denies, naming itself. The managed
// directory is added with $HOOKGATE_MANAGED_DIR (beside /etc/hookgate).

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { cli } from "./_cli.ts";

interface Dirs {
  base: string;
  home: string;
  managed: string;
  project: string;
  env: Record<string, string>;
}

async function withManaged(managedConfig: unknown, fn: (dirs: Dirs) => Promise<void>): Promise<void> {
  const base = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-managed-cli-" }));
  const home = join(base, "home");
  const managed = join(base, "managed");
  const project = join(base, "project");
  await Deno.mkdir(join(home, ".config", "hookgate"), { recursive: true });
  await Deno.mkdir(managed, { mode: 0o700 });
  await Deno.chmod(managed, 0o700);
  await Deno.mkdir(join(project, ".hookgate"), { recursive: true });
  await Deno.mkdir(join(project, ".claude"));
  await Deno.writeTextFile(
    join(managed, "config.jsonc"),
    typeof managedConfig === "string" ? managedConfig : JSON.stringify(managedConfig),
  );
  await Deno.chmod(join(managed, "config.jsonc"), 0o644);
  try {
    await fn({ base, home, managed, project, env: { HOOKGATE_MANAGED_DIR: managed, CLAUDE_PROJECT_DIR: project } });
  } finally {
    await Deno.remove(base, { recursive: true });
  }
}

const GUARD = {
  hooks: {
    PreToolUse: [{
      name: "managed-guard",
      matcher: "bash",
      command: "cat >/dev/null; echo managed-block >&2; exit 2",
    }],
  },
};
const DENY_RM = { rules: { deny: ["Bash(rm *)"] } };
const RM_INPUT = '{"command":"rm -r victim"}';
const rmCall = (cwd: string) =>
  JSON.stringify({
    session_id: "s",
    cwd,
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command: "rm -r victim" },
  });

Deno.test("hook-run run --no-hooks still runs a managed hook, and a user's --config cannot remove it", async () => {
  await withManaged(GUARD, async ({ base, home, project, env }) => {
    const mine = join(base, "mine.jsonc");
    await Deno.writeTextFile(mine, '{"hooks": {"PreToolUse": [{"name": "mine", "command": "true"}]}}');
    const run = await cli(
      ["run", "PreToolUse", "--tool", "Bash", "--input", RM_INPUT, "--no-hooks", "--config", mine, "--json"],
      { home, cwd: project, env },
    );
    equal(run.code, 2, run.stderr);
    const result = JSON.parse(run.stdout);
    match(JSON.stringify(result), /managed-block/);
    match(JSON.stringify(result), /managed-guard/);
  });
});

Deno.test("hook-run gateway denies by a managed rule despite the project's disableAllHooks, allow rules and a --config allow", async () => {
  await withManaged({ ...DENY_RM }, async ({ base, home, project, env }) => {
    await Deno.writeTextFile(join(project, ".claude/settings.json"), '{"disableAllHooks": true}');
    await Deno.writeTextFile(join(project, ".hookgate/config.jsonc"), '{"rules": {"allow": ["Bash(rm *)"]}}');
    await Deno.writeTextFile(join(home, ".config/hookgate/config.jsonc"), '{"rules": {"allow": ["Bash(rm *)"]}}');
    const allow = join(base, "allow.jsonc");
    await Deno.writeTextFile(allow, '{"rules": {"allow": ["Bash(rm *)"]}}');
    const run = await cli(["gateway", "--config", allow], {
      home,
      cwd: project,
      stdin: rmCall(project),
      env: { ...env, HOOKGATE_TRUST_PROJECT: "1" },
    });
    equal(run.code, 0, run.stderr);
    const answer = JSON.parse(run.stdout);
    equal(answer.hookSpecificOutput?.permissionDecision, "deny");
    match(
      answer.hookSpecificOutput?.permissionDecisionReason,
      /rule deny "Bash\(rm \*\)" \(managed: .*managed\/config\.jsonc\)/,
    );
  });
});

Deno.test("hook-run gateway denies by a managed hook whatever the environment and the user's settings switch", async () => {
  await withManaged(GUARD, async ({ base, home, project, env }) => {
    const elsewhere = join(base, "elsewhere");
    await Deno.mkdir(join(elsewhere, ".hookgate"), { recursive: true });
    await Deno.writeTextFile(join(elsewhere, ".hookgate/config.jsonc"), '{"managedOnly": true, "hooks": {}}');
    await Deno.mkdir(join(home, ".claude"), { recursive: true });
    await Deno.writeTextFile(join(home, ".claude/settings.json"), '{"disableAllHooks": true}');
    await Deno.writeTextFile(join(project, ".claude/settings.local.json"), '{"disableAllHooks": true}');
    const switches: Record<string, string>[] = [
      { HOOKGATE_HOME: elsewhere },
      { CLAUDE_PROJECT_DIR: elsewhere, HOOKGATE_PROJECT_DIR: elsewhere },
      { HOOKGATE_TRUST_PROJECT: "1" },
      { HOOKGATE_MANAGED_DIR: `${env.HOOKGATE_MANAGED_DIR}:${elsewhere}` },
    ];
    for (const more of switches) {
      const run = await cli(["gateway"], { home, cwd: project, stdin: rmCall(project), env: { ...env, ...more } });
      const said = `${JSON.stringify(more)}: ${run.stdout}${run.stderr}`;
      equal(run.code, 0, said);
      equal(JSON.parse(run.stdout).hookSpecificOutput?.permissionDecision, "deny", said);
      match(JSON.parse(run.stdout).hookSpecificOutput?.permissionDecisionReason, /managed-block/, said);
    }
  });
});

Deno.test("hook-run check, list and trust show the managed layer; trust --revoke leaves its hook running", async () => {
  await withManaged(GUARD, async ({ home, managed, project, env }) => {
    await Deno.writeTextFile(
      join(project, ".hookgate/config.jsonc"),
      '{"hooks": {"PreToolUse": [{"name": "project-hook", "command": "true"}]}}',
    );
    const file = join(managed, "config.jsonc");
    const check = await cli(["check"], { home, cwd: project, env });
    equal(check.code, 0, check.stdout + check.stderr);
    match(check.stdout, new RegExp(`${file}: managed \\(system-wide, by your administrator\\)`));
    const json = await cli(["check", "--json"], { home, cwd: project, env });
    deepEqual(JSON.parse(json.stdout).managed, [file]);
    const list = await cli(["list", "--json"], { home, cwd: project, env });
    const rows = JSON.parse(list.stdout) as { name: string; trust: string; policy: boolean }[];
    deepEqual(
      rows.filter((row) => row.name === "managed-guard").map((row) => [row.trust, row.policy]),
      [["managed", true]],
    );
    const trust = await cli(["trust", "--yes"], { home, cwd: project, env });
    equal(trust.code, 0, trust.stdout + trust.stderr);
    match(trust.stdout, new RegExp(`${file}: managed`));
    const revoke = await cli(["trust", "--revoke"], { home, cwd: project, env });
    equal(revoke.code, 0, revoke.stderr);
    const run = await cli(["gateway"], { home, cwd: project, stdin: rmCall(project), env });
    equal(run.code, 0, run.stderr);
    const answer = JSON.parse(run.stdout);
    deepEqual(
      [answer.hookSpecificOutput?.permissionDecision, answer.hookSpecificOutput?.permissionDecisionReason],
      ["deny", "managed-block"],
    );
  });
});

Deno.test("hook-run with a managed \"managedOnly\": true runs none of the user's or the project's hooks, and check says so", async () => {
  await withManaged(
    { managedOnly: true, hooks: { Stop: [{ name: "managed-stop", command: "true" }] } },
    async (dirs) => {
      const { home, project, env } = dirs;
      await Deno.writeTextFile(
        join(home, ".config/hookgate/config.jsonc"),
        '{"hooks": {"PreToolUse": [{"name": "user-guard", "command": "exit 2"}]}}',
      );
      await Deno.writeTextFile(join(project, ".hookgate/config.jsonc"), '{"rules": {"deny": ["Bash(rm *)"]}}');
      const list = await cli(["list", "--json"], { home, cwd: project, env });
      deepEqual((JSON.parse(list.stdout) as { name: string }[]).map((row) => row.name), ["managed-stop"]);
      const check = await cli(["check"], { home, cwd: project, env });
      match(check.stdout, /"managedOnly" is true: only the managed layers load/);
      const run = await cli(["gateway"], { home, cwd: project, stdin: rmCall(project), env });
      equal(run.code, 0, run.stderr);
      equal(JSON.parse(run.stdout).hookSpecificOutput?.permissionDecision, undefined);
    },
  );
});

Deno.test("hook-run gateway denies every tool call while the managed file cannot be parsed, naming it", async () => {
  await withManaged("{ not json", async ({ home, managed, project, env }) => {
    const run = await cli(["gateway"], { home, cwd: project, stdin: rmCall(project), env });
    equal(run.code, 0, run.stderr);
    const answer = JSON.parse(run.stdout);
    equal(answer.hookSpecificOutput?.permissionDecision, "deny");
    match(answer.hookSpecificOutput?.permissionDecisionReason, new RegExp(join(managed, "config.jsonc")));
  });
});
