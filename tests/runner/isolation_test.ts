// Per-runner state: two runners in one process never kill (or time) each
// other's hooks, and what differs by dialect is decided by the dialect.

import { deepEqual, equal } from "node:assert/strict";
import { join } from "node:path";
import { HookRegistry, HookRunner } from "../../mod.ts";
import { delay } from "../_helpers.ts";

async function waitForFile(path: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      await Deno.stat(path);
      return;
    } catch {
      await delay(10);
    }
  }
  throw new Error(`${path} never appeared`);
}

Deno.test("HookRunner.killRunningHooks() kills its own hooks, never another runner's", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const runners = ["a", "b"].map((name) => {
      const registry = new HookRegistry();
      registry.registerShell("Stop", { name, command: `touch ${join(dir, name)}; exec sleep 30`, timeoutMs: 20_000 });
      return new HookRunner({ registry });
    });
    const [a, b] = runners as [HookRunner, HookRunner];
    let aDone = false;
    const aCall = a.stop({ cwd: dir }).finally(() => aDone = true);
    const bCall = b.stop({ cwd: dir });
    await Promise.all([waitForFile(join(dir, "a")), waitForFile(join(dir, "b"))]);

    equal(await b.killRunningHooks(), 1);
    deepEqual(await bCall, {});
    await delay(100);
    equal(aDone, false, "killing b's hooks must leave a's running");

    equal(await a.killRunningHooks(), 1);
    deepEqual(await aCall, {});
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("HookRunner joins contexts by each dialect's rule: a newline (native), a blank line (Wuu)", async (t) => {
  const context = (text: string, dialect: "native" | "wuu") =>
    dialect === "wuu"
      ? { command: `echo '{"additional_context":"${text}"}'`, dialect }
      : { command: `echo '{"additionalContext":"${text}"}'`, dialect };
  const cases: [string, ("native" | "wuu")[], string][] = [
    ["native", ["native", "native"], "one\ntwo"],
    ["wuu (seed 001: separated by blank lines)", ["wuu", "wuu"], "one\n\ntwo"],
    ["mixed: the stricter separator", ["native", "wuu"], "one\n\ntwo"],
  ];
  for (const [label, dialects, expected] of cases) {
    await t.step(label, async () => {
      const registry = new HookRegistry();
      registry.registerShell("SessionStart", context("one", dialects[0]!));
      registry.registerShell("SessionStart", context("two", dialects[1]!));
      const runner = new HookRunner({ registry });
      deepEqual(await runner.sessionStart({ cwd: Deno.cwd() }), { additionalContext: expected });
    });
  }
});
