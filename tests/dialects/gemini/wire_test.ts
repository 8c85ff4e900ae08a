// The Gemini CLI dialect on the wire: the payload as Gemini writes it to a
// command hook (its event and tool names, its fields), both ways, and the
// refusal of another agent's payload.

import { deepEqual, equal, match, ok, throws } from "node:assert/strict";
import { dialectOf } from "../../../src/dialects/mod.ts";

const gemini = dialectOf("gemini");

/** What Gemini 0.61 wrote to a BeforeTool hook, captured from its own code. */
const BEFORE_TOOL = {
  session_id: "s1",
  transcript_path: "/home/.gemini/tmp/p/chats/session.jsonl",
  cwd: "/p",
  hook_event_name: "BeforeTool",
  timestamp: "2026-12-01T07:52:50.408Z",
  tool_name: "run_shell_command",
  tool_input: { command: "rm -rf /", dir_path: "." },
};

Deno.test("Gemini decodeInput() reads BeforeTool as PreToolUse with Claude's tool names", () => {
  deepEqual(gemini.decodeInput(BEFORE_TOOL), {
    event: "PreToolUse",
    fields: {
      toolName: "Bash",
      toolInput: { command: "rm -rf /", dir_path: "." },
      extra: { timestamp: "2026-12-01T07:52:50.408Z" },
    },
    cwd: "/p",
    sessionId: "s1",
    transcriptPath: "/home/.gemini/tmp/p/chats/session.jsonl",
  });
});

Deno.test("Gemini decodeInput() maps every Gemini event to its canonical event", async (t) => {
  const base = { session_id: "s", transcript_path: "", cwd: "/p", timestamp: "t" };
  const cases: [Record<string, unknown>, string, Record<string, unknown>][] = [
    [
      {
        hook_event_name: "AfterTool",
        tool_name: "glob",
        tool_input: { pattern: "*", dir_path: "d" },
        tool_response: {
          llmContent: "a",
          returnDisplay: "a",
        },
      },
      "PostToolUse",
      {
        toolName: "Glob",
        toolInput: { pattern: "*", path: "d" },
        toolResult: { content: { llmContent: "a", returnDisplay: "a" }, isError: false },
      },
    ],
    [{ hook_event_name: "BeforeAgent", prompt: "hi" }, "UserPromptSubmit", { prompt: "hi" }],
    [{ hook_event_name: "SessionStart", source: "startup" }, "SessionStart", { source: "startup" }],
    [{ hook_event_name: "SessionEnd", reason: "exit" }, "SessionEnd", { endReason: "exit" }],
    [{ hook_event_name: "PreCompress", trigger: "auto" }, "PreCompact", { compactReason: "auto" }],
    [
      { hook_event_name: "Notification", notification_type: "ToolPermission", message: "m", details: { a: 1 } },
      "Notification",
      {
        notificationType: "ToolPermission",
        message: "m",
      },
    ],
  ];
  for (const [wire, event, fields] of cases) {
    await t.step(String(wire.hook_event_name), () => {
      const decoded = gemini.decodeInput({ ...base, ...wire });
      equal(decoded.event, event);
      const { extra, ...rest } = decoded.fields as Record<string, unknown>;
      deepEqual(rest, fields);
      equal((extra as Record<string, unknown>).timestamp, "t");
    });
  }
});

Deno.test("Gemini decodeInput() reads AfterAgent as Stop with its loop flag, prompt and response travelling on", () => {
  const decoded = gemini.decodeInput({
    session_id: "s",
    transcript_path: "",
    cwd: "/p",
    hook_event_name: "AfterAgent",
    timestamp: "t",
    prompt: "list files",
    prompt_response: "here",
    stop_hook_active: true,
  });
  deepEqual(decoded, {
    event: "Stop",
    fields: { extra: { timestamp: "t", prompt: "list files", prompt_response: "here" } },
    cwd: "/p",
    sessionId: "s",
    stopHookActive: true,
  });
});

