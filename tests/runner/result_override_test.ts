// PostToolUse's result override: hooks of every transport may replace the
// tool's content and details; the last replacement of each, in registration
// order (never completion order), wins.

import { deepEqual, equal, match, throws } from "node:assert/strict";
import { HookRegistry, HookRunner, parseHookOutcome } from "../../mod.ts";
import { delay, memoryLogger } from "../_helpers.ts";

Deno.test("HookRunner.postToolUse() applies result replacements in registration order, whatever finishes first", async () => {
  const registry = new HookRegistry();
  // Registered first, finishes last: it must still lose to the later ones.
  registry.registerInProcess("PostToolUse", "read", async () => {
    await delay(40);
    return { updatedToolResult: { content: "slow", details: { from: "slow" } } };
  });
  registry.registerInProcess("PostToolUse", "read", () => ({ updatedToolResult: { content: "[redacted]" } }));
  registry.registerShell("PostToolUse", {
    name: "details",
    command: `printf '%s' '{"updatedToolResult":{"details":{"lines":3}},"additionalContext":"checked"}'`,
  });
  const runner = new HookRunner({ registry });
  const result = await runner.postToolUse("read", { path: ".env" }, { content: "API_KEY=1", isError: false }, {
    cwd: Deno.cwd(),
  });
  deepEqual(result, {
    additionalContext: "checked",
    contextAs: "context",
    updatedToolResult: { content: "[redacted]", details: { lines: 3 } },
  });
});

Deno.test("HookRunner.postToolUseFailure() ignores a result replacement, with a warning", async () => {
  const registry = new HookRegistry();
  registry.registerInProcess("PostToolUseFailure", "*", () => ({ updatedToolResult: { content: "fine" } }), "p", {
    name: "hider",
  });
  const logger = memoryLogger();
  const runner = new HookRunner({ registry, logger });
  deepEqual(await runner.postToolUseFailure("bash", {}, "exit 1", { cwd: "/tmp" }), {});
  match(
    logger.warnings[0]!,
    /Hook "hider" replaced the tool result on PostToolUseFailure, where it cannot be replaced/,
  );
});

Deno.test("parseHookOutcome() reads updatedToolResult and refuses one that is not an object", () => {
  deepEqual(parseHookOutcome({ updated_tool_result: { content: "x" } }), {
    action: "allow",
    updatedToolResult: { content: "x" },
  });
  equal(parseHookOutcome({ updatedToolResult: {} }).updatedToolResult, undefined);
  throws(() => parseHookOutcome({ updatedToolResult: "x" }), /"updatedToolResult" must be a JSON object, got a string/);
});
