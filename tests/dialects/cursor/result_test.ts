// What hook-run gateway answers Cursor with, per Cursor event: what Cursor
// cannot express is a deny with the reason or dropped with a warning.

import { deepEqual, equal, match } from "node:assert/strict";
import { cursorAnswer } from "../../../src/dialects/cursor/result.ts";
import type { DecodedInput } from "../../../src/dialects/shared/types.ts";

const shell: DecodedInput = {
  event: "PreToolUse",
  wireEvent: "beforeShellExecution",
  fields: { toolName: "Bash", toolInput: { command: "ls" } },
};
const preShell: DecodedInput = { event: "PreToolUse", fields: { toolName: "Bash", toolInput: { command: "ls" } } };

Deno.test("cursorAnswer answers Cursor per event", async (t) => {
  await t.step("a deny on beforeShellExecution", () => {
    deepEqual(cursorAnswer("PreToolUse", { block: true, reason: "no rm -rf" }, shell), {
      json: { permission: "deny", user_message: "no rm -rf", agent_message: "no rm -rf" },
      warnings: [],
    });
  });
  await t.step("an ask on beforeShellExecution is Cursor's ask", () => {
    deepEqual(cursorAnswer("PreToolUse", { decision: "ask", reason: "push?" }, shell).json, {
      permission: "ask",
      user_message: "push?",
      agent_message: "push?",
    });
  });
  await t.step("an ask on preToolUse is a deny with the reason: Cursor does not enforce ask there", () => {
    const { json } = cursorAnswer("PreToolUse", { decision: "ask", reason: "push?" }, preShell);
    equal(json.permission, "deny");
    equal(json.agent_message, "push?");
    match(String(json.user_message), /cannot ask on preToolUse/);
  });
  await t.step("a rewrite on preToolUse is updated_input in Cursor's terms", () => {
    deepEqual(cursorAnswer("PreToolUse", { input: { command: "ls -la" } }, preShell), {
      json: { updated_input: { command: "ls -la" } },
      warnings: [],
    });
  });
  await t.step("a rewrite on beforeShellExecution is dropped with a warning, neither deny nor allow", () => {
    const { json, warnings } = cursorAnswer("PreToolUse", { input: { command: "ls -la" } }, shell);
    equal(json.permission, undefined);
    equal(json.updated_input, undefined);
    match(String(json.user_message), /rewrite is dropped/);
    equal(warnings.length, 1);
  });
  await t.step("a granted call is permission allow; no decision is nothing", () => {
    deepEqual(cursorAnswer("PreToolUse", { decision: "allow" }, shell).json, { permission: "allow" });
    deepEqual(cursorAnswer("PreToolUse", {}, shell).json, {});
  });
  await t.step("a blocked prompt is continue false with the reason", () => {
    deepEqual(cursorAnswer("UserPromptSubmit", { block: true, reason: "no secrets" }).json, {
      continue: false,
      user_message: "no secrets",
    });
  });
  await t.step("context on a prompt is dropped with a warning: Cursor takes none there", () => {
    const { json, warnings } = cursorAnswer("UserPromptSubmit", { additionalContext: "x" });
    deepEqual(json, {});
    match(warnings[0]!, /does not take on beforeSubmitPrompt/);
  });
  await t.step("a blocked stop is followup_message with the reason", () => {
    deepEqual(cursorAnswer("Stop", { block: true, reason: "run the tests" }).json, {
      followup_message: "run the tests",
    });
  });
  await t.step("sessionStart context is additional_context", () => {
    deepEqual(cursorAnswer("SessionStart", { additionalContext: "use pnpm" }).json, {
      additional_context: "use pnpm",
    });
  });
  await t.step("a deny on beforeReadFile; an ask there is a deny", () => {
    const read: DecodedInput = {
      event: "PreToolUse",
      wireEvent: "beforeReadFile",
      fields: { toolName: "Read", toolInput: {} },
    };
    equal(cursorAnswer("PreToolUse", { block: true, reason: "secret" }, read).json.permission, "deny");
    equal(cursorAnswer("PreToolUse", { decision: "ask" }, read).json.permission, "deny");
  });
  await t.step("a halt on a gating event is a deny", () => {
    equal(cursorAnswer("PreToolUse", { halt: true, stopReason: "stop now" }, shell).json.permission, "deny");
  });
});
