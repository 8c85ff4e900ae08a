/**
 * The command transport: a hook as a child process. The payload JSON plus a
 * newline goes to stdin; an outcome JSON comes back on stdout; exit code 2
 * denies.
 *
 * @module
 */

import { readGrantedEnv } from "../../_internal/env.ts";
import { timeoutProblem } from "../../_internal/limits.ts";
import { dialectOf } from "../../dialects/dialects.ts";
import type { Logger } from "../../events/env.ts";
import type { ShellHookSpec } from "../../events/configured.ts";
import type { HookFailure, HookRunResult, NormalizedOutcome } from "../../events/outcome.ts";
import type { HookInput } from "../../events/payload.ts";
import {
  type CommandPlan,
  commandRejection,
  DEFAULT_COMMAND_ALLOWLIST,
  planCommand,
} from "../../permissions/command_line.ts";
import { envPermissionProblem, runPermissionProblem } from "../../permissions/preflight.ts";
import { deadlineSignal, detailedResult, outputCap, timedOut } from "../shared/_call.ts";
import { buildChildEnv } from "./child_env.ts";
import { type HookProcesses, STANDALONE_PROCESSES } from "./processes.ts";
import { classifySpawn } from "./_classify.ts";
import { type EscapedProcess, spawnHook } from "./_spawn.ts";

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
  /**
   * Give the hook the sanitized environment whatever its dialect — also a
   * Claude-dialect hook, which otherwise inherits this process's
   * environment, as Claude's own hooks inherit Claude's (the
   * configuration's `sanitizeEnv`).
   *
   * @default {false}
   */
  sanitizeEnv?: boolean;
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
  /**
   * Whether stdout carried more than the cap. Only the first
   * `maxOutputBytes` were kept; the rest was read and dropped while the
   * hook had a bounded while to exit (2 s, 4 MiB more). Unless it exited 2
   * within it (a deny, with the reason cut at the cap), it failed with
   * `invalid_output`.
   */
  stdoutTruncated: boolean;
  /** Whether stderr carried more than the cap (same consequences as for stdout). */
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
 *   else (text, text mixed with JSON) is `invalid_output`.
 * - Exit 2: deny, whatever stdout says; the reason is the JSON `reason`,
 *   else stderr, else stdout, else "blocked by hook" (≤ 2 000 characters).
 * - Output over the cap (`maxOutputBytes`, stdout and stderr each): only
 *   the first `maxOutputBytes` are kept, so memory stays bounded. Past the
 *   cap the hook has a bounded while to exit — 2 s and 4 MiB more per
 *   stream (`OUTPUT_DRAIN_MS`, `OUTPUT_DRAIN_BYTES`), its output read and
 *   dropped meanwhile — and if it does, its exit code counts: exit 2
 *   denies with the reason cut at the cap (stderr first, as always); any
 *   other end fails with `invalid_output` (the message names the stream
 *   and the cap), whatever it printed before, so a closed hook denies. A
 *   hook that goes on past that bound (`yes`, a stream that never ends)
 *   has its process group killed at once and fails with `invalid_output`
 *   too, long before its deadline. `stdoutTruncated`/`stderrTruncated` say
 *   which stream passed the cap.
 * - Any other exit, or death by a signal: `exit`. A spawn failure (missing
 *   program, not executable, bad cwd, no file descriptors left): `error`.
 *   The allowlist or a missing Deno permission: `rejected`. The deadline:
 *   `timeout`. The caller's signal: `aborted`.
 *
 * At most `maxRunning` hooks of one owner (a runner, or all standalone
 * calls; 32 by default, see {@linkcode HookProcesses}) run at once; the
 * rest wait in line, and one whose deadline passes while it waits times
 * out without ever starting.
 *
 * The hook runs as its own process group and session; on timeout or abort
 * the whole group is killed, and after the hook exits any
 * descendant still running in its group is killed too. When something
 * still holds the hook's pipes after that, it left the group: every
 * process still in the hook's session is killed as well (`pkill -s`, where
 * `--allow-run` allows `pkill`). A descendant that starts a session of its
 * own (`setsid`, a daemon) cannot be found and keeps running; the call
 * returns anyway, stops reading its output, and warns through `logger`. If
 * it holds stdin while part of the payload is unwritten, that write cannot
 * be cancelled: the pipe (one descriptor) stays open until the process
 * exits or closes its stdin.
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
  return runPreparedCommandHook(
    spec,
    prepareCommandHook(spec, options.allowlist, options.projectDir ?? input.cwd),
    input,
    options,
  );
}

/** A command hook checked before it runs: how to start it (in which project), or why not. */
export type PreparedCommandHook = { plan: CommandPlan; failure?: undefined; projectDir?: string } | {
  plan: CommandPlan | null;
  failure: HookFailure;
  projectDir?: string;
};

/**
 * Plans a command hook and checks the allowlist, Deno's `--allow-run`, and
 * that `--allow-env` grants its `passEnv` variables: everything that
 * depends only on the hook, done once per hook by the runner rather than
 * once per call.
 */
