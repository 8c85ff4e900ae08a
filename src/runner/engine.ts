/**
 * The runner's generic path: one checked entry point for any event by name
 * ({@linkcode HookEngine.run}, {@linkcode HookEngine.emit}) and the
 * runner's lifecycle ({@linkcode HookEngine.idle},
 * {@linkcode HookEngine.killRunningHooks}, {@linkcode HookEngine.close}).
 * `HookRunner` extends it with the typed per-event methods.
 *
 * @module
 */

import type { AnyHookEventFields, HookEvent, HookEventFields, HookEventResult } from "../events/event_map.ts";
import type { EmitResult, EmittedEvent, ExtensionEventMap, RegistryEvent } from "../events/extension_map.ts";
import type { HookRunEnv, PreToolUseEnv } from "../events/env.ts";
import { unknownEventMessage } from "../events/table.ts";
import { Dispatcher } from "./dispatch.ts";
import type { DeferredHookResult, DeferredResults } from "./deferred.ts";
import type { HookRunnerOptions } from "./types.ts";

/** Payload fields the runner owns: a caller's value would override the truth. */
const RUNNER_FIELDS: readonly [string, string][] = [
  ["event", "the runner sets it to the event being run"],
  ["cwd", "pass the working directory as env.cwd"],
  ["sessionId", "pass it as env.sessionId (or the runner's sessionId option)"],
  ["transcriptPath", "pass it as env.transcriptPath"],
  ["permissionMode", "pass it as env.permissionMode"],
  ["stopHookActive", "the runner's Stop loop guard sets it (a stateless front end passes env.stopHookActive)"],
];

// The typed per-event methods of HookRunner (its subclasses in
// tool_event_runner.ts and runner.ts) call the dispatcher directly, skipping
// the checks of run() that their signatures already make: this accessor
// hands them the private field without making it a public or protected
// member of the documented API.
let dispatcherOf: (engine: HookEngine) => Dispatcher;

/**
 * The generic half of `HookRunner`: runs any event of the registry's table
 * by name and owns the runner's lifecycle (background hooks, this runner's
 * command hooks, the `dieWithHost` watchdog). `HookRunner` extends it with
 * the typed per-event methods; construct a `HookRunner`, which has
 * every method documented here.
 *
 * @example Run an event by name
 * ```ts
 * import { HookRegistry, HookRunner } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const registry = new HookRegistry();
 * registry.registerInProcess("SessionStart", undefined, () => ({
 *   additionalContext: "hello",
 * }));
 * const runner = new HookRunner({ registry });
 * const result = await runner.run("SessionStart", {}, { cwd: "/tmp" });
 * equal(result.additionalContext, "hello");
 * await runner.close();
 * ```
 */
export class HookEngine {
  #dispatcher: Dispatcher;

  static {
    dispatcherOf = (engine) => engine.#dispatcher;
  }

  /**
   * Creates the engine of a runner.
   *
   * @param options The registry, and optionally a logger, the `--no-hooks`
   * switch, a session id source, an invocation listener and the Stop cap.
   */
  constructor(options: HookRunnerOptions) {
    this.#dispatcher = new Dispatcher(options);
  }

  /**
   * Whether any hook would run for the event — check it before building a
   * costly payload. O(1) whatever the other events hold.
   *
   * @param event The event.
   * @returns `true` when at least one runnable hook is registered.
   *
   * @example Skip work nobody listens to
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   * import { equal } from "node:assert/strict";
   *
   * const runner = new HookRunner({ registry: new HookRegistry() });
   * equal(runner.has("PostToolUse"), false);
   * ```
   */
  has(event: RegistryEvent): boolean {
    return this.#dispatcher.has(event);
  }

  /**
   * Runs any event from its payload fields — the one path behind every
   * per-event method (the CLI, gateways and servers use it directly). The
   * fields and the result are typed by `HookEventMap`; the Stop
   * loop guard and every other rule come from the event's row.
   *
   * @param event The event (any event of the registry's table).
   * @param fields The event's payload fields (`toolName` for tool events).
   * @param env The working directory and the caller's signal; for
   * PreToolUse also the input schema.
   * @returns The event's result.
   * @throws {TypeError} When the event is unknown, a tool event is run
   * without `toolName`, or `fields` sets what the runner owns (`event`,
   * `cwd`, `sessionId`, `stopHookActive`) — as a rejected promise.
   *
   * @example Run an event by name
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   * import { deepEqual } from "node:assert/strict";
   *
   * const runner = new HookRunner({ registry: new HookRegistry() });
   * deepEqual(await runner.run("FileChanged", { filePath: "/tmp/a" }, { cwd: "/tmp" }), {});
   * ```
   */
  run<E extends HookEvent>(
    event: E,
    fields: HookEventFields<E>,
    env: PreToolUseEnv,
  ): Promise<HookEventResult<E>> {
    return this.#call(event, fields as AnyHookEventFields) ??
      this.#dispatcher.call(event, fields as AnyHookEventFields, env) as Promise<HookEventResult<E>>;
  }

