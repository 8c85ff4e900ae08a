// hook-run gateway --agent and hook-run serve ?agent=: the calling agent
// picks the dialect, Claude Code is the default, and an agent hookgate does
// not answer is refused as a block, never as "go ahead".

import { deepEqual, equal, match } from "node:assert/strict";
import { cli } from "./_cli.ts";
import { hook, withProject } from "./_claude_project.ts";
import { post, serve, TRUSTED } from "./_serve.ts";

const RM = { session_id: "s-1", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "rm -rf /" } };

Deno.test("hook-run gateway --agent claude answers exactly as the default, an unknown agent is exit 2", async (t) => {
  await withProject({ PreToolUse: [{ matcher: "Bash", hooks: [hook("guard.sh")] }] }, async (dir) => {
    const env = { CLAUDE_PROJECT_DIR: dir, ...TRUSTED };
    const stdin = JSON.stringify({ ...RM, cwd: dir });
    const plain = await cli(["gateway"], { cwd: dir, stdin, env });
    equal(plain.code, 0, plain.stderr);
    match(plain.stdout, /"permissionDecision":"deny"/);
    await t.step("--agent claude", async () => {
      const named = await cli(["gateway", "--agent", "claude"], { cwd: dir, stdin, env });
      deepEqual([named.code, named.stdout], [0, plain.stdout]);
    });
    await t.step("an unknown agent blocks with one line on stderr", async () => {
      for (const agent of ["gemnii", "Claude", "toString"]) {
        const run = await cli(["gateway", "--agent", agent], { cwd: dir, stdin, env });
        equal(run.code, 2, agent);
        equal(run.stdout, "");
        equal(run.stderr.trimEnd().split("\n").length, 1, run.stderr);
        match(run.stderr, new RegExp(`unknown agent "${agent}"; expected one of claude`));
      }
    });
  });
});

Deno.test("hook-run serve ?agent=claude answers as the default, an unknown agent is refused as a block", async (t) => {
  await withProject({ PreToolUse: [{ matcher: "Bash", hooks: [hook("guard.sh")] }] }, async (dir) => {
    const server = await serve(["--cwd", dir], { cwd: dir, env: TRUSTED });
    try {
      const event = { ...RM, cwd: dir };
      const plain = await post(`${server.url}/hooks/PreToolUse`, event);
      equal(plain.status, 200);
      match(plain.text, /"permissionDecision":"deny"/);
      await t.step("?agent=claude", async () => {
        deepEqual(await post(`${server.url}/hooks/PreToolUse?agent=claude`, event), plain);
        deepEqual(await post(`${server.url}/hooks?agent=claude`, event), plain);
      });
      await t.step("an unknown agent on an event that can block: Claude's block, no hook run", async () => {
        const refused = await post(`${server.url}/hooks/PreToolUse?agent=gemnii`, { ...event, tool_input: {} });
        equal(refused.status, 200);
        const answer = JSON.parse(refused.text);
        equal(answer.hookSpecificOutput.permissionDecision, "deny");
        match(answer.hookSpecificOutput.permissionDecisionReason, /unknown agent "gemnii"/);
      });
      await t.step("an unknown agent elsewhere: 400, which a command hook's curl turns into a block", async () => {
        for (const path of ["/hooks?agent=x", "/hooks/BeforeTool?agent=x", "/hooks/Notification?agent=x"]) {
          const refused = await post(`${server.url}${path}`, event);
          equal(refused.status, 400, path);
          match(JSON.parse(refused.text).error, /unknown agent "x"; expected one of claude/);
        }
      });
      await t.step("an event the agent does not name: 404", async () => {
        const refused = await post(`${server.url}/hooks/before_tool?agent=claude`, event);
        equal(refused.status, 404);
        match(JSON.parse(refused.text).error, /"before_tool" is not a Claude Code hook event name/);
      });
    } finally {
      equal((await server.stop()).code, 0);
    }
  });
});
