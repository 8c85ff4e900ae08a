// The classification of a finished hook process, on its own: the rules that
// depend on a race in real runs (did the hook exit before the kill at the
// cap?) are checked here for each side of the race.

import { deepEqual, equal, match } from "node:assert/strict";
import type { HookInput } from "../../mod.ts";
import { dialectOf } from "../../src/dialects/dialects.ts";
import { planCommand } from "../../src/permissions/command_line.ts";
import { classifySpawn } from "../../src/transports/command/_classify.ts";
import type { SpawnResult } from "../../src/transports/command/_spawn.ts";

const input: HookInput = { event: "PreToolUse", cwd: "/", toolName: "bash", toolInput: {} };
const plan = planCommand({ command: "guard" });
const text = (value: string) => new TextEncoder().encode(value);

function spawned(fields: Partial<SpawnResult>): SpawnResult {
  return {
    pid: 4242,
    stopped: null,
    code: 0,
    exitSignal: null,
    stdout: new Uint8Array(),
    stderr: new Uint8Array(),
    stdoutTruncated: false,
    stderrTruncated: false,
    ...fields,
  };
}

function classify(result: SpawnResult, options: { timedOut?: boolean; cap?: number } = {}) {
  return classifySpawn(result, plan, input, options.timedOut ?? false, options.cap ?? 100, dialectOf(undefined), 32);
}

Deno.test("classifySpawn() fails a hook killed at the output cap, whatever its prefix said", async (t) => {
  await t.step("stderr flooded before exit 2: killed, so a failure, never an allow", () => {
    const decoded = classify(spawned({
      stopped: "cap",
      code: 137,
      exitSignal: "SIGKILL",
      stderr: text("x".repeat(100)),
      stderrTruncated: true,
    }));
    deepEqual(decoded, {
      failure: {
        kind: "invalid_output",
        message:
          "stderr exceeded the 100-byte cap; the hook was killed before it finished, so its answer does not count (print less, or raise maxOutputBytes, at most 1048576)",
      },
    });
  });
  await t.step("a valid outcome on stdout before a stdout flood does not count", () => {
    const decoded = classify(spawned({
      stopped: "cap",
      code: 137,
      exitSignal: "SIGKILL",
      stdout: text('{"action":"allow"}'.padEnd(100, " ")),
      stdoutTruncated: true,
    }));
    equal("failure" in decoded && decoded.failure.kind, "invalid_output");
    match(
      "failure" in decoded ? decoded.failure.message : "",
      /^stdout exceeded the 100-byte cap; the hook was killed/,
    );
  });
  await t.step("both streams over the cap are both named", () => {
    const decoded = classify(spawned({
      stopped: "cap",
      code: 137,
      exitSignal: "SIGKILL",
      stdoutTruncated: true,
      stderrTruncated: true,
    }));
    match("failure" in decoded ? decoded.failure.message : "", /^stdout and stderr each exceeded the 100-byte cap/);
  });
  await t.step("a hook that had exited 0 before a descendant flooded still fails", () => {
    const decoded = classify(
      spawned({ stopped: "cap", code: 0, stderr: text("x".repeat(100)), stderrTruncated: true }),
    );
    equal("failure" in decoded && decoded.failure.kind, "invalid_output");
  });
});

Deno.test("classifySpawn() lets a hook that had already exited 2 before the kill at the cap deny, with the usual reason", () => {
  const denied = classify(spawned({
    stopped: "cap",
    code: 2,
    stderr: text("y".repeat(100)),
    stderrTruncated: true,
  }));
  deepEqual(denied, { outcome: { action: "deny", reason: "y".repeat(100) } });
  // Killed by a signal with the exit code 2 is not an exit 2.
  const killed = classify(spawned({ stopped: "cap", code: 2, exitSignal: "SIGINT", stderrTruncated: true }));
  equal("failure" in killed && killed.failure.kind, "invalid_output");
});

Deno.test("classifySpawn() says when a hook never started because it waited for a slot past its deadline", () => {
  const timedOut = classify(spawned({ pid: null, stopped: "signal", code: null, queued: true }), { timedOut: true });
  deepEqual(timedOut, {
    failure: {
      kind: "timeout",
      message:
        "did not start before its deadline: it waited in line for a slot (at most 32 command hooks run at once, and that many were running)",
    },
  });
  const aborted = classify(spawned({ pid: null, stopped: "signal", code: null, queued: true }));
  deepEqual(aborted, { failure: { kind: "aborted", message: "cancelled by the caller before it started" } });
});

Deno.test("classifySpawn() names descriptor exhaustion (EMFILE) when a hook cannot start", () => {
  const decoded = classify(spawned({
    pid: null,
    code: null,
    spawnError: new Error("Failed to spawn '/usr/bin/setsid': Too many open files (os error 24)"),
  }));
  deepEqual(decoded, {
    failure: {
      kind: "error",
      message:
        'could not start "guard": the process has run out of file descriptors (EMFILE); raise the limit (ulimit -n) or run fewer hooks at once',
    },
  });
});
