// The rule interface: how the hooks of one event combine. The runner's
// event run drives invocations, deadlines and failure policy; a rule only
// decides the order, whether hooks run in parallel, what one outcome does
// to the run, and what the run returns.

import type { AnyHookEventResult, HookEvent } from "../events/event_map.ts";
import type { PreToolUseEnv } from "../events/env.ts";
import type { NormalizedOutcome, ToolResultUpdate } from "../events/outcome.ts";
import type { HookInput } from "../events/payload.ts";
import type { HookEventInfo } from "../events/table.ts";
import type { HookEntry } from "../registry/types.ts";

/** What a rule orders: anything that carries an entry. */
export interface RuleEntry {
  readonly entry: HookEntry;
}

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
  /** The most restrictive permission decision short of a deny, and its reason. */
  decision: { kind: "ask" | "defer"; reason?: string } | null;
  /** Whether a hook requires the agent to stop, and why. */
  halt: { reason?: string } | null;
  /** Messages for the user, in order. */
  messages: string[] | null;
  /**
   * The names of the hooks that blocked, in order, when the caller collects
   * them (the loop guard's warning); `null` when nobody does.
   */
  readonly blockers: string[] | null;
  /** Reports something ignored; never throws. */
  warn(message: string): void;
}

/** How the hooks of one event combine; one module per rule. */
export interface CombineRule {
  /** Hooks run in parallel (results applied in registration order) or one after another. */
  readonly parallel: boolean;
  /**
   * Whether hooks answer with their event's own result object (the
   * extension events): the transport hands it over as the outcome's
   * `value` instead of reading a hook outcome.
   */
  readonly values: boolean;
  /** The run order of an event's hooks, decided once per registry snapshot. */
  order<T extends RuleEntry>(entries: T[]): T[];
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
