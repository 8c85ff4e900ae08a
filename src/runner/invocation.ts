// One hook invocation and the call it belongs to: deadlines, cancellation
// and the first-result-wins rule live here, and only here.

import type { DeadlineScheduler, DeadlineTask } from "../_internal/deadline.ts";
import type { HookInvocationContext } from "../events/hooks.ts";
import type { FailureKind, HookFailure, HookRunResult, NormalizedOutcome } from "../events/outcome.ts";
import type { HookEntry } from "../registry/types.ts";
import type { SettleSink } from "../transports/in_process.ts";

/**
 * How long a command or HTTP transport may take to wind down after its
 * signal fired before the runner stops waiting for it. The transports stop
 * well within this (a killed process group, a cancelled fetch); the
 * backstop only guarantees that no bug in them can hang the host.
 */
export const TRANSPORT_BACKSTOP_MS = 2000;

/**
 * How many microtask ticks an in-process hook may take to settle before
 * its deadline is armed: enough for an `async` hook that awaits a value or
 * two.
 */
const SETTLE_TICKS = 4;

/**
 * The cancellation scope of one runner call: the caller's signal, listened
 * to only once some hook of the call is pending, and the sink of the call's
 * results. The runner's event run implements it, so a call allocates one
 * object for both roles; an interface rather than a base class, because a
 * derived constructor costs more per call than everything it would share.
 */
export interface CallScope {
  readonly signal: AbortSignal | undefined;
  /** The runner's scheduler. */
  readonly deadlines: DeadlineScheduler;
  /**
   * What the call holds while some invocation of it is pending (owned by
   * {@linkcode Invocation.track} and {@linkcode closeScope}); `null` until
   * then, so a call whose hooks answer at once allocates nothing for it.
   */
  watch: ScopeWatch | null;
  /**
   * Receives an invocation's final result, exactly once. With a failure,
   * `outcome` is the failure's lenient reading (the outcome the hook's
   * dialect would still read from its answer), or `null`.
   */
  invocationDone(
    invocation: Invocation,
    outcome: NormalizedOutcome | null,
    failure: HookFailure | undefined,
  ): void;
}

/** A call's hold on the scheduler and its listener on the caller's signal. */
export interface ScopeWatch {
  onAbort: (() => void) | null;
}

/** Arms the deadline of an invocation that went asynchronous. */
function watchInvocation(scope: CallScope, invocation: Invocation): void {
  const deadlines = scope.deadlines;
  let watch = scope.watch;
  if (watch === null) {
    deadlines.hold();
    watch = scope.watch = { onAbort: null };
  }
  deadlines.add(invocation);
  const signal = scope.signal;
  if (signal !== undefined && watch.onAbort === null) {
    // Aborts are rare: finding this call's pending invocations by a scan
    // keeps the common path free of per-call bookkeeping.
    watch.onAbort = () =>
      deadlines.forEach((task) => {
        if (task instanceof Invocation && task.scope === scope) {
          task.cancel("aborted", signal.reason);
        }
      });
    signal.addEventListener("abort", watch.onAbort, { once: true });
  }
}

/** Releases everything the call held; call when the call is done. */
export function closeScope(scope: CallScope): void {
  const watch = scope.watch;
  if (watch === null) return;
  scope.watch = null;
  scope.deadlines.release();
  if (watch.onAbort !== null) scope.signal?.removeEventListener("abort", watch.onAbort);
}

/**
 * One invocation of one entry. It is the in-process hook's context (the
 * signal is created only when a hook reads it), the deadline task, and the
 * sink where the transport reports.
 */
export class Invocation implements HookInvocationContext, DeadlineTask, SettleSink {
  readonly entry: HookEntry;
  readonly index: number;
  readonly startedAt: number;
  readonly scope: CallScope;
  /** What a transport reports for traces (prompt hooks: the model, and with tracing the prompt and answer). */
  detail: { model: string | null; prompt?: string | undefined; answer?: string | undefined } | undefined;
  /** A command or HTTP transport's own result (its exit code or status), for telemetry. */
  wire: HookRunResult | undefined = undefined;
  prevTask: DeadlineTask | null = null;
  nextTask: DeadlineTask | null = null;
  scheduled = false;
  #deadlineAt = 0;
  #settled = false;
  #controller: AbortController | null = null;
  #forced: HookFailure | null = null;
  #tracked = false;

