/**
 * Running a program the way command hooks run: its own process group
 * (killed whole on timeout or abort), the sanitized child environment, and
 * byte caps on the output it keeps. What extensions' `api.exec` uses.
 *
 * @module
 */

import { clampOutputBytes, clampTimeout, timeoutProblem } from "../../_internal/limits.ts";
import { runPermissionProblem } from "../../permissions/preflight.ts";
import { deadlineSignal } from "../shared/_call.ts";
import { buildChildEnv } from "./child_env.ts";
import { type HookProcesses, STANDALONE_PROCESSES } from "./processes.ts";
import { spawnHook } from "./_spawn.ts";

/**
 * Options of {@linkcode execCommand}.
 *
 * @example A short check with a deadline
 * ```ts
 * import type { ExecCommandOptions } from "@hookgate/core/transports";
 *
 * const options: ExecCommandOptions = { cwd: "/tmp", timeoutMs: 2000 };
 * ```
 */
export interface ExecCommandOptions {
  /**
   * The working directory.
   *
   * @default {Deno.cwd()}
   */
  cwd?: string;
  /**
   * The deadline in milliseconds (at most 600 000); the whole process group
   * is killed when it passes.
   *
   * @default {5000}
   */
  timeoutMs?: number;
  /** Aborting it kills the process group. */
  signal?: AbortSignal;
  /** Extra variables for the child, on top of the sanitized environment. */
  env?: Record<string, string>;
  /** Parent variables to pass through by name (otherwise only the allowlist). */
  passEnv?: string[];
  /** Text written to the child's stdin (nothing by default). */
  stdin?: string;
  /**
   * How much of stdout and of stderr, each, is kept, in bytes: past it the
   * rest is read and dropped, and the program runs on to its exit (or its
   * deadline).
   *
   * @default {65536}
   */
  maxOutputBytes?: number;
  /** Where the running group is tracked (a runner's, to share its bound and kill). */
  processes?: HookProcesses;
}

/**
 * What {@linkcode execCommand} observed.
 *
 * @example
 * ```ts
 * import type { ExecResult } from "@hookgate/core/transports";
 *
 * const ok = (result: ExecResult) => result.code === 0 && !result.killed;
 * ```
 */
export interface ExecResult {
  /** Standard output, decoded as UTF-8. */
  stdout: string;
  /** Standard error, decoded as UTF-8. */
  stderr: string;
  /** The exit code; `null` when the process was killed by a signal. */
  code: number | null;
  /** Whether hookgate killed it: the deadline or the caller's abort. */
  killed: boolean;
  /** Whether an output stream carried more than its cap (the rest was dropped). */
  truncated: boolean;
}

/**
 * Runs `program` with `args` (no shell) in a process group of its own, with
 * the sanitized child environment, a deadline and output caps.
 *
 * @param program The program (looked up on `PATH`).
 * @param args Its arguments.
 * @param options Working directory, deadline, signal, environment, stdin, cap.
 * @returns What happened; a non-zero exit is a result, not an error.
 * @throws {Error} When the program cannot start: not found, not executable,
 * or not allowed by `--allow-run` (the message names the flag to add).
 * @throws {RangeError} When `timeoutMs` is not 1 – 600 000 milliseconds.
 *
 * @example Run git
 * ```ts
 * import { execCommand } from "@hookgate/core/transports";
 * import { equal } from "node:assert/strict";
 *
 * const result = await execCommand("echo", ["hello"]);
 * equal(result.stdout, "hello\n");
 * equal(result.code, 0);
 * ```
 */
export async function execCommand(
  program: string,
  args: string[],
  options: ExecCommandOptions = {},
): Promise<ExecResult> {
  if (typeof program !== "string" || program === "" || program.includes("\0")) {
    throw new TypeError(`Cannot run ${JSON.stringify(program)}: expected a program name or path`);
  }
  const timeout = timeoutProblem(options.timeoutMs);
  if (timeout !== undefined) {
    const message = `Cannot run "${program}": ${timeout.message}`;
    throw timeout.type ? new TypeError(message) : new RangeError(message);
  }
  const refusal = runPermissionProblem(program);
  if (refusal !== undefined) throw new Error(`Cannot run "${program}": ${refusal}`);
  const { signal, dispose } = deadlineSignal(clampTimeout(options.timeoutMs), options);
  try {
    const spawned = await spawnHook({
      program,
      args: args.map(String),
      cwd: options.cwd ?? Deno.cwd(),
      env: buildChildEnv({
        ...(options.env ? { hookEnv: options.env } : {}),
        ...(options.passEnv ? { passEnv: options.passEnv } : {}),
      }),
      stdin: new TextEncoder().encode(options.stdin ?? ""),
      maxOutputBytes: clampOutputBytes(options.maxOutputBytes),
      signal,
      processes: options.processes ?? STANDALONE_PROCESSES,
    });
    if (spawned.pid === null && spawned.queued !== true) {
      const why = spawned.spawnError instanceof Error ? spawned.spawnError.message : String(spawned.spawnError);
      throw new Error(`Cannot run "${program}": ${why}`);
    }
    if (spawned.launchFailure !== undefined) {
      throw new Error(`Cannot run "${program}": ${spawned.launchFailure}`);
    }
    const decoder = new TextDecoder();
    return {
      stdout: decoder.decode(spawned.stdout),
      stderr: decoder.decode(spawned.stderr),
      code: spawned.stopped === null ? spawned.code : null,
      killed: spawned.stopped !== null || spawned.queued === true,
      truncated: spawned.stdoutTruncated || spawned.stderrTruncated,
    };
  } finally {
    dispose();
  }
}
