// One run of one event: drives the matched entries under the event's rule,
// phase by phase — a serial phase one hook after another, a concurrent one
// every hook started together on the same input (except those that do not
// run together, which run one after another alongside), each result applied
// in registration order once those before it are, and the next phase
// started once all have answered — with callbacks rather than awaits, so
// hooks that answer synchronously cost no promise and async ones one `then`
// each. Failure policy lives here; how outcomes combine lives in the rule.
// The trace (onInvocation records, telemetry's hooks) lists hooks in
// registration order, whatever the phases' order and whoever finished first.
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
import type { HookEntry } from "../registry/types.ts";
import type { RunDecision, RunExtra, RunState } from "../rules/types.ts";
import type { ObservedHook } from "../telemetry/types.ts";
import { thrownText } from "../transports/in_process.ts";
import { type CallScope, closeScope, Invocation, type ScopeWatch } from "./invocation.ts";
import { type RunnerCore, startInvocation } from "./invoke.ts";
import type { Active, Plan } from "./plan.ts";
import type { HookInvocationRecord } from "./types.ts";

const NO_FAILURE: HookFailure = Object.freeze({ kind: "error", message: "no result" });

/**
 * A failed hook's grant as no objection: what it decided besides the
 * permission — its rewrite, where the event takes one — still counts.
 */
function withoutGrant(outcome: NormalizedOutcome, canMutate: boolean): NormalizedOutcome {
  const { updatedPermissions: _permissions, reason: _reason, input, ...rest } = outcome;
  return canMutate && input !== undefined ? { ...rest, action: "mutate", input } : { ...rest, action: "allow" };
}

/** Whether a failed hook's lenient reading counts: only under `failurePolicy: "open"`. */
function usesLenient(entry: HookEntry): boolean {
  return entry.failurePolicy === "open";
}

/** What telemetry gets of one invocation: its record, plus what only telemetry reports. */
function observedHook(
  record: HookInvocationRecord,
  invocation: Invocation,
  dialect: string,
  failure: HookFailure | undefined,
  outcome: NormalizedOutcome | null,
): ObservedHook {
  const entry = invocation.entry;
  const hook: ObservedHook = {
    name: record.hookName,
    transport: record.transport,
    dialect,
    stage: record.stage,
    startedAt: performance.timeOrigin + performance.now() - record.durationMs,
    durationMs: record.durationMs,
    // The runner cancels a started command hook only by its signal, and the
    // command transport kills the hook's process group when it fires, or
    // when its output goes on past the cap (the leader then ends by SIGKILL).
    killed: entry.transport === "command" &&
      (failure?.kind === "timeout" || failure?.kind === "aborted" ||
        (failure?.kind === "invalid_output" &&
          (invocation.wire as { signal?: unknown } | undefined)?.signal === "SIGKILL")),
  };
  if (entry.owner !== undefined) hook.owner = entry.owner;
  if (record.action !== undefined) hook.action = record.action;
  if (record.context === true) hook.context = true;
  if (record.model !== undefined) hook.model = record.model;
  if (failure !== undefined) {
    hook.failure = failure.kind;
    hook.failureMessage = failure.message;
  }
  if (outcome?.reason !== undefined) hook.reason = outcome.reason;
  // A command hook's result carries its exit code, an HTTP hook's its status.
  const wire = invocation.wire as { exitCode?: unknown; status?: unknown } | undefined;
  if (wire !== undefined) {
    if (typeof wire.exitCode === "number") hook.exitCode = wire.exitCode;
    if (typeof wire.status === "number") hook.httpStatus = wire.status;
  }
  return hook;
}

