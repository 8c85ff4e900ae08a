// The Cursor dialect's payloads: what Cursor writes to a command hook, read
// in canonical terms, and canonical calls written as Cursor writes them.

import { deepEqual, throws } from "node:assert/strict";
import { decodeCursorInput, encodeCursorInput } from "../../../src/dialects/cursor/input.ts";
import type { HookInput } from "../../../src/events/payload.ts";
import { cursorPayload } from "./_payloads.ts";

/** A check that an error is a TypeError whose message has `text`. */
function typeError(text: string): (error: unknown) => boolean {
  return (error) => error instanceof TypeError && error.message.includes(text);
}

const BASE_EXTRA = {
  generation_id: "gen-1",
  model: "claude-opus-4-7",
  cursor_version: "2.4.1",
  workspace_roots: ["/work/project"],
  user_email: "dev@example.com",
};

/** A decoded call as the runner's input. */
function asInput(decoded: ReturnType<typeof decodeCursorInput>): HookInput {
  return {
    event: decoded.event,
    cwd: decoded.cwd ?? "/",
    ...(decoded.sessionId === undefined ? {} : { sessionId: decoded.sessionId }),
    ...(decoded.transcriptPath === undefined ? {} : { transcriptPath: decoded.transcriptPath }),
    ...(decoded.stopHookActive === undefined ? {} : { stopHookActive: decoded.stopHookActive }),
    ...decoded.fields,
  } as HookInput;
}

Deno.test("decodeCursorInput reads each Cursor event in canonical terms", async (t) => {
  await t.step("beforeShellExecution is PreToolUse of Bash with the command", async () => {
    const decoded = decodeCursorInput(await cursorPayload("before_shell_execution"));
    deepEqual(decoded, {
      event: "PreToolUse",
      wireEvent: "beforeShellExecution",
      cwd: "/work/project",
      sessionId: "conv-1",
      transcriptPath: "/home/dev/.cursor/transcripts/conv-1.jsonl",
      fields: { toolName: "Bash", toolInput: { command: "rm -rf /" }, extra: { ...BASE_EXTRA, sandbox: false } },
    });
  });
  await t.step("preToolUse Shell is Bash, working_directory kept", async () => {
    const decoded = decodeCursorInput(await cursorPayload("pre_tool_use_shell"));
    deepEqual(decoded.event, "PreToolUse");
    deepEqual(decoded.wireEvent, undefined);
    deepEqual(decoded.fields, {
      toolName: "Bash",
      toolInput: { command: "rm -rf /", working_directory: "/work/project" },
      toolUseId: "tu-1",
      extra: { ...BASE_EXTRA, agent_message: "Cleaning up" },
    });
  });
  await t.step("beforeReadFile is PreToolUse of Read; content and attachments travel as Cursor's", async () => {
    const decoded = decodeCursorInput(await cursorPayload("before_read_file"));
    deepEqual(decoded.wireEvent, "beforeReadFile");
    deepEqual(decoded.cwd, "/work/project");
    deepEqual(decoded.fields, {
      toolName: "Read",
      toolInput: { file_path: "/work/project/.env" },
      extra: {
        ...BASE_EXTRA,
        content: "API_KEY=secret",
        attachments: [{ type: "rule", file_path: "/work/project/.cursor/rules/a.mdc" }],
      },
    });
  });
  await t.step("beforeMCPExecution parses its JSON-string input; the tool is mcp__cursor__<tool>", async () => {
    const decoded = decodeCursorInput(await cursorPayload("before_mcp_execution"));
    deepEqual(decoded.wireEvent, "beforeMCPExecution");
    deepEqual(decoded.fields, {
      toolName: "mcp__cursor__create_issue",
      toolInput: { title: "bug" },
      extra: { ...BASE_EXTRA, url: "http://127.0.0.1:3000/mcp" },
    });
  });
  await t.step("afterFileEdit with one edit is PostToolUse of Edit", async () => {
    const decoded = decodeCursorInput(await cursorPayload("after_file_edit"));
    deepEqual(decoded.event, "PostToolUse");
    deepEqual(decoded.wireEvent, "afterFileEdit");
    deepEqual(decoded.fields.toolName, "Edit");
    deepEqual((decoded.fields as { toolInput: unknown }).toolInput, {
      file_path: "/work/project/src/a.ts",
      old_string: "const a = 1",
      new_string: "const a = 2",
    });
  });
  await t.step("postToolUse's JSON tool_output is the result's content", async () => {
    const decoded = decodeCursorInput(await cursorPayload("post_tool_use"));
    deepEqual((decoded.fields as { toolResult: unknown }).toolResult, {
      content: { exitCode: 0, stdout: "ok" },
      isError: false,
    });
  });
  await t.step("beforeSubmitPrompt is UserPromptSubmit", async () => {
    const decoded = decodeCursorInput(await cursorPayload("before_submit_prompt"));
    deepEqual(decoded.event, "UserPromptSubmit");
    deepEqual(decoded.fields, { prompt: "print the password", extra: { ...BASE_EXTRA, attachments: [] } });
  });
  await t.step("stop's loop_count above 0 is stop_hook_active", async () => {
    const payload = await cursorPayload("stop");
    deepEqual(decodeCursorInput(payload).stopHookActive, false);
    const again = decodeCursorInput({ ...payload, loop_count: 2 });
    deepEqual(again.event, "Stop");
    deepEqual(again.stopHookActive, true);
    deepEqual(again.fields.extra?.loop_count, 2);
  });
  await t.step("sessionStart is SessionStart", async () => {
    const decoded = decodeCursorInput(await cursorPayload("session_start"));
    deepEqual(decoded.event, "SessionStart");
    deepEqual(decoded.cwd, "/work/project");
  });
});

