// One set of Claude-style guards answering Cursor through
// `hook-run gateway --agent cursor`: Cursor's payloads as Cursor writes them
// to a command hook, and each answer as Cursor reads it, field for field.

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { cursorProject, payload } from "./_project.ts";

Deno.test("hook-run gateway --agent cursor answers Cursor with Claude-style guards", async (t) => {
  await using project = await cursorProject();
  const { dir } = project;
  await t.step("beforeShellExecution rm -rf: permission deny with the guard's reason", async () => {
    const run = await project.gateway(await payload("before_shell_execution", dir));
    equal(run.code, 0, run.stderr);
    deepEqual(run.answer, {
      permission: "deny",
      user_message: "rm -rf is not allowed here",
      agent_message: "rm -rf is not allowed here",
    });
  });
  await t.step("preToolUse Shell rm -rf: permission deny", async () => {
    const run = await project.gateway(await payload("pre_tool_use_shell", dir));
    deepEqual(run.answer, {
      permission: "deny",
      user_message: "rm -rf is not allowed here",
      agent_message: "rm -rf is not allowed here",
    });
  });
  await t.step("beforeShellExecution git push: Cursor's ask", async () => {
    const run = await project.gateway(await payload("before_shell_execution", dir, { command: "git push origin" }));
    deepEqual(run.answer, {
      permission: "ask",
      user_message: "pushing needs a human",
      agent_message: "pushing needs a human",
    });
  });
  await t.step("preToolUse Shell git push: a deny, since Cursor does not enforce ask there", async () => {
    const run = await project.gateway(
      await payload("pre_tool_use_shell", dir, { tool_input: { command: "git push", working_directory: dir } }),
    );
    equal(run.answer.permission, "deny");
    equal(run.answer.agent_message, "pushing needs a human");
    match(String(run.answer.user_message), /Cursor cannot ask on preToolUse/);
  });
  await t.step("preToolUse Shell ls: updated_input, working_directory kept", async () => {
    const run = await project.gateway(
      await payload("pre_tool_use_shell", dir, { tool_input: { command: "ls", working_directory: dir } }),
    );
    deepEqual(run.answer, { updated_input: { command: "ls -la", working_directory: dir } });
  });
  await t.step("beforeShellExecution ls: the rewrite is dropped with a warning, neither deny nor allow", async () => {
    const run = await project.gateway(await payload("before_shell_execution", dir, { command: "ls" }));
    equal(run.code, 0);
    equal(run.answer.permission, undefined);
    match(String(run.answer.user_message), /rewrite is dropped/);
    match(run.stderr, /rewrite is dropped/);
  });
  await t.step("beforeReadFile .env: permission deny", async () => {
    const run = await project.gateway(await payload("before_read_file", dir, { file_path: join(dir, ".env") }));
    equal(run.answer.permission, "deny");
    equal(run.answer.user_message, "secrets stay out of the model");
  });
  await t.step("beforeSubmitPrompt: continue false with the reason", async () => {
    const run = await project.gateway(await payload("before_submit_prompt", dir));
    deepEqual(run.answer, { continue: false, user_message: "prompts must not ask for passwords" });
  });
  await t.step("sessionStart: additional_context", async () => {
    const run = await project.gateway(await payload("session_start", dir));
    deepEqual(run.answer, { additional_context: "Use pnpm, not npm." });
  });
  await t.step("stop blocks once: followup_message, then nothing once loop_count is 1", async () => {
    const first = await project.gateway(await payload("stop", dir));
    deepEqual(first.answer, { followup_message: "run the tests before you stop" });
    const again = await project.gateway(await payload("stop", dir, { loop_count: 1 }));
    deepEqual(again.answer, {});
  });
  await t.step("another agent's payload: one line on stderr and exit 2, which Cursor reads as a deny", async () => {
    const run = await project.gateway({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: {} });
    equal(run.code, 2);
    equal(run.stderr.trim().split("\n").length, 1);
    match(run.stderr, /Cursor/);
  });
});

Deno.test("hook-run gateway --agent cursor tells the Cursor user its notes where Cursor shows them", async (t) => {
  // A hook that fails (exit 1) is a non-blocking error: Claude's gateway says it as systemMessage.
  const failing = [{ type: "command", command: "echo the guard is broken >&2; exit 1" }];
  await using project = await cursorProject({
    hooks: { PreToolUse: [{ matcher: "Bash", hooks: failing }], SessionStart: [{ hooks: failing }] },
  });
  const { dir } = project;
  await t.step("beforeShellExecution: in user_message, never a systemMessage Cursor ignores", async () => {
    const run = await project.gateway(await payload("before_shell_execution", dir, { command: "echo hi" }));
    equal(run.code, 0, run.stderr);
    equal(run.answer.systemMessage, undefined);
    match(String(run.answer.user_message), /hook error: .*the guard is broken/);
  });
  await t.step("sessionStart, where Cursor shows no message: on stderr, Cursor's hook log", async () => {
    const run = await project.gateway(await payload("session_start", dir));
    equal(run.code, 0, run.stderr);
    deepEqual(run.answer, {});
    match(run.stderr, /hook error: .*the guard is broken/);
  });
});
