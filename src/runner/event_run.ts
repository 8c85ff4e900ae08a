// One run of one event: drives the matched entries under the event's rule,
// phase by phase — a serial phase one hook after another, a concurrent one
// every hook started together on the same input (except those that do not
// run together, which run one after another alongside), each result applied
// in registration order once those before it are, and the next phase
// started once all have answered — with callbacks rather than awaits, so
// hooks that answer synchronously cost no promise and async ones one `then`
// each. What a failure means is the failure policy's (_failure_policy.ts),
// how outcomes combine the rule's, and the trace (onInvocation records,
// telemetry's hooks, in registration order) is _trace.ts's.
//
// The run is its own rule state and its own cancellation scope: a call
// allocates one object for the three roles, and the result promise is made
// only when some hook is still pending once every hook has been started (a
// run that finished inline hands back an already resolved promise).

import type { DeadlineScheduler } from "../_internal/deadline.ts";
import type { AnyHookEventResult, HookEvent } from "../events/event_map.ts";
import type { PreToolUseEnv } from "../events/env.ts";
import type { HookFailure, NormalizedOutcome, ToolResultUpdate } from "../events/outcome.ts";
import type { HookInput } from "../events/payload.ts";
import type { HookEventInfo } from "../events/table.ts";
import type { RunDecision, RunExtra, RunState } from "../rules/types.ts";
import type { ObservedHook } from "../telemetry/types.ts";
import { thrownText } from "../transports/in_process.ts";
import { failureVerdict, NO_FAILURE } from "./_failure_policy.ts";
import { RunTrace, type Trace } from "./_trace.ts";
import { type CallScope, closeScope, Invocation, type ScopeWatch } from "./invocation.ts";
import { type RunnerCore, startInvocation } from "./invoke.ts";
import type { Active, Plan } from "./plan.ts";

/** A result of a concurrent phase, as it waits for those before it. */
interface EarlyResult {
  outcome: NormalizedOutcome | null;
  failure: HookFailure | undefined;
  trace: Trace | null;
}

/** One run of one event; it is the state its rule reads and writes. */
export class EventRun implements CallScope, RunState {
  readonly signal: AbortSignal | undefined;
  readonly deadlines: DeadlineScheduler;
  watch: ScopeWatch | null = null;
  readonly event: HookEvent;
  readonly info: HookEventInfo;
  readonly env: PreToolUseEnv;
  payload: HookInput;
  reasons: string[] | null = null;
  context: string | null = null;
  separator = "";
  value: Record<string, unknown> | null = null;
  replacement: ToolResultUpdate | null = null;
  feedback = false;
  mutated = false;
  decision: RunDecision | null = null;
  concurrent = false;
  rewriter: string | null = null;
  stopped = false;
  halt: { reason?: string } | null = null;
  messages: string[] | null = null;
  extra: RunExtra | null = null;
  blockers: string[] | null;
  #core: RunnerCore;
  #plan: Plan;
  #entries: readonly Active[];
  // Only when something listens: the onInvocation listener or telemetry.
  #trace: RunTrace | null;
  // The result, until it is delivered: a run that finished inside start()
  // returns it resolved; one that finishes later resolves the promise.
  // (A promise only while the first JSON Schema of a process loads zod.)
  #result: AnyHookEventResult | Promise<AnyHookEventResult> | null = null;
  #resolve: ((result: AnyHookEventResult | Promise<AnyHookEventResult>) => void) | null = null;
  // The next entry to start, and the serial phase's state.
  #index = 0;
  #inLoop = false;
  #settledInLoop = false;
  #stopped = false;
  // The serial phase in which one of a sequential event's hooks stopped
  // the run (-1: none): the rest of them in that phase still run.
  #goingOn = -1;
  // The running concurrent phase: its hooks' input, the next result to
  // apply (results are applied in registration order, as soon as all before
  // them are), the results that came early — kept only then — and how many
  // hooks have yet to answer.
  #grouped = false;
  #phaseInput: HookInput | null = null;
  #cursor = 0;
  #early: (EarlyResult | undefined)[] | null = null;
  #remaining = 0;

  constructor(
    core: RunnerCore,
    plan: Plan,
    entries: readonly Active[],
    payload: HookInput,
    env: PreToolUseEnv,
    blockers: string[] | null = null,
    sink: ObservedHook[] | null = null,
  ) {
    this.signal = env.signal;
    this.deadlines = core.deadlines;
    this.event = payload.event;
    this.info = plan.info;
    this.env = env;
    this.payload = payload;
    this.blockers = blockers;
    this.#core = core;
    this.#plan = plan;
    this.#entries = entries;
    this.#trace = core.onInvocation !== undefined || sink !== null
      ? new RunTrace(core, payload.event, sink, plan.reordered)
      : null;
  }

