// Cursor's hooks.json as a configuration layer: `{"version": 1, "hooks":
// {"<event>": [{command, type?, timeout?, matcher?, failClosed?,
// loop_limit?}]}}` — flat entries, no matcher groups, lowerCamel event
// keys, timeouts in seconds. `failClosed: true` is the closed failure
// policy (Cursor fails open otherwise). Matchers are regular expressions
// tested unanchored, as Cursor tests them: on tool events against the tool
// type, on the shell events against the command text; they are stored in a
// form the Claude matcher reads as that same regular expression.
//
// The file is read by the one reader of agents' settings files
// (../shared/_agent_settings.ts); what is here is only what differs.

import { isPlainObject } from "../../_internal/json.ts";
import {
  BOOLEAN,
  looseObject,
  number,
  type ObjectShape,
  oneOf,
  optional,
  string,
  UNKNOWN,
} from "../../_internal/shape.ts";
import { MAX_TIMEOUT_MS } from "../../_internal/limits.ts";
import type { ConfiguredHook } from "../../events/configured.ts";
import type { HookEvent } from "../../events/event_map.ts";
import { HOOK_EVENTS, isHookEvent } from "../../events/table.ts";
import { type AgentSettings, agentSettings, agentTimeout } from "../shared/_agent_settings.ts";
import type { DialectConfig, EntryContext, JsonPath } from "../shared/config_types.ts";
import { hookLabel } from "../shared/_broken_entry.ts";
import { CURSOR_EVENTS, cursorEventOf } from "./events.ts";
import { DEFAULT_LOOP_LIMIT } from "./output.ts";

/** One Cursor hook (the keys hookgate knows; others are reported, not refused). */
export const CURSOR_ENTRY: ObjectShape = looseObject({
  type: optional(oneOf(["command", "prompt"])),
  command: optional(string(1)),
  prompt: optional(string(1)),
  model: optional(string(1)),
  timeout: optional(number({ positive: true })),
  matcher: optional(string()),
  failClosed: optional(BOOLEAN),
  loop_limit: optional(UNKNOWN),
});

/** Cursor's timeout when a hook gives none, in seconds (Cursor documents only "platform default"). */
const DEFAULT_SECONDS = 30;

/** Claude's matcher reads a plain word list as exact names; a group makes it the unanchored regex Cursor reads. */
const CLAUDE_EXACT = /^[A-Za-z0-9_\- ,|]+$/;

/** What Cursor's hooks.json says differently from the other agents' settings. */
const CURSOR_SETTINGS: AgentSettings = {
  name: "cursor",
  label: "Cursor",
  agent: "Cursor",
  markers: new Set(["failClosed", "loop_limit"]),
  // No groups: each element of an event's list is one hook, its matcher its own.
  hook: CURSOR_ENTRY,
  hookExample: '{"command": ".cursor/hooks/guard.sh"}',
  timeout: { unit: "seconds", longestMs: MAX_TIMEOUT_MS },
  read: (event, value, _matcher, path, context) =>
    cursorHook(event, typeof path[1] === "string" ? path[1] : "", value, path, context),
  eventOf: cursorEventOf,
  // A version number beside flat entries (a command at the top of each, no "hooks" list inside).
  detects(root) {
    if (typeof root.version !== "number" || !isPlainObject(root.hooks)) return false;
    const lists = Object.values(root.hooks).filter(Array.isArray);
    return lists.length > 0 &&
      lists.every((list) => list.every((entry) => isPlainObject(entry) && !Array.isArray(entry.hooks)));
  },
  broken(value) {
    const label = hookLabel(value);
    const matcher = isPlainObject(value) && typeof value.matcher === "string" ? value.matcher : undefined;
    // A failClosed it cannot read is taken as true; none, or false, is Cursor's default: open.
    const closed = isPlainObject(value) && value.failClosed !== undefined && value.failClosed !== false;
    return {
      failurePolicy: closed ? "closed" : "open",
      policy: false,
      dialect: "cursor",
      ...(label === undefined ? {} : { name: label }),
      ...(matcher === undefined ? {} : { matcher: storedMatcher(matcher) }),
    };
  },
};

/** The Cursor dialect's configuration side. */
export const CURSOR_CONFIG: DialectConfig = agentSettings(CURSOR_SETTINGS);

