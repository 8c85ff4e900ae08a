// Reading a Gemini-style hook's answer by Gemini CLI's rules: JSON decides
// whatever the exit code (a lenient reading on a failed exit), plain text
// by the exit code, stderr when stdout is empty, exit 2 always a block.

import { deepEqual } from "node:assert/strict";
import type { HookAnswer } from "../../../src/dialects/mod.ts";
import { decodeGeminiOutput } from "../../../src/dialects/gemini/output.ts";
import type { HookInput } from "../../../mod.ts";

const gemini = { decodeOutput: decodeGeminiOutput };
const out = (text: string, exitCode: number | null = 0, stderr = ""): HookAnswer => ({
  source: "stdout",
  text,
  stderr,
  exitCode,
});
const SHELL: HookInput = { event: "PreToolUse", cwd: "/p", toolName: "Bash", toolInput: { command: "ls" } };

Deno.test("Gemini decodeOutput() reads decision, reason and continue as Gemini does", async (t) => {
  const cases: [string, Record<string, unknown>][] = [
    ['{"decision":"deny","reason":"no"}', { action: "deny", reason: "no" }],
    ['{"decision":"block","reason":"no"}', { action: "deny", reason: "no" }],
    ['{"decision":"deny","stopReason":"first","reason":"second"}', { action: "deny", reason: "first" }],
    ['{"decision":"deny"}', { action: "deny", reason: "blocked by hook" }],
    ['{"decision":"ask","reason":"sure?","systemMessage":"push needs a human"}', {
      action: "ask",
      reason: "sure?",
      systemMessage: "push needs a human",
    }],
    ['{"decision":"allow"}', { action: "allow" }],
    ['{"decision":"approve"}', { action: "allow" }],
    ["{}", { action: "allow" }],
    ['{"continue":false,"stopReason":"stop now"}', { action: "allow", halt: true, stopReason: "stop now" }],
    ['{"suppressOutput":true}', { action: "allow", extra: { root: { suppressOutput: true } } }],
    // Gemini ignores Claude's permissionDecision.
    ['{"hookSpecificOutput":{"permissionDecision":"deny"}}', {
      action: "allow",
      extra: { event: { permissionDecision: "deny" } },
    }],
  ];
  for (const [text, outcome] of cases) {
    await t.step(text, () => deepEqual(gemini.decodeOutput("PreToolUse", out(text), SHELL), { outcome }));
  }
});

Deno.test("Gemini decodeOutput() translates a tool_input rewrite back into canonical terms, whole", () => {
  const grep: HookInput = { event: "PreToolUse", cwd: "/p", toolName: "Grep", toolInput: { pattern: "x" } };
  const text = JSON.stringify({
    hookSpecificOutput: { hookEventName: "BeforeTool", tool_input: { pattern: "y", dir_path: "src", context: 2 } },
  });
  deepEqual(gemini.decodeOutput("PreToolUse", out(text), grep), {
    outcome: { action: "mutate", input: { pattern: "y", path: "src", context: 2 } },
  });
  const ask = JSON.stringify({ decision: "ask", hookSpecificOutput: { tool_input: { command: "ls -la" } } });
  deepEqual(gemini.decodeOutput("PreToolUse", out(ask), SHELL), {
    outcome: { action: "ask", input: { command: "ls -la" } },
  });
  const deny = JSON.stringify({ decision: "deny", reason: "no", hookSpecificOutput: { tool_input: { command: "x" } } });
  deepEqual(gemini.decodeOutput("PreToolUse", out(deny), SHELL), { outcome: { action: "deny", reason: "no" } });
});

Deno.test("Gemini decodeOutput() takes context only where Gemini does, and blocks only where it blocks", async (t) => {
  const context = '{"hookSpecificOutput":{"additionalContext":"note"}}';
  await t.step("AfterTool context", () => {
    deepEqual(gemini.decodeOutput("PostToolUse", out(context)), {
      outcome: { action: "allow", additionalContext: "note" },
    });
  });
  await t.step("SessionStart context", () => {
    deepEqual(gemini.decodeOutput("SessionStart", out(context)), {
      outcome: { action: "allow", additionalContext: "note" },
    });
  });
  await t.step("BeforeTool ignores context", () => {
    deepEqual(gemini.decodeOutput("PreToolUse", out(context), SHELL), { outcome: { action: "allow" } });
  });
  await t.step("AfterAgent deny", () => {
    deepEqual(gemini.decodeOutput("Stop", out('{"decision":"deny","reason":"run the tests"}')), {
      outcome: { action: "deny", reason: "run the tests" },
    });
  });
  await t.step("PreCompress ignores a deny", () => {
    deepEqual(gemini.decodeOutput("PreCompact", out('{"decision":"deny","reason":"no"}')), {
      outcome: { action: "allow" },
    });
  });
  await t.step("AfterAgent ignores an ask", () => {
    deepEqual(gemini.decodeOutput("Stop", out('{"decision":"ask"}')), { outcome: { action: "allow" } });
  });
  await t.step("AfterAgent's clearContext travels on", () => {
    deepEqual(gemini.decodeOutput("Stop", out('{"hookSpecificOutput":{"clearContext":true}}')), {
      outcome: { action: "allow", extra: { event: { clearContext: true } } },
    });
  });
});

