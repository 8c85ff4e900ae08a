import { deepEqual, equal, ok } from "node:assert/strict";
import { dialectOf } from "../../../src/dialects/dialects.ts";
import type { AnyHookEventResult, HookEvent } from "../../../src/events/event_map.ts";
import { SCHEMA_EVENTS, schemaProblems } from "./_schema.ts";

const codex = dialectOf("codex");

/** Every kind of result the runner gives, and their combinations. */
const RESULTS: Record<string, AnyHookEventResult> = {
  nothing: {},
  block: { block: true, reason: "no rm -rf" },
  "block without a reason": { block: true },
  "block with a blank reason": { block: true, reason: "  " },
  halt: { halt: true, stopReason: "out of budget" },
  "halt without a reason": { halt: true },
  ask: { decision: "ask", reason: "pushing needs a human" },
  "ask without a reason": { decision: "ask" },
  defer: { decision: "defer" },
  grant: { decision: "allow", reason: "fine" },
  rewrite: { input: { command: "ls -la" } },
  "granted rewrite": { decision: "allow", input: { command: "ls -la" } },
  "ask with a rewrite": { decision: "ask", input: { command: "ls -la" } },
  "block with a rewrite": { block: true, reason: "no", input: { command: "ls" } },
  context: { additionalContext: "remember the tests" },
  feedback: { additionalContext: "lint failed", contextAs: "feedback" },
  "block with context": { block: true, reason: "no", additionalContext: "why" },
  "system message": { systemMessage: "hello" },
  "replaced tool result": { updatedToolResult: { content: "redacted" } },
  "suppressed output": { extra: { root: { suppressOutput: true, other: 1 }, event: { foreign: true } } },
  everything: {
    block: true,
    reason: "r",
    halt: true,
    stopReason: "s",
    systemMessage: "m",
    additionalContext: "c",
    decision: "ask",
    input: { command: "x" },
    updatedToolResult: { content: "y" },
    extra: { root: { suppressOutput: true } },
  } as AnyHookEventResult,
};

Deno.test("CODEX_DIALECT.encodeResult never writes a field outside Codex's schema for the event", async (t) => {
  for (const event of SCHEMA_EVENTS) {
    await t.step(event, () => {
      for (const [name, result] of Object.entries(RESULTS)) {
        const encoded = codex.encodeResult(event as HookEvent, result);
        deepEqual(schemaProblems(event, encoded), [], `${event}, ${name}: ${JSON.stringify(encoded)}`);
      }
    });
  }
});

Deno.test("CODEX_DIALECT.encodeResult answers nothing with {}", () => {
  for (const event of SCHEMA_EVENTS) deepEqual(codex.encodeResult(event as HookEvent, {}), {});
});

Deno.test("CODEX_DIALECT.encodeResult on PreToolUse", async (t) => {
  await t.step("a block is a deny with its reason", () => {
    deepEqual(codex.encodeResult("PreToolUse", { block: true, reason: "no rm -rf" }), {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "no rm -rf",
      },
    });
  });
  await t.step("a block without a reason still has one, since Codex ignores a deny without", () => {
    const out = codex.encodeResult("PreToolUse", { block: true }) as { hookSpecificOutput: Record<string, unknown> };
    equal(out.hookSpecificOutput.permissionDecisionReason, "blocked by hook");
  });
  await t.step("an ask is a deny with the reason and a systemMessage saying Codex cannot ask", () => {
    const out = codex.encodeResult("PreToolUse", { decision: "ask", reason: "pushing needs a human" });
    deepEqual(out, {
      systemMessage: "Codex cannot ask for confirmation from a hook, so this call is denied: pushing needs a human",
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "pushing needs a human",
      },
    });
  });
  await t.step("an ask with a rewrite is still a deny", () => {
    const out = codex.encodeResult("PreToolUse", { decision: "ask", input: { command: "x" } }) as {
      hookSpecificOutput: Record<string, unknown>;
    };
    equal(out.hookSpecificOutput.permissionDecision, "deny");
    equal(out.hookSpecificOutput.updatedInput, undefined);
  });
  await t.step("a rewrite is allow with the whole updatedInput", () => {
    deepEqual(codex.encodeResult("PreToolUse", { input: { command: "ls -la" } }), {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "allow",
        updatedInput: { command: "ls -la" },
      },
    });
  });
  await t.step("a grant without a rewrite is nothing: Codex refuses a bare allow", () => {
    deepEqual(codex.encodeResult("PreToolUse", { decision: "allow", reason: "fine" }), {});
  });
  await t.step("a halt, which Codex cannot take here, is a deny with a systemMessage", () => {
    deepEqual(codex.encodeResult("PreToolUse", { halt: true, stopReason: "out of budget" }), {
      systemMessage: "Codex cannot stop the session from PreToolUse, so it is denied instead: out of budget",
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "out of budget",
      },
    });
  });
  await t.step("context travels in hookSpecificOutput", () => {
    deepEqual(codex.encodeResult("PreToolUse", { additionalContext: "c" }), {
      hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "c" },
    });
  });
});