  /**
   * Runs only the hooks marked `async` of one call, waiting for them, and
   * resolves with what they left for the session's next call — kept by
   * nobody: for the process a front end that cannot wait hands them to
   * (see `handOffAsyncHooks`), which keeps them where that front end's
   * next call finds them ({@linkcode HookEngine.deferred}).
   *
   * @param event The event.
   * @param fields Its payload fields.
   * @param env The working directory and session.
   * @returns What the hooks left, in registration order (nothing for a hook that left nothing).
   * @throws {TypeError} As {@linkcode HookEngine.run}, as a rejected promise.
   *
   * @example No async hooks, nothing left
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   * import { deepEqual } from "node:assert/strict";
   *
   * const runner = new HookRunner({ registry: new HookRegistry() });
   * deepEqual(await runner.runAsyncHooks("SessionStart", {}, { cwd: "/tmp" }), []);
   * ```
   */
  runAsyncHooks<E extends HookEvent>(
    event: E,
    fields: HookEventFields<E>,
    env: HookRunEnv,
  ): Promise<DeferredHookResult[]> {
    return (this.#call(event, fields as AnyHookEventFields) as Promise<never> | undefined) ??
      this.#dispatcher.runAsync(event, fields as AnyHookEventFields, env);
  }

  /**
   * What this runner's async hooks left for their sessions' next calls:
   * each call of a session whose event takes context delivers (and
   * removes) them. A front end whose async hooks ran elsewhere adds them
   * here before the call that delivers them.
   *
   * @example Nothing waits
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   * import { equal } from "node:assert/strict";
   *
   * const runner = new HookRunner({ registry: new HookRegistry() });
   * equal(runner.deferred.size, 0);
   * ```
   */
  get deferred(): DeferredResults {
    return this.#dispatcher.deferred;
  }

  /**
   * Emits an extension event: its handlers run one after another in
   * registration order and their results combine under the event's rule
   * (see `EXTENSION_EVENTS`): `context` chains the messages,
   * `session_before_*` stops at the first `cancel: true`,
   * `before_agent_start` keeps the first message, `session.compacting` the
   * last result; the others only notify. A handler that throws or times
   * out is skipped with a warning (a closed one cancels a
   * `session_before_*` event).
   *
   * @param event The extension event.
   * @param data What its handlers receive (besides `type`).
   * @param env The working directory and the caller's signal.
   * @returns The combined result; `{}` when no handler answered.
   * @throws {TypeError} When the event is not an extension event of the
   * registry's table, or `data` sets what the runner owns — as a rejected
   * promise.
   *
   * @example Filter the context of every model call
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   * import { deepEqual } from "node:assert/strict";
   *
   * const registry = new HookRegistry();
   * registry.registerInProcess("context", undefined, (input) => ({
   *   messages: input.messages.filter((message) => message.role !== "debug"),
   * }));
   * const runner = new HookRunner({ registry });
   * const result = await runner.emit("context", {
   *   messages: [{ role: "user", content: "hi" }, { role: "debug", content: "x" }],
   * }, { cwd: "/tmp" });
   * deepEqual(result, { messages: [{ role: "user", content: "hi" }] });
   * ```
   */
  emit<E extends EmittedEvent>(
    event: E,
    data: ExtensionEventMap[E]["event"],
    env: HookRunEnv,
  ): Promise<EmitResult<E>> {
    const info = this.#dispatcher.info(event);
    if (info !== undefined && !info.inProcessOnly) {
      return Promise.reject(
        new TypeError(`Cannot emit "${event}": it is a hook event; run it with run() or its own method`),
      );
    }
    const fields = data as AnyHookEventFields;
    return this.#call(event, fields) ??
      this.#dispatcher.call(event as unknown as HookEvent, fields, env) as Promise<EmitResult<E>>;
  }

  /** Checks a call: a rejection, or `undefined` when it may run. */
  #call(event: string, fields: AnyHookEventFields): Promise<never> | undefined {
    const info = this.#dispatcher.info(event);
    const action = info?.inProcessOnly ? `emit "${event}"` : `run ${event} hooks`;
    if (info === undefined) {
      return Promise.reject(new TypeError(unknownEventMessage(event, this.#dispatcher.eventNames)));
    }
    if (typeof fields !== "object" || fields === null || Array.isArray(fields)) {
      return Promise.reject(new TypeError(`Cannot ${action}: the payload fields must be an object`));
    }
    if (info.toolEvent && typeof fields.toolName !== "string") {
      return Promise.reject(new TypeError(`Cannot ${action}: "toolName" is required`));
    }
    for (const [key, owner] of RUNNER_FIELDS) {
      if (Object.hasOwn(fields, key)) {
        return Promise.reject(
          new TypeError(`Cannot ${action}: "${key}" is not a payload field the caller may set; ${owner}`),
        );
      }
    }
    return undefined;
  }

  /**
   * Waits until every background and async hook has finished, including
   * coalesced and queued runs — for orderly shutdown and for tests.
   *
   * @returns When nothing runs in the background any more.
   *
   * @example Wait for background work
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   *
   * const runner = new HookRunner({ registry: new HookRegistry() });
   * await runner.idle();
   * ```
   */
  async idle(): Promise<void> {
    await this.#dispatcher.background.idle();
    await this.#dispatcher.asyncHooks.idle();
  }

  /**
   * Kills the process groups of this runner's running command hooks (never
   * another runner's) — for a host shutting down.
   *
   * @returns How many groups were signalled, once they all were.
   *
   * @example At shutdown
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   * import { equal } from "node:assert/strict";
   *
   * const runner = new HookRunner({ registry: new HookRegistry() });
   * equal(await runner.killRunningHooks(), 0);
   * ```
   */
  killRunningHooks(): Promise<number> {
    return this.#dispatcher.core.processes.killAll();
  }

  /**
   * Shuts the runner down: waits for background hooks, kills this runner's
   * command hooks that still run, and stops the `dieWithHost` watchdog.
   *
   * @returns When all of that is done.
   *
   * @example Shut a runner down
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   *
   * const runner = new HookRunner({ registry: new HookRegistry(), dieWithHost: true });
   * await runner.close();
   * ```
   */
  async close(): Promise<void> {
    await this.idle();
    await this.killRunningHooks();
    await this.#dispatcher.core.processes.close();
  }
}

export { dispatcherOf };
