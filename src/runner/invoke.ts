// The seam between the runner and the transports: every transport gets the
// payload and `{signal, deadlineAt}` and reports to the invocation; the
// runner alone owns deadlines, failure policy and combining.

import type { DeadlineScheduler } from "../_internal/deadline.ts";
import type { Logger } from "../events/env.ts";
import type { HookRunResult } from "../events/outcome.ts";
import type { HookInput } from "../events/payload.ts";
import type { HookEventInfo } from "../events/table.ts";
import { MAX_REASON_CHARS } from "../_internal/limits.ts";
import { truncate } from "../_internal/text.ts";
import type { ModelClient, ModelsConfig } from "../models/client.ts";
import { prepareCommandHook, type PreparedCommandHook, runPreparedCommandHook } from "../transports/command/command.ts";
import type { HookProcesses } from "../transports/command/processes.ts";
import { prepareHttpHook, sendHttpHook } from "../transports/http/http.ts";
import { invokeInProcess } from "../transports/in_process.ts";
import { runPromptHookDetailed } from "../transports/prompt/prompt.ts";
import type { CommandGate, CommandGateVerdict, HookInvocationRecord } from "./types.ts";
import type { Invocation } from "./invocation.ts";
import type { Active } from "./plan.ts";

/** What a runner shares with every run: its options and its own state. */
export interface RunnerCore {
  readonly logger: Logger | undefined;
  readonly onInvocation: ((record: HookInvocationRecord) => void) | undefined;
  readonly commandAllowlist: readonly string[] | undefined;
  readonly projectDir: string | undefined;
  readonly commandGate: CommandGate | undefined;
  readonly httpAllowedUrls: readonly string[] | undefined;
  readonly models: ModelsConfig | (() => ModelsConfig | undefined) | undefined;
  readonly modelClient: ModelClient | undefined;
  readonly traceModelIO: boolean;
  /** Whether hook-granted allows are refused now (`hookGrants: "refuse"`). */
  refusesGrants(): boolean;
  /** Whether every command hook gets the sanitized environment (`sanitizeEnv`). */
  readonly sanitizeEnv: boolean | (() => boolean);
  /** The runner's deadline scheduler. */
  readonly deadlines: DeadlineScheduler;
  /** The runner's live command hook processes. */
  readonly processes: HookProcesses;
}

/**
 * Starts one invocation through its transport; with `values` an in-process
 * hook answers with its event's own result object.
 */
export function startInvocation(
  active: Active,
  payload: HookInput,
  invocation: Invocation,
  core: RunnerCore,
  info: HookEventInfo,
  values: boolean,
): void {
  const entry = active.entry;
  if (entry.transport === "in-process") {
    if (active.async) invocation.startClock();
    if (invokeInProcess(entry.hook, payload, invocation, invocation, values)) {
      active.async = true;
      invocation.trackSoon();
    }
    return;
  }
  if (entry.transport === "placeholder") {
    // Nothing to run: the hook could not be built. Settled at once, like a
    // synchronous in-process hook, so it costs no clock and no deadline.
    invocation.settle(null, entry.failure);
    return;
  }
  invocation.startClock();
  invocation.track();
  const context = { signal: invocation.signal, deadlineAt: invocation.deadlineAt };
  const logger = core.logger ? { logger: core.logger } : {};
  let running: Promise<HookRunResult>;
  switch (entry.transport) {
    case "command": {
      const start = () => {
        // Prepared once per hook (and project): plan, allowlist, permissions.
        const projectDir = core.projectDir ?? payload.cwd;
        let prepared = active.prepared as PreparedCommandHook | undefined;
        if (prepared === undefined || prepared.projectDir !== projectDir) {
          prepared = prepareCommandHook(entry.hook, core.commandAllowlist, projectDir);
          active.prepared = prepared;
        }
        return runPreparedCommandHook(entry.hook, prepared, payload, {
          ...context,
          ...logger,
          ...(core.projectDir !== undefined ? { projectDir: core.projectDir } : {}),
          processes: core.processes,
          ...(sanitized(core) ? { sanitizeEnv: true } : {}),
        });
      };
      const verdict = core.commandGate?.(entry.hook);
      running = verdict === undefined
        ? start()
        : Promise.resolve(verdict).then((decided) =>
          decided === undefined
            ? start()
            : gated(decided, `Hook "${entry.name}" (command) on ${payload.event}`, info, core)
        );
      break;
    }
    case "http": {
      if (active.prepared === undefined) active.prepared = prepareHttpHook(entry.hook, core.httpAllowedUrls);
      running = sendHttpHook(entry.hook, active.prepared as ReturnType<typeof prepareHttpHook>, payload, {
        ...context,
        ...logger,
      });
      break;
    }
    case "prompt":
      running = runPromptHookDetailed(entry.hook, payload, {
        ...context,
        ...logger,
        ...modelsOption(core.models),
        ...(core.modelClient ? { client: core.modelClient } : {}),
      }).then((result) => {
        if (core.traceModelIO) {
          invocation.detail = { model: result.model, prompt: result.prompt, answer: result.answer };
        } else if (result.model !== null) invocation.detail = { model: result.model };
        return result;
      });
      break;
  }
  running.then(
    // A failure settles with its lenient reading, if any, as the outcome.
    (result) => {
      // Kept by reference (the command transport's exit code, HTTP's status): nothing is copied.
      invocation.wire = result;
      invocation.settle(result.failure === undefined ? result.outcome : result.lenient ?? null, result.failure);
    },
    (error) => invocation.settle(null, { kind: "error", message: String(error) }),
  );
}

/** Whether command hooks get the sanitized environment now. */
function sanitized(core: RunnerCore): boolean {
  return typeof core.sanitizeEnv === "function" ? core.sanitizeEnv() === true : core.sanitizeEnv;
}

/** What a gate's verdict makes of a command hook: a failure, or no answer at all (said in the log). */
function gated(
  verdict: CommandGateVerdict,
  hook: string,
  info: HookEventInfo,
  core: RunnerCore,
): HookRunResult {
  if ("failure" in verdict) return { outcome: null, failure: verdict.failure };
  if ("deny" in verdict && info.gatesAction) {
    return { outcome: { action: "deny", reason: truncate(verdict.deny, MAX_REASON_CHARS) } };
  }
  try {
    core.logger?.warn?.(`${hook} did not run: ${"deny" in verdict ? verdict.deny : verdict.skip}`);
  } catch {
    // A broken logger must not break the run.
  }
  return { outcome: HELD_BACK };
}

/** A held-back hook answers nothing, as if it were not configured. */
const HELD_BACK = Object.freeze({ action: "allow" as const });

function modelsOption(
  models: ModelsConfig | (() => ModelsConfig | undefined) | undefined,
): { models?: ModelsConfig } {
  const current = typeof models === "function" ? models() : models;
  return current === undefined ? {} : { models: current };
}
