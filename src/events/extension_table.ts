/**
 * The extension events as rows of the event table, and the table a registry
 * accepts by default: the hook events and these.
 *
 * Extension events are in-process only (no wire form) and their handlers
 * return the event's own result object, combined by the row's rule
 * (the xcsh-style API's "order and conflict behaviour").
 *
 * @module
 */

import type { EmittedEvent, RegistryEvent } from "./extension_map.ts";
import { eventRow, HOOK_EVENTS, type HookEventInfo, type HookEventRow } from "./table.ts";

function extensionRow(info: HookEventRow): HookEventInfo {
  return eventRow({ ...info, inProcessOnly: true });
}

const CANCEL = "`cancel: true` stops it; later handlers do not run";

/**
 * The extension event table: one row per {@linkcode EmittedEvent}.
 *
 * @example Read a rule
 * ```ts
 * import { EXTENSION_EVENTS } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * equal(EXTENSION_EVENTS.context.combine, "chain");
 * equal(EXTENSION_EVENTS.session_before_switch.combine, "short-circuit");
 * ```
 */
export const EXTENSION_EVENTS: Readonly<Record<EmittedEvent, HookEventInfo>> = Object.freeze({
  session_start: extensionRow({ combine: "notify", description: "The session started" }),
  session_before_switch: extensionRow({
    combine: "short-circuit",
    canBlock: true,
    description: `Before switching sessions; ${CANCEL}`,
  }),
  session_switch: extensionRow({ combine: "notify", description: "After switching sessions" }),
  session_before_branch: extensionRow({
    combine: "short-circuit",
    canBlock: true,
    description: `Before branching the session; ${CANCEL}`,
  }),
  session_branch: extensionRow({ combine: "notify", description: "After branching the session" }),
  session_before_compact: extensionRow({
    combine: "short-circuit",
    canBlock: true,
    description: `Before compaction; ${CANCEL}, a compaction replaces the compactor's`,
  }),
  "session.compacting": extensionRow({
    combine: "last-wins",
    description: "While compacting; the last result (context, prompt, data to keep) wins",
  }),
  session_compact: extensionRow({ combine: "notify", description: "After compaction" }),
  session_before_tree: extensionRow({
    combine: "short-circuit",
    canBlock: true,
    description: `Before moving in the session tree; ${CANCEL}`,
  }),
  session_tree: extensionRow({ combine: "notify", description: "After moving in the session tree" }),
  session_shutdown: extensionRow({ combine: "notify", description: "The session is shutting down" }),
  context: extensionRow({
    combine: "chain",
    description: "Before each model call; each handler gets the messages the previous one returned",
  }),
  before_agent_start: extensionRow({
    combine: "first-wins",
    description: "Before the agent starts on a prompt; the first message returned is injected",
  }),
  agent_start: extensionRow({ combine: "notify", description: "The agent started on a prompt" }),
  agent_end: extensionRow({ combine: "notify", description: "The agent finished" }),
  turn_start: extensionRow({ combine: "notify", description: "A turn starts" }),
  turn_end: extensionRow({ combine: "notify", description: "A turn ended" }),
  auto_compaction_start: extensionRow({ combine: "notify", description: "Automatic compaction starts" }),
  auto_compaction_end: extensionRow({ combine: "notify", description: "Automatic compaction ended" }),
  auto_retry_start: extensionRow({ combine: "notify", description: "A failed model call will be retried" }),
  auto_retry_end: extensionRow({ combine: "notify", description: "Retrying ended" }),
  ttsr_triggered: extensionRow({ combine: "notify", description: "Time-traveling stream rules fired" }),
  todo_reminder: extensionRow({ combine: "notify", description: "The agent is reminded of open todos" }),
});

/**
 * The table a {@linkcode HookRegistry} accepts by default: every hook event
 * and every extension event.
 *
 * @example
 * ```ts
 * import { ALL_EVENTS } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * equal(ALL_EVENTS.PreToolUse.combine, "two-stage");
 * equal(ALL_EVENTS.turn_end.inProcessOnly, true);
 * ```
 */
export const ALL_EVENTS: Readonly<Record<RegistryEvent, HookEventInfo>> = Object.freeze({
  ...HOOK_EVENTS,
  ...EXTENSION_EVENTS,
});

/**
 * Tells whether a string names an event a host emits with
 * {@linkcode HookRunner.emit}.
 *
 * @param name The candidate.
 * @returns `true` for the extension events of the table.
 *
 * @example
 * ```ts
 * import { isEmittedEvent } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * equal(isEmittedEvent("context"), true);
 * equal(isEmittedEvent("tool_call"), false);
 * ```
 */
export function isEmittedEvent(name: string): name is EmittedEvent {
  return Object.hasOwn(EXTENSION_EVENTS, name);
}
