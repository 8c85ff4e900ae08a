// The classification of a finished hook process, on its own: every
// combination of exit, signal and output past the cap, including those that
// real runs reach only by a race (a descendant that floods after the hook
// exited).

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

Deno.test("classifySpawn() fails a hook whose output passed the cap, whatever its prefix said", async (t) => {
  await t.step("a valid outcome on stdout before a stdout flood does not count", () => {
    const decoded = classify(spawned({
      code: 0,
      stdout: text('{"action":"allow"}'.padEnd(100, " ")),
      stdoutTruncated: true,
    }));
    deepEqual(decoded, {
      failure: {
        kind: "invalid_output",
        message:
          "stdout exceeded the 100-byte cap, so its answer does not count (print less, or raise maxOutputBytes, at most 1048576)",
      },
    });
  });
  await t.step("a flood on stderr with exit 0 or 1 fails the same way", () => {
    for (const code of [0, 1]) {
      const decoded = classify(spawned({ code, stderr: text("x".repeat(100)), stderrTruncated: true }));
      equal("failure" in decoded && decoded.failure.kind, "invalid_output");
      match("failure" in decoded ? decoded.failure.message : "", /^stderr exceeded the 100-byte cap/);
    }
  });
  await t.step("both streams over the cap are both named", () => {
    const decoded = classify(spawned({ code: 0, stdoutTruncated: true, stderrTruncated: true }));
    match("failure" in decoded ? decoded.failure.message : "", /^stdout and stderr each exceeded the 100-byte cap/);
  });
  await t.step("killed by a signal with the exit code 2 is not an exit 2", () => {
    const killed = classify(spawned({ code: 2, exitSignal: "SIGINT", stderrTruncated: true }));
    equal("failure" in killed && killed.failure.kind, "invalid_output");
  });
  await t.step("a timeout says that the output had passed the cap", () => {
    const decoded = classify(spawned({ stopped: "signal", code: 137, exitSignal: "SIGKILL", stdoutTruncated: true }), {
      timedOut: true,
    });
    deepEqual(decoded, {
      failure: {
        kind: "timeout",
        message:
          "did not finish before its deadline; its process group was killed (its stdout had exceeded the 100-byte cap)",
      },
    });
  });
  await t.step("a hook killed for going on past the cap fails, even if it was killed as it exited 2", () => {
    for (const code of [null, 2]) {
      const decoded = classify(spawned({ stopped: "output", code, exitSignal: "SIGKILL", stderrTruncated: true }));
      deepEqual(decoded, {
        failure: {
          kind: "invalid_output",
          message:
            "stderr exceeded the 100-byte cap and the hook did not exit within 2 s or 4 MiB more, so its process group was killed; its answer does not count (print less, or raise maxOutputBytes, at most 1048576)",
        },
      });
    }
  });
});

Deno.test("classifySpawn() lets a hook that exited 2 after its output passed the cap deny, with the reason cut at the cap", () => {
  const denied = classify(spawned({ code: 2, stderr: text("y".repeat(100)), stderrTruncated: true }));
  deepEqual(denied, { outcome: { action: "deny", reason: "y".repeat(100) } });
  const fromStdout = classify(spawned({ code: 2, stdout: text("z".repeat(100)), stdoutTruncated: true }));
  deepEqual(fromStdout, { outcome: { action: "deny", reason: "z".repeat(100) } });
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
