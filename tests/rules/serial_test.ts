// The serial events (UserPromptSubmit, PermissionRequest, PreCompact,
// PostCompact): native hooks one after another in registration order, the
// first block stopping the rest; then the hooks that run together — a
// Claude-dialect hook's, or one that opts in — at the same time. A run's
// trace lists the hooks in registration order all the same.

import { deepEqual } from "node:assert/strict";
import { HookRegistry, HookRunner } from "../../mod.ts";
import { delay } from "../_helpers.ts";

const env = { cwd: "/tmp" };

/** An in-process UserPromptSubmit hook that logs its start and end around `ms` of waiting. */
function timed(
  registry: HookRegistry,
  log: string[],
  name: string,
  ms: number,
  options: { concurrent?: boolean; answer?: Record<string, unknown> } = {},
) {
  registry.registerInProcess(
    "UserPromptSubmit",
    undefined,
    async () => {
      log.push(`start ${name}`);
      await delay(ms);
      log.push(`end ${name}`);
      return options.answer ?? {};
    },
    undefined,
    { name, ...(options.concurrent === undefined ? {} : { concurrent: options.concurrent }) },
  );
}

Deno.test("SERIAL: native hooks run one after another, the first block stops the rest", async () => {
  const registry = new HookRegistry();
  const runner = new HookRunner({ registry });
  const log: string[] = [];
  timed(registry, log, "slow", 30);
  timed(registry, log, "blocker", 0, { answer: { action: "deny", reason: "off-topic" } });
  timed(registry, log, "later", 0);
  deepEqual(await runner.userPromptSubmit("hi", env), { block: true, reason: "off-topic" });
  deepEqual(log, ["start slow", "end slow", "start blocker", "end blocker"]);
});

Deno.test("SERIAL: hooks that opt in with concurrent run together, after the native ones", async () => {
  const registry = new HookRegistry();
  const runner = new HookRunner({ registry });
  const log: string[] = [];
  timed(registry, log, "c1", 30, { concurrent: true });
  timed(registry, log, "n1", 10);
  timed(registry, log, "c2", 0, { concurrent: true });
  deepEqual(await runner.userPromptSubmit("hi", env), {});
  deepEqual(log, ["start n1", "end n1", "start c1", "start c2", "end c2", "end c1"]);
});

Deno.test("SERIAL: a run's trace lists its hooks in registration order, though the native ones ran first", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hookgate-serial-" });
  try {
    const registry = new HookRegistry();
    const records: string[] = [];
    const runner = new HookRunner({ registry, onInvocation: (record) => records.push(record.hookName) });
    const log: string[] = [];
    registry.registerShell("UserPromptSubmit", {
      name: "claude",
      dialect: "claude",
      command: "sleep 0.2; echo claude >> log",
      cwd: dir,
      timeoutMs: 20_000,
    });
    timed(registry, log, "native", 0);
    deepEqual(await runner.userPromptSubmit("hi", { cwd: dir }), {});
    deepEqual(log, ["start native", "end native"]);
    deepEqual(await Deno.readTextFile(`${dir}/log`), "claude\n");
    deepEqual(records, ["claude", "native"]);
    await runner.close();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