  /**
   * Starts every hook that may start now and returns the run's result.
   * Whatever throws here (a bug, never a hook: hooks' throws are failures)
   * rejects the result instead of escaping to the caller.
   */
  start(): Promise<AnyHookEventResult> {
    try {
      this.#next();
    } catch (error) {
      return Promise.reject(error);
    }
    if (this.#result !== null) return Promise.resolve(this.#result);
    // Some hook is pending: it settles in a later microtask at the earliest,
    // after the resolver is in place.
    return new Promise((resolve) => {
      this.#resolve = resolve;
    });
  }

  #next(): void {
    const entries = this.#entries;
    const phases = this.#plan.rule.phases;
    while (!this.#stopped && this.#index < entries.length) {
      const index = this.#index;
      const phase = entries[index]!.phase;
      if (this.#goingOn !== -1) {
        // After a block, a sequential event's hooks of its phase still run, and nothing else.
        if (phase !== this.#goingOn) {
          this.#stopped = true;
          break;
        }
        if (!entries[index]!.keepsGoing) {
          this.#index = index + 1;
          continue;
        }
      }
      let end = index + 1;
      if (phases[phase] === "concurrent") {
        while (end < entries.length && entries[end]!.phase === phase) end++;
      }
      this.#index = end;
      // A phase of one hook runs as a serial one: there is nothing to run it with.
      if (end - index > 1) {
        // Still pending: invocationDone ends the phase and goes on.
        if (!this.#startTogether(index, end)) return;
        continue;
      }
      this.#inLoop = true;
      this.#settledInLoop = false;
      this.#invoke(entries[index]!, index, this.payload);
      this.#inLoop = false;
      // Still pending: invocationDone continues the chain when the hook answers.
      if (!this.#settledInLoop) return;
    }
    this.#finish();
  }

  /**
   * Starts every hook of a concurrent phase, each on the payload as the
   * phase began (results applied meanwhile do not change what a sibling
   * sees) — of those that do not run together only the first, the next one
   * starting once it has answered (`#continueChain`); returns whether all
   * of them answered at once.
   */
  #startTogether(start: number, end: number): boolean {
    this.#grouped = true;
    this.#phaseInput = this.payload;
    this.#cursor = start;
    this.concurrent = true;
    this.rewriter = null;
    // One count more than there are hooks, held while they start: a hook
    // that answers at once must not end the phase before its siblings start.
    this.#remaining = end - start + 1;
    let chained = false;
    for (let i = start; i < end; i++) {
      const active = this.#entries[i]!;
      if (active.concurrent) this.#invoke(active, i, this.#phaseInput);
      else if (!chained) {
        chained = true;
        this.#invoke(active, i, this.#phaseInput);
      }
    }
    if (--this.#remaining > 0) return false;
    this.#endTogether();
    return true;
  }

  /**
   * Starts the concurrent phase's next hook that does not run together,
   * after `index`, the previous one, answered. Every one runs, as every
   * sibling of a concurrent phase does.
   */
  #continueChain(index: number): void {
    const entries = this.#entries;
    const phase = entries[index]!.phase;
    for (let i = index + 1; i < entries.length && entries[i]!.phase === phase; i++) {
      const active = entries[i]!;
      if (!active.concurrent) {
        this.#invoke(active, i, this.#phaseInput!);
        return;
      }
    }
  }

  /**
   * Takes one result of a concurrent phase: applied now when every result
   * before it in registration order has been, kept until then otherwise.
   * Every result is applied, also after a stop — its hook ran, and its halt
   * and messages count; the first stop in that order decides (`stopped`).
   */
  #together(
    index: number,
    outcome: NormalizedOutcome | null,
    failure: HookFailure | undefined,
    trace: Trace | null,
  ): void {
    if (index !== this.#cursor) {
      (this.#early ??= new Array(this.#entries.length))[index] = { outcome, failure, trace };
      return;
    }
    this.#applyTogether(index, outcome, failure, trace);
    const early = this.#early;
    if (early === null) return;
    let next: EarlyResult | undefined;
    while ((next = early[this.#cursor]) !== undefined) {
      early[this.#cursor] = undefined;
      this.#applyTogether(this.#cursor, next.outcome, next.failure, next.trace);
    }
  }

  #applyTogether(
    index: number,
    outcome: NormalizedOutcome | null,
    failure: HookFailure | undefined,
    trace: Trace | null,
  ): void {
    this.#cursor = index + 1;
    if (trace !== null) this.#trace!.report(trace);
    if (this.#apply(this.#entries[index]!, outcome, failure)) this.stopped = true;
  }

  #endTogether(): void {
    this.#grouped = false;
    this.#phaseInput = null;
    this.concurrent = false;
    if (this.stopped) this.#stopped = true;
  }

  #invoke(active: Active, index: number, payload: HookInput): void {
    const invocation = new Invocation(active.entry, index, this, this.#trace !== null ? performance.now() : 0);
    if (invocation.callerAborted) {
      invocation.settle(null, { kind: "aborted", message: "cancelled by the caller before it started" });
      return;
    }
    startInvocation(active, payload, invocation, this.#core, this.info, this.#plan.rule.values);
  }

  invocationDone(invocation: Invocation, outcome: NormalizedOutcome | null, failure: HookFailure | undefined): void {
    if (this.#grouped) {
      this.#doneTogether(invocation, outcome, failure);
      return;
    }
    const active = this.#entries[invocation.index]!;
    const trace = this.#trace;
    if (trace !== null) trace.report(trace.traced(invocation, active, outcome, failure));
    if (this.#apply(active, outcome, failure)) this.#stop(active);
    if (this.#inLoop) {
      this.#settledInLoop = true;
      return;
    }
    this.#next();
  }

  /**
   * A stop in a serial phase: it ends the run at once — but for one of a
   * sequential event's hooks (Gemini's), after which the rest of them in
   * the phase still run, as Gemini runs every one, adding no reason of
   * their own (the first block decides, as in a concurrent phase).
   */
  #stop(active: Active): void {
    if (active.keepsGoing && this.#goingOn === -1) {
      this.#goingOn = active.phase;
      this.stopped = true;
    } else if (!active.keepsGoing) this.#stopped = true;
  }

  /** A hook of a concurrent phase answered. */
  #doneTogether(invocation: Invocation, outcome: NormalizedOutcome | null, failure: HookFailure | undefined): void {
    // Its record goes out with its result, in registration order: traces
    // do not depend on who finished first either.
    const index = invocation.index;
    const trace = this.#trace?.traced(invocation, this.#entries[index]!, outcome, failure) ?? null;
    this.#together(index, outcome, failure, trace);
    // Its own count, not yet given back, holds the phase open while the
    // next hook of the chain starts (and perhaps answers at once).
    if (!this.#entries[index]!.concurrent) this.#continueChain(index);
    if (--this.#remaining === 0) {
      this.#endTogether();
      this.#next();
    }
  }

  /**
   * Applies one result in order; returns `true` when the run must stop.
   * With a failure, `outcome` is its lenient reading or `null`.
   */
  #apply(active: Active, outcome: NormalizedOutcome | null, failure: HookFailure | undefined): boolean {
    if (failure !== undefined || outcome === null) {
      return this.#failed(active, failure ?? NO_FAILURE, failure === undefined ? null : outcome);
    }
    return this.#rule(active, outcome);
  }

  #rule(active: Active, outcome: NormalizedOutcome): boolean {
    try {
      return this.#plan.rule.apply(this, active.entry, outcome, active.dialect.contextSeparator);
    } catch (error) {
      // A handler's own result object whose getter or proxy throws as the
      // rule reads it: thrown here it would end the host's process.
      return this.#failed(active, {
        kind: "invalid_output",
        message: `returned an object that threw while being read: ${thrownText(error)}`,
      }, null);
    }
  }

  /** A failed hook, under its failure policy: denied, skipped or read leniently, and reported. */
  #failed(active: Active, failure: HookFailure, lenient: NormalizedOutcome | null): boolean {
    const verdict = failureVerdict(active.entry, this.event, this.info, failure, lenient);
    this.warn(verdict.warning);
    if (verdict.denial !== undefined) return this.#plan.rule.block(this, verdict.denial, active.entry);
    return verdict.outcome !== undefined && this.#rule(active, verdict.outcome);
  }

  #finish(): void {
    closeScope(this);
    this.#trace?.flush();
    const result = this.#plan.rule.result(this);
    if (this.#resolve !== null) this.#resolve(result);
    else this.#result = result;
  }

  /** Whether the runner refuses hook-granted allows. */
  refusesGrants(): boolean {
    return this.#core.refusesGrants();
  }

  /** Reports something ignored; never throws. */
  warn(message: string): void {
    try {
      this.#core.logger?.warn?.(message);
    } catch {
      // A broken logger must not break the run.
    }
  }
}
