// Who runs what: Claude Code runs the hooks in its own settings files
// (.claude/settings.json, .claude/settings.local.json) itself, so hook-run
// gateway and hook-run serve, answering Claude, leave them out — each hook
// runs once. Commands without a caller show every layer, the agent's own
// marked as run by it.

import { equal, match } from "node:assert/strict";
import { join } from "node:path";
import { cli } from "./_cli.ts";
import { post, serve, TRUSTED } from "./_serve.ts";

const COUNT = new URL("../testdata/published_style/count.sh", import.meta.url).pathname;

/** A project whose Claude settings and hookgate configuration each hold one counting PreToolUse hook. */
async function withCountingProject(fn: (dir: string, runs: () => Promise<string[]>) => Promise<void>): Promise<void> {
  const base = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-who-" }));
  const dir = join(base, "project");
  // Outside the project: a file its hooks name is part of what trust hashes.
  const counter = join(base, "runs.txt");
  const counting = (label: string) => ({
    hooks: { PreToolUse: [{ hooks: [{ type: "command", command: `sh ${COUNT} ${counter} ${label}` }] }] },
  });
  try {
    await Deno.mkdir(join(dir, ".claude"), { recursive: true });
    await Deno.mkdir(join(dir, ".hookgate"));
    await Deno.writeTextFile(join(dir, ".claude", "settings.json"), JSON.stringify(counting("claude-settings")));
    await Deno.writeTextFile(join(dir, ".claude", "settings.local.json"), JSON.stringify(counting("claude-local")));
    // A Claude-shaped file in .hookgate/ is read in Claude's dialect: a project's hooks for hookgate to run.
    await Deno.writeTextFile(join(dir, ".hookgate", "config.jsonc"), JSON.stringify(counting("hookgate")));
    const runs = async () => (await Deno.readTextFile(counter).catch(() => "")).split("\n").filter(Boolean).sort();
    await fn(dir, runs);
  } finally {
    await Deno.remove(base, { recursive: true });
  }
}

const PRE = { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } };

Deno.test("hook-run gateway leaves the hooks of Claude's own settings files to Claude, and runs hookgate's", async () => {
  await withCountingProject(async (dir, runs) => {
    const run = await cli(["gateway"], {
      cwd: dir,
      stdin: JSON.stringify({ ...PRE, session_id: "s", cwd: dir }),
      env: { CLAUDE_PROJECT_DIR: dir, ...TRUSTED },
    });
    equal(run.code, 0, run.stderr);
    equal(run.stdout, "{}\n");
    equal((await runs()).join(), "hookgate");
  });
});

Deno.test("hook-run gateway says nothing of an untrusted project whose only hooks are Claude's own", async () => {
  await withCountingProject(async (dir, runs) => {
    await Deno.remove(join(dir, ".hookgate"), { recursive: true });
    const run = await cli(["gateway"], {
      cwd: dir,
      stdin: JSON.stringify({ ...PRE, session_id: "s", cwd: dir }),
      env: { CLAUDE_PROJECT_DIR: dir },
    });
    equal(run.code, 0, run.stderr);
    equal(run.stdout, "{}\n");
    equal(run.stderr.includes("not trusted"), false, run.stderr);
    equal((await runs()).length, 0);
  });
});

Deno.test("hook-run gateway counts only hookgate's own hooks among an untrusted project's skipped ones", async () => {
  await withCountingProject(async (dir, runs) => {
    const run = await cli(["gateway"], {
      cwd: dir,
      stdin: JSON.stringify({ ...PRE, session_id: "s", cwd: dir }),
      env: { CLAUDE_PROJECT_DIR: dir },
    });
    equal(run.code, 0, run.stderr);
    match(JSON.parse(run.stdout).systemMessage, /skipped 1 project hook of an untrusted project/);
    equal((await runs()).length, 0);
  });
});

Deno.test("hook-run serve leaves the hooks of Claude's own settings files to Claude, and runs hookgate's", async () => {
  await withCountingProject(async (dir, runs) => {
    const server = await serve(["--cwd", dir], { cwd: dir, env: TRUSTED });
    try {
      const answer = await post(`${server.url}/hooks/PreToolUse`, { ...PRE, session_id: "s", cwd: dir });
      equal(answer.status, 200);
      equal((await runs()).join(), "hookgate");
    } finally {
      equal((await server.stop()).code, 0);
    }
  });
});

Deno.test("hook-run run runs every layer; with --agent claude, only what hookgate runs for Claude", async (t) => {
  await withCountingProject(async (dir, runs) => {
    await t.step("no caller: every layer", async () => {
      const run = await cli(["run", "PreToolUse", "--tool", "Bash", "--input", "{}"], { cwd: dir, env: TRUSTED });
      equal(run.code, 0, run.stderr);
      equal((await runs()).join(), "claude-local,claude-settings,hookgate");
    });
    await Deno.remove(join(dir, "..", "runs.txt"));
    await t.step("--agent claude: Claude's own files are left to it", async () => {
      const run = await cli(["run", "PreToolUse", "--tool", "Bash", "--input", "{}", "--agent", "claude"], {
        cwd: dir,
        env: TRUSTED,
      });
      equal(run.code, 0, run.stderr);
      equal((await runs()).join(), "hookgate");
    });
  });
});

Deno.test("hook-run check, list, trust and permissions mark the hooks of Claude's own settings as run by Claude Code itself", async () => {
  await withCountingProject(async (dir) => {
    const check = await cli(["check"], { cwd: dir, env: TRUSTED });
    equal(check.code, 0, check.stdout + check.stderr);
    match(check.stdout, /\.claude\/settings\.json: run by Claude Code itself/);
    match(check.stdout, /\.claude\/settings\.local\.json: run by Claude Code itself/);
    const list = await cli(["list"], { cwd: dir, env: TRUSTED });
    equal(list.code, 0, list.stderr);
    const rows = list.stdout.split("\n");
    match(rows.find((row) => row.includes(".claude/settings.json"))!, /Claude Code/);
    match(rows.find((row) => row.includes(".hookgate/config.jsonc"))!, /hookgate/);
    const trust = await cli(["trust", "--cwd", dir]);
    match(trust.stdout, /from \.claude\/settings\.json \(run by Claude Code itself/);
    equal(/from \.hookgate\/config\.jsonc \(run by/.test(trust.stdout), false, trust.stdout);
    const permissions = await cli(["permissions"], { cwd: dir, env: TRUSTED });
    match(permissions.stdout, /2 hooks are in Claude Code's own settings files, run by Claude Code itself/);
    const json = JSON.parse((await cli(["list", "--json"], { cwd: dir, env: TRUSTED })).stdout);
    equal(json.find((row: { source: string }) => row.source === ".claude/settings.json").runBy, "claude");
    equal(json.find((row: { source: string }) => row.source === ".hookgate/config.jsonc").runBy, "hookgate");
  });
});
