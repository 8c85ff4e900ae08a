// Telling an event an agent added after this version of hookgate from a
// malformed name or another agent's event, for every dialect whose agent
// adds events between releases (Claude Code, Codex, Gemini CLI and Cursor
// all do). Such an event runs under the table's row for unknown events: its
// hooks run, and nothing blocks on it. Shared by the dialects' decodeInput,
// their configuration sides and the configuration parser, so a name reads
// the same in a settings file and on the wire. Which agent sends which
// name is not known here: the table of dialects (../dialects.ts) gathers
// each agent's names and hands them to every agent's wire.

import type { HookEvent } from "../../events/event_map.ts";
import type { HookDialect } from "../../events/hooks.ts";
import { HOOK_EVENTS, type HookEventInfo, isEventName, isHookEvent, UNKNOWN_EVENT } from "../../events/table.ts";

/**
 * How an agent writes its event names: `"PascalCase"` (Claude Code's
 * `PreToolUse`, Codex's `PreModelRequest`, Gemini CLI's `BeforeTool`) or
 * `"camelCase"` (Cursor's `beforeShellExecution`).
 */
export type EventNameCase = "PascalCase" | "camelCase";

/** Event names the agents are known to send besides the table's, each to the agent that sends it. */
export type EventSenders = ReadonlyMap<string, HookDialect>;

/** The {@linkcode EventSenders} of each agent's event names (a name the event table has is nobody's own). */
export function eventSenders(names: ReadonlyArray<readonly [HookDialect, readonly string[]]>): EventSenders {
  return new Map(
    names.flatMap(([dialect, list]) => list.map((name) => [name, dialect] as const)).filter(([name]) =>
      !isHookEvent(name)
    ),
  );
}

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
 * back in its own case. `ownName` tells the agent's own camelCase names
 * (Cursor's `beforeShellExecution` is PreToolUse, not an event to come).
 */
export function laterEventName(
  name: string,
  nameCase: EventNameCase = "PascalCase",
  ownName: (name: string) => boolean = () => false,
): HookEvent | undefined {
  if (typeof name !== "string" || name === "") return undefined;
  const first = name[0]!;
  if (nameCase === "camelCase") {
    if (first === first.toUpperCase() || ownName(name)) return undefined;
    const event = first.toUpperCase() + name.slice(1);
    return isEventName(event) && !isHookEvent(event) ? event as HookEvent : undefined;
  }
  return isEventName(name) && !isHookEvent(name) ? name as HookEvent : undefined;
}

/**
 * As {@linkcode laterEventName}, for a name `dialect`'s agent sent on the
 * wire: an event another agent is known to send (`senders`: Gemini CLI's
 * `BeforeTool` sent to the Codex gateway, Codex's `PreModelRequest` to
 * Claude's) is that agent's payload, refused as such rather than run with
 * no decision.
 */
export function laterWireEvent(
  name: string,
  dialect: HookDialect,
  senders: EventSenders,
  nameCase: EventNameCase = "PascalCase",
): HookEvent | undefined {
  const known = senders.get(name);
  return known !== undefined && known !== dialect ? undefined : laterEventName(name, nameCase);
}

/** An event name in `nameCase`: Cursor's camelCase names are PascalCase inside hookgate. */
export function casedEventName(event: string, nameCase: EventNameCase = "PascalCase"): string {
  return nameCase === "camelCase" && event !== "" ? event[0]!.toLowerCase() + event.slice(1) : event;
}
