import { deepEqual, equal, throws } from "node:assert/strict";
import { join } from "node:path";
import { dialectOf } from "../../../src/dialects/dialects.ts";
import { HookRegistry, HookRunner } from "../../../mod.ts";

const codex = dialectOf("codex");

/**
 * What Codex 0.169.0 really wrote to a hook's stdin, event by event
 * (`codex exec` against a scripted model on loopback, a hook dumping its
 * stdin; paths made neutral), in tests/testdata/codex/payloads/.
 */
async function recorded(name: string): Promise<Record<string, unknown>> {
  return JSON.parse(await Deno.readTextFile(new URL(`../../testdata/codex/payloads/${name}.json`, import.meta.url)));
}

const RECORDED = [
  "session_start",
  "user_prompt_submit",
  "pre_tool_use",
  "post_tool_use",
  "stop",
  "subagent_start",
  "subagent_stop",
  "pre_compact",
  "post_compact",
  "session_end",
  "pre_model_request",
  "post_model_request",
  "interrupt",
];

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

Deno.test("CODEX_DIALECT.decodeInput reads every payload Codex 0.169.0 really sends, and the runner takes it", async (t) => {
  for (const name of RECORDED) {
    await t.step(name, async () => {
      const wire = await recorded(name);
      const decoded = codex.decodeInput(wire);
      equal(decoded.event, wire.hook_event_name);
      equal(decoded.sessionId, wire.session_id);
      equal(decoded.cwd, wire.cwd);
      // The runner's payload is valid, and a Codex hook receives exactly what Codex sent (run in a directory that exists).
      const cwd = await Deno.makeTempDir();
      const out = join(cwd, "payload.json");
      const registry = new HookRegistry();
      registry.loadShellHooks({
        [decoded.event as "Stop"]: [{ dialect: "codex", command: "sh", args: ["-c", `cat > '${out}'`] }],
      });
      const runner = new HookRunner({ registry });
      try {
        await runner.run(decoded.event, decoded.fields as never, {
          cwd,
          sessionId: decoded.sessionId!,
          ...(decoded.transcriptPath === undefined ? {} : { transcriptPath: decoded.transcriptPath }),
          ...(decoded.permissionMode === undefined ? {} : { permissionMode: decoded.permissionMode }),
          ...(decoded.stopHookActive === undefined ? {} : { stopHookActive: decoded.stopHookActive }),
        });
        deepEqual(JSON.parse(await Deno.readTextFile(out)), { ...wire, cwd });
      } finally {
        await runner.close();
        await Deno.remove(cwd, { recursive: true });
      }
    });
  }
  await t.step("SessionEnd, which carries no model, is Codex's: its reason is the end reason", async () => {
    const decoded = codex.decodeInput(await recorded("session_end"));
    deepEqual(decoded.fields, { endReason: "other" });
  });
  await t.step("the events Codex added later are read with what they carry in extra", async () => {
    const decoded = codex.decodeInput(await recorded("post_model_request"));
    equal(decoded.event, "PostModelRequest");
    deepEqual(Object.keys(decoded.fields.extra ?? {}), ["turn_id", "model", "status", "error", "token_usage"]);
  });
  await t.step("PreCompact and PostCompact: the trigger is the compaction reason", async () => {
    deepEqual(codex.decodeInput(await recorded("pre_compact")).fields, {
      compactReason: "auto",
      extra: { turn_id: "01a23354-7a98-7231-a882-8b3260e8e723", model: "gpt-5.5" },
    });
  });
  await t.step("SubagentStop: the agent, and its own transcript travelling on", async () => {
    const fields = codex.decodeInput(await recorded("subagent_stop")).fields as Record<string, unknown>;
    equal(fields.agentType, "default");
    equal(typeof (fields.extra as Record<string, unknown>).agent_transcript_path, "string");
  });
});

Deno.test("CODEX_DIALECT.decodeInput still refuses another agent's payload where Codex writes a model", async () => {
  const { model: _model, ...claude } = await recorded("stop");
  throws(() => codex.decodeInput(claude), /Stop has no "model".*another agent's/);
  throws(() => codex.decodeInput({ hook_event_name: "AfterAgent", cwd: "/p" }), /not a Codex hook event/);
});
