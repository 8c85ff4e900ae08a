/**
 * The runner's options and what it reports about each invocation.
 *
 * @module
 */

import type { ShellHookSpec } from "../events/configured.ts";
import type { AnyHookEventFields, HookEvent } from "../events/event_map.ts";
import type { HookStage, HookTransport } from "../events/hooks.ts";
import type { HookFailure, NormalizedOutcome } from "../events/outcome.ts";
import type { HookRunEnv, Logger } from "../events/env.ts";
import type { ModelClient, ModelsConfig } from "../models/client.ts";
import type { HookRegistry } from "../registry/registry.ts";
import type { TelemetryOptions } from "../telemetry/types.ts";

/**
 * One finished hook invocation, reported to
 * {@linkcode HookRunnerOptions.onInvocation}: enough to trace and assert,
 * never the payload.
 *
 * @example Collect a trace
 * ```ts
 * import type { HookInvocationRecord } from "@hookgate/core";
 *
 * const trace: HookInvocationRecord[] = [];
 * const onInvocation = (record: HookInvocationRecord) => trace.push(record);
 * ```
 */
export interface HookInvocationRecord {
  /** The event. */
  event: HookEvent;
  /** The entry's name. */
  hookName: string;
  /** The entry's id in the registry. */
  hookId: number;
  /** How the hook was reached. */
  transport: HookTransport;
  /** The entry's stage. */
  stage: HookStage;
  /** Whether it ran in the background. */
  background: boolean;
  /** Wall time from start to settle, in milliseconds. */
  durationMs: number;
  /**
   * The normalized outcome's action, when the hook succeeded; beside
   * `failure`, the action of the lenient reading an open hook got instead
   * (its dialect's agent still reads an outcome from the answer).
   */
  action?: NormalizedOutcome["action"];
  /** Set when the hook added context (whether or not the event delivers it). */
  context?: true;
  /** The failure, when it failed. */
  failure?: HookFailure;
  /**
   * Set when the configuration's policy rules decided (the `rules` key):
   * the rule, its list, its layer and file, as in
   * `rule deny "Bash(rm *)" (user: /home/me/.config/hookgate/config.jsonc)`.
   */
  rule?: string;
  /** The model a prompt hook asked. */
  model?: string;
  /** The prompt sent (only with `traceModelIO`). */
  prompt?: string;
  /** The model's raw answer (only with `traceModelIO`). */
  answer?: string;
}

/**
 * Why a command hook must not start now: `skip` holds it back (it does not
 * run and gives no answer, as if it were not configured; the reason is
 * logged), `failure` makes it fail, under its failure policy, and `deny`
 * denies the call with the reason where the event gates an action (a guard
 * that stays in force) and holds the hook back elsewhere.
 *
 * @example Hold a hook back
 * ```ts
 * import type { CommandGateVerdict } from "@hookgate/core";
 *
 * const verdict: CommandGateVerdict = { skip: "its project changed since it was trusted" };
 * ```
 */
export type CommandGateVerdict = { skip: string } | { failure: HookFailure } | { deny: string };

/**
 * Asked just before each command hook starts: `undefined` lets it start
 * (at once: keep the common case synchronous and cheap), a verdict (or a
 * promise of one, or of `undefined`) decides otherwise. A project's trust
 * guard is one: it confirms that the files a project hook runs are still
 * the ones that were trusted.
 *
 * @example Refuse one program
 * ```ts
 * import type { CommandGate } from "@hookgate/core";
 *
 * const gate: CommandGate = (hook) =>
 *   hook.command.startsWith("curl ") ? { failure: { kind: "rejected", message: "no curl here" } } : undefined;
 * ```
 */
export type CommandGate = (
  hook: ShellHookSpec,
) => CommandGateVerdict | Promise<CommandGateVerdict | undefined> | undefined;

/**
 * What a runner does with a permission a hook granted (a Claude-dialect
 * hook's explicit allow): `forward` it in the result (`decision: "allow"`)
 * when no hook denied, deferred or asked, so the host may skip its own
 * prompt; or `refuse` it — dropped with a warning, so the host's own
 * permission flow decides — for strict set-ups.
 *
 * @example
 * ```ts
 * import type { HookGrants } from "@hookgate/core";
 *
 * const strict: HookGrants = "refuse";
 * ```
 */
export type HookGrants = "forward" | "refuse";

/**
 * Options of {@linkcode HookRunner}.
 *
 * @example A runner that reports every invocation
 * ```ts
 * import { HookRegistry, HookRunner, type HookRunnerOptions } from "@hookgate/core";
 *
 * const options: HookRunnerOptions = {
 *   registry: new HookRegistry(),
 *   sessionId: () => "session-1",
 *   onInvocation: (record) => console.log(record.hookName, record.durationMs),
 * };
 * const runner = new HookRunner(options);
 * ```
 */
