// Reading a Cursor hook's answer by Cursor's rules: exit codes, and the
// fields each event reads.

import { deepEqual, equal } from "node:assert/strict";
import { decodeCursorOutput } from "../../../src/dialects/cursor/output.ts";
import type { HookAnswer } from "../../../src/dialects/shared/types.ts";

const out = (text: string, exitCode: number | null = 0, stderr = ""): HookAnswer => ({
  source: "stdout",
  text,
  stderr,
  exitCode,
});
const BASH = { event: "PreToolUse" as const, cwd: "/p", toolName: "Bash", toolInput: { command: "ls" } };

Deno.test("decodeCursorOutput reads exit codes as Cursor does", async (t) => {
  await t.step("exit 2 denies, stderr the reason", () => {
    deepEqual(decodeCursorOutput("PreToolUse", out("", 2, "no rm"), BASH, "beforeShellExecution"), {
      outcome: { action: "deny", reason: "no rm" },
    });
  });
  await t.step("exit 2 denies whatever the JSON says, with its agent_message", () => {
    deepEqual(decodeCursorOutput("PreToolUse", out('{"permission":"allow","agent_message":"why"}', 2)), {
      outcome: { action: "deny", reason: "why" },
    });
  });
  await t.step("another non-zero exit is a failure, for the failure policy (failClosed) to decide", () => {
    const decoded = decodeCursorOutput("PreToolUse", out('{"permission":"allow"}', 1, "boom"));
    equal("failure" in decoded && decoded.failure.kind, "exit");
    equal("lenient" in decoded, false);
  });
  await t.step("output that is no JSON object is a failure", () => {
    const decoded = decodeCursorOutput("PreToolUse", out("allow"));
    equal("failure" in decoded && decoded.failure.kind, "invalid_output");
  });
  await t.step("nothing is no objection", () => {
    deepEqual(decodeCursorOutput("Stop", out("")), { outcome: { action: "allow" } });
  });
});

Deno.test("decodeCursorOutput reads the fields the hook's event reads", async (t) => {
  await t.step("permission deny: agent_message for the model, user_message for the user", () => {
    deepEqual(
      decodeCursorOutput(
        "PreToolUse",
        out('{"permission":"deny","agent_message":"for the model","user_message":"for you"}'),
        BASH,
        "beforeShellExecution",
      ),
      { outcome: { action: "deny", reason: "for the model", systemMessage: "for you" } },
    );
  });
  await t.step("permission allow is no objection, never a grant", () => {
    deepEqual(decodeCursorOutput("PreToolUse", out('{"permission":"allow"}'), BASH), {
      outcome: { action: "allow" },
    });
  });
  await t.step("permission ask on a shell command is an ask", () => {
    deepEqual(
      decodeCursorOutput(
        "PreToolUse",
        out('{"permission":"ask","agent_message":"push?"}'),
        BASH,
        "beforeShellExecution",
      ),
      { outcome: { action: "ask", reason: "push?" } },
    );
  });
  await t.step("ask on subagentStart is Cursor's deny", () => {
    const decoded = decodeCursorOutput("SubagentStart", out('{"permission":"ask"}'));
    equal("outcome" in decoded && decoded.outcome.action, "deny");
  });
  await t.step("updated_input on preToolUse is a rewrite, back in canonical terms", () => {
    deepEqual(decodeCursorOutput("PreToolUse", out('{"updated_input":{"command":"ls -la"}}'), BASH), {
      outcome: { action: "mutate", input: { command: "ls -la" } },
    });
  });
  await t.step("updated_input on beforeShellExecution is ignored, as Cursor ignores it", () => {
    deepEqual(
      decodeCursorOutput("PreToolUse", out('{"updated_input":{"command":"ls -la"}}'), BASH, "beforeShellExecution"),
      { outcome: { action: "allow" } },
    );
  });
  await t.step("continue false blocks the prompt, user_message the reason", () => {
    deepEqual(decodeCursorOutput("UserPromptSubmit", out('{"continue":false,"user_message":"no secrets"}')), {
      outcome: { action: "deny", reason: "no secrets" },
    });
  });
  await t.step("followup_message on stop keeps the agent going", () => {
    deepEqual(decodeCursorOutput("Stop", out('{"followup_message":"run the tests"}')), {
      outcome: { action: "deny", reason: "run the tests" },
    });
  });
  await t.step("a follow-up past Cursor's default loop limit is not sent", () => {
    const input = { event: "Stop" as const, cwd: "/p", extra: { loop_count: 5 } };
    deepEqual(decodeCursorOutput("Stop", out('{"followup_message":"again"}'), input), {
      outcome: { action: "allow" },
    });
  });
  await t.step("additional_context on sessionStart is context", () => {
    deepEqual(decodeCursorOutput("SessionStart", out('{"additional_context":"use pnpm"}')), {
      outcome: { action: "allow", additionalContext: "use pnpm" },
    });
  });
  await t.step("a field of the wrong type is invalid output, named", () => {
    const decoded = decodeCursorOutput("PreToolUse", out('{"permission":true}'));
    equal("failure" in decoded && decoded.failure.message.includes('"permission"'), true);
  });
});
