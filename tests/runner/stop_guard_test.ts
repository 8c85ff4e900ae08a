// The Stop loop guard's memory is bounded: a server running for weeks keeps
// at most maxLoops loops, forgets idle ones, and counts sessions apart.

import { deepEqual, equal, match } from "node:assert/strict";
import { HookRegistry, HookRunner } from "../../mod.ts";
import { StopGuard } from "../../src/runner/stop_guard.ts";

const BLOCK = Object.freeze({ block: true, reason: "keep going" });

function guard(cap: number, options: { maxLoops?: number; idleMs?: number } = {}) {
  let now = 0;
  const warnings: string[] = [];
  const stopGuard = new StopGuard(cap, { ...options, now: () => now });
  const logger = { warn: (message: string) => void warnings.push(message) };
  const stop = (session: string, agentId?: string) => {
    const key = stopGuard.key("Stop", session, agentId === undefined ? {} : { agentId });
    const active = stopGuard.active(key);
    return { active, result: stopGuard.settle(key, "Stop", BLOCK, ["h"], logger) };
  };
  return { stopGuard, stop, warnings, advance: (ms: number) => void (now += ms) };
}

Deno.test("StopGuard counts each session's blocks apart, and caps each", () => {
  const { stop, warnings } = guard(2);
  deepEqual([stop("a").active, stop("b").active, stop("a").active, stop("b").active], [false, false, true, true]);
  deepEqual(stop("a").result, {}, "the third block of a is over the cap");
  match(warnings[0]!, /Stop hooks blocked 2 consecutive times \(cap 2\)/);
  deepEqual(stop("b").result, {}, "b hits its cap on its own count");
  equal(warnings.length, 2);
});

Deno.test("StopGuard forgets the least recently touched loop past maxLoops", () => {
  const { stopGuard, stop } = guard(8, { maxLoops: 3 });
  for (const session of ["a", "b", "c"]) stop(session);
  stop("a"); // a is now the most recent
  stop("d"); // forgets b, the least recently touched
  equal(stopGuard.size, 3);
  equal(stop("b").active, false, "b was forgotten");
  equal(stop("a").active, true, "a was kept");
});

Deno.test("StopGuard forgets a loop left idle longer than idleMs, and never grows past its bound", () => {
  const { stopGuard, stop, advance } = guard(8, { maxLoops: 100, idleMs: 1_000 });
  stop("old");
  advance(500);
  stop("recent");
  advance(600);
  equal(stop("old").active, false, "idle 1.1 s: forgotten");
  advance(100);
  equal(stop("recent").active, true, "touched 0.7 s ago: kept");
  for (let i = 0; i < 10_000; i++) {
    stop(`s${i}`);
    if (i % 100 === 0) advance(100);
  }
  equal(stopGuard.size <= 100, true, `remembers ${stopGuard.size} loops`);
});

Deno.test("StopGuard.reset() starts one session's loops over, or every loop", () => {
  const { stopGuard, stop } = guard(8);
  stop("a");
  stop("a", "sub-1");
  stop("b");
  stopGuard.reset("a");
  equal(stopGuard.size, 1);
  equal(stop("a").active, false);
  equal(stop("b").active, true);
  stopGuard.reset();
  equal(stopGuard.size, 0);
});

Deno.test("HookRunner: a prompt in one session does not restart another session's Stop cap", async () => {
  const registry = new HookRegistry();
  registry.registerInProcess("Stop", undefined, () => ({ action: "deny", reason: "keep going" }), "p", {
    name: "never",
  });
  const runner = new HookRunner({ registry, stopBlockCap: 2 });
  const stop = (sessionId: string) => runner.stop({ cwd: "/tmp", sessionId });
  equal((await stop("a")).block, true);
  equal((await stop("a")).block, true);
  // Session b starts a turn: only b's loop starts over.
  await runner.userPromptSubmit("hi", { cwd: "/tmp", sessionId: "b" });
  equal((await stop("a")).block, undefined, "a's third consecutive block is capped");
  equal((await stop("b")).block, true);
});