Deno.test("Gemini decodeOutput() reads plain text and exit codes by Gemini's rules", async (t) => {
  await t.step("text on exit 0 is a message", () => {
    deepEqual(gemini.decodeOutput("PreToolUse", out("just text"), SHELL), {
      outcome: { action: "allow", systemMessage: "just text" },
    });
  });
  await t.step("text on exit 1 is a failure whose lenient reading is Gemini's warning", () => {
    deepEqual(gemini.decodeOutput("PreToolUse", out("", 1, "some warning"), SHELL), {
      failure: { kind: "exit", message: "exited with code 1: some warning" },
      lenient: { action: "allow", systemMessage: "Warning: some warning" },
    });
  });
  await t.step("text on exit 3 denies", () => {
    deepEqual(gemini.decodeOutput("PreToolUse", out("plain text", 3), SHELL), {
      outcome: { action: "deny", reason: "plain text" },
    });
  });
  await t.step("a missing program (exit 127) denies with bash's message", () => {
    deepEqual(gemini.decodeOutput("PreToolUse", out("", 127, "bash: x: command not found"), SHELL), {
      outcome: { action: "deny", reason: "bash: x: command not found" },
    });
  });
  await t.step("exit 2 with stderr denies", () => {
    deepEqual(gemini.decodeOutput("PreToolUse", out("", 2, "refused on stderr"), SHELL), {
      outcome: { action: "deny", reason: "refused on stderr" },
    });
  });
  await t.step("exit 2 blocks even when the JSON allows", () => {
    deepEqual(gemini.decodeOutput("PreToolUse", out('{"decision":"allow"}', 2), SHELL), {
      outcome: { action: "deny", reason: "blocked by hook" },
    });
  });
  await t.step("JSON on exit 1 is a failure whose lenient reading is the JSON", () => {
    deepEqual(gemini.decodeOutput("PreToolUse", out('{"decision":"deny","reason":"no"}', 1), SHELL), {
      failure: { kind: "exit", message: "exited with code 1" },
      lenient: { action: "deny", reason: "no" },
    });
  });
  await t.step("JSON on stderr counts when stdout is empty", () => {
    deepEqual(gemini.decodeOutput("PreToolUse", out("", 0, '{"decision":"deny","reason":"from stderr"}'), SHELL), {
      outcome: { action: "deny", reason: "from stderr" },
    });
  });
  await t.step("double-encoded JSON", () => {
    deepEqual(gemini.decodeOutput("PreToolUse", out(JSON.stringify('{"decision":"deny","reason":"x"}')), SHELL), {
      outcome: { action: "deny", reason: "x" },
    });
  });
  await t.step("nothing on a failed exit is a failure whose lenient reading allows", () => {
    deepEqual(gemini.decodeOutput("PreToolUse", out("", 1), SHELL), {
      failure: { kind: "exit", message: "exited with code 1" },
      lenient: { action: "allow" },
    });
  });
  await t.step("nothing allows", () => {
    deepEqual(gemini.decodeOutput("PreToolUse", out(""), SHELL), { outcome: { action: "allow" } });
  });
});

Deno.test("Gemini decodeOutput() names the wrong field of an answer", async (t) => {
  const cases: [string, string][] = [
    ['{"decision":"maybe"}', '"decision" must be "allow", "deny", "block" or "ask", got "maybe"'],
    ['{"reason":5}', '"reason" must be a string, got a number'],
    ['{"continue":"no"}', '"continue" must be a boolean, got a string'],
    ['{"hookSpecificOutput":[]}', '"hookSpecificOutput" must be a JSON object, got an array'],
    [
      '{"hookSpecificOutput":{"tool_input":"ls"}}',
      '"hookSpecificOutput.tool_input" must be a JSON object, got a string',
    ],
  ];
  for (const [text, message] of cases) {
    await t.step(text, () => {
      deepEqual(gemini.decodeOutput("PreToolUse", out(text), SHELL), { failure: { kind: "invalid_output", message } });
    });
  }
});