  constructor(
    entry: HookEntry,
    index: number,
    scope: CallScope,
    startedAt: number,
  ) {
    this.entry = entry;
    this.index = index;
    this.scope = scope;
    this.startedAt = startedAt;
  }

  /**
   * The deadline. The clock is read when the invocation starts if its hook
   * is known to be asynchronous ({@linkcode startClock}); otherwise when the
   * hook first reads its context or first yields a pending promise. A hook
   * that answers synchronously never needs a deadline, so it costs no clock
   * read.
   */
  get deadlineAt(): number {
    if (this.#deadlineAt === 0) this.startClock();
    return this.#deadlineAt;
  }

  /** Starts the deadline now. */
  startClock(): void {
    this.#deadlineAt = Date.now() + this.entry.timeoutMs;
  }

  /** Fires on the deadline (`TimeoutError`) or the caller's abort. */
  get signal(): AbortSignal {
    if (this.#controller === null) {
      this.#controller = new AbortController();
      const caller = this.scope.signal;
      if (this.#settled) {
        this.#controller.abort(
          this.#forced?.kind === "timeout" ? timeoutReason() : caller?.reason,
        );
      } else if (caller?.aborted) {
        this.#controller.abort(caller.reason);
      }
    }
    return this.#controller.signal;
  }

  /** Whether the caller aborted before the hook could start. */
  get callerAborted(): boolean {
    return this.scope.signal?.aborted === true;
  }

  /** Arms the deadline: the result will come later. */
  track(): void {
    if (this.#settled || this.#tracked) return;
    this.#tracked = true;
    watchInvocation(this.scope, this);
    // An abort that happened before the deadline was armed still counts.
    if (this.scope.signal?.aborted) {
      this.cancel("aborted", this.scope.signal.reason);
    }
  }

  /**
   * Arms the deadline unless the hook settles within a few microtask ticks.
   *
   * Why this is exact: the deadline clock already started before the call;
   * only the watching is deferred, and the event loop cannot move on (fire a
   * timer, deliver I/O, exit) while microtasks are pending, so nothing can
   * be missed. Most in-process hooks are `async` functions that answer from
   * memory and settle in one or two ticks; they never touch the scheduler.
   */
  trackSoon(): void {
    queueMicrotask(() => this.#tick(1));
  }

  #tick(hops: number): void {
    if (this.#settled) return;
    if (hops < SETTLE_TICKS) queueMicrotask(() => this.#tick(hops + 1));
    else this.track();
  }

  /**
   * Reports the result; only the first report counts. With a failure,
   * `outcome` is its lenient reading or `null`.
   */
  settle(
    outcome: NormalizedOutcome | null,
    failure: HookFailure | undefined,
  ): void {
    if (this.#settled) return;
    this.#settled = true;
    if (this.#tracked) this.scope.deadlines.delete(this);
    if (this.#forced !== null) {
      this.scope.invocationDone(this, null, this.#forced);
    } else this.scope.invocationDone(this, outcome, failure);
  }

  /** The deadline passed. */
  expire(): void {
    if (this.#forced !== null) {
      // The transport did not wind down within the backstop.
      this.settle(null, this.#forced);
      return;
    }
    this.cancel("timeout", timeoutReason());
  }

  /**
   * Ends the invocation as timed out or aborted. In-process hooks settle at
   * once (their promise is abandoned; the signal tells them to stop).
   * Command and HTTP transports are told through the signal and settle when
   * they have cleaned up — a killed process group, a cancelled body — so no
   * child outlives the result; the backstop bounds the wait.
   */
  cancel(kind: FailureKind, reason: unknown): void {
    if (this.#settled || this.#forced !== null) return;
    this.#forced = kind === "timeout"
      ? { kind, message: `did not finish within ${this.entry.timeoutMs} ms` }
      : { kind, message: "cancelled by the caller" };
    this.#controller?.abort(reason);
    if (this.entry.transport === "in-process") {
      this.settle(null, this.#forced);
      return;
    }
    if (this.#tracked) this.scope.deadlines.delete(this);
    this.#deadlineAt = Date.now() + TRANSPORT_BACKSTOP_MS;
    this.#tracked = false;
    this.track();
  }
}

function timeoutReason(): DOMException {
  return new DOMException("The hook's deadline passed", "TimeoutError");
}
