// What hook-run gateway --agent gemini answers Gemini CLI with: its
// decision fields, a rewrite as the tool's whole input in Gemini's names,
// context where Gemini takes it, and a visible warning for what Gemini
// cannot do.

import { deepEqual } from "node:assert/strict";
import { encodeGeminiResult } from "../../../src/dialects/gemini/result.ts";
import type { DecodedInput } from "../../../src/dialects/mod.ts";

const GLOB_CALL: DecodedInput = {
  event: "PreToolUse",
  fields: { toolName: "Glob", toolInput: { pattern: "*", path: "src" } },
  cwd: "/p",
};
const SHELL_CALL: DecodedInput = {
  event: "PreToolUse",
  fields: { toolName: "Bash", toolInput: { command: "ls", dir_path: "." } },
  cwd: "/p",
};

Deno.test("Gemini encodeResult() answers BeforeTool as Gemini reads it", async (t) => {
  await t.step("a deny", () => {
    deepEqual(encodeGeminiResult("PreToolUse", { block: true, reason: "no rm -rf" }, SHELL_CALL), {
      decision: "deny",
      reason: "no rm -rf",
    });
  });
  await t.step("an ask shows its reason in Gemini's confirmation", () => {
    deepEqual(encodeGeminiResult("PreToolUse", { decision: "ask", reason: "push needs a human" }, SHELL_CALL), {
      decision: "ask",
      reason: "push needs a human",
      systemMessage: "push needs a human",
    });
  });
  await t.step("an ask with its own message", () => {
    deepEqual(encodeGeminiResult("PreToolUse", { decision: "ask", reason: "r", systemMessage: "m" }, SHELL_CALL), {
      decision: "ask",
      reason: "r",
      systemMessage: "m",
    });
  });
  await t.step("a grant", () => {
    deepEqual(encodeGeminiResult("PreToolUse", { decision: "allow" }, SHELL_CALL), { decision: "allow" });
  });
  await t.step("nothing applies", () => deepEqual(encodeGeminiResult("PreToolUse", {}, SHELL_CALL), {}));
  await t.step("a halt", () => {
    deepEqual(encodeGeminiResult("PreToolUse", { halt: true, stopReason: "enough" }, SHELL_CALL), {
      continue: false,
      stopReason: "enough",
    });
  });
});

Deno.test("Gemini encodeResult() writes a rewrite as the whole input in Gemini's names", async (t) => {
  await t.step("a shell call keeps dir_path", () => {
    deepEqual(encodeGeminiResult("PreToolUse", { input: { command: "ls -la", dir_path: "." } }, SHELL_CALL), {
      hookSpecificOutput: { hookEventName: "BeforeTool", tool_input: { command: "ls -la", dir_path: "." } },
    });
  });
  await t.step("a glob's path becomes dir_path again", () => {
    deepEqual(encodeGeminiResult("PreToolUse", { input: { pattern: "*.ts", path: "src" } }, GLOB_CALL), {
      hookSpecificOutput: { hookEventName: "BeforeTool", tool_input: { pattern: "*.ts", dir_path: "src" } },
    });
  });
  await t.step("an ask with a rewrite", () => {
    deepEqual(
      encodeGeminiResult("PreToolUse", { decision: "ask", input: { command: "git push -n" } }, SHELL_CALL),
      { decision: "ask", hookSpecificOutput: { hookEventName: "BeforeTool", tool_input: { command: "git push -n" } } },
    );
  });
  await t.step("a block drops the rewrite", () => {
    deepEqual(encodeGeminiResult("PreToolUse", { block: true, reason: "no", input: { command: "x" } }, SHELL_CALL), {
      decision: "deny",
      reason: "no",
    });
  });
});

Deno.test("Gemini encodeResult() answers the other events in Gemini's terms", async (t) => {
  await t.step("AfterAgent's block is Gemini's deny, the reason its next prompt", () => {
    deepEqual(encodeGeminiResult("Stop", { block: true, reason: "run the tests first" }), {
      decision: "deny",
      reason: "run the tests first",
    });
  });
  await t.step("BeforeAgent's block and context", () => {
    deepEqual(encodeGeminiResult("UserPromptSubmit", { block: true, reason: "no secrets" }), {
      decision: "deny",
      reason: "no secrets",
    });
    deepEqual(encodeGeminiResult("UserPromptSubmit", { additionalContext: "branch: main" }), {
      hookSpecificOutput: { hookEventName: "BeforeAgent", additionalContext: "branch: main" },
    });
  });
  await t.step("SessionStart context", () => {
    deepEqual(encodeGeminiResult("SessionStart", { additionalContext: "hello" }), {
      hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "hello" },
    });
  });
  await t.step("AfterTool context, and feedback as Gemini's deny", () => {
    deepEqual(encodeGeminiResult("PostToolUse", { additionalContext: "lint: ok" }), {
      hookSpecificOutput: { hookEventName: "AfterTool", additionalContext: "lint: ok" },
    });
    deepEqual(encodeGeminiResult("PostToolUse", { additionalContext: "lint failed", contextAs: "feedback" }), {
      decision: "deny",
      reason: "lint failed",
    });
  });
  await t.step("what hooks gave that hookgate does not model travels on", () => {
    deepEqual(
      encodeGeminiResult("Stop", { extra: { root: { suppressOutput: true }, event: { clearContext: true } } }),
      { suppressOutput: true, hookSpecificOutput: { hookEventName: "AfterAgent", clearContext: true } },
    );
  });
});

Deno.test("Gemini encodeResult() drops what Gemini cannot do with a visible warning, never a deny or an allow", async (t) => {
  await t.step("a block of PreCompress", () => {
    deepEqual(encodeGeminiResult("PreCompact", { block: true, reason: "keep it" }), {
      systemMessage: "Gemini CLI cannot block PreCompress, so the hooks' block is not applied: keep it",
    });
  });
  await t.step("a replaced tool result", () => {
    deepEqual(encodeGeminiResult("PostToolUse", { updatedToolResult: { content: "redacted" } }), {
      systemMessage: "Gemini CLI cannot replace a tool's result, so the hooks' replacement is not applied",
    });
  });
  await t.step("context before a tool, beside a message", () => {
    deepEqual(encodeGeminiResult("PreToolUse", { additionalContext: "c", systemMessage: "m" }, SHELL_CALL), {
      systemMessage: "m\nGemini CLI takes no context on BeforeTool, so the hooks' context is not given to the model",
    });
  });
});
