/**
 * The command transport: a hook as a child process. The payload JSON plus a
 * newline goes to stdin; an outcome JSON comes back on stdout; exit code 2
 * denies.
 *
 * @module
 */

import { clampOutputBytes } from "../../_internal/limits.ts";
import { dialectOf } from "../../dialects/dialects.ts";
import { firstLine } from "../../dialects/_answer.ts";
import type { Dialect } from "../../dialects/types.ts";
import type { Logger } from "../../events/env.ts";
import type { ShellHookSpec } from "../../events/configured.ts";
import type { HookFailure, HookOutcome, HookRunResult } from "../../events/outcome.ts";
import type { HookInput } from "../../events/payload.ts";
import {
  type CommandPlan,
  commandRejection,
  DEFAULT_COMMAND_ALLOWLIST,
  planCommand,
} from "../../permissions/command_line.ts";
import { runPermissionProblem } from "../../permissions/preflight.ts";
import { deadlineSignal, detailedResult, timedOut } from "../_shared.ts";
import { buildChildEnv } from "./child_env.ts";
import { type HookProcesses, STANDALONE_PROCESSES } from "./processes.ts";
import { spawnHook, type SpawnResult } from "./_spawn.ts";

/**
 * Options of {@linkcode runShellHookDetailed}.
 *
 * @example Run under a caller's signal with a custom allowlist
 * ```ts
 * import { DEFAULT_COMMAND_ALLOWLIST, type RunShellHookOptions } from "@hookgate/core";
 *
 * const options: RunShellHookOptions = {
 *   signal: AbortSignal.timeout(1000),
 *   allowlist: [...DEFAULT_COMMAND_ALLOWLIST, "my-linter"],
 * };
 * ```
 */
export interface RunShellHookOptions {
  /** Cancels the hook: its whole process group is killed. */
  signal?: AbortSignal;
  /**
   * The deadline in `Date.now()` ms. When both `signal` and `deadlineAt`
   * are given (as the runner does), the signal is trusted to fire at the
   * deadline; otherwise a timer is armed for it.
   *
   * @default {Date.now() + spec.timeoutMs}
   */
  deadlineAt?: number;
  /** Where warnings go. */
  logger?: Logger;
  /**
   * The command allowlist (absolute paths are always allowed).
   *
   * @default {DEFAULT_COMMAND_ALLOWLIST}
   */
  allowlist?: readonly string[];
  /**
   * The project root, exported as `HOOKGATE_PROJECT_DIR`.
   *
   * @default {input.cwd}
   */
  projectDir?: string;
  /**
   * Where the running process group is tracked (a runner passes its own,
   * so it can kill exactly its hooks).
   *
   * @default {the set shared by standalone calls}
   */
  processes?: HookProcesses;
}

/**
 * The detailed result of a command hook.
 *
 * @example Inspect a truncated run
 * ```ts
 * import type { ShellHookResult } from "@hookgate/core";
 *
 * function flooded(result: ShellHookResult): boolean {
 *   return result.stdoutTruncated || result.stderrTruncated;
 * }
 * ```
 */
export interface ShellHookResult extends HookRunResult {
  /** The exit code, or `null` when it never started. */
  exitCode: number | null;
  /** The signal that ended the process, if any (`SIGKILL` after a kill). */
  signal: string | null;
  /** The process (and process group) id, or `null` when it never started. */
  pid: number | null;
  /** Whether stdout hit the cap (the outcome came from the prefix). */
  stdoutTruncated: boolean;
  /** Whether stderr hit the cap. */
  stderrTruncated: boolean;
  /** How it was started. */
  plan: CommandPlan | null;
  /** Wall time, in milliseconds. */
  durationMs: number;
}

/**
 * Runs a command hook and classifies what happened. Never throws: every
 * problem is a failure with a kind and a message.
 *
 * - Exit 0: empty stdout allows; one JSON object is the outcome; anything
 *   else (text, text mixed with JSON, a truncated prefix that is not JSON)
 *   is `invalid_output`.
 * - Exit 2: deny, whatever stdout says; the reason is the JSON `reason`,
 *   else stderr, else stdout, else "blocked by hook" (≤ 2 000 characters).
 * - Any other exit, or death by a signal: `exit`. A spawn failure (missing
 *   program, not executable, bad cwd): `error`. The allowlist or a missing
 *   Deno permission: `rejected`. The deadline: `timeout`. The caller's
 *   signal: `aborted`.
 *
 * The hook runs as its own process group; on timeout, abort or an output
 * cap the whole group is killed, and after the hook exits any descendant
 * still running is killed too, so nothing of it outlives the result.
 *
 * @param spec The command hook.
 * @param input The payload.
 * @param options Cancellation, deadline, allowlist and logging.
 * @returns The outcome or failure, with exit details.
 *
 * @example Exit code 2 denies with stderr as the reason
 * ```ts
 * import { runShellHookDetailed } from "@hookgate/core";
 * import { deepEqual } from "node:assert/strict";
 *
 * const result = await runShellHookDetailed(
 *   { command: "echo 'not on main' >&2; exit 2" },
 *   { event: "PreToolUse", cwd: Deno.cwd(), toolName: "bash", toolInput: {} },
 * );
 * deepEqual(result.outcome, { action: "deny", reason: "not on main" });
 * ```
 */
export function runShellHookDetailed(
  spec: ShellHookSpec,
  input: HookInput,
  options: RunShellHookOptions = {},
): Promise<ShellHookResult> {
  return runPreparedCommandHook(spec, prepareCommandHook(spec, options.allowlist), input, options);
}

