// How OpenAI Codex's rules differ by event. Codex's events carry Claude
// Code's names (no event of its own needs an alias): which it fires, which
// ignore matchers, where exit code 2 blocks, and what each event's strict
// output schema admits — Codex rejects a whole answer with one field more.

import type { HookEvent } from "../../events/event_map.ts";

/** Every event Codex fires hooks for. */
export const CODEX_EVENTS: ReadonlySet<string> = new Set([
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PermissionRequest",
  "PostToolUse",
  "Stop",
  "SubagentStart",
  "SubagentStop",
  "PreCompact",
  "PostCompact",
  "StopFailure",
  "SessionEnd",
]);

/** Events whose matchers Codex never reads. */
export const MATCHER_IGNORED: ReadonlySet<string> = new Set([
  "UserPromptSubmit",
  "Stop",
  "PreCompact",
  "PostCompact",
]);

/** Events where exit code 2 with a reason on stderr blocks (elsewhere exit 2 is a failure). */
export const EXIT2_BLOCKS: ReadonlySet<string> = new Set([
  "PreToolUse",
  "PermissionRequest",
  "PostToolUse",
  "UserPromptSubmit",
  "Stop",
  "SubagentStop",
]);

/** Events where plain text on stdout (exit 0) is context; elsewhere it is ignored, or on a stop invalid. */
export const TEXT_IS_CONTEXT: ReadonlySet<string> = new Set(["SessionStart", "UserPromptSubmit"]);

/** Events where plain text on stdout is invalid output. */
export const TEXT_IS_INVALID: ReadonlySet<string> = new Set(["Stop", "SubagentStop"]);

/**
 * What one event's output schema admits: its top-level fields (besides
 * `hookSpecificOutput`), the `hookSpecificOutput` fields besides
 * `hookEventName` (`null`: no `hookSpecificOutput` at all), how it blocks,
 * and whether `continue: false` may stop the session there.
 */
export interface CodexOutputShape {
  /** Top-level fields. */
  readonly root: ReadonlySet<string>;
  /** `hookSpecificOutput` fields, or `null` when the event has none. */
  readonly specific: ReadonlySet<string> | null;
  /** How a block is said: `decision: "block"`, PreToolUse's or PermissionRequest's own, or not at all. */
  readonly block: "decision" | "permission" | "behavior" | null;
  /** Whether `continue: false` and `stopReason` may be given. */
  readonly halts: boolean;
}

const UNIVERSAL = ["continue", "stopReason", "suppressOutput", "systemMessage"];
const DECISION = ["decision", "reason"];

function shape(
  root: string[],
  specific: string[] | null,
  block: CodexOutputShape["block"],
  halts = root.includes("continue"),
): CodexOutputShape {
  return Object.freeze({
    root: new Set(root),
    specific: specific === null ? null : new Set(specific),
    block,
    halts,
  });
}

const UNIVERSAL_ONLY = shape(UNIVERSAL, null, null);

/**
 * Each event's output as Codex's current schemas admit it. PreToolUse and
 * PermissionRequest refuse `continue: false`, `stopReason` and
 * `suppressOutput`; PostToolUse refuses `suppressOutput`; Stop has no
 * `hookSpecificOutput`.
 */
const SHAPES: Readonly<Record<string, CodexOutputShape>> = Object.freeze({
  PreToolUse: shape(
    ["systemMessage", ...DECISION],
    ["permissionDecision", "permissionDecisionReason", "updatedInput", "additionalContext"],
    "permission",
  ),
  PermissionRequest: shape(["systemMessage"], ["decision"], "behavior"),
  PostToolUse: shape(["continue", "stopReason", "systemMessage", ...DECISION], ["additionalContext"], "decision"),
  UserPromptSubmit: shape([...UNIVERSAL, ...DECISION], ["additionalContext"], "decision"),
  SessionStart: shape(UNIVERSAL, ["additionalContext"], null),
  SubagentStart: shape(UNIVERSAL, ["additionalContext"], null),
  Stop: shape([...UNIVERSAL, ...DECISION], null, "decision"),
  SubagentStop: shape([...UNIVERSAL, ...DECISION], null, "decision"),
});

/** What `event`'s output admits (the universal fields alone for events without their own). */
export function outputShape(event: HookEvent | string): CodexOutputShape {
  return Object.hasOwn(SHAPES, event) ? SHAPES[event]! : UNIVERSAL_ONLY;
}
