// Cursor's own hooks.json files as configuration layers: the project's
// (under trust) and the user's, run with Cursor's rules when another agent
// calls, left to Cursor when Cursor calls, and seen by check, list and
// trust.

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli } from "../../cli/_cli.ts";
import { cursorProject, payload } from "./_project.ts";

/** A Claude Code PreToolUse on Bash, for `hook-run gateway` (Claude is the caller). */
function claudeBash(dir: string, command: string): Record<string, unknown> {
  return {
    hook_event_name: "PreToolUse",
    session_id: "s",
    transcript_path: join(dir, "t.jsonl"),
    cwd: dir,
    permission_mode: "default",
    tool_name: "Bash",
    tool_input: { command },
    tool_use_id: "t1",
  };
}

/** Runs `hook-run gateway` (Claude) in the project with `payload`; the home is `~` too (`~/.cursor/`). */
async function claudeGateway(project: { dir: string; home: string }, value: Record<string, unknown>) {
  const run = await cli(["gateway"], {
    cwd: project.dir,
    home: project.home,
    stdin: JSON.stringify(value),
    env: { HOME: project.home },
  });
  return { ...run, answer: run.stdout.trim() === "" ? {} : JSON.parse(run.stdout) };
}

// Reached only through its matcher ("curl|wget"): whatever reaches it is refused.
const GUARD = `#!/bin/sh
cat > /dev/null
echo '{"permission": "deny", "user_message": "no curl", "agent_message": "no curl"}'
`;

Deno.test("Cursor's own hooks run from .cursor/hooks.json with Cursor's rules", async (t) => {
  await using project = await cursorProject({
    hooks: null,
    cursorHooks: {
      version: 1,
      hooks: {
        beforeShellExecution: [
          { command: ".cursor/hooks/guard.sh", matcher: "curl|wget" },
          // Cursor fails open unless failClosed: a crash only blocks where the hook says so.
          { command: "exit 1", matcher: "^crash-open" },
          { command: "exit 1", matcher: "^crash-closed", failClosed: true },
        ],
      },
    },
    files: { ".cursor/hooks/guard.sh": GUARD },
  });
  await t.step("a Cursor guard denies a Claude Bash call, given Cursor's payload", async () => {
    const run = await claudeGateway(project, claudeBash(project.dir, "curl http://x"));
    equal(run.code, 0, run.stderr);
    equal(run.answer.hookSpecificOutput?.permissionDecision, "deny");
    equal(run.answer.hookSpecificOutput?.permissionDecisionReason, "no curl");
  });
  await t.step("its matcher tests the command text, as Cursor's does", async () => {
    const run = await claudeGateway(project, claudeBash(project.dir, "echo curl"));
    equal(run.code, 0, run.stderr);
    equal(run.answer.hookSpecificOutput?.permissionDecision, "deny");
    const other = await claudeGateway(project, claudeBash(project.dir, "ls"));
    equal(other.answer.hookSpecificOutput?.permissionDecision, undefined);
  });
  await t.step("a crash without failClosed fails open, as in Cursor", async () => {
    const run = await claudeGateway(project, claudeBash(project.dir, "crash-open"));
    equal(run.code, 0, run.stderr);
    equal(run.answer.hookSpecificOutput?.permissionDecision, undefined);
  });
  await t.step("a crash with failClosed denies", async () => {
    const run = await claudeGateway(project, claudeBash(project.dir, "crash-closed"));
    equal(run.code, 0, run.stderr);
    equal(run.answer.hookSpecificOutput?.permissionDecision, "deny");
  });
});

Deno.test("Cursor's stop hooks keep the agent going up to Cursor's loop limit", async () => {
  await using project = await cursorProject({
    hooks: null,
    cursorHooks: {
      version: 1,
      hooks: { stop: [{ command: `echo '{"followup_message": "run the tests"}'` }] },
    },
  });
  const stop = (active: boolean) => ({
    hook_event_name: "Stop",
    session_id: "s",
    transcript_path: join(project.dir, "t.jsonl"),
    cwd: project.dir,
    stop_hook_active: active,
  });
  const first = await claudeGateway(project, stop(false));
  equal(first.code, 0, first.stderr);
  deepEqual(first.answer, { decision: "block", reason: "run the tests" });
  // A loop_limit other than Cursor's default is Cursor's to apply: check says so rather than pretend.
  await Deno.writeTextFile(
    join(project.dir, ".cursor/hooks.json"),
    JSON.stringify({ version: 1, hooks: { stop: [{ command: "echo {}", loop_limit: 2 }] } }),
  );
  const check = await project.run(["check"]);
  match(check.stdout + check.stderr, /loop_limit.*not after 2|not after 2/s);
});

