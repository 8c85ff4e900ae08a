// A Claude Code user's approvers and rewriters, run by hook-run gateway: a
// hook's allow is Claude's allow, updatedInput replaces the whole input,
// PermissionRequest approvals keep their updatedPermissions, and several
// hooks combine as in Claude (most restrictive wins, every hook runs).

import { deepEqual } from "node:assert/strict";
import { assertAnswer, claudeSetup, command, preToolUse } from "./_claude_style.ts";

const HOOKS = `"$CLAUDE_PROJECT_DIR"/.claude/hooks`;
const STATUS = { command: "git status", description: "Show status", timeout: 120000, run_in_background: false };

Deno.test("hook-run gateway forwards a bash rewriter's updatedInput whole, with its allow or without one", async (t) => {
  await using p = await claudeSetup();
  const call = (input: Record<string, unknown> = STATUS) =>
    p.gateway(p.event("PreToolUse", { tool_name: "Bash", tool_input: input, tool_use_id: "toolu_01" }));
  await t.step("rewrite and allow: Claude runs the new command without asking", async () => {
    await p.project({ PreToolUse: [{ matcher: "Bash", hooks: [command(`${HOOKS}/rewrite.sh allow`)] }] });
    // The replacement is whole: every key the hook copied comes back.
    assertAnswer(
      await call(),
      preToolUse("allow", "rewrite", { updatedInput: { ...STATUS, command: "mytool git status" } }),
    );
  });
  await t.step("rewrite only: the new command goes through Claude's own permission flow", async () => {
    await p.project({ PreToolUse: [{ matcher: "Bash", hooks: [command(`${HOOKS}/rewrite.sh`)] }] });
    assertAnswer(await call(), {
      hookSpecificOutput: { hookEventName: "PreToolUse", updatedInput: { ...STATUS, command: "mytool git status" } },
    });
  });
  await t.step("a key hookgate does not know inside tool_input reaches the hook and comes back", async () => {
    assertAnswer(await call({ ...STATUS, x_custom: 1 }), {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        updatedInput: { ...STATUS, x_custom: 1, command: "mytool git status" },
      },
    });
  });
  await t.step("two rewriters: each sees Claude's input, the later in configuration order wins", async () => {
    // Claude keeps whichever finished last; hookgate the later in configuration order, every time.
    await p.project({
      PreToolUse: [{
        matcher: "Bash",
        hooks: [command(`${HOOKS}/rewrite.sh plain first`), command(`${HOOKS}/rewrite.sh plain second`)],
      }],
    });
    for (let i = 0; i < 2; i++) {
      const run = await call();
      deepEqual(run.answer.hookSpecificOutput, {
        hookEventName: "PreToolUse",
        updatedInput: { ...STATUS, command: "second git status" },
      }, run.stdout + run.stderr);
    }
  });
});

Deno.test("hook-run gateway answers a read -r guard's deny and its blanket allow as Claude does", async (t) => {
  await using p = await claudeSetup();
  // Unquoted, as published: the project path has no spaces.
  await p.project({
    PreToolUse: [{ matcher: "Bash", hooks: [command("$CLAUDE_PROJECT_DIR/.claude/hooks/allow_list.sh")] }],
  });
  const bash = (command: string) => p.event("PreToolUse", { tool_name: "Bash", tool_input: { command } });
  await t.step("git push is denied: read -r got the whole event, so it is one line", async () => {
    assertAnswer(
      await p.gateway(bash("git push origin main")),
      preToolUse("deny", "no pushes from the agent"),
    );
  });
  await t.step("anything else is allowed: Claude skips its prompt and shows the user the reason", async () => {
    assertAnswer(await p.gateway(bash("pnpm test")), preToolUse("allow", "passed"));
  });
});