/** One hook's trace: its record, what telemetry gets of it (with telemetry on), and its registration order. */
interface Trace {
  record: HookInvocationRecord;
  observed: ObservedHook | null;
  order: number;
}

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
  #tracing: boolean;
  // Where the run's telemetry collects its hooks (null with telemetry off).
  #sink: ObservedHook[] | null;
  // The traces kept until the run ends, when its phases run hooks out of
  // registration order (made on the first; otherwise each goes out as its
  // result is applied).
  #held: Trace[] | null = null;
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
    this.#sink = sink;
    this.#tracing = core.onInvocation !== undefined || sink !== null;
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
    if (trace !== null) this.#report(trace);
    if (this.#apply(this.#entries[index]!, outcome, failure)) this.stopped = true;
  }

  #endTogether(): void {
    this.#grouped = false;
    this.#phaseInput = null;
    this.concurrent = false;
    if (this.stopped) this.#stopped = true;
  }

  #invoke(active: Active, index: number, payload: HookInput): void {
    const invocation = new Invocation(active.entry, index, this, this.#tracing ? performance.now() : 0);
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
    if (this.#tracing) this.#report(this.#traced(invocation, outcome, failure));
    const active = this.#entries[invocation.index]!;
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
    this.#together(index, outcome, failure, this.#tracing ? this.#traced(invocation, outcome, failure) : null);
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

  /**
   * The failure policy, the one place that decides what a failure means: a
   * closed hook denies where the event can block; an open one is skipped,
   * or, when its dialect still reads an outcome from the answer (`lenient`),
   * gets that outcome. Either way the failure is reported.
   */
  #failed(active: Active, failure: HookFailure, lenient: NormalizedOutcome | null): boolean {
    const entry = active.entry;
    const event = this.event;
    const where = `Hook "${entry.name}" (${entry.transport}) on ${event} failed: ${failure.kind}: ${failure.message}`;
    if (entry.failurePolicy === "closed" && this.#plan.info.canBlock) {
      this.warn(`${where}; denied (failurePolicy "closed")`);
      return this.#plan.rule.block(
        this,
        `Hook "${entry.name}" failed (${failure.kind}: ${failure.message}) and its failurePolicy is "closed", so this ${event} is denied. This is a hook failure, not an approval request: the hook must be fixed or disabled by its operator.`,
        entry,
      );
    }
    if (lenient !== null && usesLenient(entry)) {
      if (lenient.action === "grant") {
        this.warn(
          `${where}; its answer is read as its agent reads it, since its failurePolicy is "open", but without its allow: a hook that failed grants nothing`,
        );
        return this.#rule(active, withoutGrant(lenient, this.info.canMutate));
      }
      this.warn(
        `${where}; its answer is read as its agent reads it (${lenient.action}), since its failurePolicy is "open"`,
      );
      return this.#rule(active, lenient);
    }
    this.warn(`${where}; skipped (failurePolicy "${entry.failurePolicy}")`);
    return false;
  }

  #finish(): void {
    closeScope(this);
    const held = this.#held;
    if (held !== null) {
      held.sort((a, b) => a.order - b.order);
      for (const trace of held) this.#emit(trace);
    }
    const result = this.#plan.rule.result(this);
    if (this.#resolve !== null) this.#resolve(result);
    else this.#result = result;
  }

  #record(
    invocation: Invocation,
    outcome: NormalizedOutcome | null,
    failure: HookFailure | undefined,
  ): HookInvocationRecord {
    const entry = invocation.entry;
    const record: HookInvocationRecord = {
      event: this.event,
      hookName: entry.name,
      hookId: entry.id,
      transport: entry.transport,
      stage: entry.stage,
      background: entry.background,
      durationMs: performance.now() - invocation.startedAt,
    };
    if (failure !== undefined) record.failure = failure;
    if (outcome !== null && (failure === undefined || usesLenient(entry))) {
      record.action = outcome.action;
      if (outcome.additionalContext !== undefined) record.context = true;
    }
    const detail = invocation.detail;
    if (detail !== undefined) {
      if (detail.model !== null) record.model = detail.model;
      if (detail.prompt !== undefined) record.prompt = detail.prompt;
      if (detail.answer !== undefined) record.answer = detail.answer;
    }
    return record;
  }

  /** The invocation's trace, made as it ends (its duration is now), reported later in registration order. */
  #traced(
    invocation: Invocation,
    outcome: NormalizedOutcome | null,
    failure: HookFailure | undefined,
  ): Trace {
    const record = this.#record(invocation, outcome, failure);
    const active = this.#entries[invocation.index]!;
    return {
      record,
      observed: this.#sink === null ? null : observedHook(record, invocation, active.dialect.name, failure, outcome),
      order: active.order,
    };
  }

  /** Gives a trace to telemetry and the listener, or keeps it for the run's end. */
  #report(trace: Trace): void {
    if (this.#plan.reordered) (this.#held ??= []).push(trace);
    else this.#emit(trace);
  }

  #emit(trace: Trace): void {
    if (trace.observed !== null) this.#sink!.push(trace.observed);
    const record = trace.record;
    const listener = this.#core.onInvocation;
    if (listener === undefined) return;
    try {
      listener(record);
    } catch (error) {
      this.#core.logger?.error?.(`The onInvocation listener threw: ${error instanceof Error ? error.message : error}`);
    }
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