export function prepareCommandHook(
  spec: ShellHookSpec,
  allowlist: readonly string[] = DEFAULT_COMMAND_ALLOWLIST,
  projectDir?: string,
): PreparedCommandHook {
  const where = projectDir === undefined ? {} : { projectDir };
  let plan: CommandPlan;
  try {
    plan = planCommand(execForm(spec, projectDir));
  } catch (error) {
    return { plan: null, failure: { kind: "rejected", message: (error as Error).message }, ...where };
  }
  const dialect = dialectOf(spec.dialect);
  const refusal = timeoutProblem(spec.timeoutMs, dialect.maxTimeoutMs)?.message ??
    (dialect.runsAnyCommand ? undefined : commandRejection(plan, allowlist)) ??
    runPermissionProblem(plan.program) ?? envPermissionProblem(spec.passEnv ?? []);
  return refusal === undefined
    ? { plan, ...where }
    : { plan, failure: { kind: "rejected", message: refusal }, ...where };
}

/**
 * The command with its dialect's placeholders expanded in exec form (a
 * Claude hook's `${CLAUDE_PROJECT_DIR}`): no shell expands them there. In
 * shell form the shell does, from the environment. The directory is the
 * hook's own project directory where it has one, else the project root.
 */
function execForm(spec: ShellHookSpec, root: string | undefined): ShellHookSpec {
  const expand = dialectOf(spec.dialect).expandArgument;
  const projectDir = spec.projectDir ?? root;
  if (spec.args === undefined || expand === undefined || projectDir === undefined) return spec;
  return { ...spec, command: expand(spec.command, projectDir), args: spec.args.map((arg) => expand(arg, projectDir)) };
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
  const cap = outputCap(spec);
  const dialect = dialectOf(spec.dialect);
  const projectDir = options.projectDir ?? input.cwd;
  const { signal, dispose } = deadlineSignal(spec.timeoutMs, options, dialectOf(spec.dialect).maxTimeoutMs);
  const processes = options.processes ?? STANDALONE_PROCESSES;
  const own = dialect.commandEnv?.({
    // The agent's own project directory, where its hooks get one other than the root.
    projectDir: spec.projectDir ?? projectDir,
    event: input.event,
    read: readGrantedEnv,
    sanitized: options.sanitizeEnv === true,
  });
  if (own?.inherit && !canListEnv() && !SCOPED_ENV_WARNED.has(processes)) {
    // Said once per owner: the hook runs, with less than its agent would give it.
    SCOPED_ENV_WARNED.add(processes);
    options.logger?.warn?.(
      `Command hook "${
        spec.name ?? spec.command
      }" inherits the agent's environment (as ${dialect.name} hooks do), but --allow-env names only some variables, so it gets only those; run hook-run with --allow-env, or set "sanitizeEnv": true to give every hook the sanitized environment`,
    );
  }
  try {
    const spawned = await spawnHook({
      program: plan.program,
      args: plan.args,
      cwd: spec.cwd ?? input.cwd,
      env: buildChildEnv({
        hookEnv: { ...own?.env, ...spec.env },
        ...(spec.passEnv ? { passEnv: spec.passEnv } : {}),
        event: input.event,
        ...(input.sessionId !== undefined ? { sessionId: input.sessionId } : {}),
        projectDir,
        ...(own?.inherit ? { inherit: true } : {}),
      }),
      stdin: new TextEncoder().encode(JSON.stringify(dialect.encodeInput(input, spec.wireEvent)) + "\n"),
      maxOutputBytes: cap,
      signal,
      processes,
    });
    result.pid = spawned.pid;
    result.exitCode = spawned.code;
    result.signal = spawned.exitSignal;
    result.stdoutTruncated = spawned.stdoutTruncated;
    result.stderrTruncated = spawned.stderrTruncated;
    if (spawned.escaped !== undefined) warnEscaped(spawned.escaped, spec, options);
    const decoded = classifySpawn(
      spawned,
      plan,
      input,
      timedOut(signal),
      cap,
      dialect,
      processes.maxRunning,
      spec.cwd ?? input.cwd,
      spec.async === true && spec.rewake === true,
      spec.wireEvent,
    );
    if ("failure" in decoded) return finish(decoded.failure, decoded.lenient);
    result.outcome = decoded.outcome;
    return finish();
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
): Promise<NormalizedOutcome | null> {
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

/** The owners (a runner's processes, or the standalone set) already told that --allow-env is scoped. */
const SCOPED_ENV_WARNED = new WeakSet<HookProcesses>();

/** Whether the whole environment can be read (an unscoped --allow-env). */
function canListEnv(): boolean {
  try {
    return Deno.permissions.querySync({ name: "env" }).state === "granted";
  } catch {
    return false;
  }
}

/**
 * A descendant outside the hook's process group still held its pipes when
 * the call returned and could not be killed: say so, with what it holds.
 */
function warnEscaped(escaped: EscapedProcess, spec: ShellHookSpec, options: RunShellHookOptions): void {
  const who = escaped.sessionSwept
    ? "that started a session of its own (setsid, a daemon), which hookgate cannot find or kill"
    : "outside its process group that hookgate could not kill (allow pkill in --allow-run to kill what stays in the hook's session)";
  const held = escaped.holds === "stdin"
    ? "it holds the hook's stdin unread, so that pipe stays open until the process exits or closes it"
    : "it held the hook's stdout or stderr, so hookgate stopped reading";
  try {
    options.logger?.warn?.(`Command hook "${spec.name ?? spec.command}" left a process running ${who}; ${held}`);
  } catch {
    // A broken logger must not break the hook.
  }
}
