// The runner's engine: the plan cache per event, payload construction, the
// loop guard, background hooks and one event run per call. Generic over the
// event table: nothing here knows an event by name.

import { DeadlineScheduler } from "../_internal/deadline.ts";
import type { AnyHookEventFields, AnyHookEventResult, HookEvent } from "../events/event_map.ts";
import type { RegistryEvent } from "../events/extension_map.ts";
import type { PreToolUseEnv } from "../events/env.ts";
import type { HookInput } from "../events/payload.ts";
import type { HookEventInfo } from "../events/table.ts";
import type { ToolCall } from "../matchers/tool_rule.ts";
import type { HookRegistry } from "../registry/registry.ts";
import { loadShellParser, shellParserLoaded } from "../shell/load.ts";
import { openTelemetryObserver, telemetryActive } from "../telemetry/active.ts";
import type { ObservedHook, ObservedRun, RunObserver } from "../telemetry/types.ts";
import { HookProcesses } from "../transports/command/processes.ts";
import { AsyncHooks } from "./async_hooks.ts";
import { BackgroundHooks } from "./background.ts";
import { type DeferredHookResult, DeferredResults, deliversDeferred, withDeferred } from "./deferred.ts";
import { EventRun } from "./event_run.ts";
import type { RunnerCore } from "./invoke.ts";
import {
  type Active,
  buildPlan,
  matching,
  matchingOwn,
  type Plan,
  sequentialWhereAsked,
  withoutRepeats,
} from "./plan.ts";
import { StopGuard } from "./stop_guard.ts";
import type { AsyncHookCall, HookRunnerOptions } from "./types.ts";

const EMPTY_RESULT: AnyHookEventResult = Object.freeze({});
const RESOLVED_EMPTY: Promise<AnyHookEventResult> = Promise.resolve(EMPTY_RESULT);

/** Everything a runner holds between calls. */
export class Dispatcher {
  readonly core: RunnerCore;
  readonly background: BackgroundHooks;
  /** What async hooks left for their sessions' next calls. */
  readonly deferred: DeferredResults;
  readonly asyncHooks: AsyncHooks;
  #handOff: ((call: AsyncHookCall) => void) | undefined;
  #registry: HookRegistry;
  #allowNonPolicy: boolean;
  #sessionId: () => string;
  #guard: StopGuard;
  #plans: Partial<Record<RegistryEvent, Plan>> = {};
  /** The shell parser's load, once tried (when it fails, Bash rules select every call). */
  #shellParser: Promise<void> | undefined;
  // Set only when telemetry is on: a promise until the exporter side has
  // loaded, then the observer (or null again when it could not load).
  #observer: RunObserver | Promise<RunObserver | null> | null = null;

