// What a finished hook process means: an outcome or a failure. Pure, so the
// rules can be tested on their own, whatever the races of real runs.

import { MAX_OUTPUT_BYTES, OUTPUT_DRAIN_BYTES, OUTPUT_DRAIN_MS } from "../../_internal/limits.ts";
import { firstLine } from "../../dialects/shared/_answer.ts";
import type { DecodedOutput, Dialect } from "../../dialects/shared/types.ts";
import type { HookFailure } from "../../events/outcome.ts";
import type { HookInput } from "../../events/payload.ts";
import type { CommandPlan } from "../../permissions/command_line.ts";
import type { SpawnResult } from "./_spawn.ts";

/**
 * Classifies a finished spawn.
 *
 * @param spawned What happened.
 * @param plan How it was started.
 * @param input The payload (its event and cwd).
 * @param timedOut Whether the signal that stopped it was the deadline.
 * @param cap The output cap, in bytes, of each stream.
 * @param dialect Reads stdout and the exit code.
 * @param maxRunning How many hooks its owner runs at once (for the message of one that never got a slot).
 * @param cwd Where it was started (the payload's cwd unless the hook names its own).
 * @param wakes Whether the hook wakes its agent on an exit code 2 (an async `rewake` hook).
 * @param wireEvent The hook's configured event name, when its dialect's alias.
 */
export function classifySpawn(
  spawned: SpawnResult,
  plan: CommandPlan,
  input: HookInput,
  timedOut: boolean,
  cap: number,
  dialect: Dialect,
  maxRunning: number,
  cwd: string = input.cwd,
  wakes = false,
  wireEvent?: string,
): DecodedOutput {
  if (spawned.spawnError !== undefined) {
    return { failure: spawnFailure(spawned.spawnError, plan, cwd) };
  }
  if (spawned.launchFailure === "not found") return { failure: notFound(plan) };
  if (spawned.launchFailure === "not executable") return { failure: notExecutable(plan) };
  if (spawned.stopped === "signal") {
    if (spawned.queued) {
      return {
        failure: timedOut
          ? {
            kind: "timeout",
            message:
              `did not start before its deadline: it waited in line for a slot (at most ${maxRunning} command hooks run at once, and that many were running)`,
          }
          : { kind: "aborted", message: "cancelled by the caller before it started" },
      };
    }
    const flooded = overCap(spawned);
    const note = flooded === null ? "" : ` (its ${flooded} had exceeded the ${cap}-byte cap)`;
    return {
      failure: timedOut
        ? { kind: "timeout", message: `did not finish before its deadline; its process group was killed${note}` }
        : { kind: "aborted", message: `cancelled by the caller; its process group was killed${note}` },
    };
  }
  if (spawned.stopped === "output") {
    return {
      failure: {
        kind: "invalid_output",
        message: `${overCap(spawned) ?? "its output"} exceeded the ${cap}-byte cap and the hook did not exit within ${
          OUTPUT_DRAIN_MS / 1000
        } s or ${
          OUTPUT_DRAIN_BYTES / 1024 / 1024
        } MiB more, so its process group was killed; its answer does not count (print less, or raise maxOutputBytes, at most ${MAX_OUTPUT_BYTES})`,
      },
    };
  }
  // Output past the cap was drained and the hook exited within the bound.
  // Exit 2 still blocks, with the reason cut at the cap (its dialect reads it
  // as always); any other answer is incomplete, so it counts for nothing:
  // what was printed before the cap proves nothing.
  const flooded = overCap(spawned);
  if (flooded !== null && !(spawned.code === 2 && spawned.exitSignal === null)) {
    return {
      failure: {
        kind: "invalid_output",
        message:
          `${flooded} exceeded the ${cap}-byte cap, so its answer does not count (print less, or raise maxOutputBytes, at most ${MAX_OUTPUT_BYTES})`,
      },
    };
  }
  const decoder = new TextDecoder();
  const stdout = decoder.decode(spawned.stdout).trim();
  const stderr = decoder.decode(spawned.stderr).trim();
  if (spawned.exitSignal !== null) {
    return { failure: { kind: "exit", message: `was killed by ${spawned.exitSignal}${firstLine(stderr)}` } };
  }
  // What the exit code and the text mean is the hook's dialect's business.
  return dialect.decodeOutput(
    input.event,
    { source: "stdout", text: stdout, stderr, exitCode: spawned.code, ...(wakes ? { wakes } : {}) },
    input,
    wireEvent,
  );
}

/** Which streams went past the cap, for messages, or `null`. */
function overCap(spawned: SpawnResult): string | null {
  if (spawned.stdoutTruncated && spawned.stderrTruncated) return "stdout and stderr each";
  if (spawned.stdoutTruncated) return "stdout";
  return spawned.stderrTruncated ? "stderr" : null;
}

function spawnFailure(
  error: unknown,
  plan: CommandPlan,
  cwd: string,
): HookFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof Deno.errors.NotCapable) {
    return {
      kind: "rejected",
      message: `Deno refused to start "${plan.program}": ${message}`,
    };
  }
  if (/cwd/i.test(message)) {
    return {
      kind: "error",
      message: `cannot start in "${cwd}": it does not exist or is not a directory`,
    };
  }
  if (/EMFILE|too many open files|os error 24\b/i.test(message)) {
    return {
      kind: "error",
      message:
        `could not start "${plan.program}": the process has run out of file descriptors (EMFILE); raise the limit (ulimit -n) or run fewer hooks at once`,
    };
  }
  if (error instanceof Deno.errors.NotFound) return notFound(plan);
  if (error instanceof Deno.errors.PermissionDenied) return notExecutable(plan);
  return {
    kind: "error",
    message: `could not start "${plan.program}": ${message}`,
  };
}

function notFound(plan: CommandPlan): HookFailure {
  return {
    kind: "error",
    message: `"${plan.program}" was not found (is it installed and on PATH?)`,
  };
}

function notExecutable(plan: CommandPlan): HookFailure {
  return {
    kind: "error",
    message: `"${plan.program}" is not executable (chmod +x it, or run it through its interpreter)`,
  };
}
