/**
 * The lifecycle events a hook can attach to, as one table.
 *
 * Every behaviour that differs between events — whether a matcher applies,
 * whether a hook can block, which outcome fields are honoured and how several
 * hooks combine — is read from {@linkcode HOOK_EVENTS}. Adding an event is one
 * row here plus a thin method on the runner, never a new code path.
 *
 * @module
 */

import { closest } from "./_text.ts";

/**
 * A lifecycle point a hook can attach to.
 *
 * The first five come from the primary contract; the rest are Wuu's.
 *
 * @example Narrow a string to an event
 * ```ts
 * import { type HookEvent, isHookEvent } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const name: string = "PreToolUse";
 * const event: HookEvent | undefined = isHookEvent(name) ? name : undefined;
 * equal(event, "PreToolUse");
 * ```
 */
export type HookEvent =
  | "PreToolUse"
  | "PostToolUse"
  | "UserPromptSubmit"
  | "SessionStart"
  | "Stop"
  | "PermissionRequest"
  | "PostToolUseFailure"
  | "PreCompact"
  | "PostCompact"
  | "SubagentStart"
  | "SubagentStop"
  | "SessionEnd"
  | "FileChanged";

/**
 * How the hooks of one event combine:
 * - `"two-stage"`: mutators run one after another, each seeing the previous
 *   output, then validators see the final input; the first deny stops all;
 * - `"serial"`: hooks run one after another in registration order and the
 *   first block wins;
 * - `"fan-out"`: hooks run in parallel and their results are joined in
 *   registration order.
 *
 * @example Read the rule for an event
 * ```ts
 * import { HOOK_EVENTS, type HookCombineRule } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const rule: HookCombineRule = HOOK_EVENTS.UserPromptSubmit.combine;
 * equal(rule, "serial");
 * ```
 */
export type HookCombineRule = "two-stage" | "serial" | "fan-out";

/**
 * What one event means for hooks: one row of {@linkcode HOOK_EVENTS}.
 *
 * @example Check whether an event can block
 * ```ts
 * import { HOOK_EVENTS, type HookEventInfo } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const info: HookEventInfo = HOOK_EVENTS.PreCompact;
 * equal(info.canBlock, true);
 * ```
 */
export interface HookEventInfo {
  /** Whether the payload carries `toolName`; only then does a matcher apply. */
  readonly toolEvent: boolean;
  /** Whether a deny (or exit code 2) changes what happens next. */
  readonly canBlock: boolean;
  /** Whether `action: "mutate"` is honoured (mutate-stage hooks only). */
  readonly canMutate: boolean;
  /** Whether `additionalContext` is passed back to the caller. */
  readonly context: boolean;
  /**
   * Whether a deny is delivered as feedback context (the tool already ran:
   * a deny cannot undo it, but the model should hear the objection).
   * Elsewhere a deny on an event that cannot block is ignored with a warning.
   */
  readonly denyAsFeedback: boolean;
  /** How several hooks for the event combine. */
  readonly combine: HookCombineRule;
  /** When the event fires and what blocking means for it. */
  readonly description: string;
}

/**
 * The event table: one row per {@linkcode HookEvent}.
 *
 * @example List the events that can block
 * ```ts
 * import { HOOK_EVENTS } from "@hookgate/core";
 * import { ok } from "node:assert/strict";
 *
 * const blocking = Object.entries(HOOK_EVENTS)
 *   .filter(([, info]) => info.canBlock)
 *   .map(([event]) => event);
 * ok(blocking.includes("PreToolUse"));
 * ok(!blocking.includes("PostToolUse"));
 * ```
 */
