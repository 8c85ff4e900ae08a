// One run of one event: drives the matched entries under the event's rule,
// with callbacks rather than awaits, so hooks that answer synchronously cost
// no promise and async ones one `then` each. Failure policy lives here; how
// outcomes combine lives in the rule.

import type { AnyHookEventResult } from "../events/event_map.ts";
import type { PreToolUseEnv } from "../events/env.ts";
import type { HookFailure, NormalizedOutcome } from "../events/outcome.ts";
import type { HookInput } from "../events/payload.ts";
import type { HookEntry } from "../registry/types.ts";
import type { RunState } from "../rules/types.ts";
import { CallScope, Invocation } from "./invocation.ts";
import { type RunnerCore, startInvocation } from "./invoke.ts";
import type { Active, Plan } from "./plan.ts";
import type { HookInvocationRecord } from "./types.ts";

const NO_FAILURE: HookFailure = Object.freeze({ kind: "error", message: "no result" });

/** One run of one event. */
export class EventRun extends CallScope {
  #core: RunnerCore;
  #plan: Plan;
  #entries: readonly Active[];
  #resolve: (result: AnyHookEventResult | Promise<AnyHookEventResult>) => void;
  #tracing: boolean;
  #state: RunState;
  // Serial state.
  #index = 0;
  #inLoop = false;
  #settledInLoop = false;
  #stopped = false;
  // Parallel state: results kept by index, applied in registration order.
  #outcomes: (NormalizedOutcome | null)[] | null = null;
  #failures: (HookFailure | undefined)[] | null = null;
  #remaining = 0;

  constructor(
    core: RunnerCore,
    plan: Plan,
    entries: readonly Active[],
    payload: HookInput,
    env: PreToolUseEnv,
    resolve: (result: AnyHookEventResult | Promise<AnyHookEventResult>) => void,
    blockers: string[] = [],
  ) {
    super(env.signal, core.deadlines);
    this.#core = core;
    this.#plan = plan;
    this.#entries = entries;
    this.#resolve = resolve;
    this.#tracing = core.onInvocation !== undefined;
    this.#state = {
      event: payload.event,
      info: plan.info,
      env,
      payload,
      reasons: null,
      context: null,
      value: null,
      replacement: null,
      separator: "",
      feedback: false,
      mutated: false,
      decision: null,
      halt: null,
      messages: null,
      blockers,
      warn: (message) => this.#warn(message),
    };
  }

  start(): void {
    if (this.#plan.rule.parallel) {
      const count = this.#entries.length;
      this.#remaining = count;
      this.#outcomes = new Array(count);
      this.#failures = new Array(count);
      for (let i = 0; i < count; i++) this.#invoke(this.#entries[i]!, i);
    } else {
      this.#next();
    }
  }

  #next(): void {
    while (!this.#stopped && this.#index < this.#entries.length) {
      const index = this.#index++;
      this.#inLoop = true;
      this.#settledInLoop = false;
      this.#invoke(this.#entries[index]!, index);
      this.#inLoop = false;
      // Still pending: invocationDone continues the chain when the hook answers.
      if (!this.#settledInLoop) return;
    }
    this.#finish();
  }

  #invoke(active: Active, index: number): void {
    const invocation = new Invocation(active.entry, index, this, this.#tracing ? performance.now() : 0);
    if (invocation.callerAborted) {
      invocation.settle(null, { kind: "aborted", message: "cancelled by the caller before it started" });
      return;
    }
    startInvocation(active, this.#state.payload, invocation, this.#core, this.#plan.rule.values);
  }

  invocationDone(invocation: Invocation, outcome: NormalizedOutcome | null, failure: HookFailure | undefined): void {
    if (this.#tracing) this.#record(invocation, outcome, failure);
    if (this.#outcomes !== null) {
      this.#outcomes[invocation.index] = outcome;
      this.#failures![invocation.index] = failure;
      if (--this.#remaining === 0) this.#finish();
      return;
    }
    if (this.#apply(this.#entries[invocation.index]!, outcome, failure)) this.#stopped = true;
    if (this.#inLoop) {
      this.#settledInLoop = true;
      return;
    }
    this.#next();
  }

  /** Applies one result in order; returns `true` when the run must stop. */
  #apply(active: Active, outcome: NormalizedOutcome | null, failure: HookFailure | undefined): boolean {
    if (failure !== undefined || outcome === null) return this.#failed(active.entry, failure ?? NO_FAILURE);
    return this.#plan.rule.apply(this.#state, active.entry, outcome, active.dialect.contextSeparator);
  }

  /** The failure policy: skip with a warning, or deny where the event can block. */
  #failed(entry: HookEntry, failure: HookFailure): boolean {
    const event = this.#state.event;
    const where = `Hook "${entry.name}" (${entry.transport}) on ${event} failed: ${failure.kind}: ${failure.message}`;
    if (entry.failurePolicy === "closed" && this.#plan.info.canBlock) {
      this.#warn(`${where}; denied (failurePolicy "closed")`);
      return this.#plan.rule.block(
        this.#state,
        `Hook "${entry.name}" failed (${failure.kind}: ${failure.message}) and its failurePolicy is "closed", so this ${event} is denied. This is a hook failure, not an approval request: the hook must be fixed or disabled by its operator.`,
        entry,
      );
    }
    this.#warn(`${where}; skipped (failurePolicy "${entry.failurePolicy}")`);
    return false;
  }

  #finish(): void {
    if (this.#outcomes !== null) {
      for (let i = 0; i < this.#entries.length; i++) {
        this.#apply(this.#entries[i]!, this.#outcomes[i] ?? null, this.#failures![i]);
      }
    }
    this.close();
    this.#resolve(this.#plan.rule.result(this.#state));
  }

  #record(invocation: Invocation, outcome: NormalizedOutcome | null, failure: HookFailure | undefined): void {
    const entry = invocation.entry;
    const record: HookInvocationRecord = {
      event: this.#state.event,
      hookName: entry.name,
      hookId: entry.id,
      transport: entry.transport,
      stage: entry.stage,
      background: entry.background,
      durationMs: performance.now() - invocation.startedAt,
    };
    if (failure !== undefined) record.failure = failure;
    else if (outcome !== null) record.action = outcome.action;
    const detail = invocation.detail;
    if (detail !== undefined) {
      if (detail.model !== null) record.model = detail.model;
      if (detail.prompt !== undefined) record.prompt = detail.prompt;
      if (detail.answer !== undefined) record.answer = detail.answer;
    }
    try {
      this.#core.onInvocation!(record);
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
