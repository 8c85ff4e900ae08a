import { deepEqual, equal, throws } from "node:assert/strict";
import { dialectOf } from "../../../src/dialects/dialects.ts";

const codex = dialectOf("codex");

/** A PreToolUse payload as Codex writes it (schema pre-tool-use.command.input). */
const PRE_TOOL_USE = {
  session_id: "s-1",
  turn_id: "t-1",
  transcript_path: null,
  cwd: "/p",
  hook_event_name: "PreToolUse",
  model: "gpt-5.5-codex",
  permission_mode: "default",
  tool_name: "Bash",
  tool_input: { command: "rm -rf /" },
  tool_use_id: "call-1",
};

Deno.test("CODEX_DIALECT.decodeInput reads Codex's payloads, its own fields travelling unchanged", async (t) => {
  await t.step("PreToolUse", () => {
    deepEqual(codex.decodeInput(PRE_TOOL_USE), {
      event: "PreToolUse",
      fields: {
        toolName: "Bash",
        toolInput: { command: "rm -rf /" },
        toolUseId: "call-1",
        extra: { turn_id: "t-1", model: "gpt-5.5-codex" },
      },
      cwd: "/p",
      sessionId: "s-1",
      permissionMode: "default",
    });
  });
  await t.step("Stop, with stop_hook_active and last_assistant_message", () => {
    const { tool_name: _name, tool_input: _input, tool_use_id: _id, ...common } = PRE_TOOL_USE;
    const decoded = codex.decodeInput({
      ...common,
      hook_event_name: "Stop",
      transcript_path: "/t.jsonl",
      stop_hook_active: true,
      last_assistant_message: "done",
    });
    equal(decoded.event, "Stop");
    equal(decoded.stopHookActive, true);
    equal(decoded.transcriptPath, "/t.jsonl");
    deepEqual(decoded.fields.extra, { turn_id: "t-1", model: "gpt-5.5-codex", last_assistant_message: "done" });
  });
  await t.step("PostToolUse's tool_response is the tool's result", () => {
    const decoded = codex.decodeInput({ ...PRE_TOOL_USE, hook_event_name: "PostToolUse", tool_response: "ok" });
    deepEqual((decoded.fields as { toolResult?: unknown }).toolResult, { content: "ok", isError: false });
  });
});

Deno.test("CODEX_DIALECT.decodeInput refuses what Codex never sends", async (t) => {
  await t.step("another agent's event", () => {
    throws(() => codex.decodeInput({ hook_event_name: "BeforeTool", cwd: "/p" }), /not a Codex hook event/);
    throws(() => codex.decodeInput({ hook_event_name: "beforeShellExecution", cwd: "/p" }), /not a Codex hook event/);
    throws(() => codex.decodeInput({ hook_event_name: "Notification", cwd: "/p" }), /not a Codex hook event/);
  });
  await t.step("no event, or no object", () => {
    throws(() => codex.decodeInput({ cwd: "/p" }), /hook_event_name/);
    throws(() => codex.decodeInput([]), /JSON object/);
  });
});

Deno.test("CODEX_DIALECT.encodeInput writes the payload as Codex does", () => {
  const encoded = codex.encodeInput({
    event: "PreToolUse",
    cwd: "/p",
    sessionId: "s-1",
    permissionMode: "default",
    toolName: "Bash",
    toolInput: { command: "rm -rf /" },
    toolUseId: "call-1",
    extra: { turn_id: "t-1", model: "gpt-5.5-codex" },
  });
  // transcript_path is null when the session has none, as Codex writes it.
  deepEqual(encoded, PRE_TOOL_USE);
  deepEqual(Object.keys(encoded).sort(), Object.keys(PRE_TOOL_USE).sort());
});