Deno.test("Gemini decodeInput() refuses another agent's payload, naming Gemini's events", async (t) => {
  await t.step("a Claude PreToolUse", () => {
    throws(
      () => gemini.decodeInput({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: {}, cwd: "/p" }),
      /"hook_event_name" is "PreToolUse", which is not a Gemini CLI hook event \(expected one of BeforeTool, /,
    );
  });
  await t.step("no event", () => throws(() => gemini.decodeInput({ cwd: "/p" }), /needs "hook_event_name"/));
  await t.step("not an object", () => throws(() => gemini.decodeInput([]), /must be a JSON object/));
  await t.step("a BeforeTool without a tool", () => {
    throws(() => gemini.decodeInput({ hook_event_name: "BeforeTool", cwd: "/p" }), /needs "tool_name"/);
  });
  await t.step("a tool_input that is no object", () => {
    throws(
      () => gemini.decodeInput({ hook_event_name: "BeforeTool", tool_name: "glob", tool_input: "x", cwd: "/p" }),
      /"tool_input" must be a JSON object/,
    );
  });
});

Deno.test("Gemini encodeInput() writes Gemini's payload for a Claude call", () => {
  const wire = gemini.encodeInput({
    event: "PreToolUse",
    cwd: "/p",
    sessionId: "s",
    toolName: "Grep",
    toolInput: { pattern: "x", path: "src", glob: "*.ts" },
    toolUseId: "toolu_1",
  });
  const { timestamp, ...rest } = wire;
  deepEqual(rest, {
    session_id: "s",
    transcript_path: "",
    cwd: "/p",
    hook_event_name: "BeforeTool",
    tool_name: "grep_search",
    tool_input: { pattern: "x", dir_path: "src", include_pattern: "*.ts" },
  });
  equal(typeof timestamp, "string");
  ok(!Number.isNaN(Date.parse(timestamp as string)));
});

Deno.test("Gemini encodeInput() round-trips what Gemini sent, its timestamp included", async (t) => {
  await t.step("BeforeTool", () => deepEqual(gemini.encodeInput(asInput(BEFORE_TOOL)), BEFORE_TOOL));
  const events = [
    {
      hook_event_name: "AfterTool",
      tool_name: "read_file",
      tool_input: { file_path: "/a" },
      tool_response: {
        llmContent: "x",
        returnDisplay: "x",
      },
    },
    { hook_event_name: "BeforeAgent", prompt: "hi" },
    { hook_event_name: "AfterAgent", prompt: "hi", prompt_response: "ok", stop_hook_active: false },
    { hook_event_name: "SessionStart", source: "resume" },
    { hook_event_name: "SessionEnd", reason: "clear" },
    { hook_event_name: "PreCompress", trigger: "manual" },
    { hook_event_name: "Notification", notification_type: "ToolPermission", message: "m", details: { type: "exec" } },
  ];
  for (const event of events) {
    await t.step(event.hook_event_name, () => {
      const wire = { session_id: "s", transcript_path: "/t", cwd: "/p", timestamp: "t", ...event };
      const encoded = gemini.encodeInput(asInput(wire));
      deepEqual(encoded, { ...wire, hook_event_name: event.hook_event_name });
    });
  }
});

Deno.test("Gemini encodeInput() gives a Claude tool result Gemini's tool_response shape", () => {
  const wire = gemini.encodeInput({
    event: "PostToolUse",
    cwd: "/p",
    toolName: "Bash",
    toolInput: { command: "false" },
    toolResult: { content: "failed", isError: true },
  });
  deepEqual(wire.tool_response, { llmContent: "failed", returnDisplay: "failed", error: { message: "failed" } });
});

Deno.test("Gemini expandArgument() replaces the bare project variables as one shell word, as Gemini does", () => {
  const expand = gemini.expandArgument!;
  equal(expand("$GEMINI_PROJECT_DIR/hook.sh", "/p"), "/p/hook.sh");
  equal(expand("$CLAUDE_PROJECT_DIR/a $GEMINI_CWD", "/p q"), "'/p q'/a '/p q'");
  equal(expand("${GEMINI_PROJECT_DIR}/hook.sh", "/p"), "${GEMINI_PROJECT_DIR}/hook.sh");
  equal(expand("$GEMINI_PROJECT_DIR", "/it's"), `'/it'\\''s'`);
});

Deno.test("Gemini commandEnv() gives Gemini's project variables, and the session's own when set", () => {
  const env = gemini.commandEnv!({
    projectDir: "/p",
    event: "PreToolUse",
    read: (name) => ({ GEMINI_SESSION_ID: "s1" } as Record<string, string>)[name],
    sanitized: false,
  });
  deepEqual(env, {
    inherit: true,
    env: { GEMINI_PROJECT_DIR: "/p", GEMINI_CWD: "/p", CLAUDE_PROJECT_DIR: "/p", GEMINI_SESSION_ID: "s1" },
  });
  equal(gemini.commandEnv!({ projectDir: "/p", event: "Stop", read: () => undefined, sanitized: true }).inherit, false);
});

Deno.test("Gemini dialect reads matchers as Gemini does and runs hooks together", () => {
  equal(gemini.matcherKind, "gemini");
  equal(gemini.concurrent, true);
  match(gemini.contextSeparator, /^\n$/);
});

/** A decoded payload as a HookInput. */
function asInput(wire: Record<string, unknown>) {
  const decoded = gemini.decodeInput(wire);
  return {
    event: decoded.event,
    cwd: decoded.cwd ?? "/",
    ...decoded.fields,
    ...(decoded.sessionId === undefined ? {} : { sessionId: decoded.sessionId }),
    ...(decoded.transcriptPath === undefined ? {} : { transcriptPath: decoded.transcriptPath }),
    ...(decoded.stopHookActive === undefined ? {} : { stopHookActive: decoded.stopHookActive }),
  };
}
