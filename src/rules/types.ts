// The rule interface: how the hooks of one event combine. The runner's
// event run drives invocations, deadlines and failure policy; a rule only
// decides the phases of a run (which hooks run together, which one after
// another), what one outcome does to the run, and what the run returns.

import type { AnyHookEventResult, HookEvent } from "../events/event_map.ts";
import type { PreToolUseEnv } from "../events/env.ts";
import type { NormalizedOutcome, ToolResultUpdate } from "../events/outcome.ts";
import type { HookInput } from "../events/payload.ts";
import type { HookEventInfo } from "../events/table.ts";
import type { HookEntry } from "../registry/types.ts";

/**
 * What a rule places in a phase: an entry, and whether it runs together
 * with others — the hook's own `concurrent`, else its dialect's, else the
 * rule's `concurrentByDefault`.
 */
export interface RuleEntry {
  readonly entry: HookEntry;
  readonly concurrent: boolean;
}

/**
 * How the hooks of one phase run: `serial` one after another (each sees
 * what the previous left, and a stop ends the run at once); `concurrent`
 * all started together on the same input, their answers applied in
 * registration order once every one of them has answered. In a concurrent
 * phase, hooks that do not run together (`RuleEntry.concurrent` false)
 * run one after another, each once the previous such hook has answered,
 * alongside the others.
 */
export type PhaseKind = "serial" | "concurrent";

/** The state of one event run, shared by the runner and the event's rule. */
export interface RunState {
  readonly event: HookEvent;
  readonly info: HookEventInfo;
  readonly env: PreToolUseEnv;
  /** The payload the next hook sees (a mutate or chain rule replaces it). */
  payload: HookInput;
  /** Block reasons, in order. */
  reasons: string[] | null;
  /** The joined context so far. */
  context: string | null;
  /** The separator that followed the last context's dialect. */
  separator: string;
  /**
   * The combined result of the handlers so far, for rules that read their
   * own result objects (`null`: none yet).
   */
  value: Record<string, unknown> | null;
  /** The tool result's replacement so far (PostToolUse). */
  replacement: ToolResultUpdate | null;
  /** Whether some context is an objection after the fact. */
  feedback: boolean;
  /** Whether a hook rewrote the tool input. */
  mutated: boolean;
  /**
   * The most restrictive permission decision short of a deny (a grant is
   * `allow`, the least of them), its reason, and with a grant the hook
   * that gave it and, on events where a grant carries them, its input and
   * permission updates.
   */
  decision: RunDecision | null;
  /**
   * Whether the outcome being applied came from a concurrent phase: its
   * hook saw the phase's input, not the previous hook's rewrite.
   */
  concurrent: boolean;
  /** Who rewrote the input last in the current concurrent phase (`null`: nobody yet). */
  rewriter: string | null;
  /**
   * Whether an earlier result of the current concurrent phase stopped the
   * run — or, in a serial phase, one of a sequential event's hooks, after
   * which the rest of them still run: the first deny in registration order
   * decides, so a later one adds no reason (its halt and messages still
   * count).
   */
  stopped: boolean;
  /** Whether a hook requires the agent to stop, and why. */
  halt: { reason?: string } | null;
  /** Messages for the user, in order. */
  messages: string[] | null;
  /** The answers' fields hookgate does not model so far (`null`: none), and who gave each. */
  extra: RunExtra | null;
  /**
   * The names of the hooks that blocked, in order, when the caller collects
   * them (the loop guard's warning); `null` when nobody does.
   */
  readonly blockers: string[] | null;
  /** Reports something ignored; never throws. */
  warn(message: string): void;
  /** Whether the runner refuses hook-granted allows (`hookGrants: "refuse"`). */
  refusesGrants(): boolean;
}

/** The answers' unmodelled fields of a run, and the hook that gave each (by `root.` or `event.` and its name). */
export interface RunExtra {
  root: Record<string, unknown> | null;
  event: Record<string, unknown> | null;
  by: Map<string, string>;
}

/** A permission decision short of a deny, as a run keeps it. */
export interface RunDecision {
  kind: "allow" | "ask" | "defer";
  reason?: string;
  /** The hook that granted (`allow` only). */
  by?: string;
  /** The input a grant runs the call with, where it is not a rewrite of the run (PermissionRequest). */
  input?: Record<string, unknown>;
  /** The permission updates of a grant. */
  permissions?: Record<string, unknown>[];
}

/** How the hooks of one event combine; one module per rule. */
export interface CombineRule {
  /**
   * The phases of a run, in order. A stop (a block, a halt) in a serial
   * phase ends the run at once; in a concurrent one, once the phase is
   * applied. No later phase starts after a stop.
   */
  readonly phases: readonly PhaseKind[];
  /**
   * Which stage each phase belongs to (an index per phase, in order), when
   * the event fires its hooks stage by stage (PreToolUse: mutate, then
   * validate). A run's trace lists hooks stage by stage, each stage in
   * registration order, whatever order its phases ran them in (a native
   * validator before a Claude-dialect one registered earlier). Omitted: one
   * stage, the trace in registration order.
   */
  readonly stages?: readonly number[];
  /**
   * Whether a hook that neither it nor its dialect says otherwise of (a
   * native hook) runs together with others on this event.
   */
  readonly concurrentByDefault: boolean;
  /**
   * The phase (an index into `phases`) an entry runs in, decided once per
   * registry snapshot; within a phase, entries keep registration order.
   */
  phaseOf(entry: RuleEntry): number;
  /**
   * Whether hooks answer with their event's own result object (the
   * extension events): the transport hands it over as the outcome's
   * `value` instead of reading a hook outcome.
   */
  readonly values: boolean;
  /**
   * Applies one hook's outcome (`separator` is its dialect's context
   * separator); returns `true` when no later hook may run.
   */
  apply(state: RunState, entry: HookEntry, outcome: NormalizedOutcome, separator: string): boolean;
  /** Records a block that is not an outcome (a closed failure); returns `true` to stop. */
  block(state: RunState, reason: string, entry: HookEntry): boolean;
  /**
   * The event's result once every hook that runs has been applied; a
   * promise only while something it needs loads (zod, for the first tool
   * JSON Schema of a process).
   */
  result(state: RunState): AnyHookEventResult | Promise<AnyHookEventResult>;
}
