// Hook scripts as Claude Code's docs write them — bash + jq, python3, node —
// run unmodified from a project's .claude/settings.json, through the one
// runner, with hookgate's deterministic semantics.

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { type HookHost, openHookHost } from "../../mod.ts";
import { memoryLogger } from "../_helpers.ts";

const SCRIPTS = new URL("../testdata/claude/hooks/", import.meta.url).pathname;

interface Project extends AsyncDisposable {
  dir: string;
  host: HookHost;
  logger: ReturnType<typeof memoryLogger>;
}

/** A project whose .claude/settings.json holds `hooks`, with the scripts in .claude/hooks/. */
async function project(hooks: Record<string, unknown>, extra: Record<string, string> = {}): Promise<Project> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-claude-" }));
  await Deno.mkdir(join(dir, ".claude", "hooks"), { recursive: true });
  for (const entry of Deno.readDirSync(SCRIPTS)) {
    await Deno.copyFile(join(SCRIPTS, entry.name), join(dir, ".claude", "hooks", entry.name));
    await Deno.chmod(join(dir, ".claude", "hooks", entry.name), 0o755);
  }
  await Deno.writeTextFile(join(dir, ".claude", "settings.json"), JSON.stringify({ hooks }));
  for (const [path, text] of Object.entries(extra)) await Deno.writeTextFile(join(dir, path), text);
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

const hook = (script: string, ...args: string[]) => ({
  type: "command",
  command: `"$CLAUDE_PROJECT_DIR"/.claude/hooks/${script}${args.map((a) => ` ${a}`).join("")}`,
});

Deno.test("Claude hooks: a bash + jq guard denies through hookSpecificOutput", async () => {
  await using p = await project({ PreToolUse: [{ matcher: "Bash", hooks: [hook("guard.sh")] }] });
  const env = { cwd: p.dir };
  deepEqual(await p.host.runner.preToolUse("Bash", { command: "rm -rf /" }, env), {
    block: true,
    reason: "rm -rf is blocked by the guard",
  });
  deepEqual(await p.host.runner.preToolUse("Bash", { command: "ls" }, env), {});
  // Claude's matchers are case-sensitive names.
  deepEqual(await p.host.runner.preToolUse("bash", { command: "rm -rf /" }, env), {});
});

Deno.test("Claude hooks: exit 2 blocks with stderr as the reason, whatever stdout says", async () => {
  await using p = await project({ PreToolUse: [{ hooks: [hook("exit2.sh")] }] });
  deepEqual(await p.host.runner.preToolUse("Bash", { command: "git push" }, { cwd: p.dir }), {
    block: true,
    reason: "no pushes on Fridays",
  });
});

Deno.test("Claude hooks: two rewrites compose in configuration order, each seeing the previous one", async () => {
  await using p = await project({
    PreToolUse: [
      {
        matcher: "Bash",
        hooks: [{ type: "command", command: "python3", args: ["${CLAUDE_PROJECT_DIR}/.claude/hooks/add_flag.py"] }],
      },
      { matcher: "Bash", hooks: [hook("add_timeout.js")] },
    ],
  });
  deepEqual(await p.host.runner.preToolUse("Bash", { command: "make deploy" }, { cwd: p.dir }), {
    input: { command: "make deploy --dry-run", timeout: 30 },
  });
});

Deno.test("Claude hooks: ask and defer reach the host as themselves, the most restrictive wins, a rewrite survives", async () => {
  await using p = await project({
    PreToolUse: [{
      hooks: [
        { type: "command", command: "python3", args: ["${CLAUDE_PROJECT_DIR}/.claude/hooks/add_flag.py"] },
        hook("ask.py", "ask"),
      ],
    }],
  });
  deepEqual(await p.host.runner.preToolUse("Bash", { command: "ls" }, { cwd: p.dir }), {
    input: { command: "ls --dry-run" },
    decision: "ask",
    reason: "please confirm",
  });
  await using q = await project({ PreToolUse: [{ hooks: [hook("ask.py", "ask"), hook("ask.py", "defer")] }] });
  equal((await q.host.runner.preToolUse("Bash", {}, { cwd: q.dir })).decision, "defer");
});