Deno.test("a user hook of ~/.cursor/hooks.json runs in ~/.cursor/, where Cursor resolves its relative command", async () => {
  await using project = await cursorProject({
    hooks: null,
    userCursorHooks: { version: 1, hooks: { beforeShellExecution: [{ command: "hooks/user_guard.sh" }] } },
    files: {
      "~/.cursor/hooks/user_guard.sh":
        `#!/bin/sh\necho '{"permission": "deny", "user_message": "ran in '"$(pwd)"'"}'\n`,
    },
  });
  const run = await claudeGateway(project, claudeBash(project.dir, "ls"));
  equal(run.code, 0, run.stderr);
  const answer = run.answer;
  equal(answer.hookSpecificOutput?.permissionDecision, "deny", run.stdout + run.stderr);
  equal(answer.hookSpecificOutput?.permissionDecisionReason, `ran in ${join(project.home, ".cursor")}`);
});

Deno.test("hook-run gateway --agent cursor leaves Cursor's own files to Cursor: each hook runs once", async () => {
  const counter = `#!/bin/sh\necho ran >> "$CURSOR_PROJECT_DIR/ran.txt"\necho '{}'\n`;
  await using project = await cursorProject({
    hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "sh .cursor/count.sh" }] }] },
    cursorHooks: { version: 1, hooks: { beforeShellExecution: [{ command: ".cursor/count.sh" }] } },
    files: { ".cursor/count.sh": counter },
  });
  const run = await project.gateway(await payload("before_shell_execution", project.dir, { command: "ls" }));
  equal(run.code, 0, run.stderr);
  // hookgate's own hook ran; the one in .cursor/hooks.json is Cursor's to run.
  equal(await Deno.readTextFile(join(project.dir, "ran.txt")), "ran\n");
});

Deno.test("check, list and trust see .cursor/hooks.json", async (t) => {
  await using project = await cursorProject({
    hooks: null,
    trust: false,
    cursorHooks: {
      version: 1,
      hooks: { beforeShellExecution: [{ command: ".cursor/hooks/guard.sh", matcher: "curl", timeout: 5 }] },
    },
    files: { ".cursor/hooks/guard.sh": GUARD },
  });
  await t.step("trust lists the Cursor file and trusts it", async () => {
    const run = await project.run(["trust", "--cwd", project.dir, "--yes"]);
    equal(run.code, 0, run.stdout + run.stderr);
    match(run.stdout + run.stderr, /\.cursor\/hooks\.json/);
  });
  await t.step("check reads it without problems", async () => {
    const run = await project.run(["check", "--json"]);
    equal(run.code, 0, run.stdout + run.stderr);
    match(run.stdout, /\.cursor\/hooks\.json/);
  });
  await t.step("list shows its hook on PreToolUse, as Cursor's beforeShellExecution", async () => {
    const run = await project.run(["list"]);
    equal(run.code, 0, run.stdout + run.stderr);
    match(run.stdout, /PreToolUse/);
    match(run.stdout, /guard\.sh/);
    ok(run.stdout.includes(".cursor/hooks.json") || run.stdout.includes("beforeShellExecution"), run.stdout);
  });
  await t.step("check fails on a broken Cursor file, naming it", async () => {
    await Deno.writeTextFile(
      join(project.dir, ".cursor/hooks.json"),
      JSON.stringify({ version: 1, hooks: { beforeShellExecution: [{ command: "x", matcher: "(" }] } }),
    );
    const run = await project.run(["check"]);
    equal(run.code, 1, run.stdout + run.stderr);
    match(run.stdout + run.stderr, /hooks\.json.*matcher|matcher.*not a valid regular expression/s);
  });
});

Deno.test("the documented routing file in ~/.cursor/hooks.json is routing, not hooks, and check stays quiet about it", async () => {
  const routing = JSON.parse(
    await Deno.readTextFile(new URL("../../../docs/agents/cursor-hooks.json", import.meta.url)),
  );
  await using project = await cursorProject({ userCursorHooks: routing });
  // Cursor's own file is where its routing belongs: no warning for the set-up the docs give.
  const check = await project.run(["check"]);
  equal(check.code, 0, check.stdout + check.stderr);
  match(check.stdout + check.stderr, /0 warnings/);
  // Called by another agent, hookgate leaves the routing entries out instead of starting itself again.
  const run = await claudeGateway(project, claudeBash(project.dir, "rm -rf /"));
  equal(run.code, 0, run.stderr);
  equal(run.answer.hookSpecificOutput?.permissionDecision, "deny");
});
