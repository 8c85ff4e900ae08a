// Telling an event an agent added after this version of hookgate from a
// malformed name or another agent's event, for every dialect whose agent
// adds events between releases (Claude Code, Codex, Gemini CLI and Cursor
// all do). Such an event runs under the table's row for unknown events: its
// hooks run, and nothing blocks on it. Shared by the dialects' decodeInput,
// their configuration sides and the configuration parser, so a name reads
// the same in a settings file and on the wire.

import type { HookEvent } from "../events/event_map.ts";
import type { HookDialect } from "../events/hooks.ts";
import { HOOK_EVENTS, type HookEventInfo, isEventName, isHookEvent, UNKNOWN_EVENT } from "../events/table.ts";
import { CODEX_LATER_EVENTS } from "./codex/events.ts";
import { CURSOR_EVENTS } from "./cursor/events.ts";
import { GEMINI_EVENTS } from "./gemini/events.ts";

/**
 * How an agent writes its event names: `"PascalCase"` (Claude Code's
 * `PreToolUse`, Codex's `PreModelRequest`, Gemini CLI's `BeforeTool`) or
 * `"camelCase"` (Cursor's `beforeShellExecution`).
 */
export type EventNameCase = "PascalCase" | "camelCase";

/** Event names an agent hookgate knows is known to send, besides the table's, by agent. */
const KNOWN_ELSEWHERE: ReadonlyMap<string, HookDialect> = new Map([
  ...GEMINI_EVENTS.map((name) => [name, "gemini"] as const),
  ...Object.keys(CURSOR_EVENTS).map((name) => [name, "cursor"] as const),
  ...CODEX_LATER_EVENTS.map((name) => [name, "codex"] as const),
].filter(([name]) => !isHookEvent(name)));

/** The row an event runs under: the table's, or the one for events an agent added later. */
export function rowOf(event: string): HookEventInfo {
  return isHookEvent(event) ? HOOK_EVENTS[event] : UNKNOWN_EVENT;
}

/**
 * The event hookgate runs `name` as when it is an event its agent added
 * later — a name in the agent's case that is not in the event table —, or
 * `undefined`. A camelCase name runs under its PascalCase form, as Cursor's
 * own rows do (`afterAgentResponse` is `AfterAgentResponse`), so that
 * every event name inside hookgate has one shape; the dialect writes it
 * back in its own case.
 */
export function laterEventName(name: string, nameCase: EventNameCase = "PascalCase"): HookEvent | undefined {
  if (typeof name !== "string" || name === "") return undefined;
  const first = name[0]!;
  if (nameCase === "camelCase") {
    if (first === first.toUpperCase() || Object.hasOwn(CURSOR_EVENTS, name)) return undefined;
    const event = first.toUpperCase() + name.slice(1);
    return isEventName(event) && !isHookEvent(event) ? event as HookEvent : undefined;
  }
  return isEventName(name) && !isHookEvent(name) ? name as HookEvent : undefined;
}

/**
 * As {@linkcode laterEventName}, for a name `dialect`'s agent sent on the
 * wire: an event another agent is known to send (Gemini CLI's `BeforeTool`
 * sent to the Codex gateway, Codex's `PreModelRequest` to Claude's) is that
 * agent's payload, refused as such rather than run with no decision.
 */
export function laterWireEvent(
  name: string,
  dialect: HookDialect,
  nameCase: EventNameCase = "PascalCase",
): HookEvent | undefined {
  const known = KNOWN_ELSEWHERE.get(name);
  return known !== undefined && known !== dialect ? undefined : laterEventName(name, nameCase);
}

/** An event name in `nameCase`: Cursor's camelCase names are PascalCase inside hookgate. */
export function casedEventName(event: string, nameCase: EventNameCase = "PascalCase"): string {
  return nameCase === "camelCase" && event !== "" ? event[0]!.toLowerCase() + event.slice(1) : event;
}
