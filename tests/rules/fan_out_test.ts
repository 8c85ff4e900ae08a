// The fan-out events (PostToolUse, SessionStart, Stop, …): native hooks run
// at the same time, as the WrongStack API runs them; hooks whose agents run
// them one after another (Wuu: "in configuration order") and hooks that opt
// out run one after another alongside them. Answers combine in registration
// order, whoever finishes first.

import { deepEqual } from "node:assert/strict";
import { HookRegistry, HookRunner } from "../../mod.ts";
import { delay } from "../_helpers.ts";

const env = { cwd: "/tmp" };

/** An in-process PostToolUse hook that logs its start and end around `ms`, then adds `name` as context. */
function timed(registry: HookRegistry, log: string[], name: string, ms: number, concurrent?: boolean) {
  registry.registerInProcess(
    "PostToolUse",
    "*",
    async () => {
      log.push(`start ${name}`);
      await delay(ms);
      log.push(`end ${name}`);
      return { additionalContext: name };
    },
    undefined,
    { name, ...(concurrent === undefined ? {} : { concurrent }) },
  );
}

Deno.test("FAN_OUT: native hooks run together; their contexts join in registration order", async () => {
  const registry = new HookRegistry();
  const runner = new HookRunner({ registry });
  const log: string[] = [];
  timed(registry, log, "a", 30);
  timed(registry, log, "b", 0);
  const result = await runner.postToolUse("t", {}, { content: "ok", isError: false }, env);
  deepEqual(result.additionalContext, "a\nb");
  deepEqual(log, ["start a", "start b", "end b", "end a"]);
});

Deno.test("FAN_OUT: hooks that opt out run one after another, alongside the ones that run together", async () => {
  const registry = new HookRegistry();
  const records: string[] = [];
  const runner = new HookRunner({ registry, onInvocation: (record) => records.push(record.hookName) });
  const log: string[] = [];
  timed(registry, log, "s1", 30, false);
  timed(registry, log, "c1", 10);
  timed(registry, log, "s2", 0, false);
  const result = await runner.postToolUse("t", {}, { content: "ok", isError: false }, env);
  deepEqual(result.additionalContext, "s1\nc1\ns2");
  // s2 waits for s1; c1 does not.
  deepEqual(log, ["start s1", "start c1", "end c1", "end s1", "start s2", "end s2"]);
  deepEqual(records, ["s1", "c1", "s2"]);
});

Deno.test("FAN_OUT: Wuu hooks run one after another in configuration order, their contexts in that order", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hookgate-fan-out-" });
  try {
    const registry = new HookRegistry();
    const runner = new HookRunner({ registry });
    registry.loadShellHooks({
      PostToolUse: [
        {
          name: "slow",
          dialect: "wuu",
          command: `sleep 0.3; echo slow >> log; printf '{"additional_context":"slow"}'`,
          cwd: dir,
          timeoutMs: 20_000,
        },
        {
          name: "fast",
          dialect: "wuu",
          command: `echo fast >> log; printf '{"additional_context":"fast"}'`,
          cwd: dir,
          timeoutMs: 20_000,
        },
      ],
    });
    const result = await runner.postToolUse("bash", {}, { content: "ok", isError: false }, { cwd: dir });
    deepEqual(result.additionalContext, "slow\n\nfast");
    deepEqual(await Deno.readTextFile(`${dir}/log`), "slow\nfast\n");
    await runner.close();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
