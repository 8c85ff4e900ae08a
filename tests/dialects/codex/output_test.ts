import { deepEqual, equal, ok } from "node:assert/strict";
import { dialectOf } from "../../../src/dialects/dialects.ts";
import type { DecodedOutput, HookAnswer } from "../../../src/dialects/shared/types.ts";
import type { HookEvent } from "../../../src/events/event_map.ts";

const codex = dialectOf("codex");

function answer(text: string, exitCode: number | null = 0, stderr = ""): HookAnswer {
  return { source: "stdout", text, stderr, exitCode };
}
function decode(event: HookEvent, text: string, exitCode: number | null = 0, stderr = ""): DecodedOutput {
  return codex.decodeOutput(event, answer(text, exitCode, stderr));
}
function json(value: unknown): string {
  return JSON.stringify(value);
}
function invalid(decoded: DecodedOutput, includes: string): void {
  ok("failure" in decoded, `expected a failure, got ${JSON.stringify(decoded)}`);
  equal(decoded.failure.kind, "invalid_output");
  ok(decoded.failure.message.includes(includes), decoded.failure.message);
  equal(decoded.lenient, undefined);
}
const pre = (specific: Record<string, unknown>, root: Record<string, unknown> = {}) =>
  json({ ...root, hookSpecificOutput: { hookEventName: "PreToolUse", ...specific } });

Deno.test("CODEX_DIALECT.decodeOutput reads exit codes as Codex does", async (t) => {
  await t.step("exit 2 with a reason on stderr blocks", () => {
    deepEqual(decode("PreToolUse", "", 2, "no rm -rf"), { outcome: { action: "deny", reason: "no rm -rf" } });
    deepEqual(decode("Stop", "", 2, "keep going"), { outcome: { action: "deny", reason: "keep going" } });
  });
  await t.step("exit 2 ignores stdout JSON", () => {
    deepEqual(decode("PreToolUse", pre({ permissionDecision: "allow", updatedInput: {} }), 2, "no"), {
      outcome: { action: "deny", reason: "no" },
    });
  });
  await t.step("exit 2 with empty stderr is a failure, not a block", () => {
    const decoded = decode("PreToolUse", "", 2, "");
    ok("failure" in decoded);
    equal(decoded.failure.kind, "exit");
    ok(decoded.failure.message.includes("stderr"));
  });
  await t.step("exit 2 on SessionStart is a failure", () => {
    ok("failure" in decode("SessionStart", "", 2, "why"));
  });
  await t.step("any other non-zero exit is a failure", () => {
    const decoded = decode("PreToolUse", pre({ permissionDecision: "deny", permissionDecisionReason: "x" }), 1);
    ok("failure" in decoded);
    equal(decoded.failure.kind, "exit");
    equal(decoded.lenient, undefined);
  });
});

