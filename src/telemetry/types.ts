/**
 * What the runner tells its telemetry about each event run: a narrow,
 * plain-data interface, so the runner never imports an OpenTelemetry
 * package and a run with telemetry off costs nothing.
 *
 * @module
 */

import type { HookEvent } from "../events/event_map.ts";
import type { HookStage, HookTransport } from "../events/hooks.ts";
import type { FailureKind, NormalizedOutcome } from "../events/outcome.ts";

/**
 * The `telemetry` option of a runner (and of `openHookHost`). Telemetry is
 * on when an OpenTelemetry API is registered in this process: Deno's own
 * (`OTEL_DENO=true`) or an embedding agent's tracer or meter provider,
 * registered through `@opentelemetry/api` before the runner is made.
 * `false` turns it off whatever is registered.
 *
 * @example Record tool inputs and prompts in spans
 * ```ts
 * import type { TelemetryOptions } from "@hookgate/core";
 *
 * const telemetry: TelemetryOptions = { recordContent: true };
 * ```
 */
export interface TelemetryOptions {
  /**
   * Put the tool input, the prompt and hooks' reasons and failure messages
   * in span attributes. Off by default, when spans carry only their sizes
   * and SHA-256 hashes; `HOOKGATE_OTEL_CONTENT=1` turns it on too.
   *
   * @default {false}
   */
  recordContent?: boolean;
}

/**
 * One finished hook invocation of an observed run.
 *
 * @example A command hook that timed out and was killed
 * ```ts
 * import type { ObservedHook } from "@hookgate/core";
 *
 * const hook: ObservedHook = {
 *   name: "lint",
 *   transport: "command",
 *   dialect: "native",
 *   stage: "validate",
 *   startedAt: 1_700_000_000_000,
 *   durationMs: 5000,
 *   failure: "timeout",
 *   killed: true,
 * };
 * ```
 */
export interface ObservedHook {
  /** The entry's name. */
  name: string;
  /** The plugin or configuration layer that registered it. */
  owner?: string;
  /** How the hook was reached. */
  transport: HookTransport;
  /** The wire format it speaks (`native`, `wuu`, `claude`). */
  dialect: string;
  /** The entry's stage. */
  stage: HookStage;
  /** When it started, in milliseconds since the epoch. */
  startedAt: number;
  /** Wall time from start to settle, in milliseconds. */
  durationMs: number;
  /** The outcome's action, when it answered. */
  action?: NormalizedOutcome["action"];
  /** Whether it added context. */
  context?: true;
  /** The failure kind, when it failed. */
  failure?: FailureKind;
  /** The failure's message (exported only with `recordContent`). */
  failureMessage?: string;
  /** The reason it gave (exported only with `recordContent`). */
  reason?: string;
  /**
   * The policy rule that decided, with its layer and file, when the hook is
   * the configuration's rules (exported always: it is configuration, not
   * call content).
   */
  rule?: string;
  /** A command hook's exit code. */
  exitCode?: number;
  /** An HTTP hook's response status. */
  httpStatus?: number;
  /** The model a prompt hook asked. */
  model?: string;
  /** Whether hookgate killed it (a command hook past its deadline or cancelled). */
  killed: boolean;
}

/**
 * One event run as the runner reports it to a {@linkcode RunObserver}.
 *
 * @example A blocked tool call
 * ```ts
 * import type { ObservedRun } from "@hookgate/core";
 *
 * const run: ObservedRun = {
 *   event: "PreToolUse",
 *   fields: { toolName: "bash", toolInput: { command: "rm -rf /" } },
 *   sessionId: "s-1",
 *   startedAt: 1_700_000_000_000,
 *   durationMs: 2,
 *   result: { block: true, reason: "no" },
 *   hooks: [],
 * };
 * ```
 */
export interface ObservedRun {
  /** The event. */
  event: HookEvent;
  /** The payload fields the caller gave (read for sizes and hashes only, unless content is recorded). */
  fields: Readonly<Record<string, unknown>>;
  /** The session. */
  sessionId: string;
  /** When the run started, in milliseconds since the epoch. */
  startedAt: number;
  /** Wall time of the run, in milliseconds. */
  durationMs: number;
  /** The event's result, or `undefined` when the run threw. */
  result: Readonly<Record<string, unknown>> | undefined;
  /** What the run threw (a bug, never a hook's failure). */
  error?: unknown;
  /** The hooks that ran in the foreground, as the run's trace lists them: stage by stage in registration order. */
  hooks: readonly ObservedHook[];
  /** What {@linkcode RunObserver.capture} returned when the run was called. */
  parent?: unknown;
}

/**
 * Receives every finished event run of a runner with telemetry on. Called
 * once per run, synchronously, from the run's continuation; must not throw
 * (what it throws is logged and dropped).
 *
 * @example Count runs
 * ```ts
 * import type { RunObserver } from "@hookgate/core";
 *
 * let runs = 0;
 * const observer: RunObserver = { capture: () => undefined, observe: () => void runs++ };
 * ```
 */
export interface RunObserver {
  /**
   * Captures, where a run is called, what its span will be a child of (the
   * caller's active trace context): what is active once the run has
   * finished may be a transport's own span instead.
   *
   * @returns An opaque value, handed back as {@linkcode ObservedRun.parent}.
   */
  capture(): unknown;
  /**
   * Records one finished run.
   *
   * @param run The run.
   */
  observe(run: ObservedRun): void;
}
