// PreToolUse's phases: the mutate stage is a chain (one after another, each
// seeing the previous rewrite); native validators then run one after
// another in registration order, a deny stopping the rest (the WrongStack
// chain: "any explicit deny short-circuits"); validators that run together
// (a Claude-dialect hook's, or one that opts in) run at the same time after
// them, their answers taken in registration order. Slow hooks registered
// before fast ones make a concurrent run reorder what these tests log.

import { deepEqual, equal, ok, throws } from "node:assert/strict";
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
function validator(registry: HookRegistry, log: string[], name: string, ms: number, answer = {}, owner?: string) {
  registry.registerInProcess("PreToolUse", "*", timed(log, name, ms, answer), owner, { stage: "validate", name });
}

/** The same, for a validator that opts in to running together (`concurrent: true`). */
function together(registry: HookRegistry, log: string[], name: string, ms: number, answer = {}, owner?: string) {
  registry.registerInProcess("PreToolUse", "*", timed(log, name, ms, answer), owner, {
    stage: "validate",
    name,
    concurrent: true,
  });
}

Deno.test("TWO_STAGE: native validators run one after another in registration order, whatever their speed", async () => {
  const { registry, runner } = setup();
  const log: string[] = [];
  validator(registry, log, "v1", 30);
  validator(registry, log, "v2", 0);
  validator(registry, log, "v3", 10);
  deepEqual(await runner.preToolUse("t", {}, env), {});
  deepEqual(log, ["start v1", "end v1", "start v2", "end v2", "start v3", "end v3"]);
});

Deno.test("TWO_STAGE: a native validator's deny stops the validators after it", async (t) => {
  await t.step("the slower validator is registered first: the faster one never starts", async () => {
    const { registry, runner } = setup();
    const log: string[] = [];
    validator(registry, log, "slow", 40, { action: "deny", reason: "slow" });
    validator(registry, log, "fast", 0, { action: "deny", reason: "fast" });
    deepEqual(await runner.preToolUse("t", {}, env), { block: true, reason: "slow" });
    deepEqual(log, ["start slow", "end slow"]);
  });
  await t.step("a validator that allows does not hide a later one's deny, which stops the third", async () => {
    const { registry, runner } = setup();
    const log: string[] = [];
    validator(registry, log, "v1", 40);
    validator(registry, log, "v2", 0, { action: "deny", reason: "v2" });
    validator(registry, log, "v3", 0, { action: "deny", reason: "v3" });
    deepEqual(await runner.preToolUse("t", {}, env), { block: true, reason: "v2" });
    deepEqual(log, ["start v1", "end v1", "start v2", "end v2"]);
  });
  await t.step("a closed validator that fails stops the rest too", async () => {
    const { registry, runner } = setup();
    const log: string[] = [];
    registry.registerInProcess(
      "PreToolUse",
      "*",
      () => {
        log.push("broken");
        throw new Error("boom");
      },
      undefined,
      { stage: "validate", failurePolicy: "closed", name: "broken" },
    );
    validator(registry, log, "later", 0);
    equal((await runner.preToolUse("t", {}, env)).block, true);
    deepEqual(log, ["broken"]);
  });
});

Deno.test("TWO_STAGE: validators that opt in with concurrent run together after the native ones, answers in registration order", async (t) => {
  await t.step("they all start before the first one finishes, after the native validators", async () => {
    const { registry, runner } = setup();
    const log: string[] = [];
    together(registry, log, "c1", 30);
    validator(registry, log, "n1", 10);
    together(registry, log, "c2", 0);
    deepEqual(await runner.preToolUse("t", {}, env), {});
    deepEqual(log.slice(0, 2), ["start n1", "end n1"]);
    deepEqual(log.slice(2, 4), ["start c1", "start c2"]);
    deepEqual(log.slice(4), ["end c2", "end c1"]);
  });
  await t.step("of their denials the first in registration order decides, and every one runs to its end", async () => {
    const { registry, runner } = setup();
    const log: string[] = [];
    together(registry, log, "slow", 40, { action: "deny", reason: "slow" });
    together(registry, log, "fast", 0, { action: "deny", reason: "fast" });
    deepEqual(await runner.preToolUse("t", {}, env), { block: true, reason: "slow" });
    deepEqual(log, ["start slow", "start fast", "end fast", "end slow"]);
  });
  await t.step("a native validator's deny starts none of them, even one registered before it", async () => {
    const { registry, runner } = setup();
    const log: string[] = [];
    together(registry, log, "c1", 0);
    validator(registry, log, "n1", 20, { action: "deny", reason: "n1" });
    validator(registry, log, "n2", 0);
    together(registry, log, "c2", 0);
    deepEqual(await runner.preToolUse("t", {}, env), { block: true, reason: "n1" });
    deepEqual(log, ["start n1", "end n1"]);
  });
  await t.step("an option that is not a boolean is refused at registration", () => {
    const { registry } = setup();
    throws(
      () =>
        registry.registerInProcess("PreToolUse", "*", () => {}, undefined, {
          name: "odd",
          concurrent: "yes" as unknown as boolean,
        }),
      /Cannot register PreToolUse hook "odd": "concurrent" must be true or false, got "yes"/,
    );
  });
});