Deno.test("Claude hooks: plain text on stdout is context on UserPromptSubmit", async () => {
  await using p = await project({ UserPromptSubmit: [{ hooks: [hook("context.sh")] }] });
  deepEqual(await p.host.runner.userPromptSubmit("commit this", { cwd: p.dir }), {
    additionalContext: "Reminder: this repo uses conventional commits.",
  });
});

Deno.test("Claude hooks: continue:false halts the agent, beating every decision", async () => {
  await using p = await project({ PostToolUse: [{ hooks: [hook("halt.py")] }] });
  deepEqual(
    await p.host.runner.postToolUse("Bash", {}, { content: "", isError: false }, { cwd: p.dir }),
    { halt: true, stopReason: "budget exhausted", systemMessage: "stopping the agent" },
  );
});

Deno.test("Claude hooks: Stop's decision block keeps going once, stop_hook_active lets it stop, and the cap ends a loop", async (t) => {
  await t.step("a hook that checks stop_hook_active", async () => {
    await using p = await project({ Stop: [{ hooks: [hook("stop.js")] }] });
    deepEqual(await p.host.runner.stop({ cwd: p.dir }), { block: true, reason: "run the tests first" });
    deepEqual(await p.host.runner.stop({ cwd: p.dir }), {});
  });
  await t.step("a hook that never lets go is capped, with a warning naming it", async () => {
    await using p = await project({ Stop: [{ hooks: [hook("stop.js", "always")] }] });
    let blocks = 0;
    for (let i = 0; i < 12 && (await p.host.runner.stop({ cwd: p.dir })).block; i++) blocks++;
    equal(blocks, 8);
    match(
      p.logger.warnings.join("\n"),
      /Stop hooks blocked 8 consecutive times \(cap 8\).*blocked by ".*stop\.js always"/,
    );
  });
});

Deno.test("Claude hooks: exact names and unanchored regexes select tools as Claude's do", async () => {
  await using p = await project({
    PreToolUse: [
      { matcher: "Edit.*", hooks: [hook("log_event.sh", "regex")] },
      { matcher: "Edit", hooks: [hook("log_event.sh", "exact")] },
      { matcher: "mcp__memory__.*", hooks: [hook("log_event.sh", "mcp")] },
    ],
  });
  const env = { cwd: p.dir };
  const log = async () => {
    const text = await Deno.readTextFile(join(p.dir, "events.log")).catch(() => "");
    await Deno.remove(join(p.dir, "events.log")).catch(() => {});
    return text.trim().split("\n").filter((line) => line !== "").map((line) => line.split(" ")[2]);
  };
  await p.host.runner.preToolUse("NotebookEdit", {}, env);
  deepEqual(await log(), ["regex"]);
  await p.host.runner.preToolUse("Edit", {}, env);
  deepEqual(await log(), ["regex", "exact"]);
  await p.host.runner.preToolUse("mcp__memory__create_entities", {}, env);
  deepEqual(await log(), ["mcp"]);
  await p.host.runner.preToolUse("mcp__memory", {}, env);
  deepEqual(await log(), []);
});

Deno.test("Claude hooks: ${CLAUDE_PROJECT_DIR} works in shell and exec form, and is exported", async () => {
  await using p = await project({
    SessionStart: [{
      hooks: [
        hook("log_event.sh", "shell"),
        { type: "command", command: "bash", args: ["${CLAUDE_PROJECT_DIR}/.claude/hooks/log_event.sh", "exec"] },
      ],
    }],
  });
  await p.host.runner.sessionStart({ cwd: p.dir });
  const lines = (await Deno.readTextFile(join(p.dir, "events.log"))).trim().split("\n").sort();
  deepEqual(lines, [`SessionStart ${p.dir} exec`, `SessionStart ${p.dir} shell`]);
});

Deno.test("Claude hooks: an identical handler in settings.json and settings.local.json runs once per event", async () => {
  await using p = await project({ Stop: [{ hooks: [hook("log_event.sh", "once")] }] }, {
    ".claude/settings.local.json": JSON.stringify({ hooks: { Stop: [{ hooks: [hook("log_event.sh", "once")] }] } }),
  });
  equal(p.host.registry.list("Stop").length, 2);
  await p.host.runner.stop({ cwd: p.dir });
  deepEqual((await Deno.readTextFile(join(p.dir, "events.log"))).trim().split("\n"), [`Stop ${p.dir} once`]);
  ok(true);
});
