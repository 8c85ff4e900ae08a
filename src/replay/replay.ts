/**
 * Running recorded steps through today's hooks and keeping score: what each
 * step's hooks did (blocked, asked, rewrote, added context, halted, failed)
 * and, per hook, calls, blocks, rewrites, context, failures and duration
 * percentiles — in memory that does not grow with the number of steps.
 *
 * @module
 */

import type { AnyHookEventResult } from "../events/event_map.ts";
import { HOOK_EVENTS } from "../events/table.ts";
import { MAX_MISSING_DIRECTORIES, MAX_REPLAY_DIRECTORIES } from "../_internal/limits.ts";
import type { HookRunner } from "../runner/runner.ts";
import type { HookInvocationRecord } from "../runner/types.ts";
import type { ReplayStep } from "./types.ts";
import { DurationHistogram } from "./_histogram.ts";
import { inputDiff } from "./_diff.ts";

/**
 * What one replayed step's hooks did.
 *
 * @example
 * ```ts
 * import type { ReplayStepResult } from "@hookgate/core/replay";
 *
 * const blocked = (result: ReplayStepResult) => result.effects.some((e) => e.kind === "blocked");
 * ```
 */
export interface ReplayStepResult {
  /** The step. */
  step: ReplayStep;
  /** The event's result. */
  result: AnyHookEventResult;
  /** The hooks that ran in the call (background hooks are counted in the summary only). */
  hooks: HookInvocationRecord[];
  /** What the hooks would have changed; empty when they let it pass unchanged. */
  effects: ReplayEffect[];
}

/**
 * One thing the hooks would have done to a step.
 *
 * @example
 * ```ts
 * import type { ReplayEffect } from "@hookgate/core/replay";
 *
 * const effect: ReplayEffect = { kind: "rewrote", detail: 'command: "rm -rf /" → "ls"' };
 * ```
 */
export interface ReplayEffect {
  /** What happened. */
  kind:
    | "blocked"
    | "asked"
    | "deferred"
    | "granted"
    | "rewrote"
    | "context"
    | "replaced result"
    | "halted"
    | "failed";
  /** The reason, the diff, the context, or the failure, with the hooks responsible where known. */
  detail: string;
}

/**
 * One hook's figures over a replay.
 *
 * @example
 * ```ts
 * import type { ReplayHookStats } from "@hookgate/core/replay";
 *
 * const line = (s: ReplayHookStats) => `${s.hook}: ${s.blocks}/${s.calls} blocked`;
 * ```
 */
export interface ReplayHookStats {
  /** The hook's name. */
  hook: string;
  /** How it is reached. */
  transport: string;
  /** Invocations. */
  calls: number;
  /** Denials that blocked (on events that can block). */
  blocks: number;
  /** Rewrites of the tool input. */
  rewrites: number;
  /** Answers that added context. */
  context: number;
  /** Failures (timeouts, errors, malformed answers, refusals). */
  failures: number;
  /** Median duration, in milliseconds. */
  p50Ms: number;
  /** 99th percentile duration, in milliseconds. */
  p99Ms: number;
}

/**
 * Options of {@linkcode Replay}.
 *
 * @example
 * ```ts
 * import type { ReplayOptions } from "@hookgate/core/replay";
 *
 * const options: ReplayOptions = { cwd: "/repo", events: ["PreToolUse"] };
 * ```
 */
export interface ReplayOptions {
  /**
   * The working directory for steps that recorded none, or whose recorded
   * directory does not exist here.
   */
  cwd: string;
  /** Replay only these events (all when omitted). */
  events?: readonly string[];
}

interface Tally {
  transport: string;
  calls: number;
  blocks: number;
  rewrites: number;
  context: number;
  failures: number;
  durations: DurationHistogram;
}