  constructor(options: HookRunnerOptions) {
    this.#registry = options.registry;
    this.#allowNonPolicy = options.allowNonPolicy ?? true;
    const sessionId = crypto.randomUUID();
    this.#sessionId = options.sessionId ?? (() => sessionId);
    this.#guard = new StopGuard(options.stopBlockCap ?? 8);
    this.core = {
      logger: options.logger,
      onInvocation: options.onInvocation,
      commandAllowlist: options.commandAllowlist,
      projectDir: options.projectDir,
      commandGate: options.commandGate,
      httpAllowedUrls: options.httpAllowedUrls,
      models: options.models,
      modelClient: options.modelClient,
      traceModelIO: options.traceModelIO === true,
      refusesGrants: refusalOf(options.hookGrants),
      sanitizeEnv: options.sanitizeEnv ?? false,
      deadlines: new DeadlineScheduler(),
      processes: new HookProcesses(options.dieWithHost ? { dieWithHost: true } : {}),
    };
    this.background = new BackgroundHooks(this.core);
    this.deferred = new DeferredResults(options.logger ? { logger: options.logger } : {});
    this.asyncHooks = new AsyncHooks(this.core, this.deferred);
    this.#handOff = options.handOffAsyncHooks;
    if (options.telemetry !== false && telemetryActive()) {
      const logger = options.logger;
      this.#observer = openTelemetryObserver(options.telemetry ?? {}).catch((error) => {
        logger?.warn?.(`Telemetry is off: its OpenTelemetry API could not be loaded: ${error}`);
        return null;
      });
    }
  }

  /** The names of every event the registry's table has. */
  get eventNames(): string[] {
    return Object.keys(this.#registry.events);
  }

  /** The event's row, or `undefined` when the registry's table has none. */
  info(event: string): HookEventInfo | undefined {
    return this.#registry.info(event);
  }

  /** Whether any runnable hook is registered for the event. */
  has(event: RegistryEvent): boolean {
    return !this.plan(event).empty;
  }

  /** Runs one event (the event is known to the table). */
  call(event: RegistryEvent, fields: AnyHookEventFields, env: PreToolUseEnv): Promise<AnyHookEventResult> {
    if (this.#observer !== null) return this.#observed(event, fields, env);
    return this.#call(event, fields, env, null);
  }

  #call(
    event: RegistryEvent,
    fields: AnyHookEventFields,
    env: PreToolUseEnv,
    sink: ObservedHook[] | null,
  ): Promise<AnyHookEventResult> {
    const plan = this.plan(event);
    // A Bash rule reads the line with the shell parser: it loads once, before the first call that needs it.
    if (plan.parsesShell && this.#shellParser === undefined && !shellParserLoaded()) {
      return this.#withShellParser().then(() => this.#call(event, fields, env, sink));
    }
    // A new turn of one session never restarts another session's loop count.
    if (plan.info.startsTurn) this.#guard.reset(env.sessionId ?? this.#sessionId());
    // What async hooks left waits for its session's next call (most runners never have any).
    if (this.deferred.size !== 0) return this.#delivering(plan, event, fields, env, sink);
    if (plan.empty) return RESOLVED_EMPTY;
    if (plan.info.loopGuard) return this.#guarded(plan, event, fields, env, sink);
    return this.#dispatch(plan, event, fields, env, sink);
  }

  /** {@linkcode Dispatcher.call} with telemetry on: the run, then its spans and metrics. */
  async #observed(event: RegistryEvent, fields: AnyHookEventFields, env: PreToolUseEnv): Promise<AnyHookEventResult> {
    let observer = this.#observer;
    if (observer instanceof Promise) {
      observer = this.#observer = await observer;
      if (observer === null) return this.#call(event, fields, env, null);
    }
    const parent = observer!.capture();
    const hooks: ObservedHook[] = [];
    const start = performance.now();
    let result: AnyHookEventResult | undefined;
    let error: unknown;
    let threw = false;
    try {
      result = await this.#call(event, fields, env, hooks);
    } catch (thrown) {
      threw = true;
      error = thrown;
    }
    const run: ObservedRun = {
      event: event as HookEvent,
      fields,
      sessionId: env.sessionId ?? this.#sessionId(),
      startedAt: performance.timeOrigin + start,
      durationMs: performance.now() - start,
      result: result as Readonly<Record<string, unknown>> | undefined,
      hooks,
      parent,
    };
    if (threw) run.error = error;
    try {
      observer!.observe(run);
    } catch (thrown) {
      this.core.logger?.error?.(`Telemetry could not record a ${event} run: ${thrown}`);
    }
    if (threw) throw error;
    return result!;
  }

  /** {@linkcode Dispatcher.call} when results of async hooks wait: this call may deliver them. */
  async #delivering(
    plan: Plan,
    event: RegistryEvent,
    fields: AnyHookEventFields,
    env: PreToolUseEnv,
    sink: ObservedHook[] | null,
  ): Promise<AnyHookEventResult> {
    const result = plan.empty
      ? EMPTY_RESULT
      : await (plan.info.loopGuard
        ? this.#guarded(plan, event, fields, env, sink)
        : this.#dispatch(plan, event, fields, env, sink));
    const taken = this.deferred.take(
      env.sessionId ?? this.#sessionId(),
      (waiting) => deliversDeferred(plan.info, result, waiting),
    );
    return withDeferred(plan.info, result, taken);
  }

  /**
   * Runs only the async hooks of one call, waiting for them, and resolves
   * with what they leave (kept nowhere): for a process that runs them for
   * a front end that cannot wait.
   */
  runAsync(event: RegistryEvent, fields: AnyHookEventFields, env: PreToolUseEnv): Promise<DeferredHookResult[]> {
    const plan = this.plan(event);
    if (plan.parsesShell && this.#shellParser === undefined && !shellParserLoaded()) {
      return this.#withShellParser().then(() => this.runAsync(event, fields, env));
    }
    const matched = this.#matchedAsync(plan, fields, env);
    if (matched === null) return Promise.resolve([]);
    return this.asyncHooks.run(plan, matched, this.#payload(event, env, fields));
  }

  /**
   * Loads the shell parser; when it cannot load, says so and goes on: a
   * Bash rule then selects every call (a hook never misses one for it).
   */
  #withShellParser(): Promise<void> {
    return this.#shellParser ??= loadShellParser().catch((error) => {
      this.core.logger?.warn?.(
        `${error instanceof Error ? error.message : error}: hooks with a Bash rule run on every call`,
      );
    });
  }

  #matchedAsync(plan: Plan, fields: AnyHookEventFields, env: PreToolUseEnv): readonly Active[] | null {
    if (plan.deferred.length === 0) return null;
    const matchOn = plan.info.matchOn;
    const subject = matchOn === null ? undefined : fields[matchOn] as string | undefined;
    const matched = matching(plan.deferred, subject, subject?.toLowerCase(), this.#toolCall(plan, fields, env));
    return matched === null || !plan.dedupe ? matched : withoutRepeats(matched);
  }

  /** What a tool rule reads: the input the agent sent, as Claude reads a hook's `if`. */
  #toolCall(plan: Plan, fields: AnyHookEventFields, env: PreToolUseEnv): ToolCall | undefined {
    return plan.readsCall
      ? { toolInput: fields.toolInput, cwd: env.cwd, projectDir: this.core.projectDir ?? env.cwd }
      : undefined;
  }

  plan(event: RegistryEvent): Plan {
    const entries = this.#registry.list(event);
    const cached = this.#plans[event];
    if (cached !== undefined && cached.entries === entries) return cached;
    const plan = buildPlan(entries, this.info(event)!, this.#allowNonPolicy);
    this.#plans[event] = plan;
    return plan;
  }

  async #guarded(
    plan: Plan,
    event: RegistryEvent,
    fields: AnyHookEventFields,
    env: PreToolUseEnv,
    sink: ObservedHook[] | null,
  ): Promise<AnyHookEventResult> {
    // The agent counts its own loop (and caps it): its flag is the payload's, and nothing here counts.
    if (env.stopLoop === "agent") {
      return this.#dispatch(plan, event, { ...fields, stopHookActive: env.stopHookActive === true }, env, sink);
    }
    const key = this.#guard.key(event, env.sessionId ?? this.#sessionId(), fields);
    // A stateless front end (a gateway) passes the agent's own loop state.
    const active = this.#guard.active(key) || env.stopHookActive === true;
    const blockers: string[] = [];
    const result = await this.#dispatch(plan, event, { ...fields, stopHookActive: active }, env, sink, blockers);
    return this.#guard.settle(key, event, result, blockers, this.core.logger);
  }

  #dispatch(
    plan: Plan,
    event: RegistryEvent,
    fields: AnyHookEventFields,
    env: PreToolUseEnv,
    sink: ObservedHook[] | null,
    blockers?: string[],
  ): Promise<AnyHookEventResult> {
    const { foreground, background } = plan;
    const matchOn = plan.info.matchOn;
    const subject = matchOn === null ? undefined : fields[matchOn] as string | undefined;
    const call = this.#toolCall(plan, fields, env);
    if (plan.deferred.length > 0) this.#startAsync(plan, event, fields, env);
    if (plan.ownSubjects) return this.#dispatchOwn(plan, event, fields, env, subject, call, sink, blockers);
    // Lower-cased only when some matcher filters.
    const lower = plan.matchAll && background.length === 0 ? undefined : subject?.toLowerCase();
    let matched: readonly Active[] | null = null;
    if (plan.matchAll) {
      if (foreground.length > 0) matched = foreground;
    } else {
      matched = matching(foreground, subject, lower, call);
    }
    if (plan.dedupe && matched !== null) matched = withoutRepeats(matched);
    if (plan.sequential && matched !== null) matched = sequentialWhereAsked(matched);
    let payload: HookInput | null = null;
    if (background.length > 0) {
      for (const active of matching(background, subject, lower, call) ?? []) {
        payload ??= this.#payload(event, env, fields);
        this.background.start(plan, active, payload);
      }
    }
    if (matched === null) return RESOLVED_EMPTY;
    payload ??= this.#payload(event, env, fields);
    return new EventRun(this.core, plan, matched, payload, env, blockers, sink).start();
  }

  /** Starts the call's async hooks here, or hands them to the front end that runs them elsewhere. */
  #startAsync(plan: Plan, event: RegistryEvent, fields: AnyHookEventFields, env: PreToolUseEnv): void {
    const matched = this.#matchedAsync(plan, fields, env);
    if (matched === null) return;
    if (this.#handOff !== undefined) {
      const { signal: _signal, inputSchema: _schema, ...rest } = env;
      try {
        this.#handOff({ event: event as HookEvent, fields, env: rest, hooks: matched.map((a) => a.entry.name) });
      } catch (error) {
        this.core.logger?.warn?.(
          `The async hooks of ${event} could not be handed off: ${error instanceof Error ? error.message : error}`,
        );
      }
      return;
    }
    const payload = this.#payload(event, env, fields);
    for (const active of matched) this.asyncHooks.start(plan, active, payload);
  }

  /**
   * `#dispatch` where some entry matches in its dialect's own terms or is
   * an alias's: the payload is made first, since those subjects read it.
   */
  #dispatchOwn(
    plan: Plan,
    event: RegistryEvent,
    fields: AnyHookEventFields,
    env: PreToolUseEnv,
    subject: string | undefined,
    call: ToolCall | undefined,
    sink: ObservedHook[] | null,
    blockers?: string[],
  ): Promise<AnyHookEventResult> {
    const payload = this.#payload(event, env, fields);
    const toolEvent = plan.info.toolEvent && plan.info.matchOn === "toolName";
    let matched: readonly Active[] | null = matchingOwn(plan.foreground, payload, subject, toolEvent, call);
    if (plan.dedupe && matched !== null) matched = withoutRepeats(matched);
    if (plan.sequential && matched !== null) matched = sequentialWhereAsked(matched);
    if (plan.background.length > 0) {
      for (const active of matchingOwn(plan.background, payload, subject, toolEvent, call) ?? []) {
        this.background.start(plan, active, payload);
      }
    }
    if (matched === null) return RESOLVED_EMPTY;
    return new EventRun(this.core, plan, matched, payload, env, blockers, sink).start();
  }

  #payload(event: RegistryEvent, env: PreToolUseEnv, fields: AnyHookEventFields): HookInput {
    // Extension events are payload events too: their names are strings like any other.
    const payload: HookInput = {
      event: event as HookEvent,
      cwd: env.cwd,
      sessionId: env.sessionId ?? this.#sessionId(),
    };
    if (env.transcriptPath !== undefined) payload.transcriptPath = env.transcriptPath;
    if (env.permissionMode !== undefined) payload.permissionMode = env.permissionMode;
    return Object.assign(payload, fields);
  }
}

const FORWARD = () => false;
const REFUSE = () => true;

/**
 * The runner's refusal of hook-granted allows as a test read when a hook
 * grants: a function option is asked each time (hot reload may change it).
 */
function refusalOf(option: HookRunnerOptions["hookGrants"]): () => boolean {
  if (typeof option !== "function") return option === "refuse" ? REFUSE : FORWARD;
  return () => option() === "refuse";
}
