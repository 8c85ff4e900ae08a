/**
 * The command transport: a hook as a child process. The payload JSON goes
 * to stdin, an outcome JSON comes back on stdout, exit code 2 denies.
 *
 * @module
 */

import { normalizeOutcome } from "../outcome.ts";
import { clampTimeout } from "../registry.ts";
import type {
  HookInput,
  HookOutcome,
  HookRunResult,
  Logger,
  ShellHookSpec,
} from "../types.ts";

/**
 * Options of {@linkcode runShellHookDetailed}.
 *
 * @example Run under a caller's signal
 * ```ts
 * import type { RunShellHookOptions } from "@hookgate/core";
 *
 * const options: RunShellHookOptions = { signal: AbortSignal.timeout(1000) };
 * ```
 */
export interface RunShellHookOptions {
  /** Cancels the hook; its process group is killed. */
  signal?: AbortSignal;
  /** The deadline in `Date.now()` ms; defaults to now + `spec.timeoutMs`. */
  deadlineAt?: number;
  /** Where warnings go. */
  logger?: Logger;
}

/**
 * Runs a command hook and classifies what happened.
 *
 * @param spec The command hook.
 * @param input The payload.
 * @param options Cancellation, deadline and logging.
 * @returns The outcome, or a failure; never throws.
 *
 * @example Run a hook that prints a deny
 * ```ts
 * import { runShellHookDetailed } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const result = await runShellHookDetailed(
 *   { command: `echo '{"action":"deny","reason":"no"}'` },
 *   { event: "PreToolUse", cwd: Deno.cwd(), toolName: "bash", toolInput: {} },
 * );
 * equal(result.outcome?.action, "deny");
 * ```
 */
export async function runShellHookDetailed(
  spec: ShellHookSpec,
  input: HookInput,
  options: RunShellHookOptions = {},
): Promise<HookRunResult> {
  const deadlineAt = options.deadlineAt ??
    Date.now() + clampTimeout(spec.timeoutMs);
  const timeout = AbortSignal.timeout(Math.max(0, deadlineAt - Date.now()));
  const signal = options.signal
    ? AbortSignal.any([options.signal, timeout])
    : timeout;
  const exec = spec.args !== undefined;
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(exec ? spec.command : "sh", {
      args: exec ? spec.args! : ["-c", spec.command],
      cwd: input.cwd,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
      signal,
    }).spawn();
  } catch (error) {
    return {
      outcome: null,
      failure: { kind: "error", message: `could not start: ${String(error)}` },
    };
  }
  const writer = child.stdin.getWriter();
  const output = child.output();
  try {
    await writer.write(new TextEncoder().encode(JSON.stringify(input) + "\n"));
    await writer.close();
  } catch {
    // The hook exited without reading its input: not a failure.
  }
  const { code, stdout, stderr } = await output;
  if (signal.aborted) {
    const kind =
      options.signal?.aborted && options.signal.reason?.name !== "TimeoutError"
        ? "aborted"
        : "timeout";
    return {
      outcome: null,
      failure: {
        kind,
        message: kind === "timeout" ? "did not finish in time" : "cancelled",
      },
    };
  }
  const out = new TextDecoder().decode(stdout).trim();
  if (code === 2) {
    const err = new TextDecoder().decode(stderr).trim();
    return {
      outcome: { action: "deny", reason: err || out || "blocked by hook" },
    };
  }
  if (code !== 0) {
    return {
      outcome: null,
      failure: { kind: "exit", message: `exited with code ${code}` },
    };
  }
  if (out === "") return { outcome: { action: "allow" } };
  let parsed: unknown;
  try {
    parsed = JSON.parse(out);
  } catch {
    return {
      outcome: null,
      failure: { kind: "invalid_output", message: "stdout is not JSON" },
    };
  }
  const outcome = normalizeOutcome(parsed);
  return typeof outcome === "string"
    ? { outcome: null, failure: { kind: "invalid_output", message: outcome } }
    : { outcome };
}

/**
 * Runs a command hook and returns its outcome, or `null` when it failed
 * (the failure is logged as a warning).
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
      `Command hook failed: ${result.failure.kind}: ${result.failure.message}`,
    );
  }
  return result.outcome;
}
