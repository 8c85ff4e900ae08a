import { deepEqual, equal, ok } from "node:assert/strict";
import { DeadlineScheduler, type DeadlineTask } from "../../src/_internal/deadline.ts";
import { delay } from "../_helpers.ts";

function task(deadlineIn: number, fired: string[], name: string): DeadlineTask {
  return {
    deadlineAt: Date.now() + deadlineIn,
    expire: () => void fired.push(name),
    prevTask: null,
    nextTask: null,
    scheduled: false,
  };
}

Deno.test("DeadlineScheduler expires tasks in deadline order with one wake-up", async () => {
  const scheduler = new DeadlineScheduler();
  const fired: string[] = [];
  scheduler.add(task(60, fired, "late"));
  scheduler.add(task(10, fired, "early"));
  scheduler.add(task(30, fired, "middle"));
  await delay(100);
  deepEqual(fired, ["early", "middle", "late"]);
  equal(scheduler.size, 0);
});

Deno.test("DeadlineScheduler ignores adding a task twice and deleting an unknown one", () => {
  const scheduler = new DeadlineScheduler();
  const a = task(10_000, [], "a");
  scheduler.add(a);
  scheduler.add(a);
  equal(scheduler.size, 1);
  scheduler.delete(a);
  scheduler.delete(a);
  scheduler.delete(task(10, [], "never added"));
  equal(scheduler.size, 0);
});

Deno.test("DeadlineScheduler never expires a deleted task", async () => {
  const scheduler = new DeadlineScheduler();
  const fired: string[] = [];
  const a = task(10, fired, "a");
  scheduler.add(a);
  scheduler.add(task(20, fired, "b"));
  scheduler.delete(a);
  await delay(50);
  deepEqual(fired, ["b"]);
});

Deno.test("DeadlineScheduler lets a process exit as soon as its hooks are done", async () => {
  const started = performance.now();
  const { code, stdout } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      new URL("../testdata/exit_after_hooks.ts", import.meta.url).pathname,
    ],
    stdout: "piped",
    stderr: "inherit",
    env: { DENO_NO_UPDATE_CHECK: "1" },
  }).output();
  equal(code, 0);
  equal(new TextDecoder().decode(stdout).trim(), "done");
  // The hook's deadline was 45 s away; the process must not wait for it.
  ok(performance.now() - started < 30_000);
});
