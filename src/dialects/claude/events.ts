// How Claude Code's rules differ by event (v2.1.240: 31 events, every one
// a row of the event table; an event it adds later runs under the table's
// row for unknown events). What exit code 2 means, where plain text is
// context, which events take a top-level `decision: "block"`, which a
// block only by exit code, and which give hooks CLAUDE_ENV_FILE.

import type { HookEvent } from "../../events/event_map.ts";
import { rowOf } from "../shared/_later_event.ts";

export { rowOf };

/** Where Claude's exit code 2 goes, by event (§5 and §12 of its contract). */
export type Exit2 = "block" | "user" | "ignored";

/** Events where Claude ignores exit code 2 (PermissionRequest takes only its decision object). */
const EXIT2_IGNORED: ReadonlySet<string> = new Set([
  "PermissionRequest",
  "PermissionDenied",
  "Notification",
  "InstructionsLoaded",
]);

/**
 * What exit code 2 means for a Claude hook on `event`: a block where the
 * event can block (after the fact, feedback beside the tool's result), the
 * stderr shown to the user elsewhere, or nothing.
 */
export function exit2(event: HookEvent): Exit2 {
  if (EXIT2_IGNORED.has(event)) return "ignored";
  const row = rowOf(event);
  return row.canBlock || row.denyAsFeedback ? "block" : "user";
}

/** Events that fail on any non-zero exit, not only on 2. */
export const ANY_EXIT_BLOCKS: ReadonlySet<string> = new Set(["WorktreeCreate"]);

/** Events whose hooks' output and exit code Claude ignores altogether. */
export const OUTPUT_IGNORED: ReadonlySet<string> = new Set(["StopFailure"]);

/** Events where plain text on stdout (exit 0) becomes model context. */
export const TEXT_IS_CONTEXT: ReadonlySet<string> = new Set([
  "UserPromptSubmit",
  "UserPromptExpansion",
  "SessionStart",
]);

/** Events whose block is Claude's top-level `decision: "block"` + `reason`. */
export const DECISION_BLOCK: ReadonlySet<string> = new Set([
  "UserPromptSubmit",
  "UserPromptExpansion",
  "PostToolUse",
  "PostToolUseFailure",
  "PostToolBatch",
  "Stop",
  "SubagentStop",
  "ConfigChange",
  "PreCompact",
  "TaskCreated",
]);

/**
 * Events where Claude reads a block only from the exit code (JSON cannot
 * say it): hook-run gateway answers a block there with exit code 2 and the
 * reason on stderr, besides `decision: "block"` and the reason in its JSON
 * (where Claude takes an exit-2 block's message from).
 */
export const BLOCK_BY_EXIT: ReadonlySet<string> = new Set(["TeammateIdle", "TaskCompleted", "WorktreeCreate"]);

/** Events whose hooks answer for the user: `action: "decline"` (or `"cancel"`) is their block. */
export const ACTION_DECIDES: ReadonlySet<string> = new Set(["Elicitation", "ElicitationResult"]);

/** Events whose command hooks get CLAUDE_ENV_FILE, to export variables for later Bash calls. */
export const ENV_FILE_EVENTS: ReadonlySet<string> = new Set(["SessionStart", "Setup", "CwdChanged", "FileChanged"]);

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

/**
 * Claude events the routing into hookgate leaves to Claude: WorktreeCreate,
 * whose hook Claude asks for the path of a worktree the hook created itself,
 * so routing it would replace Claude's own creation of worktrees.
 */
export const NOT_ROUTED: ReadonlySet<string> = new Set(["WorktreeCreate"]);
