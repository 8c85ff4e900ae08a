/**
 * The lifecycle events a hook can attach to, as one table.
 *
 * Every behaviour that differs between events — which payload fields it
 * carries, whether a matcher applies, whether a hook can block, which
 * outcome fields are honoured, how several hooks combine, whether the Stop
 * loop guard applies — is a column of {@linkcode HOOK_EVENTS}. The runner
 * never branches on an event's name: adding an event is one row here plus
 * its payload and result types in {@linkcode HookEventMap}.
 *
 * @module
 */

import { closest } from "../_internal/text.ts";
import type { AnyHookEventFields, HookEvent, HookEventMap } from "./event_map.ts";

export type { HookEvent, HookEventMap };

/**
 * How the hooks of one event combine (each name is a rule module of the
 * runner). The hook events use the first three:
 * - `"two-stage"`: native mutators run one after another, each seeing the
 *   previous output; then hooks of dialects whose agents run hooks together
 *   (Claude) run at the same time on that input; then validators run at the
 *   same time on the final input; a deny stops the later phases;
 * - `"serial"`: native hooks run one after another in registration order
 *   and the first block wins; then the Claude-dialect hooks run at the
 *   same time;
 * - `"fan-out"`: hooks run in parallel.
 *
 * Whatever runs at the same time is combined in registration order, never
 * in the order hooks finished.
 *
 * The extension events (whose handlers return their own result objects)
 * use the others, each one after another in registration order:
 * - `"short-circuit"`: the first `cancel: true` stops the run and is the
 *   result; otherwise the last result is;
 * - `"chain"`: each handler sees the fields the previous one returned
 *   (`context`'s messages);
 * - `"first-wins"`: the first result is kept, later ones are ignored;
 * - `"last-wins"`: the last result is kept;
 * - `"notify"`: results are ignored; handlers only observe.
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
export type HookCombineRule =
  | "two-stage"
  | "serial"
  | "fan-out"
  | "short-circuit"
  | "chain"
  | "first-wins"
  | "last-wins"
  | "notify";

/**
 * A payload field an event may carry besides what every event carries
 * (`event`, `cwd`, `sessionId`, and when known `transcriptPath` and
 * `permissionMode`).
 *
 * @example The fields of PostToolUse
 * ```ts
 * import { HOOK_EVENTS, type HookPayloadField } from "@hookgate/core";
 * import { deepEqual } from "node:assert/strict";
 *
 * const fields: readonly HookPayloadField[] = HOOK_EVENTS.PostToolUse.fields;
 * deepEqual(fields, ["toolName", "toolInput", "toolUseId", "toolResult"]);
 * ```
 */
export type HookPayloadField = keyof AnyHookEventFields;

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
  /**
   * Whether a block stops an action before it happens — a tool call, a
   * permission, a user turn — rather than making the agent keep going (Stop
   * and SubagentStop) or undoing nothing. Only here does a configured hook
   * that could not be built, and was closed or a policy hook, deny the calls
   * it could have matched: elsewhere its block would do harm, not guard.
   */
  readonly gatesAction: boolean;
  /** Whether `action: "mutate"` is honoured (mutate-stage hooks only). */
  readonly canMutate: boolean;
  /** Whether `additionalContext` is passed back to the caller. */
  readonly context: boolean;
  /**
   * Whether a hook may answer `ask` (let the user decide) or `defer` (let
   * the host decide later) instead of allowing or denying.
   */
  readonly canAsk: boolean;
  /**
   * Whether the event has a permission a hook may grant (a Claude-dialect
   * hook's explicit allow): the result then says `decision: "allow"` when
   * some hook granted and none denied, deferred or asked. Elsewhere a
   * grant is no objection, with a warning.
   */
  readonly canGrant: boolean;
  /**
   * Whether a deny is delivered as feedback context (the tool already ran:
   * a deny cannot undo it, but the model should hear the objection), and
   * the result says how to present the context (`contextAs`). Elsewhere a
   * deny on an event that cannot block is ignored with a warning.
   */
  readonly denyAsFeedback: boolean;
  /** How several hooks for the event combine. */
  readonly combine: HookCombineRule;
  /** The payload fields the event carries, in wire order. */
  readonly fields: readonly HookPayloadField[];
  /**
   * The field a matcher is tested against: `toolName` on tool events; on
   * some others a field Claude Code matches (SessionStart's `source`,
   * compaction's trigger, SessionEnd's reason) — only for dialects whose
   * matchers reach beyond tools. `null`: matchers do not apply.
   */
  readonly matchOn: HookPayloadField | null;
  /**
   * Whether the Stop loop guard applies: a block keeps the agent going, the
   * payload's `stopHookActive` says so, and consecutive blocks are capped
   * (per `agentId` when the event carries one).
   */
  readonly loopGuard: boolean;
  /** Whether the event starts a new turn, which resets the loop guard. */
  readonly startsTurn: boolean;
  /**
   * Whether a hook may replace the tool's result (`updatedToolResult`:
   * its `content` and `details`; the last replacement of each wins).
   */
  readonly canReplaceResult: boolean;
  /**
   * Whether only in-process hooks may attach: the event has no wire form
   * (the extension events), so command, HTTP and prompt hooks are refused.
   */
  readonly inProcessOnly: boolean;
  /** When the event fires and what blocking means for it. */
  readonly description: string;
}