/**
 * A replay in progress: pass {@linkcode Replay.onInvocation} to the runner
 * (its `onInvocation` option), then {@linkcode Replay.run} each step in
 * order.
 *
 * @example Replay one recorded tool call
 * ```ts
 * import { HookRegistry, HookRunner } from "@hookgate/core";
 * import { Replay } from "@hookgate/core/replay";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const registry = new HookRegistry();
 * registry.registerInProcess("PreToolUse", "Bash", (input) =>
 *   String(input.toolInput?.command).includes("rm -rf") ? { action: "deny", reason: "no rm -rf" } : undefined,
 *   "policy", { name: "guard" });
 * const replay = new Replay({ cwd: "/repo" });
 * const runner = new HookRunner({ registry, onInvocation: replay.onInvocation });
 * const step = await replay.run(runner, {
 *   event: "PreToolUse",
 *   fields: { toolName: "Bash", toolInput: { command: "rm -rf /" } },
 *   file: "s.jsonl",
 *   line: 7,
 * });
 * deepEqual(step?.effects, [{ kind: "blocked", detail: "guard: no rm -rf" }]);
 * equal(replay.stats()[0]?.blocks, 1);
 * ```
 */
export class Replay {
  #cwd: string;
  #events: Set<string> | null;
  #current: HookInvocationRecord[] | null = null;
  #tallies = new Map<string, Tally>();
  /** Recorded working directories, and whether each exists here: a bounded cache, least recently used first. */
  #cwds = new Map<string, boolean>();
  /** The recorded directories that do not exist here, the first ones only. */
  #missing: string[] = [];
  #steps = 0;
  #blocked = 0;

  /**
   * Starts a replay.
   *
   * @param options The default working directory and the events to replay.
   */
  constructor(options: ReplayOptions) {
    this.#cwd = options.cwd;
    this.#events = options.events === undefined || options.events.length === 0 ? null : new Set(options.events);
  }

  /** The runner's invocation listener: every record counts, the step's own are kept with it. */
  readonly onInvocation = (record: HookInvocationRecord): void => {
    if (!record.background) this.#current?.push(record);
    this.#count(record);
  };

  /**
   * Runs one step through `runner` (whose `onInvocation` is this replay's).
   *
   * @param runner The runner.
   * @param step The recorded step.
   * @param signal Cancels the step's hooks.
   * @returns What its hooks did, or `null` when the step's event is filtered out.
   */
  async run(runner: HookRunner, step: ReplayStep, signal?: AbortSignal): Promise<ReplayStepResult | null> {
    if (this.#events !== null && !this.#events.has(step.event)) return null;
    const hooks: HookInvocationRecord[] = [];
    this.#current = hooks;
    let result: AnyHookEventResult;
    try {
      result = await runner.run(step.event, step.fields, {
        cwd: await this.#workingDirectory(step.cwd),
        ...(step.sessionId === undefined ? {} : { sessionId: step.sessionId }),
        ...(signal === undefined ? {} : { signal }),
      });
    } finally {
      this.#current = null;
    }
    this.#steps++;
    const effects = effectsOf(step, result, hooks);
    if (effects.some((effect) => effect.kind === "blocked" || effect.kind === "halted")) this.#blocked++;
    return { step, result, hooks, effects };
  }

  /**
   * The recorded working directories that do not exist here: their steps
   * ran in the replay's own directory instead (a command hook cannot start
   * in a directory that is not there).
   *
   * @returns The directories, in order of first appearance (the first 100).
   */
  missingDirectories(): string[] {
    return [...this.#missing];
  }

  async #workingDirectory(recorded: string | undefined): Promise<string> {
    if (recorded === undefined) return this.#cwd;
    let exists = this.#cwds.get(recorded);
    if (exists === undefined) {
      try {
        exists = (await Deno.stat(recorded)).isDirectory;
      } catch {
        exists = false;
      }
      if (!exists && this.#missing.length < MAX_MISSING_DIRECTORIES && !this.#missing.includes(recorded)) {
        this.#missing.push(recorded);
      }
      if (this.#cwds.size >= MAX_REPLAY_DIRECTORIES) this.#cwds.delete(this.#cwds.keys().next().value!);
    } else this.#cwds.delete(recorded);
    this.#cwds.set(recorded, exists);
    return exists ? recorded : this.#cwd;
  }

  /**
   * How many steps ran, and how many would have been blocked or halted.
   *
   * @returns The counts.
   */
  totals(): { steps: number; blocked: number } {
    return { steps: this.#steps, blocked: this.#blocked };
  }

  /**
   * Each hook's figures, in order of first appearance.
   *
   * @returns One row per hook.
   */
  stats(): ReplayHookStats[] {
    return [...this.#tallies].map(([hook, tally]) => ({
      hook,
      transport: tally.transport,
      calls: tally.calls,
      blocks: tally.blocks,
      rewrites: tally.rewrites,
      context: tally.context,
      failures: tally.failures,
      p50Ms: tally.durations.percentile(0.5),
      p99Ms: tally.durations.percentile(0.99),
    }));
  }

  #count(record: HookInvocationRecord): void {
    let tally = this.#tallies.get(record.hookName);
    if (tally === undefined) {
      tally = {
        transport: record.transport,
        calls: 0,
        blocks: 0,
        rewrites: 0,
        context: 0,
        failures: 0,
        durations: new DurationHistogram(),
      };
      this.#tallies.set(record.hookName, tally);
    }
    tally.calls++;
    tally.durations.add(record.durationMs);
    if (record.failure !== undefined) tally.failures++;
    if (record.action === "deny" && HOOK_EVENTS[record.event]?.canBlock) tally.blocks++;
    if (record.action === "mutate") tally.rewrites++;
    if (record.context) tally.context++;
  }
}