Deno.test("hook-run gateway answers a node PermissionRequest approver with Claude's decision object", async (t) => {
  await using p = await claudeSetup();
  await p.project({
    PermissionRequest: [
      { matcher: "ExitPlanMode|Bash", hooks: [command(`node "$CLAUDE_PROJECT_DIR/.claude/hooks/approve.js"`)] },
      { matcher: "Write", hooks: [command(`node "$CLAUDE_PROJECT_DIR/.claude/hooks/grant_suggested.js"`)] },
    ],
  });
  const suggestions = [{ type: "setMode", mode: "acceptEdits", destination: "session" }];
  const request = (
    tool_name: string,
    tool_input: Record<string, unknown>,
    permission_suggestions: unknown[] = suggestions,
  ) => p.gateway(p.event("PermissionRequest", { tool_name, tool_input, permission_suggestions }));
  const decided = (decision: Record<string, unknown>) => ({
    hookSpecificOutput: { hookEventName: "PermissionRequest", decision },
  });
  await t.step("leaving plan mode is approved and the session switches to acceptEdits", async () => {
    const run = await request("ExitPlanMode", { plan: "# Plan\n1. edit a.ts" });
    assertAnswer(run, decided({ behavior: "allow", updatedPermissions: suggestions }));
  });
  await t.step("git status is approved; the extra reason key and continue: true change nothing", async () => {
    assertAnswer(await request("Bash", { command: "git status" }), decided({ behavior: "allow" }));
  });
  await t.step("rm is refused with the hook's message", async () => {
    assertAnswer(await request("Bash", { command: "rm -rf x" }), decided({ behavior: "deny", message: "not allowed" }));
  });
  await t.step("anything else is left to the user: the dialog shows", async () => {
    assertAnswer(await request("Bash", { command: "make" }), {});
  });
  await t.step("Claude's permission_suggestions reach the hook, which grants them for the session", async () => {
    const offered = [{
      type: "addRules",
      rules: [{ toolName: "Write", ruleContent: "src/**" }],
      behavior: "allow",
      destination: "localSettings",
    }];
    const run = await request("Write", { file_path: "/x/src/a.ts", content: "" }, offered);
    assertAnswer(run, decided({ behavior: "allow", updatedPermissions: [{ ...offered[0], destination: "session" }] }));
  });
});

Deno.test("hook-run gateway combines deny, ask and allow as Claude does, and every hook runs", async (t) => {
  await using p = await claudeSetup();
  const decide = (decision: string, who: string) => command(`${HOOKS}/decide.sh ${decision} ${who}`);
  const count = command(`${HOOKS}/count.sh`);
  const call = () => p.gateway(p.event("PreToolUse", { tool_name: "Bash", tool_input: { command: "make deploy" } }));
  const answer = (decision: string, who: string) => preToolUse(decision, `${decision} by ${who}`);
  await t.step("deny beats ask and allow; the hook after the deny still runs, once", async () => {
    await p.project({
      PreToolUse: [
        { matcher: "Bash", hooks: [decide("allow", "approver"), decide("deny", "guard")] },
        { hooks: [decide("ask", "reviewer"), count] },
      ],
    });
    assertAnswer(await call(), answer("deny", "guard"));
    deepEqual(await p.runs(), ["count PreToolUse"]);
  });
  await t.step("ask beats allow", async () => {
    await p.resetRuns();
    await p.project({ PreToolUse: [{ hooks: [decide("allow", "approver"), decide("ask", "reviewer"), count] }] });
    assertAnswer(await call(), answer("ask", "reviewer"));
    deepEqual(await p.runs(), ["count PreToolUse"]);
  });
});

Deno.test("hook-run gateway reads the edge cases of Claude's output rules as Claude does", async (t) => {
  await using p = await claudeSetup();
  const answer = (stdout: string, ...rest: string[]) =>
    command(`${HOOKS}/answer.sh '${stdout}'${rest.map((word) => ` ${word}`).join("")}`);
  await p.project({
    Stop: [{ hooks: [answer(`{"continue":false,"stopReason":"loop finished","decision":"block","reason":"r"}`)] }],
    // A PostToolUse answer shaped like a PreToolUse deny, as hookify writes it.
    PostToolUse: [{
      hooks: [
        answer(
          `{"hookSpecificOutput":{"hookEventName":"PostToolUse","permissionDecision":"deny"},"systemMessage":"warn"}`,
        ),
      ],
    }],
    // A JSON object decides even on exit 1: {} is no opinion, and no error.
    UserPromptSubmit: [{ hooks: [answer("{}", `""`, "1")] }],
  });
  await t.step("Stop: continue: false beats decision: block, and Claude stops", async () => {
    const run = await p.gateway(p.event("Stop", { stop_hook_active: false, last_assistant_message: "Done." }));
    assertAnswer(run, { continue: false, stopReason: "loop finished" });
  });
  await t.step("PostToolUse: a permissionDecision is no PostToolUse field; only the message counts", async () => {
    const run = await p.gateway(p.event("PostToolUse", {
      tool_name: "Bash",
      tool_input: { command: "ls" },
      tool_response: { stdout: "a\n", stderr: "", interrupted: false },
      tool_use_id: "toolu_03",
    }));
    assertAnswer(run, { systemMessage: "warn" });
  });
  await t.step("exit 1 with {} on stdout: the JSON decides, nothing happens", async () => {
    assertAnswer(await p.gateway(p.event("UserPromptSubmit", { prompt: "hi" })), {});
  });
});
