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
import type { HookEvent, HookEventMap } from "./event_map.ts";
import { eventRow, type HookEventInfo } from "./event_row.ts";
import { CURSOR_ROWS } from "./cursor_rows.ts";
import { GEMINI_ROWS } from "./gemini_rows.ts";

export type { HookEvent, HookEventMap };
export * from "./event_row.ts";

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
    context: true,
    combine: "two-stage",
    fields: TOOL_CALL,
    description: "Before a tool runs; a deny means the tool never runs; context goes beside the tool's result",
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
    fields: ["agentId", "agentType"],
    matchOn: "agentType",
    description: "Before a subagent turn; context is given to the subagent",
  }),
  SubagentStop: eventRow({
    canBlock: true,
    context: true,
    combine: "fan-out",
    fields: ["agentId", "agentType", "stopHookActive"],
    matchOn: "agentType",
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
    matchOn: "filePath",
    description: "After a successful file write or edit by a tool; side effects only",
  }),
  // The agent's life beyond tool calls and turns. Where a block happens
  // after the fact (a batch of tools ran) or keeps the agent working (a
  // teammate, a task's completion), it does not gate an action: a broken
  // closed guard denying there would stop the agent, not protect anything.
  Setup: eventRow({
    context: true,
    combine: "fan-out",
    fields: ["setupReason"],
    matchOn: "setupReason",
    description: "When a project is set up or maintained; context is added at the start of the conversation",
  }),
  InstructionsLoaded: eventRow({
    combine: "fan-out",
    fields: ["filePath", "loadReason", "memoryType"],
    matchOn: "loadReason",
    description: "After an instructions file (a CLAUDE.md, a rule) was loaded into the context; side effects only",
  }),
  UserPromptExpansion: eventRow({
    canBlock: true,
    gatesAction: true,
    context: true,
    combine: "serial",
    fields: ["prompt", "commandName"],
    matchOn: "commandName",
    description: "Before a command in the prompt is expanded; a block ends the turn without a model call",
  }),
  MessageDisplay: eventRow({
    combine: "fan-out",
    description: "While the agent's message is shown to the user; side effects only",
  }),
  PermissionDenied: eventRow({
    toolEvent: true,
    combine: "fan-out",
    fields: [...TOOL_CALL, "denialReason"],
    description: "After a tool call was denied without asking the user; side effects only",
  }),
  PostToolBatch: eventRow({
    canBlock: true,
    context: true,
    combine: "fan-out",
    description: "After a batch of tool calls ran; a block ends the turn before the next model call",
  }),
  Notification: eventRow({
    combine: "fan-out",
    fields: ["message", "title", "notificationType"],
    matchOn: "notificationType",
    description: "When the agent notifies the user (it needs a permission, it waits for input); side effects only",
  }),
  TaskCreated: eventRow({
    canBlock: true,
    gatesAction: true,
    combine: "serial",
    fields: ["taskId", "taskSubject", "teammateName"],
    description: "Before a task is created; a block refuses it",
  }),
  TaskCompleted: eventRow({
    canBlock: true,
    combine: "fan-out",
    fields: ["taskId", "taskSubject", "teammateName"],
    description: "Before a task is marked completed; a block keeps it open, with the reason as feedback",
  }),
  StopFailure: eventRow({
    combine: "fan-out",
    fields: ["error"],
    matchOn: "error",
    description: "When a turn ends on an error (a rate limit, an API error); side effects only",
  }),
  TeammateIdle: eventRow({
    canBlock: true,
    combine: "fan-out",
    fields: ["teammateName"],
    description: "Before a teammate goes idle; a block keeps it working, with the reason as feedback",
  }),
  ConfigChange: eventRow({
    canBlock: true,
    gatesAction: true,
    combine: "serial",
    fields: ["source", "filePath"],
    matchOn: "source",
    description: "Before a changed settings file takes effect; a block keeps the previous settings",
  }),
  CwdChanged: eventRow({
    combine: "fan-out",
    fields: ["oldCwd", "newCwd"],
    description: "After the working directory changed; side effects only",
  }),
  DirectoryAdded: eventRow({
    combine: "fan-out",
    fields: ["directory", "source"],
    matchOn: "source",
    description: "After a directory was added to the session; side effects only",
  }),
  WorktreeCreate: eventRow({
    canBlock: true,
    gatesAction: true,
    combine: "serial",
    description: "Before a worktree is created; a block makes the creation fail",
  }),
  WorktreeRemove: eventRow({
    combine: "fan-out",
    fields: ["worktreePath"],
    description: "When a worktree is removed; side effects only",
  }),
  Elicitation: eventRow({
    canBlock: true,
    gatesAction: true,
    combine: "serial",
    fields: ["mcpServerName", "message"],
    matchOn: "mcpServerName",
    description: "Before an MCP server's request for input reaches the user; a block declines it",
  }),
  ElicitationResult: eventRow({
    canBlock: true,
    gatesAction: true,
    combine: "serial",
    fields: ["mcpServerName"],
    matchOn: "mcpServerName",
    description: "Before the user's answer goes back to the MCP server; a block declines instead",
  }),
  ...CURSOR_ROWS,
  ...GEMINI_ROWS,
});

/**
 * The row of an event an agent sends that is not in the table — one it
 * added after this version of hookgate (Claude Code adds events between
 * releases). Hooks of a dialect whose agent does that may be configured
 * for any such name ({@linkcode isEventName}); they run side by side on
 * what the agent sent, and decide nothing: a block, context or a rewrite
 * is ignored, a halt and messages count, as on every event.
 *
 * @example
 * ```ts
 * import { UNKNOWN_EVENT } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * equal(UNKNOWN_EVENT.canBlock, false);
 * equal(UNKNOWN_EVENT.combine, "fan-out");
 * ```
 */
export const UNKNOWN_EVENT: HookEventInfo = eventRow({
  combine: "fan-out",
  description: "An event the agent added later; its hooks run side by side and decide nothing",
});

const EVENT_NAME = /^[A-Z][A-Za-z0-9]{0,63}$/;

/**
 * Tells whether a string has the shape of an event name — a capital
 * letter, then letters and digits, at most 64 in all — so that an event an
 * agent added later can be told from a malformed or hostile one.
 *
 * @param name The candidate.
 * @returns `true` for a name such as `"PreToolUse"` or `"FutureEvent"`.
 *
 * @example
 * ```ts
 * import { isEventName } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * equal(isEventName("FutureEvent"), true);
 * equal(isEventName("before tool"), false);
 * equal(isEventName("__proto__"), false);
 * ```
 */
export function isEventName(name: unknown): name is string {
  return typeof name === "string" && EVENT_NAME.test(name);
}

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
