// Hook scripts as Claude Code's docs write them — bash + jq, python3, node —
// run unmodified from a project's .claude/settings.json, through the one
// runner, with hookgate's deterministic semantics.

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { hook, project } from "./_project.ts";

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

Deno.test("Claude hooks: each sees the agent's input, as in Claude; of two rewrites the later in configuration order wins, with a warning naming both", async () => {
  await using p = await project({
    PreToolUse: [
      {
        matcher: "Bash",
        hooks: [{ type: "command", command: "python3", args: ["${CLAUDE_PROJECT_DIR}/.claude/hooks/add_flag.py"] }],
      },
      { matcher: "Bash", hooks: [hook("add_timeout.js")] },
    ],
  });
  // add_flag.py also approves the call: its allow stands, its rewrite is replaced.
  deepEqual(await p.host.runner.preToolUse("Bash", { command: "make deploy" }, { cwd: p.dir }), {
    input: { command: "make deploy", timeout: 30 },
    decision: "allow",
  });
  match(
    p.logger.warnings.join("\n"),
    /Hooks "python3" and ".*add_timeout\.js" both rewrote the input of tool "Bash".*"[^"]*add_timeout\.js" is later in configuration order, so its rewrite is used/,
  );
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
  // Both ran, at the same time: the log's order is theirs.
  deepEqual((await log()).sort(), ["exact", "regex"]);
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

Deno.test("Claude hooks: of one handler under two if conditions, both run on a call both match; under one, once", async () => {
  const logged = (tag: string, rule: string) => ({ ...hook("log_event.sh", tag), if: rule });
  await using p = await project({
    PreToolUse: [
      { matcher: "Bash", hooks: [logged("git", "Bash(git *)"), logged("git", "Bash(git status)")] },
      // The same command and if as the first, under another matcher: Claude runs it once with the first.
      { matcher: "*", hooks: [logged("git", "Bash(git *)")] },
    ],
  });
  await p.host.runner.preToolUse("Bash", { command: "git status" }, { cwd: p.dir });
  deepEqual((await Deno.readTextFile(join(p.dir, "events.log"))).trim().split("\n"), [
    `PreToolUse ${p.dir} git`,
    `PreToolUse ${p.dir} git`,
  ]);
  await Deno.remove(join(p.dir, "events.log"));
  await p.host.runner.preToolUse("Bash", { command: "git log" }, { cwd: p.dir });
  deepEqual((await Deno.readTextFile(join(p.dir, "events.log"))).trim().split("\n"), [`PreToolUse ${p.dir} git`]);
});
