// How OpenAI Codex's rules differ by event. Codex's events carry Claude
// Code's names (no event of its own needs an alias): which it fires, which
// ignore matchers, where exit code 2 blocks, and what each event's strict
// output schema admits — Codex rejects a whole answer with one field more.

import type { HookEvent } from "../../events/event_map.ts";

/**
 * Every event of the event table Codex fires hooks for. Codex 0.169 also
 * fires `PreModelRequest`, `PostModelRequest` and `Interrupt`, which
 * hookgate does not model: they run as events Codex added later (nothing
 * blocks on them), as any event a newer Codex adds does.
 */
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

/**
 * The events Codex 0.169 fires that the event table does not have: they
 * run under the row for unknown events, as any event a newer Codex adds.
 * Named here so that another agent's gateway can tell a Codex payload sent
 * to it.
 */
export const CODEX_LATER_EVENTS: readonly string[] = Object.freeze([
  "PreModelRequest",
  "PostModelRequest",
  "Interrupt",
]);

/**
 * The events whose payload carries no `model` (Codex 0.169's input
 * schemas: `session_id`, `transcript_path`, `cwd`, `hook_event_name` and
 * `reason` only on SessionEnd); on every other event of its own a payload
 * without one is another agent's.
 */
export const WITHOUT_MODEL: ReadonlySet<string> = new Set(["SessionEnd", "StopFailure"]);

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
 * An event Codex added later: its schema is not known, so the one field
 * every schema of Codex 0.169 admits. Its Interrupt refuses even
 * `continue`; its PreModelRequest and PostModelRequest read no answer.
 */
const LATER = shape(["systemMessage"], null, null, false);

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

/**
 * What `event`'s output admits: the universal fields alone for its events
 * without their own, `systemMessage` alone for an event it added later.
 */
export function outputShape(event: HookEvent | string): CodexOutputShape {
  if (Object.hasOwn(SHAPES, event)) return SHAPES[event]!;
  return CODEX_EVENTS.has(event) ? UNIVERSAL_ONLY : LATER;
}
