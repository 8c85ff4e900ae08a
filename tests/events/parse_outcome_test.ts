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

Deno.test("parseHookOutcome() reads the extension API's {block, reason}", () => {
  deepEqual(parseHookOutcome({ block: true, reason: "no pushes" }), { action: "deny", reason: "no pushes" });
  deepEqual(parseHookOutcome({ block: true }), { action: "deny", reason: "blocked by hook" });
  deepEqual(parseHookOutcome({ block: false }), { action: "allow" });
  deepEqual(parseHookOutcome({ block: false, reason: "fine" }), { action: "allow" });
  // Deny wins over an explicit allow in the same answer.
  deepEqual(parseHookOutcome({ action: "allow", block: true, reason: "r" }), { action: "deny", reason: "r" });
  throws(() => parseHookOutcome({ block: "yes" }), /"block" must be a boolean, got a string/);
});

Deno.test("parseHookOutcome() refuses an object with no outcome field, naming its keys and never their values", async (t) => {
  await t.step("one unknown key", () => {
    throws(
      () => parseHookOutcome({ foo: 1 }),
      (error: Error) =>
        error instanceof TypeError &&
        error.message.startsWith('Cannot parse hook outcome: an object with no outcome field (its keys: "foo")'),
    );
  });
  await t.step("several, and a Claude-style answer read by the native dialect", () => {
    throws(
      () => parseHookOutcome({ hookSpecificOutput: { permissionDecision: "deny" }, verdict: "s3cr3t" }),
      (error: Error) =>
        /its keys: "hookSpecificOutput", "verdict"\)/.test(error.message) && !error.message.includes("s3cr3t") &&
        !error.message.includes("permissionDecision"),
    );
  });
  await t.step("many keys are cut short", () => {
    const many = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`k${i}`, i]));
    throws(() => parseHookOutcome(many), /"k0", "k1", "k2", "k3", "k4" and 7 more\)/);
  });
  await t.step("{} and an object with one known field still read", () => {
    deepEqual(parseHookOutcome({}), { action: "allow" });
    deepEqual(parseHookOutcome({ reason: "only a reason", note: 1 }), { action: "allow" });
  });
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