/** A command hook checked before it runs: how to start it, or why not. */
export type PreparedCommandHook = { plan: CommandPlan; failure?: undefined } | {
  plan: CommandPlan | null;
  failure: HookFailure;
};

/**
 * Plans a command hook and checks the allowlist and Deno's `--allow-run`:
 * everything that depends only on the hook, done once per hook by the
 * runner rather than once per call.
 */
export function prepareCommandHook(
  spec: ShellHookSpec,
  allowlist: readonly string[] = DEFAULT_COMMAND_ALLOWLIST,
): PreparedCommandHook {
  let plan: CommandPlan;
  try {
    plan = planCommand(spec);
  } catch (error) {
    return { plan: null, failure: { kind: "rejected", message: (error as Error).message } };
  }
  const refusal = commandRejection(plan, allowlist) ?? runPermissionProblem(plan.program);
  return refusal === undefined ? { plan } : { plan, failure: { kind: "rejected", message: refusal } };
}

/** Runs a prepared command hook; never throws. */
export async function runPreparedCommandHook(
  spec: ShellHookSpec,
  prepared: PreparedCommandHook,
  input: HookInput,
  options: RunShellHookOptions,
): Promise<ShellHookResult> {
  const { result, finish } = detailedResult<ShellHookResult>({
    outcome: null,
    exitCode: null,
    signal: null,
    pid: null,
    stdoutTruncated: false,
    stderrTruncated: false,
    plan: prepared.plan,
    durationMs: 0,
  });
  if (prepared.failure !== undefined) return finish(prepared.failure);
  const plan = prepared.plan;
  const cap = clampOutputBytes(spec.maxOutputBytes);
  const dialect = dialectOf(spec.dialect);
  const { signal, dispose } = deadlineSignal(spec.timeoutMs, options);
  try {
    const spawned = await spawnHook({
      program: plan.program,
      args: plan.args,
      cwd: input.cwd,
      env: buildChildEnv({
        ...(spec.env ? { hookEnv: spec.env } : {}),
        ...(spec.passEnv ? { passEnv: spec.passEnv } : {}),
        event: input.event,
        ...(input.sessionId !== undefined ? { sessionId: input.sessionId } : {}),
        projectDir: options.projectDir ?? input.cwd,
      }),
      stdin: new TextEncoder().encode(JSON.stringify(dialect.encodeInput(input)) + "\n"),
      maxOutputBytes: cap,
      signal,
      processes: options.processes ?? STANDALONE_PROCESSES,
    });
    result.pid = spawned.pid;
    result.exitCode = spawned.code;
    result.signal = spawned.exitSignal;
    result.stdoutTruncated = spawned.stdoutTruncated;
    result.stderrTruncated = spawned.stderrTruncated;
    return finish(classify(spawned, plan, input, signal, result, cap, dialect));
  } finally {
    dispose();
  }
}

/**
 * Runs a command hook and returns its normalized outcome, or `null` when it
 * failed (the failure is logged as a warning).
 *
 * @param spec The command hook.
 * @param input The payload.
 * @param logger Where the failure goes.
 * @returns The normalized outcome or `null`.
 *
 * @example Allow by printing nothing
 * ```ts
 * import { runShellHook } from "@hookgate/core";
 * import { deepEqual } from "node:assert/strict";
 *
 * const outcome = await runShellHook({ command: "true" }, {
 *   event: "Stop",
 *   cwd: Deno.cwd(),
 * });
 * deepEqual(outcome, { action: "allow" });
 * ```
 */
export async function runShellHook(
  spec: ShellHookSpec,
  input: HookInput,
  logger?: Logger,
): Promise<HookOutcome | null> {
  const result = await runShellHookDetailed(
    spec,
    input,
    logger ? { logger } : {},
  );
  if (result.failure) {
    logger?.warn?.(
      `Command hook "${spec.name ?? spec.command}" failed: ${result.failure.kind}: ${result.failure.message}`,
    );
  }
  return result.outcome;
}

function classify(
  spawned: SpawnResult,
  plan: CommandPlan,
  input: HookInput,
  signal: AbortSignal,
  result: ShellHookResult,
  cap: number,
  dialect: Dialect,
): HookFailure | undefined {
  if (spawned.spawnError !== undefined) {
    return spawnFailure(spawned.spawnError, plan, input.cwd);
  }
  if (spawned.launchFailure === "not found") return notFound(plan);
  if (spawned.launchFailure === "not executable") return notExecutable(plan);
  if (spawned.stopped === "signal") {
    return timedOut(signal)
      ? {
        kind: "timeout",
        message: "did not finish before its deadline; its process group was killed",
      }
      : {
        kind: "aborted",
        message: "cancelled by the caller; its process group was killed",
      };
  }
  const decoder = new TextDecoder();
  const stdout = decoder.decode(spawned.stdout).trim();
  const stderr = decoder.decode(spawned.stderr).trim();
  const capped = spawned.stopped === "cap";
  if (!capped && spawned.exitSignal !== null) {
    return { kind: "exit", message: `was killed by ${spawned.exitSignal}${firstLine(stderr)}` };
  }
  const note = capped
    ? `${result.stdoutTruncated ? "stdout" : "stderr"} exceeded the ${cap}-byte cap; the hook was killed and `
    : "";
  if (stdout === "" && capped && result.stdoutTruncated) {
    return { kind: "invalid_output", message: `${note}its output is empty` };
  }
  // What the exit code and the text mean is the hook's dialect's business.
  const decoded = dialect.decodeOutput(input.event, {
    source: "stdout",
    text: stdout,
    stderr,
    exitCode: capped ? null : spawned.code,
    note,
  });
  if ("failure" in decoded) return decoded.failure;
  result.outcome = decoded.outcome;
  return undefined;
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
