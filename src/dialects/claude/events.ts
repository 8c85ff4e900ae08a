// Claude Code's events (v2.1.240: 31) and how its rules differ by event.
// hookgate models 13 of them; the others are answered with nothing.

import type { HookEvent } from "../../events/event_map.ts";

/** Every event Claude Code fires hooks for. */
export const CLAUDE_EVENTS: ReadonlySet<string> = new Set([
  "SessionStart",
  "Setup",
  "InstructionsLoaded",
  "UserPromptSubmit",
  "UserPromptExpansion",
  "MessageDisplay",
  "PreToolUse",
  "PermissionRequest",
  "PermissionDenied",
  "PostToolUse",
  "PostToolUseFailure",
  "PostToolBatch",
  "Notification",
  "SubagentStart",
  "SubagentStop",
  "TaskCreated",
  "TaskCompleted",
  "Stop",
  "StopFailure",
  "TeammateIdle",
  "ConfigChange",
  "CwdChanged",
  "DirectoryAdded",
  "FileChanged",
  "WorktreeCreate",
  "WorktreeRemove",
  "PreCompact",
  "PostCompact",
  "Elicitation",
  "ElicitationResult",
  "SessionEnd",
]);

/** Where Claude's exit code 2 goes, by event (§5 and §12 of its contract). */
export type Exit2 = "block" | "user" | "ignored";

/** Exit 2 blocks on events that can block; on these it only shows stderr to the user, or is ignored. */
const EXIT2: Partial<Record<HookEvent, Exit2>> = {
  SessionStart: "user",
  SubagentStart: "user",
  SessionEnd: "user",
  FileChanged: "user",
  PostCompact: "user",
  PermissionRequest: "ignored",
};

/** What exit code 2 means for a Claude hook on `event`. */
export function exit2(event: HookEvent): Exit2 {
  return EXIT2[event] ?? "block";
}

/** Events where plain text on stdout (exit 0) becomes model context. */
export const TEXT_IS_CONTEXT: ReadonlySet<HookEvent> = new Set(["UserPromptSubmit", "SessionStart"]);

/** Events whose block is Claude's top-level `decision: "block"` + `reason`. */
export const DECISION_BLOCK: ReadonlySet<HookEvent> = new Set([
  "UserPromptSubmit",
  "PostToolUse",
  "PostToolUseFailure",
  "Stop",
  "SubagentStop",
  "PreCompact",
]);