Deno.test("CODEX_DIALECT.encodeResult on the other events", async (t) => {
  await t.step("Stop: a block is decision block with the reason", () => {
    deepEqual(codex.encodeResult("Stop", { block: true, reason: "run the tests" }), {
      decision: "block",
      reason: "run the tests",
    });
  });
  await t.step("Stop: context, which Codex does not take, is dropped with a systemMessage", () => {
    deepEqual(codex.encodeResult("Stop", { additionalContext: "c" }), {
      systemMessage: "Codex takes no context on Stop, so a hook's context is dropped",
    });
  });
  await t.step("SessionStart: context in hookSpecificOutput", () => {
    deepEqual(codex.encodeResult("SessionStart", { additionalContext: "use pnpm" }), {
      hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "use pnpm" },
    });
  });
  await t.step("UserPromptSubmit: a block and a halt", () => {
    deepEqual(codex.encodeResult("UserPromptSubmit", { block: true, reason: "no secrets" }), {
      decision: "block",
      reason: "no secrets",
    });
    deepEqual(codex.encodeResult("UserPromptSubmit", { halt: true, stopReason: "bye" }), {
      continue: false,
      stopReason: "bye",
    });
  });
  await t.step("PostToolUse: feedback is decision block with the context as the reason", () => {
    deepEqual(codex.encodeResult("PostToolUse", { additionalContext: "lint failed", contextAs: "feedback" }), {
      decision: "block",
      reason: "lint failed",
    });
  });
  await t.step("PostToolUse: a replaced result is dropped with a systemMessage", () => {
    const out = codex.encodeResult("PostToolUse", { updatedToolResult: { content: "x" } });
    ok(typeof out.systemMessage === "string" && out.systemMessage.includes("tool's own result stands"));
    equal(out.hookSpecificOutput, undefined);
  });
  await t.step("PermissionRequest: deny and allow are behaviors", () => {
    deepEqual(codex.encodeResult("PermissionRequest", { block: true, reason: "no" }), {
      hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "deny", message: "no" } },
    });
    deepEqual(codex.encodeResult("PermissionRequest", { decision: "allow" }), {
      hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow" } },
    });
  });
  await t.step("fields other dialects' hooks answered never reach Codex", () => {
    deepEqual(
      codex.encodeResult("SessionStart", { extra: { root: { terminalSequence: "x" }, event: { foreign: 1 } } }),
      {},
    );
  });
});

Deno.test("schemaProblems refuses what Codex refuses", () => {
  const claude = dialectOf("claude");
  // Claude's own encoding of an ask and of a grant: both invalid for Codex.
  ok(schemaProblems("PreToolUse", claude.encodeResult("PreToolUse", { decision: "ask", reason: "r" })).length > 0);
  ok(schemaProblems("PreToolUse", claude.encodeResult("PreToolUse", { decision: "allow" })).length > 0);
  ok(schemaProblems("Stop", { hookSpecificOutput: { hookEventName: "Stop", additionalContext: "c" } }).length > 0);
  ok(schemaProblems("Stop", { decision: "block" }).length > 0);
  ok(schemaProblems("PreToolUse", { continue: false }).length > 0);
  ok(schemaProblems("SessionStart", { unknown: 1 }).length > 0);
});
