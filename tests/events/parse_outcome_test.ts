import { deepEqual, throws } from "node:assert/strict";
import { parseHookOutcome } from "../../mod.ts";

Deno.test("parseHookOutcome() reads undefined, null and {} as allow", () => {
  for (const value of [undefined, null, {}, { action: "allow" }]) {
    deepEqual(parseHookOutcome(value), { action: "allow" });
  }
});

Deno.test("parseHookOutcome() accepts the three explicit actions", () => {
  deepEqual(parseHookOutcome({ action: "deny", reason: "blocked: rm -rf" }), {
    action: "deny",
    reason: "blocked: rm -rf",
  });
  deepEqual(
    parseHookOutcome({ action: "mutate", input: { command: "ls -la" } }),
    {
      action: "mutate",
      input: { command: "ls -la" },
    },
  );
  deepEqual(parseHookOutcome({ action: "allow", additionalContext: "note" }), {
    action: "allow",
    additionalContext: "note",
  });
});

Deno.test("parseHookOutcome() normalizes the legacy decision/modifiedInput form", async (t) => {
  await t.step("decision block with and without a reason", () => {
    deepEqual(parseHookOutcome({ decision: "block", reason: "no" }), {
      action: "deny",
      reason: "no",
    });
    deepEqual(parseHookOutcome({ decision: "block" }), {
      action: "deny",
      reason: "blocked by hook",
    });
  });
  await t.step("decision allow", () => {
    deepEqual(parseHookOutcome({ decision: "allow" }), { action: "allow" });
  });
  await t.step("modifiedInput", () => {
    deepEqual(parseHookOutcome({ modifiedInput: { a: 1 } }), {
      action: "mutate",
      input: { a: 1 },
    });
  });
});

Deno.test("parseHookOutcome() normalizes Wuu's snake_case output", () => {
  deepEqual(parseHookOutcome({ continue: false, reason: "stop" }), {
    action: "deny",
    reason: "stop",
  });
  deepEqual(parseHookOutcome({ updated_input: { command: "ls" } }), {
    action: "mutate",
    input: { command: "ls" },
  });
  deepEqual(parseHookOutcome({ additional_context: "ctx" }), {
    action: "allow",
    additionalContext: "ctx",
  });
  deepEqual(parseHookOutcome({ continue: true }), { action: "allow" });
});

Deno.test("parseHookOutcome() lets deny win when an answer mixes signals", () => {
  deepEqual(
    parseHookOutcome({
      decision: "block",
      reason: "r",
      modifiedInput: { a: 1 },
    }),
    {
      action: "deny",
      reason: "r",
    },
  );
  deepEqual(
    parseHookOutcome({ action: "allow", decision: "block", reason: "r" }),
    {
      action: "deny",
      reason: "r",
    },
  );
});

Deno.test("parseHookOutcome() ignores unknown fields", () => {
  deepEqual(
    parseHookOutcome({ action: "allow", note: 1, suppressOutput: true }),
    { action: "allow" },
  );
});

Deno.test("parseHookOutcome() rejects malformed outcomes with the field named", async (t) => {
  const cases: [unknown, RegExp][] = [
    ["text", /expected a JSON object, got a string/],
    [[], /got an array/],
    [42, /got a number/],
    [true, /got a boolean/],
    [{ action: "deny" }, /needs a non-empty "reason"/],
    [{ action: "deny", reason: "   " }, /needs a non-empty "reason"/],
    [{ action: "mutate" }, /needs an "input" object/],
    [
      { action: "mutate", input: [1] },
      /"input" must be a JSON object, got an array/,
    ],
    [{ action: "mutate", input: "x" }, /"input" must be a JSON object/],
    [
      { action: "allow", input: {} },
      /"input" is only valid with "action": "mutate"/,
    ],
    [{ action: "maybe" }, /"action" must be "allow", "deny", "mutate", "ask" or "defer"/],
    [{ halt: "yes" }, /"halt" must be a boolean/],
    [{ halt: true, stopReason: 3 }, /must be a string, got a number/],
    [{ systemMessage: {} }, /"systemMessage" must be a string/],
    [{ decision: "maybe" }, /"decision" must be "block" or "allow"/],
    [{ reason: 5 }, /"reason" must be a string/],
    [{ additionalContext: 5 }, /"additionalContext" must be a string/],
    [{ continue: "no" }, /"continue" must be a boolean/],
    [new Date(), /not a plain object/],
  ];
  for (const [value, message] of cases) {
    await t.step(JSON.stringify(value) ?? String(value), () => {
      throws(() => parseHookOutcome(value), (error: Error) => {
        return error instanceof TypeError && message.test(error.message) &&
          error.message.startsWith("Cannot parse hook outcome: ");
      });
    });
  }
});

Deno.test("parseHookOutcome() reads ask and defer (with an optional rewrite), a halt and a user message", () => {
  deepEqual(parseHookOutcome({ action: "ask", reason: "confirm the push" }), {
    action: "ask",
    reason: "confirm the push",
  });
  deepEqual(parseHookOutcome({ action: "defer", input: { a: 1 } }), { action: "defer", input: { a: 1 } });
  deepEqual(parseHookOutcome({ halt: true, stopReason: "budget spent" }), {
    action: "allow",
    halt: true,
    stopReason: "budget spent",
  });
  deepEqual(parseHookOutcome({ action: "deny", reason: "no", systemMessage: "heads up" }), {
    action: "deny",
    reason: "no",
    systemMessage: "heads up",
  });
});
