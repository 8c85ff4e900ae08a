import { deepEqual, equal, throws } from "node:assert/strict";
import { DIALECT_NAMES, dialectOf, encodePayload, toWuuInput } from "../../src/dialects/mod.ts";

Deno.test("toWuuInput() maps every payload field to Wuu's snake_case", () => {
  deepEqual(
    toWuuInput({
      event: "PostCompact",
      cwd: "/p",
      sessionId: "s",
      error: "e",
      prompt: "p",
      filePath: "/p/a",
      compactReason: "auto",
      compactSummary: "sum",
      agentId: "a1",
      endReason: "logout",
      stopHookActive: true,
      toolResult: { content: { lines: 2 }, isError: false },
    }),
    {
      hook_event_name: "PostCompact",
      session_id: "s",
      cwd: "/p",
      tool_response: '{"lines":2}',
      error: "e",
      prompt: "p",
      file_path: "/p/a",
      compact_reason: "auto",
      compact_summary: "sum",
      agent_id: "a1",
      end_reason: "logout",
      stop_hook_active: true,
    },
  );
});

Deno.test("toWuuInput() always sends session_id (peer bug: missing session id)", () => {
  equal(toWuuInput({ event: "Stop", cwd: "/p" }).session_id, "");
});

Deno.test("encodePayload() defaults to the native shape", () => {
  equal(
    encodePayload({ event: "Stop", cwd: "/p" }),
    '{"event":"Stop","cwd":"/p"}',
  );
});

Deno.test("Dialect.decodeInput() reads back what encodeInput wrote, in both dialects", async (t) => {
  const payload = {
    event: "PostToolUse" as const,
    cwd: "/p",
    sessionId: "s",
    toolName: "bash",
    toolInput: { command: "ls" },
    toolResult: { content: "a b", isError: false },
  };
  // Gemini adds its timestamp and its tool_response shape: tests/dialects/gemini/wire_test.ts round-trips its own.
  for (const name of DIALECT_NAMES.filter((name) => name !== "gemini")) {
    await t.step(name, () => {
      const dialect = dialectOf(name);
      // Codex writes the model on every event, and refuses a payload without it as another agent's.
      const own = name === "codex" ? { extra: { model: "gpt-5.5-codex" } } : {};
      const decoded = dialect.decodeInput(dialect.encodeInput({ ...payload, ...own }));
      // Cursor writes its base fields (version, model, …) for every hook, empty where the call has none: they come back as Cursor's own.
      if (name === "cursor") delete (decoded.fields as { extra?: unknown }).extra;
      deepEqual(decoded, {
        event: "PostToolUse",
        fields: {
          toolName: "bash",
          toolInput: { command: "ls" },
          toolResult: { content: "a b", isError: false },
          ...own,
        },
        cwd: "/p",
        sessionId: "s",
      });
    });
  }
});

Deno.test("Dialect.decodeInput() refuses what is not an event, naming the field", () => {
  const wuu = dialectOf("wuu");
  throws(() => wuu.decodeInput([]), /must be a JSON object/);
  throws(() => wuu.decodeInput({ hook_event_name: "PreTooluse" }), /did you mean "PreToolUse"/);
  throws(() => wuu.decodeInput({ hook_event_name: "PreToolUse", tool_input: {} }), /PreToolUse needs "tool_name"/);
  throws(() => dialectOf("native").decodeInput({ event: "Stop", cwd: 3 }), /"cwd" must be a string/);
  throws(
    () => dialectOf("native").decodeInput({ event: "PreToolUse", toolName: "x", toolInput: "ls" }),
    /"toolInput" must be a JSON object/,
  );
});

Deno.test("Dialect.encodeResult() writes each dialect's output fields", () => {
  const result = { block: true, reason: "no", additionalContext: "ctx" };
  deepEqual(dialectOf("native").encodeResult("Stop", result), result);
  deepEqual(dialectOf("wuu").encodeResult("Stop", result), {
    decision: "block",
    reason: "no",
    additional_context: "ctx",
  });
  deepEqual(dialectOf("wuu").encodeResult("PreToolUse", { input: { a: 1 } }), { updated_input: { a: 1 } });
});

Deno.test("Dialect.decodeOutput() follows the seed's exit-code rules in native and Wuu", async (t) => {
  // Gemini reads exits its own way: tests/dialects/gemini/output_test.ts.
  for (const name of DIALECT_NAMES.filter((name) => name !== "gemini")) {
    const dialect = dialectOf(name);
    await t.step(`${name}: exit 2 denies whatever stdout says`, () => {
      deepEqual(
        dialect.decodeOutput("PreToolUse", { source: "stdout", text: "{}", stderr: "nope", exitCode: 2 }),
        { outcome: { action: "deny", reason: "nope" } },
      );
    });
    await t.step(`${name}: another exit is a failure`, () => {
      deepEqual(
        dialect.decodeOutput("PreToolUse", { source: "stdout", text: "", stderr: "boom\nmore", exitCode: 1 }),
        { failure: { kind: "exit", message: "exited with code 1: boom" } },
      );
    });
  }
});

Deno.test("dialectOf() refuses an unknown dialect with the known ones", () => {
  throws(() => dialectOf("claude-ish" as "native"), /Unknown hook dialect "claude-ish"; expected one of native, wuu/);
});
