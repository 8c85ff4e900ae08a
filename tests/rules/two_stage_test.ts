// PreToolUse's phases with native hooks: the mutate stage is a chain (one
// after another, each seeing the previous rewrite), and validators, which
// all see the one final input, run at the same time, their answers taken in
// registration order.

import { deepEqual, equal, ok } from "node:assert/strict";
import { HookRegistry, HookRunner } from "../../mod.ts";
import { delay, memoryLogger } from "../_helpers.ts";

const env = { cwd: "/tmp" };

function setup() {
  const registry = new HookRegistry();
  const logger = memoryLogger();
  return { registry, logger, runner: new HookRunner({ registry, logger }) };
}

/** An in-process hook that logs its start and end around `ms` of waiting, then answers `answer`. */
function timed(log: string[], name: string, ms: number, answer: Record<string, unknown> = {}) {
  return async () => {
    log.push(`start ${name}`);
    await delay(ms);
    log.push(`end ${name}`);
    return answer;
  };
}

/** Registers a validator that waits `ms`, logging its start and end, then answers `answer`. */
function validator(registry: HookRegistry, log: string[], name: string, ms: number, answer = {}) {
  registry.registerInProcess("PreToolUse", "*", timed(log, name, ms, answer), undefined, { stage: "validate" });
}

Deno.test("TWO_STAGE: native validators run concurrently: every one starts before the first one finishes", async () => {
  const { registry, runner } = setup();
  const log: string[] = [];
  for (const name of ["v1", "v2", "v3"]) validator(registry, log, name, 30);
  deepEqual(await runner.preToolUse("t", {}, env), {});
  deepEqual(log.slice(0, 3), ["start v1", "start v2", "start v3"]);
});

Deno.test("TWO_STAGE: the first deny in registration order decides, whatever finishes first", async (t) => {
  await t.step("the slower validator is registered first", async () => {
    const { registry, runner } = setup();
    const log: string[] = [];
    validator(registry, log, "slow", 40, { action: "deny", reason: "slow" });
    validator(registry, log, "fast", 0, { action: "deny", reason: "fast" });
    deepEqual(await runner.preToolUse("t", {}, env), { block: true, reason: "slow" });
    deepEqual(log.slice(0, 2), ["start slow", "start fast"]);
  });
  await t.step("a validator that allows does not hide a later one's deny", async () => {
    const { registry, runner } = setup();
    const log: string[] = [];
    validator(registry, log, "slow", 40);
    validator(registry, log, "fast", 0, { action: "deny", reason: "fast" });
    deepEqual(await runner.preToolUse("t", {}, env), { block: true, reason: "fast" });
  });
});

Deno.test("TWO_STAGE: the mutate stage stays a chain, one after another, each seeing the previous rewrite", async () => {
  const { registry, runner } = setup();
  const log: string[] = [];
  for (const name of ["m1", "m2"]) {
    registry.registerInProcess("PreToolUse", "*", async (input) => {
      log.push(`start ${name}`);
      await delay(10);
      log.push(`end ${name}`);
      return { action: "mutate", input: { seen: [...(input.toolInput!.seen as string[] ?? []), name] } };
    });
  }
  deepEqual(await runner.preToolUse("t", {}, env), { input: { seen: ["m1", "m2"] } });
  deepEqual(log, ["start m1", "end m1", "start m2", "end m2"]);
});

Deno.test("TWO_STAGE: a deny in the mutate chain starts no validator", async () => {
  const { registry, runner } = setup();
  let validated = false;
  registry.registerInProcess("PreToolUse", "*", () => ({ action: "deny", reason: "no" }));
  registry.registerInProcess("PreToolUse", "*", () => void (validated = true), undefined, { stage: "validate" });
  deepEqual(await runner.preToolUse("t", {}, env), { block: true, reason: "no" });
  equal(validated, false);
});

Deno.test("TWO_STAGE: validators that answer synchronously finish the run inline, in registration order", async () => {
  const { registry, runner, logger } = setup();
  const order: string[] = [];
  registry.registerInProcess("PreToolUse", "*", () => void order.push("v1"), undefined, { stage: "validate" });
  registry.registerInProcess(
    "PreToolUse",
    "*",
    () => {
      order.push("v2");
      return { action: "deny", reason: "v2" };
    },
    undefined,
    { stage: "validate" },
  );
  deepEqual(await runner.preToolUse("t", {}, env), { block: true, reason: "v2" });
  deepEqual(order, ["v1", "v2"]);
  ok(logger.warnings.length === 0, logger.warnings.join("\n"));
});