export interface HookRunnerOptions {
  /** Where the hooks come from. */
  registry: HookRegistry;
  /** Where warnings go. */
  logger?: Logger;
  /**
   * Run hooks that are not marked `policy: true`; `false` is `--no-hooks`.
   *
   * @default {true}
   */
  allowNonPolicy?: boolean;
  /**
   * Supplies the payload's `sessionId`.
   *
   * @default {() => uuid} a random UUID chosen once per runner
   */
  sessionId?: () => string;
  /** Called after every invocation (the CLI's trace, tests' assertions). */
  onInvocation?: (record: HookInvocationRecord) => void;
  /**
   * How many consecutive blocks of Stop (or of one subagent's SubagentStop)
   * are honoured before the stop is allowed anyway; `0` means no cap.
   *
   * @default {8}
   */
  stopBlockCap?: number;
  /**
   * What command hooks may start with (absolute paths are always allowed).
   *
   * @default {DEFAULT_COMMAND_ALLOWLIST}
   */
  commandAllowlist?: readonly string[];
  /**
   * The project root, exported to command hooks as `HOOKGATE_PROJECT_DIR`.
   *
   * @default {env.cwd} of each run
   */
  projectDir?: string;
  /**
   * Asked before each command hook starts, to hold it back or fail it (see
   * {@linkcode CommandGate}); `openHookHost` sets the project's trust guard.
   */
  commandGate?: CommandGate;
  /**
   * URL patterns every HTTP hook must match (`*` is a wildcard, `[]`
   * refuses all); unset means any URL that passes the https/loopback rule.
   */
  httpAllowedUrls?: readonly string[];
  /**
   * Model endpoints for prompt hooks (the config file's `models` section),
   * or a function returning the current ones (e.g. `() =>
   * watcher.config.models`, so hot reload reaches them).
   */
  models?: ModelsConfig | (() => ModelsConfig | undefined);
  /**
   * A host's model client for prompt hooks: used for the default endpoint,
   * or for every prompt hook when `models` is not set.
   */
  modelClient?: ModelClient;
  /**
   * Include prompt hooks' prompts and answers in invocation records (for
   * `--trace`). They are never logged otherwise.
   *
   * @default {false}
   */
  traceModelIO?: boolean;
  /**
   * What to do with a permission a hook granted (see {@linkcode HookGrants}),
   * or a function asked each time one is granted (e.g. following a
   * configuration's hot reload). A native hook's `allow` is never a grant,
   * whatever this says.
   *
   * @default {"forward"}
   */
  hookGrants?: HookGrants | (() => HookGrants | undefined);
  /**
   * Make command hooks die with this process, even when it is killed with
   * SIGKILL (Linux, when `--allow-run` covers `setsid` and `sh`): a watchdog
   * kills their groups and sessions. Call `runner.close()` when done.
   *
   * @default {false}
   */
  dieWithHost?: boolean;
  /**
   * Give every command hook the sanitized environment, Claude-dialect ones
   * too (which otherwise inherit this process's environment, as Claude's
   * own hooks inherit Claude's); a function is asked before each hook
   * starts, so a reloaded configuration's `sanitizeEnv` counts at once.
   *
   * @default {false}
   */
  sanitizeEnv?: boolean | (() => boolean);
  /**
   * Takes the hooks marked `async` of each call instead of this runner,
   * which then starts none of them: for a front end that ends with each
   * call (`hook-run gateway`) and runs them in a process of their own
   * ({@linkcode HookEngine.runAsyncHooks}), keeping what they leave for the
   * session's next call. Called once per call that matched some, never
   * awaited; what it throws is a warning. Without it, this runner runs
   * them itself and delivers what they leave with the session's next call.
   */
  handOffAsyncHooks?: (call: AsyncHookCall) => void;
  /**
   * OpenTelemetry spans and metrics for every event run (see
   * {@linkcode TelemetryOptions}): on when an OpenTelemetry API is
   * registered in this process when the runner is made (`OTEL_DENO=true`,
   * or the agent's own providers), with no content in attributes unless
   * `recordContent` says so; `false` turns it off.
   *
   * @default {{}} on when registered, without content
   */
  telemetry?: TelemetryOptions | false;
}

/**
 * The async hooks of one call, as a runner hands them off: the event, its
 * fields and run environment (without its signal), and the hooks' names.
 *
 * @example Hand them to a queue
 * ```ts
 * import type { AsyncHookCall } from "@hookgate/core";
 *
 * const queued: AsyncHookCall[] = [];
 * const handOff = (call: AsyncHookCall) => void queued.push(call);
 * void handOff;
 * ```
 */
export interface AsyncHookCall {
  /** The event. */
  event: HookEvent;
  /** Its payload fields. */
  fields: AnyHookEventFields;
  /** Where it runs (cwd, session, …). */
  env: HookRunEnv;
  /** The async hooks that matched, by name, in registration order. */
  hooks: string[];
}
