import { deepEqual, equal, match, ok, throws } from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { type HookInput, runShellHookDetailed } from "../../mod.ts";
import { DEFAULT_MAX_RUNNING_HOOKS, HookProcesses } from "../../src/transports/mod.ts";
import { delay } from "../_helpers.ts";

const input: HookInput = { event: "Stop", cwd: Deno.cwd() };

Deno.test("HookProcesses runs at most maxRunning hooks at once; the rest wait in line, in order", async (t) => {
  equal(new HookProcesses().maxRunning, DEFAULT_MAX_RUNNING_HOOKS);
  await t.step("at most two of four run at once", async () => {
    const processes = new HookProcesses({ maxRunning: 2 });
    const run = (command: string) => runShellHookDetailed({ command, timeoutMs: 5000 }, input, { processes });
    const running = [run("sleep 0.3"), run("sleep 0.3"), run("true"), run("true")];
    await delay(100);
    equal(processes.size, 2);
    equal(processes.waiting, 2);
    const results = await Promise.all(running);
    for (const result of results) deepEqual(result.outcome, { action: "allow" });
    for (const queued of results.slice(2)) {
      ok(queued.durationMs >= 250, `a queued hook finished after ${queued.durationMs.toFixed(0)} ms`);
    }
    equal(processes.size, 0);
    equal(processes.waiting, 0);
  });
  await t.step("first come, first served", async () => {
    const processes = new HookProcesses({ maxRunning: 1 });
    const order: string[] = [];
    const run = (name: string, command: string) =>
      runShellHookDetailed({ command, timeoutMs: 5000 }, input, { processes }).then(() => order.push(name));
    await Promise.all([run("a", "sleep 0.1"), run("b", "true"), run("c", "true"), run("d", "true")]);
    deepEqual(order, ["a", "b", "c", "d"]);
  });
});

Deno.test("HookProcesses: a hook whose deadline passes in line times out without starting, and leaves the line", async () => {
  const processes = new HookProcesses({ maxRunning: 1 });
  const busy = runShellHookDetailed({ command: "sleep 0.4", timeoutMs: 5000 }, input, { processes });
  const started = performance.now();
  const late = await runShellHookDetailed({ command: "true", timeoutMs: 100 }, input, { processes });
  const waited = performance.now() - started;
  equal(late.failure?.kind, "timeout");
  match(late.failure!.message, /did not start before its deadline: it waited in line for a slot \(at most 1 command/);
  equal(late.pid, null, "never started");
  ok(waited < 300, `timed out after ${waited.toFixed(0)} ms`);
  equal(processes.waiting, 0, "its wait was dropped");
  equal(processes.size, 1);
  const controller = new AbortController();
  const cancelled = runShellHookDetailed({ command: "true" }, input, { processes, signal: controller.signal });
  await delay(20);
  equal(processes.waiting, 1);
  controller.abort();
  deepEqual((await cancelled).failure, { kind: "aborted", message: "cancelled by the caller before it started" });
  equal(processes.waiting, 0);
  deepEqual((await busy).outcome, { action: "allow" });
  // The slot is free again.
  deepEqual((await runShellHookDetailed({ command: "true" }, input, { processes })).outcome, { action: "allow" });
});

Deno.test("HookProcesses() rejects a bound that is not a positive integer", () => {
  for (const maxRunning of [0, -1, 1.5, Number.NaN]) {
    throws(() => new HookProcesses({ maxRunning }), RangeError);
  }
});

const fanOut = fileURLToPath(new URL("../testdata/fan_out_hooks.ts", import.meta.url));

async function fanOutUnderLowLimit(mode: string): Promise<{ failed: number; failures: string[] }> {
  const { code, stdout, stderr } = await new Deno.Command("sh", {
    args: [
      "-c",
      'ulimit -n 256 && exec "$0" run --quiet --allow-read --allow-env --allow-run "$1" "$2"',
      Deno.execPath(),
      fanOut,
      mode,
    ],
    stdout: "piped",
    stderr: "piped",
    env: { DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" },
  }).output();
  equal(code, 0, new TextDecoder().decode(stderr));
  return JSON.parse(new TextDecoder().decode(stdout));
}

Deno.test({
  name:
    "HookRunner does not run out of file descriptors under 200 concurrent calls with ulimit -n 256 (issue 10, point 13)",
  ignore: Deno.build.os === "windows",
  async fn(t) {
    await t.step("unbounded, spawns fail, and the failure names EMFILE", async () => {
      const { failed, failures } = await fanOutUnderLowLimit("unbounded");
      ok(failed > 0, "600 hooks at once exhaust 256 descriptors");
      deepEqual(failures, [
        'error: could not start "true": the process has run out of file descriptors (EMFILE); raise the limit (ulimit -n) or run fewer hooks at once',
      ]);
    });
    await t.step("through the runner, at most 32 run at once and none fails", async () => {
      const { failed, failures } = await fanOutUnderLowLimit("runner");
      deepEqual({ failed, failures }, { failed: 0, failures: [] });
    });
  },
});