interface Entry {
  type?: "command" | "prompt";
  command?: string;
  prompt?: string;
  model?: string;
  timeout?: number;
  matcher?: string;
  failClosed?: boolean;
  loop_limit?: unknown;
}

function cursorHook(
  event: HookEvent,
  key: string,
  value: Record<string, unknown>,
  path: JsonPath,
  context: EntryContext,
): ConfiguredHook | null {
  const h = value as Entry;
  const type = h.type ?? "command";
  const info = CURSOR_EVENTS[key];
  const wireEvent = cursorEventOf(key)?.wireEvent;
  const matcher = h.matcher?.trim() ?? "";
  if (matcher !== "" && matcher !== "*") {
    try {
      new RegExp(matcher);
    } catch (error) {
      context.error(
        [...path, "matcher"],
        `the matcher ${JSON.stringify(matcher)} is not a valid regular expression: ${(error as Error).message}`,
      );
      return null;
    }
    // Events whose matcher Cursor tests against a fixed word: one that never matches never runs.
    const fixed = info?.subject;
    const row = isHookEvent(event) ? HOOK_EVENTS[event] : undefined;
    if (fixed !== undefined && row?.matchOn === null && !new RegExp(matcher).test(fixed)) {
      context.warning(
        [...path, "matcher"],
        `Cursor tests ${key}'s matcher against "${fixed}", which ${
          JSON.stringify(matcher)
        } never matches, so this hook never runs`,
      );
      return null;
    }
  }
  const limit = h.loop_limit;
  if (limit !== undefined) {
    if (limit !== null && (typeof limit !== "number" || !Number.isInteger(limit) || limit < 0)) {
      context.error(
        [...path, "loop_limit"],
        `"loop_limit" must be a whole number or null, got ${JSON.stringify(limit)}`,
      );
      return null;
    }
    if (info?.followup !== true) {
      context.warning(
        [...path, "loop_limit"],
        `"loop_limit" applies to stop and subagentStop hooks only; it is ignored here`,
      );
    } else if (limit !== DEFAULT_LOOP_LIMIT) {
      context.warning(
        [...path, "loop_limit"],
        `hookgate stops this hook's follow-ups after Cursor's default of ${DEFAULT_LOOP_LIMIT} (and by its own Stop loop guard), not after ${limit}`,
        "Cursor applies this hook's own loop_limit when Cursor runs it",
      );
    }
  }
  const timeoutMs = agentTimeout(CURSOR_SETTINGS, h.timeout ?? DEFAULT_SECONDS, [...path, "timeout"], context);
  const stored = info?.mcp === true
    ? mcpMatcher(matcher)
    : matcher === "" || matcher === "*"
    ? undefined
    : storedMatcher(matcher);
  const base = {
    dialect: "cursor" as const,
    failurePolicy: h.failClosed === true ? "closed" as const : "open" as const,
    timeoutMs,
    // Only preToolUse hooks may rewrite a call (updated_input).
    ...(info?.rewrite === true ? { stage: "mutate" as const } : {}),
    ...(stored === undefined ? {} : { matcher: stored }),
    ...(wireEvent === undefined ? {} : { wireEvent }),
  };
  if (type === "prompt") {
    if (h.prompt === undefined) {
      context.error(path, 'a prompt hook needs a "prompt" (the condition; $ARGUMENTS stands for the event JSON)');
      return null;
    }
    return { ...base, type: "prompt", prompt: h.prompt, ...(h.model === undefined ? {} : { model: h.model }) };
  }
  if (h.command === undefined) {
    context.error(path, 'a command hook needs a "command"');
    return null;
  }
  // Cursor runs whatever command a hook names, through a shell: no allowlist applies (see the dialect's runsAnyCommand).
  return { ...base, command: h.command };
}

/**
 * The matcher of a hook on an MCP event: Cursor's `MCP:<tool>` names only
 * (the hook's own matcher, if any, must match too).
 */
function mcpMatcher(matcher: string): string {
  return matcher === "" || matcher === "*" ? "^MCP:" : `^(?=MCP:)[\\s\\S]*?(?:${matcher})`;
}

/** A Cursor matcher in the form the Claude matcher reads as the same unanchored regular expression. */
export function storedMatcher(matcher: string): string {
  const trimmed = matcher.trim();
  return CLAUDE_EXACT.test(trimmed) ? `(?:${trimmed})` : trimmed;
}