export const HOOK_EVENTS: Readonly<Record<HookEvent, HookEventInfo>> = freeze({
  PreToolUse: {
    toolEvent: true,
    canBlock: true,
    canMutate: true,
    denyAsFeedback: false,
    context: false,
    combine: "two-stage",
    description: "Before a tool runs; a deny means the tool never runs",
  },
  PermissionRequest: {
    toolEvent: true,
    canBlock: true,
    canMutate: false,
    denyAsFeedback: false,
    context: false,
    combine: "serial",
    description: "During tool authorization; a deny refuses it, an allow grants nothing",
  },
  PostToolUse: {
    toolEvent: true,
    canBlock: false,
    canMutate: false,
    denyAsFeedback: true,
    context: true,
    combine: "fan-out",
    description: "After a tool succeeded; context is appended to its result",
  },
  PostToolUseFailure: {
    toolEvent: true,
    canBlock: false,
    canMutate: false,
    denyAsFeedback: true,
    context: true,
    combine: "fan-out",
    description: "After a tool failed; hook errors never replace the original failure",
  },
  UserPromptSubmit: {
    toolEvent: false,
    canBlock: true,
    canMutate: false,
    denyAsFeedback: false,
    context: true,
    combine: "serial",
    description: "Before a user turn is processed; a block ends the turn without a model call",
  },
  SessionStart: {
    toolEvent: false,
    canBlock: false,
    canMutate: false,
    denyAsFeedback: false,
    context: true,
    combine: "fan-out",
    description: "Once, when the session starts; context is added to the system prompt",
  },
  SessionEnd: {
    toolEvent: false,
    canBlock: false,
    canMutate: false,
    denyAsFeedback: false,
    context: false,
    combine: "fan-out",
    description: "When the session is torn down; side effects only",
  },
  Stop: {
    toolEvent: false,
    canBlock: true,
    canMutate: false,
    denyAsFeedback: false,
    context: true,
    combine: "fan-out",
    description: "At the end of every turn; a block keeps the turn going (or marks it failed)",
  },
  SubagentStart: {
    toolEvent: false,
    canBlock: false,
    canMutate: false,
    denyAsFeedback: false,
    context: true,
    combine: "fan-out",
    description: "Before a subagent turn; context is given to the subagent",
  },
  SubagentStop: {
    toolEvent: false,
    canBlock: true,
    canMutate: false,
    denyAsFeedback: false,
    context: true,
    combine: "fan-out",
    description: "After a subagent turn; a block keeps the subagent going",
  },
  PreCompact: {
    toolEvent: false,
    canBlock: true,
    canMutate: false,
    denyAsFeedback: false,
    context: false,
    combine: "serial",
    description: "Before compaction; a block prevents it",
  },
  PostCompact: {
    toolEvent: false,
    canBlock: true,
    canMutate: false,
    denyAsFeedback: false,
    context: false,
    combine: "serial",
    description: "After compaction; a block rejects adopting the result",
  },
  FileChanged: {
    toolEvent: false,
    canBlock: false,
    canMutate: false,
    denyAsFeedback: false,
    context: false,
    combine: "fan-out",
    description: "After a successful file write or edit by a tool; side effects only",
  },
});

/**
 * Every event name, in table order.
 *
 * @example Iterate over the events
 * ```ts
 * import { HOOK_EVENT_NAMES } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * equal(HOOK_EVENT_NAMES[0], "PreToolUse");
 * ```
 */
export const HOOK_EVENT_NAMES: readonly HookEvent[] = Object.freeze(
  Object.keys(HOOK_EVENTS) as HookEvent[],
);

/**
 * Tells whether a string names a {@linkcode HookEvent} (case-sensitive).
 *
 * @param name The candidate event name.
 * @returns `true` when `name` is a known event.
 *
 * @example Validate user input
 * ```ts
 * import { isHookEvent } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * equal(isHookEvent("Stop"), true);
 * equal(isHookEvent("stop"), false);
 * ```
 */
export function isHookEvent(name: string): name is HookEvent {
  return Object.hasOwn(HOOK_EVENTS, name);
}

/**
 * Parses an event name: returns it typed, or throws with the nearest valid
 * name as a suggestion.
 *
 * @param name The candidate event name.
 * @returns The event.
 * @throws {TypeError} When `name` is not an event, e.g. `Unknown hook event
 * "PreTooluse"; did you mean "PreToolUse"?`.
 *
 * @example
 * ```ts
 * import { parseHookEvent } from "@hookgate/core";
 * import { equal, throws } from "node:assert/strict";
 *
 * equal(parseHookEvent("Stop"), "Stop");
 * throws(() => parseHookEvent("stopp"), /did you mean "Stop"\?/);
 * ```
 */
export function parseHookEvent(name: string): HookEvent {
  if (typeof name === "string" && isHookEvent(name)) return name;
  const suggestion = typeof name === "string" ? closest(name, HOOK_EVENT_NAMES) : undefined;
  throw new TypeError(
    `Unknown hook event ${JSON.stringify(name)}${
      suggestion ? `; did you mean "${suggestion}"?` : `; expected one of ${HOOK_EVENT_NAMES.join(", ")}`
    }`,
  );
}

function freeze(
  table: Record<HookEvent, HookEventInfo>,
): Readonly<Record<HookEvent, HookEventInfo>> {
  for (const info of Object.values(table)) Object.freeze(info);
  return Object.freeze(table);
}
