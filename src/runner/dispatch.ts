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
import { HookProcesses } from "../transports/command/processes.ts";
import { BackgroundHooks } from "./background.ts";
import { EventRun } from "./event_run.ts";
import type { RunnerCore } from "./invoke.ts";
import { type Active, buildPlan, matching, matchingOwn, type Plan, withoutRepeats } from "./plan.ts";
import { StopGuard } from "./stop_guard.ts";
import type { HookRunnerOptions } from "./types.ts";

const EMPTY_RESULT: AnyHookEventResult = Object.freeze({});
const RESOLVED_EMPTY: Promise<AnyHookEventResult> = Promise.resolve(EMPTY_RESULT);

/** Everything a runner holds between calls. */
export class Dispatcher {
  readonly core: RunnerCore;
  readonly background: BackgroundHooks;
  #registry: HookRegistry;
  #allowNonPolicy: boolean;
  #sessionId: () => string;
  #guard: StopGuard;
  #plans: Partial<Record<RegistryEvent, Plan>> = {};

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
    const plan = this.plan(event);
    return plan.foreground.length > 0 || plan.background.length > 0;
  }

  /** Runs one event (the event is known to the table). */
  call(event: RegistryEvent, fields: AnyHookEventFields, env: PreToolUseEnv): Promise<AnyHookEventResult> {
    const plan = this.plan(event);
    // A new turn of one session never restarts another session's loop count.
    if (plan.info.startsTurn) this.#guard.reset(env.sessionId ?? this.#sessionId());
    if (plan.foreground.length === 0 && plan.background.length === 0) return RESOLVED_EMPTY;
    if (plan.info.loopGuard) return this.#guarded(plan, event, fields, env);
    return this.#dispatch(plan, event, fields, env);
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
  ): Promise<AnyHookEventResult> {
    // The agent counts its own loop (and caps it): its flag is the payload's, and nothing here counts.
    if (env.stopLoop === "agent") {
      return this.#dispatch(plan, event, { ...fields, stopHookActive: env.stopHookActive === true }, env);
    }
    const key = this.#guard.key(event, env.sessionId ?? this.#sessionId(), fields);
    // A stateless front end (a gateway) passes the agent's own loop state.
    const active = this.#guard.active(key) || env.stopHookActive === true;
    const blockers: string[] = [];
    const result = await this.#dispatch(plan, event, { ...fields, stopHookActive: active }, env, blockers);
    return this.#guard.settle(key, event, result, blockers, this.core.logger);
  }

  #dispatch(
    plan: Plan,
    event: RegistryEvent,
    fields: AnyHookEventFields,
    env: PreToolUseEnv,
    blockers?: string[],
  ): Promise<AnyHookEventResult> {
    const { foreground, background } = plan;
    const matchOn = plan.info.matchOn;
    const subject = matchOn === null ? undefined : fields[matchOn] as string | undefined;
    // A tool rule reads the input the agent sent, as Claude reads a hook's `if`.
    const call = plan.readsCall
      ? { toolInput: fields.toolInput, cwd: env.cwd, projectDir: this.core.projectDir ?? env.cwd }
      : undefined;
    if (plan.ownSubjects) return this.#dispatchOwn(plan, event, fields, env, subject, call, blockers);
    // Lower-cased only when some matcher filters.
    const lower = plan.matchAll && background.length === 0 ? undefined : subject?.toLowerCase();
    let matched: readonly Active[] | null = null;
    if (plan.matchAll) {
      if (foreground.length > 0) matched = foreground;
    } else {
      matched = matching(foreground, subject, lower, call);
    }
    if (plan.dedupe && matched !== null) matched = withoutRepeats(matched);
    let payload: HookInput | null = null;
    if (background.length > 0) {
      for (const active of matching(background, subject, lower, call) ?? []) {
        payload ??= this.#payload(event, env, fields);
        this.background.start(plan, active, payload);
      }
    }
    if (matched === null) return RESOLVED_EMPTY;
    payload ??= this.#payload(event, env, fields);
    return new EventRun(this.core, plan, matched, payload, env, blockers).start();
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
    blockers?: string[],
  ): Promise<AnyHookEventResult> {
    const payload = this.#payload(event, env, fields);
    const toolEvent = plan.info.toolEvent && plan.info.matchOn === "toolName";
    let matched: readonly Active[] | null = matchingOwn(plan.foreground, payload, subject, toolEvent, call);
    if (plan.dedupe && matched !== null) matched = withoutRepeats(matched);
    if (plan.background.length > 0) {
      for (const active of matchingOwn(plan.background, payload, subject, toolEvent, call) ?? []) {
        this.background.start(plan, active, payload);
      }
    }
    if (matched === null) return RESOLVED_EMPTY;
    return new EventRun(this.core, plan, matched, payload, env, blockers).start();
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
