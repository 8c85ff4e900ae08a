// Gemini CLI's events (0.61) and the canonical events they are: its own
// names on the wire and in its settings, the event table's rows
// underneath. BeforeModel, AfterModel and BeforeToolSelection have no
// canonical equivalent: they are rows of their own.

import type { HookEvent } from "../../events/event_map.ts";
import { isHookEvent } from "../../events/table.ts";

/** Gemini's event name → the canonical event it is. */
const CANONICAL: Readonly<Record<string, string>> = Object.freeze({
  BeforeTool: "PreToolUse",
  AfterTool: "PostToolUse",
  BeforeAgent: "UserPromptSubmit",
  AfterAgent: "Stop",
  SessionStart: "SessionStart",
  SessionEnd: "SessionEnd",
  PreCompress: "PreCompact",
  Notification: "Notification",
  BeforeModel: "BeforeModel",
  AfterModel: "AfterModel",
  BeforeToolSelection: "BeforeToolSelection",
});

/** The canonical event → Gemini's name of it. */
const GEMINI: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(Object.entries(CANONICAL).map(([gemini, canonical]) => [canonical, gemini])),
);

/** Every event Gemini CLI fires hooks for, by its own name. */
export const GEMINI_EVENTS: readonly string[] = Object.freeze(Object.keys(CANONICAL));

/**
 * The canonical event of a Gemini event name, or `undefined` when Gemini
 * has no such event (or its row is not in this build's event table).
 */
export function canonicalEvent(name: string): HookEvent | undefined {
  const event = Object.hasOwn(CANONICAL, name) ? CANONICAL[name]! : undefined;
  return event !== undefined && isHookEvent(event) ? event : undefined;
}

/** Gemini's name of a canonical event, or `undefined` when Gemini has none. */
export function geminiEvent(event: string): string | undefined {
  return Object.hasOwn(GEMINI, event) ? GEMINI[event] : undefined;
}

/** Events where Gemini reads `decision: "deny"` (or `"block"`) and acts on it. */
export const DECIDES: ReadonlySet<string> = new Set([
  "PreToolUse",
  "PostToolUse",
  "UserPromptSubmit",
  "Stop",
  "BeforeModel",
  "AfterModel",
]);

/** Events where Gemini reads `hookSpecificOutput.additionalContext`. */
export const TAKES_CONTEXT: ReadonlySet<string> = new Set(["PostToolUse", "UserPromptSubmit", "SessionStart"]);

/** Events whose hooks Gemini does not wait for, or whose answer it only shows: nothing they say is enforced. */
export const ADVISORY: ReadonlySet<string> = new Set(["SessionEnd", "PreCompact", "Notification"]);

/** The events whose matchers Gemini compares exactly with the event's trigger (source, reason, trigger). */
export const TRIGGER_EVENTS: ReadonlySet<string> = new Set(["SessionStart", "SessionEnd", "PreCompact"]);