/** The columns a row must give; every other column defaults to `false` or empty. */
export type HookEventRow = Partial<HookEventInfo> & Pick<HookEventInfo, "combine" | "description">;

/**
 * A row of an event table with every column not given set to `false` (or,
 * for `fields`, empty; `matchOn` follows `toolEvent`).
 *
 * @param info The columns that differ from the defaults.
 * @returns The frozen row.
 *
 * @example A row for a host's own event
 * ```ts
 * import { eventRow } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const row = eventRow({ combine: "serial", canBlock: true, description: "Before a commit" });
 * equal(row.canMutate, false);
 * ```
 */
export function eventRow(info: HookEventRow): HookEventInfo {
  return Object.freeze({
    toolEvent: false,
    canBlock: false,
    gatesAction: false,
    canMutate: false,
    canAsk: false,
    canGrant: false,
    context: false,
    denyAsFeedback: false,
    fields: [],
    matchOn: info.toolEvent ? "toolName" : null,
    loopGuard: false,
    startsTurn: false,
    canReplaceResult: false,
    inProcessOnly: false,
    ...info,
  });
}

const TOOL_CALL = ["toolName", "toolInput", "toolUseId"] as const;

/**
 * The event table: one row per {@linkcode HookEvent}. Columns not listed in
 * a row are `false` (or, for `fields`, empty).
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
export const HOOK_EVENTS: Readonly<Record<HookEvent, HookEventInfo>> = Object.freeze({
  PreToolUse: eventRow({
    toolEvent: true,
    canBlock: true,
    gatesAction: true,
    canMutate: true,
    canAsk: true,
    canGrant: true,
    combine: "two-stage",
    fields: TOOL_CALL,
    description: "Before a tool runs; a deny means the tool never runs",
  }),
  PermissionRequest: eventRow({
    toolEvent: true,
    canBlock: true,
    gatesAction: true,
    canGrant: true,
    combine: "serial",
    fields: TOOL_CALL,
    description: "During tool authorization; a deny refuses it, a Claude-dialect hook's allow grants it",
  }),
  PostToolUse: eventRow({
    toolEvent: true,
    denyAsFeedback: true,
    canReplaceResult: true,
    context: true,
    combine: "fan-out",
    fields: [...TOOL_CALL, "toolResult"],
    description: "After a tool succeeded; context is appended to its result, which a hook may replace",
  }),
  PostToolUseFailure: eventRow({
    toolEvent: true,
    denyAsFeedback: true,
    context: true,
    combine: "fan-out",
    fields: [...TOOL_CALL, "error"],
    description: "After a tool failed; hook errors never replace the original failure",
  }),
  UserPromptSubmit: eventRow({
    canBlock: true,
    gatesAction: true,
    context: true,
    combine: "serial",
    fields: ["prompt"],
    startsTurn: true,
    description: "Before a user turn is processed; a block ends the turn without a model call",
  }),
  SessionStart: eventRow({
    context: true,
    combine: "fan-out",
    fields: ["source"],
    matchOn: "source",
    description: "Once, when the session starts; context is added to the system prompt",
  }),
  SessionEnd: eventRow({
    combine: "fan-out",
    fields: ["endReason"],
    matchOn: "endReason",
    description: "When the session is torn down; side effects only",
  }),
  Stop: eventRow({
    canBlock: true,
    context: true,
    combine: "fan-out",
    fields: ["stopHookActive"],
    loopGuard: true,
    description: "At the end of every turn; a block keeps the turn going (or marks it failed)",
  }),
  SubagentStart: eventRow({
    context: true,
    combine: "fan-out",
    fields: ["agentId"],
    description: "Before a subagent turn; context is given to the subagent",
  }),
  SubagentStop: eventRow({
    canBlock: true,
    context: true,
    combine: "fan-out",
    fields: ["agentId", "stopHookActive"],
    loopGuard: true,
    description: "After a subagent turn; a block keeps the subagent going",
  }),
  PreCompact: eventRow({
    canBlock: true,
    combine: "serial",
    fields: ["compactReason"],
    matchOn: "compactReason",
    description: "Before compaction; a block prevents it",
  }),
  PostCompact: eventRow({
    canBlock: true,
    combine: "serial",
    fields: ["compactSummary", "compactReason"],
    matchOn: "compactReason",
    description: "After compaction; a block rejects adopting the result",
  }),
  FileChanged: eventRow({
    combine: "fan-out",
    fields: ["filePath"],
    description: "After a successful file write or edit by a tool; side effects only",
  }),
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
  throw new TypeError(unknownEventMessage(name, HOOK_EVENT_NAMES));
}

/** `Unknown hook event "x"; did you mean "y"?` against any list of names. */
export function unknownEventMessage(name: unknown, names: readonly string[]): string {
  const suggestion = typeof name === "string" ? closest(name, names) : undefined;
  return `Unknown hook event ${JSON.stringify(name)}${
    suggestion ? `; did you mean "${suggestion}"?` : `; expected one of ${names.join(", ")}`
  }`;
}