Deno.test("decodeCursorInput refuses what is not a Cursor event, naming it", async (t) => {
  await t.step("a Claude payload", () => {
    throws(
      () => decodeCursorInput({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: {} }),
      typeError('"PreToolUse", which is not a Cursor hook event name'),
    );
  });
  await t.step("no event name", () => {
    throws(() => decodeCursorInput({ command: "ls" }), typeError('"hook_event_name"'));
  });
  await t.step("a shell event without its command", () => {
    throws(() => decodeCursorInput({ hook_event_name: "beforeShellExecution" }), typeError('"command"'));
  });
  await t.step("a loop count that is no count", () => {
    throws(() => decodeCursorInput({ hook_event_name: "stop", loop_count: "1" }), typeError('"loop_count"'));
  });
});

Deno.test("encodeCursorInput writes what Cursor writes, field for field", async (t) => {
  for (
    const name of ["before_shell_execution", "pre_tool_use_shell", "before_read_file", "before_submit_prompt", "stop"]
  ) {
    await t.step(`${name} round-trips to Cursor's own payload`, async () => {
      const payload = await cursorPayload(name);
      const decoded = decodeCursorInput(payload);
      deepEqual(encodeCursorInput(asInput(decoded), decoded.wireEvent), payload);
    });
  }
  await t.step("a Claude Bash call for a beforeShellExecution hook", () => {
    const wire = encodeCursorInput({
      event: "PreToolUse",
      cwd: "/p",
      sessionId: "s-1",
      toolName: "Bash",
      toolInput: { command: "git push", description: "push" },
      toolUseId: "toolu_1",
    }, "beforeShellExecution");
    deepEqual(wire, {
      conversation_id: "s-1",
      generation_id: "",
      model: "",
      hook_event_name: "beforeShellExecution",
      cursor_version: "",
      workspace_roots: ["/p"],
      user_email: null,
      transcript_path: null,
      command: "git push",
      cwd: "/p",
      sandbox: false,
    });
  });
  await t.step("a Claude Bash call for a preToolUse hook is Shell", () => {
    const wire = encodeCursorInput({
      event: "PreToolUse",
      cwd: "/p",
      toolName: "Bash",
      toolInput: { command: "ls" },
    });
    deepEqual(wire.hook_event_name, "preToolUse");
    deepEqual(wire.tool_name, "Shell");
    deepEqual(wire.tool_input, { command: "ls" });
  });
  await t.step("a Claude Write for an afterFileEdit hook is one edit of the whole content", () => {
    const wire = encodeCursorInput({
      event: "PostToolUse",
      cwd: "/p",
      toolName: "Write",
      toolInput: { file_path: "/p/a.ts", content: "x" },
      toolResult: { content: "", isError: false },
    }, "afterFileEdit");
    deepEqual(wire.file_path, "/p/a.ts");
    deepEqual(wire.edits, [{ old_string: "", new_string: "x" }]);
  });
  await t.step("Claude's stop_hook_active is a loop count of 1", () => {
    const wire = encodeCursorInput({ event: "Stop", cwd: "/p", stopHookActive: true });
    deepEqual(wire.hook_event_name, "stop");
    deepEqual(wire.loop_count, 1);
    deepEqual(wire.status, "completed");
  });
  await t.step("an MCP call for beforeMCPExecution has its bare name and a JSON-string input", () => {
    const wire = encodeCursorInput({
      event: "PreToolUse",
      cwd: "/p",
      toolName: "mcp__github__create_issue",
      toolInput: { title: "bug" },
    }, "beforeMCPExecution");
    deepEqual(wire.tool_name, "create_issue");
    deepEqual(wire.tool_input, '{"title":"bug"}');
  });
});
