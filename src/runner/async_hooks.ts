// Hooks the call does not wait for (a configured command hook's `async`, as
// Claude Code's): each firing runs — never coalesced, never deciding — under
// its own deadline, and what it leaves for the agent (context, a message, a
// wake) waits for its session's next call. At most MAX_ASYNC_RUNS run at
// once per runner; the rest wait in firing order, a bounded queue.

import type { DeadlineScheduler } from "../_internal/deadline.ts";
import { MAX_ASYNC_QUEUE, MAX_ASYNC_RUNS } from "../_internal/limits.ts";
import type { ShellHook } from "../events/configured.ts";
import type { HookFailure, NormalizedOutcome } from "../events/outcome.ts";
import type { HookInput } from "../events/payload.ts";
import type { DeferredHookResult, DeferredResults } from "./deferred.ts";
import { type CallScope, closeScope, Invocation, type ScopeWatch } from "./invocation.ts";
import { type RunnerCore, startInvocation } from "./invoke.ts";
import type { Active, Plan } from "./plan.ts";

interface Job {
  plan: Plan;
  active: Active;
  payload: HookInput;
}

/** One invocation's scope: the runner's scheduler, no caller signal, one result. */
class AsyncCall implements CallScope {
  readonly signal = undefined;
  readonly deadlines: DeadlineScheduler;
  watch: ScopeWatch | null = null;
  #done: (settled: { outcome: NormalizedOutcome | null; failure: HookFailure | undefined }) => void;

  constructor(
    deadlines: DeadlineScheduler,
    done: (settled: { outcome: NormalizedOutcome | null; failure: HookFailure | undefined }) => void,
  ) {
    this.deadlines = deadlines;
    this.#done = done;
  }

  invocationDone(_invocation: Invocation, outcome: NormalizedOutcome | null, failure: HookFailure | undefined): void {
    closeScope(this);
    this.#done({ outcome, failure });
  }
}

/** The async hooks of one runner. */
export class AsyncHooks {
  #core: RunnerCore;
  #mail: DeferredResults;
  #running = 0;
  #queue: Job[] = [];
  #runs = new Set<Promise<unknown>>();

  constructor(core: RunnerCore, mail: DeferredResults) {
    this.#core = core;
    this.#mail = mail;
  }

  /** Starts `active` on `payload` (or queues it); what it leaves waits for the session's next call. */
  start(plan: Plan, active: Active, payload: HookInput): void {
    if (this.#running >= MAX_ASYNC_RUNS) {
      if (this.#queue.length >= MAX_ASYNC_QUEUE) {
        const dropped = this.#queue.shift()!;
        this.#warn(
          `Hook "${dropped.active.entry.name}" (async) on ${dropped.payload.event} did not run: ${MAX_ASYNC_QUEUE} firings of async hooks already waited for their turn`,
        );
      }
      this.#queue.push({ plan, active, payload });
      return;
    }
    this.#launch({ plan, active, payload });
  }

  /**
   * Runs `actives` on `payload` now, all at once, and resolves with what
   * they leave (not kept here): for a process that runs the async hooks
   * of a front end that cannot wait for them.
   */
  async run(plan: Plan, actives: readonly Active[], payload: HookInput): Promise<DeferredHookResult[]> {
    const results = await Promise.all(actives.map((active) => this.#invoke(plan, active, payload)));
    return results.filter((result) => result !== undefined);
  }

  /** Resolves when no async hook runs or waits any more. */
  async idle(): Promise<void> {
    while (this.#runs.size > 0) await Promise.all(this.#runs);
  }

  #launch(job: Job): void {
    this.#running++;
    const run = this.#invoke(job.plan, job.active, job.payload).then((result) => {
      if (result !== undefined) this.#mail.add(result);
    }).finally(() => {
      this.#running--;
      this.#runs.delete(run);
      const next = this.#queue.shift();
      if (next !== undefined) this.#launch(next);
    });
    this.#runs.add(run);
  }

  #invoke(plan: Plan, active: Active, payload: HookInput): Promise<DeferredHookResult | undefined> {
    const entry = active.entry;
    const started = performance.now();
    const { promise, resolve } = Promise.withResolvers<
      { outcome: NormalizedOutcome | null; failure: HookFailure | undefined }
    >();
    const invocation = new Invocation(entry, 0, new AsyncCall(this.#core.deadlines, resolve), started);
    startInvocation(active, payload, invocation, this.#core, plan.info, false);
    return promise.then(({ outcome, failure }) => {
      this.#report(entry, payload, started, outcome, failure);
      return deferredOf(entry.name, (entry.hook as ShellHook).rewake === true, payload, outcome, failure);
    });
  }

  #report(
    entry: Active["entry"],
    payload: HookInput,
    started: number,
    outcome: NormalizedOutcome | null,
    failure: HookFailure | undefined,
  ): void {
    if (failure !== undefined) {
      this.#warn(`Hook "${entry.name}" (async) on ${payload.event} failed: ${failure.kind}: ${failure.message}`);
    }
    const listener = this.#core.onInvocation;
    if (listener === undefined) return;
    try {
      listener({
        event: payload.event,
        hookName: entry.name,
        hookId: entry.id,
        transport: entry.transport,
        stage: entry.stage,
        background: true,
        durationMs: performance.now() - started,
        ...(failure === undefined ? {} : { failure }),
        ...(failure === undefined && outcome !== null ? { action: outcome.action } : {}),
      });
    } catch (error) {
      this.#core.logger?.error?.(`The onInvocation listener threw: ${error instanceof Error ? error.message : error}`);
    }
  }

  #warn(message: string): void {
    try {
      this.#core.logger?.warn?.(message);
    } catch {
      // A broken logger must not break the run.
    }
  }
}

/**
 * What an async hook's end leaves for the session: never a decision. A
 * wake (its exit code 2, from a hook that wakes the agent) alone; else its
 * context and message; a failure as the error the user would have seen.
 */
function deferredOf(
  hookName: string,
  rewake: boolean,
  payload: HookInput,
  outcome: NormalizedOutcome | null,
  failure: HookFailure | undefined,
): DeferredHookResult | undefined {
  const base = {
    id: crypto.randomUUID(),
    sessionId: payload.sessionId ?? "",
    hookName,
    event: payload.event,
    at: Date.now(),
  };
  if (failure !== undefined) return { ...base, systemMessage: `${hookName} hook error: ${failure.message}` };
  if (outcome === null) return undefined;
  if (rewake && outcome.wake !== undefined && outcome.wake !== "") return { ...base, wake: outcome.wake };
  if (outcome.additionalContext === undefined && outcome.systemMessage === undefined) return undefined;
  return {
    ...base,
    ...(outcome.additionalContext === undefined ? {} : { additionalContext: outcome.additionalContext }),
    ...(outcome.systemMessage === undefined ? {} : { systemMessage: outcome.systemMessage }),
  };
}
