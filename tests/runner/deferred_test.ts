// What async hooks leave for their sessions' next calls stays bounded, and
// what is dropped is said.

import { deepEqual, equal, match } from "node:assert/strict";
import { DEFERRED_IDLE_MS, DeferredResults, MAX_DEFERRED_PER_SESSION } from "../../mod.ts";

const result = (id: number, at = Date.now()) => ({
  id: String(id),
  sessionId: "s",
  hookName: "lint",
  event: "PostToolUse",
  at,
  additionalContext: `run ${id}`,
});

Deno.test("DeferredResults keeps at most MAX_DEFERRED_PER_SESSION per session, dropping the oldest with a warning", () => {
  const warnings: string[] = [];
  const results = new DeferredResults({ logger: { warn: (message) => warnings.push(message) } });
  for (let i = 0; i <= MAX_DEFERRED_PER_SESSION; i++) results.add(result(i));
  const pending = results.pending("s");
  equal(pending.length, MAX_DEFERRED_PER_SESSION);
  equal(pending[0]!.id, "1");
  equal(warnings.length, 1);
  match(warnings[0]!, /^What hook "lint" left for the next call of session "s" was dropped: /);
});

Deno.test("DeferredResults forgets what waited longer than DEFERRED_IDLE_MS, and says so", () => {
  let now = 0;
  const warnings: string[] = [];
  const results = new DeferredResults({ now: () => now, logger: { warn: (message) => warnings.push(message) } });
  results.add(result(1, 0));
  now = DEFERRED_IDLE_MS + 1;
  deepEqual(results.pending("s"), []);
  equal(results.size, 0);
  deepEqual(warnings, ["1 result(s) of async hooks were dropped: their sessions made no call for 24 hours"]);
});