/** What the hooks of one step did, from its result and its invocation records. */
function effectsOf(step: ReplayStep, result: AnyHookEventResult, hooks: HookInvocationRecord[]): ReplayEffect[] {
  const effects: ReplayEffect[] = [];
  const by = (action: string) => hooks.filter((r) => r.action === action).map((r) => r.hookName);
  const named = (names: string[], text: string) => names.length === 0 ? text : `${names.join(", ")}: ${text}`;
  if (result.halt) effects.push({ kind: "halted", detail: result.stopReason ?? "a hook stopped the agent" });
  if (result.block) {
    // A failed hook with an action got its lenient reading: it is in `by`.
    const closed = hooks.filter((r) => r.failure !== undefined && r.action === undefined).map((r) => r.hookName);
    effects.push({ kind: "blocked", detail: named([...by("deny"), ...closed], result.reason ?? "blocked") });
  }
  if (result.decision === "ask") {
    effects.push({ kind: "asked", detail: named(by("ask"), result.reason ?? "asks the user") });
  }
  if (result.decision === "defer") {
    effects.push({ kind: "deferred", detail: named(by("defer"), result.reason ?? "defers to the host") });
  }
  if (result.decision === "allow") {
    effects.push({ kind: "granted", detail: named(by("grant"), result.reason ?? "a hook allowed the call") });
  }
  if (result.input !== undefined) {
    effects.push({
      kind: "rewrote",
      detail: named(by("mutate"), inputDiff(step.fields.toolInput ?? {}, result.input)),
    });
  }
  if (result.updatedToolResult !== undefined) effects.push({ kind: "replaced result", detail: "the tool's result" });
  if (result.additionalContext !== undefined) {
    const from = hooks.filter((r) => r.context).map((r) => r.hookName);
    effects.push({ kind: "context", detail: named(from, oneLine(result.additionalContext)) });
  }
  for (const record of hooks) {
    if (record.failure === undefined) continue;
    effects.push({
      kind: "failed",
      detail: `${record.hookName}: ${record.failure.kind}: ${oneLine(record.failure.message)}`,
    });
  }
  return effects;
}

function oneLine(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}