Deno.test("TWO_STAGE: Claude-dialect validators run together after the native ones, and a native deny stops them", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "hookgate-two-stage-" });
  try {
    /** A Claude-dialect command validator that appends its start and end to the log, sleeping between. */
    const claude = (registry: HookRegistry, name: string, seconds: number) =>
      registry.registerShell("PreToolUse", {
        name,
        dialect: "claude",
        command: `echo "start ${name}" >> log; sleep ${seconds}; echo "end ${name}" >> log`,
        cwd: dir,
        timeoutMs: 20_000,
      });
    const read = async () => (await Deno.readTextFile(`${dir}/log`).catch(() => "")).trim().split("\n");
    await t.step("they start together once the native validator has answered", async () => {
      const { registry, runner } = setup();
      const log: string[] = [];
      claude(registry, "c1", 0.4);
      validator(registry, log, "n1", 0);
      claude(registry, "c2", 0);
      deepEqual(await runner.preToolUse("Bash", {}, { cwd: dir }), {});
      deepEqual(log, ["start n1", "end n1"]);
      const lines = await read();
      deepEqual(lines.slice(0, 2).sort(), ["start c1", "start c2"]);
      deepEqual(lines.slice(2), ["end c2", "end c1"]);
      await runner.close();
    });
    await Deno.remove(`${dir}/log`);
    await t.step("a native validator's deny: no Claude-dialect validator starts", async () => {
      const { registry, runner } = setup();
      const log: string[] = [];
      claude(registry, "c1", 0);
      validator(registry, log, "n1", 0, { action: "deny", reason: "n1" });
      deepEqual(await runner.preToolUse("Bash", {}, { cwd: dir }), { block: true, reason: "n1" });
      deepEqual(await read(), [""]);
      await runner.close();
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("TWO_STAGE: a run's trace lists its hooks stage by stage in registration order, whatever ran or finished first", async (t) => {
  for (const round of ["the validator that runs together is slow", "it is fast"]) {
    await t.step(round, async () => {
      const registry = new HookRegistry();
      const records: string[] = [];
      const runner = new HookRunner({ registry, onInvocation: (record) => records.push(record.hookName) });
      const log: string[] = [];
      const slow = round.endsWith("slow") ? 30 : 0;
      together(registry, log, "c1", slow, {}, "c1");
      validator(registry, log, "n1", 10, {}, "n1");
      together(registry, log, "c2", 30 - slow, {}, "c2");
      // Registered last, yet the mutate stage runs (and is traced) first.
      registry.registerInProcess("PreToolUse", "*", () => void log.push("m1"), undefined, { name: "m1" });
      validator(registry, log, "n2", 0, {}, "n2");
      deepEqual(await runner.preToolUse("t", {}, env), {});
      deepEqual(log.slice(0, 5), ["m1", "start n1", "end n1", "start n2", "end n2"]);
      deepEqual(records, ["m1", "c1", "n1", "c2", "n2"]);
    });
  }
  await t.step("after a deny, the hooks that ran, in registration order", async () => {
    const registry = new HookRegistry();
    const records: string[] = [];
    const runner = new HookRunner({ registry, onInvocation: (record) => records.push(record.hookName) });
    const log: string[] = [];
    together(registry, log, "c1", 0, {}, "c1");
    validator(registry, log, "n1", 10, {}, "n1");
    validator(registry, log, "n2", 0, { action: "deny", reason: "n2" }, "n2");
    validator(registry, log, "n3", 0, {}, "n3");
    deepEqual(await runner.preToolUse("t", {}, env), { block: true, reason: "n2" });
    deepEqual(records, ["n1", "n2"]);
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
