// A run's trace: one record per hook for the runner's onInvocation listener
// and, with telemetry on, what telemetry gets of it — handed out in
// registration order whatever order the phases ran the hooks in and
// whoever finished first. A run makes one only when something listens.

import type { HookEvent } from "../events/event_map.ts";
import type { HookFailure, NormalizedOutcome } from "../events/outcome.ts";
import type { ObservedHook } from "../telemetry/types.ts";
import { isHostDecision } from "../transports/in_process.ts";
import { usesLenient } from "./_failure_policy.ts";
import type { Invocation } from "./invocation.ts";
import type { RunnerCore } from "./invoke.ts";
import type { Active } from "./plan.ts";
import type { HookInvocationRecord } from "./types.ts";

/** One hook's trace: its record, what telemetry gets of it (with telemetry on), and its registration order. */
export interface Trace {
  record: HookInvocationRecord;
  observed: ObservedHook | null;
  order: number;
}

/** The trace of one event run. */
export class RunTrace {
  #core: RunnerCore;
  #event: HookEvent;
  // Where the run's telemetry collects its hooks (null with telemetry off).
  #sink: ObservedHook[] | null;
  #reordered: boolean;
  // The traces kept until the run ends, when its phases run hooks out of
  // registration order (made on the first; otherwise each goes out as its
  // result is applied).
  #held: Trace[] | null = null;

  constructor(core: RunnerCore, event: HookEvent, sink: ObservedHook[] | null, reordered: boolean) {
    this.#core = core;
    this.#event = event;
    this.#sink = sink;
    this.#reordered = reordered;
  }

  /** The invocation's trace, made as it ends (its duration is now), reported later in registration order. */
  traced(
    invocation: Invocation,
    active: Active,
    outcome: NormalizedOutcome | null,
    failure: HookFailure | undefined,
  ): Trace {
    const record = this.#record(invocation, outcome, failure);
    return {
      record,
      observed: this.#sink === null ? null : observedHook(record, invocation, active.dialect.name, failure, outcome),
      order: active.order,
    };
  }

  /** Gives a trace to telemetry and the listener, or keeps it for the run's end. */
  report(trace: Trace): void {
    if (this.#reordered) (this.#held ??= []).push(trace);
    else this.#emit(trace);
  }

  /** At the run's end: hands out the traces kept, in registration order. */
  flush(): void {
    const held = this.#held;
    if (held === null) return;
    held.sort((a, b) => a.order - b.order);
    for (const trace of held) this.#emit(trace);
  }

  #record(
    invocation: Invocation,
    outcome: NormalizedOutcome | null,
    failure: HookFailure | undefined,
  ): HookInvocationRecord {
    const entry = invocation.entry;
    const record: HookInvocationRecord = {
      event: this.#event,
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
      if (outcome.reason !== undefined && isHostDecision(outcome)) record.rule = outcome.reason;
    }
    const detail = invocation.detail;
    if (detail !== undefined) {
      if (detail.model !== null) record.model = detail.model;
      if (detail.prompt !== undefined) record.prompt = detail.prompt;
      if (detail.answer !== undefined) record.answer = detail.answer;
    }
    return record;
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
  if (record.rule !== undefined) hook.rule = record.rule;
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