Deno.test("CODEX_DIALECT.decodeOutput reads PreToolUse by Codex's rules", async (t) => {
  await t.step("deny with a reason blocks", () => {
    deepEqual(decode("PreToolUse", pre({ permissionDecision: "deny", permissionDecisionReason: "no" })), {
      outcome: { action: "deny", reason: "no" },
    });
  });
  await t.step("the legacy decision block with a reason blocks", () => {
    deepEqual(decode("PreToolUse", json({ decision: "block", reason: "no" })), {
      outcome: { action: "deny", reason: "no" },
    });
  });
  await t.step("allow with updatedInput rewrites", () => {
    deepEqual(decode("PreToolUse", pre({ permissionDecision: "allow", updatedInput: { command: "ls -la" } })), {
      outcome: { action: "mutate", input: { command: "ls -la" } },
    });
  });
  await t.step("context and a systemMessage are read", () => {
    deepEqual(decode("PreToolUse", pre({ additionalContext: "c" }, { systemMessage: "m" })), {
      outcome: { action: "allow", systemMessage: "m", additionalContext: "c" },
    });
  });
  await t.step("what Codex rejects is invalid output", () => {
    invalid(decode("PreToolUse", pre({ permissionDecision: "deny" })), "without a non-empty");
    invalid(decode("PreToolUse", pre({ permissionDecision: "deny", permissionDecisionReason: " " })), "non-empty");
    invalid(decode("PreToolUse", pre({ permissionDecision: "ask", permissionDecisionReason: "r" })), "ask");
    invalid(decode("PreToolUse", pre({ permissionDecision: "allow" })), 'without "updatedInput"');
    invalid(decode("PreToolUse", pre({ updatedInput: { command: "x" } })), 'without "permissionDecision": "allow"');
    invalid(decode("PreToolUse", pre({ updatedInput: { command: "x" }, permissionDecision: "deny" })), "updatedInput");
    invalid(decode("PreToolUse", pre({ permissionDecisionReason: "r" })), 'without "permissionDecision"');
    invalid(decode("PreToolUse", json({ decision: "approve" })), "approve");
    invalid(decode("PreToolUse", json({ decision: "block" })), "non-empty");
    invalid(decode("PreToolUse", json({ reason: "r" })), 'without "decision"');
    invalid(decode("PreToolUse", json({ continue: false })), "continue");
    invalid(decode("PreToolUse", json({ stopReason: "s" })), "stopReason");
    invalid(decode("PreToolUse", json({ suppressOutput: true })), "suppressOutput");
  });
  await t.step("an unknown field anywhere makes the whole answer invalid", () => {
    invalid(decode("PreToolUse", json({ extra: 1 })), '"extra"');
    invalid(decode("PreToolUse", pre({ permissionDecision: "deny", permissionDecisionReason: "no", why: 1 })), "why");
    invalid(decode("PreToolUse", json({ hookSpecificOutput: { permissionDecision: "deny" } })), "hookEventName");
    invalid(decode("PreToolUse", json({ hookSpecificOutput: { hookEventName: "Stop" } })), "hookEventName");
  });
  await t.step("plain stdout is ignored, JSON-looking text is invalid", () => {
    deepEqual(decode("PreToolUse", "checking…"), { outcome: { action: "allow" } });
    invalid(decode("PreToolUse", "{not json"), "not JSON");
    invalid(decode("PreToolUse", "[1]"), "not one object");
  });
  await t.step("empty stdout is nothing", () => {
    deepEqual(decode("PreToolUse", ""), { outcome: { action: "allow" } });
  });
});

Deno.test("CODEX_DIALECT.decodeOutput reads the other events by Codex's rules", async (t) => {
  await t.step("Stop: decision block with a reason continues the turn; without one it is invalid", () => {
    deepEqual(decode("Stop", json({ decision: "block", reason: "run the tests" })), {
      outcome: { action: "deny", reason: "run the tests" },
    });
    invalid(decode("Stop", json({ decision: "block" })), "non-empty");
  });
  await t.step("Stop: hookSpecificOutput and plain text are invalid", () => {
    invalid(
      decode("Stop", json({ hookSpecificOutput: { hookEventName: "Stop", additionalContext: "c" } })),
      "hookSpecificOutput",
    );
    invalid(decode("Stop", "done"), "plain text");
  });
  await t.step("UserPromptSubmit and SessionStart: plain text and JSON context", () => {
    deepEqual(decode("UserPromptSubmit", "note"), { outcome: { action: "allow", additionalContext: "note" } });
    deepEqual(
      decode("SessionStart", json({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "c" } })),
      { outcome: { action: "allow", additionalContext: "c" } },
    );
  });
  await t.step("continue false halts where Codex allows it", () => {
    deepEqual(decode("UserPromptSubmit", json({ continue: false, stopReason: "bye" })), {
      outcome: { action: "allow", halt: true, stopReason: "bye" },
    });
  });
  await t.step("PostToolUse: a reason without a decision is invalid", () => {
    invalid(decode("PostToolUse", json({ reason: "r" })), 'without "decision"');
    deepEqual(decode("PostToolUse", json({ decision: "block", reason: "lint" })), {
      outcome: { action: "deny", reason: "lint" },
    });
  });
  await t.step("PermissionRequest: behaviors, and the reserved fields refused", () => {
    const pr = (decision: unknown) => json({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision } });
    deepEqual(decode("PermissionRequest", pr({ behavior: "deny", message: "no" })), {
      outcome: { action: "deny", reason: "no" },
    });
    deepEqual(decode("PermissionRequest", pr({ behavior: "allow" })), { outcome: { action: "grant" } });
    invalid(decode("PermissionRequest", pr({ behavior: "allow", updatedInput: {} })), "updatedInput");
    invalid(decode("PermissionRequest", pr({ behavior: "deny", interrupt: true })), "interrupt");
  });
  await t.step("a wrong type is invalid", () => {
    invalid(decode("SessionStart", json({ systemMessage: 1 })), "systemMessage");
    invalid(decode("SessionStart", json({ continue: "no" })), "continue");
  });
});
