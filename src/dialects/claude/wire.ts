// The Claude Code dialect on the wire: its snake_case input (what Claude
// sends hooks, and what it sends hook-run gateway), its output rules, and
// its output fields for a result (what the gateway answers Claude with).

import { isPlainObject } from "../../_internal/json.ts";
import type { AnyHookEventResult, HookEvent } from "../../events/event_map.ts";
import type { HookInput } from "../../events/payload.ts";
import { type HookPayloadField, isHookEvent } from "../../events/table.ts";
import { optionalString, readFields, SNAKE_CASE_NAMES } from "../_fields.ts";
import { type DecodedInput, type Dialect, UnsupportedEventError } from "../types.ts";
import { CLAUDE_EVENTS, DECISION_BLOCK } from "./events.ts";
import { decodeClaudeOutput } from "./output.ts";

/** Native payload field → Claude's wire name: snake_case, but Claude names two its own way. */
const WIRE_NAMES: Readonly<Record<HookPayloadField, string>> = {
  ...SNAKE_CASE_NAMES,
  compactReason: "trigger",
  endReason: "reason",
};

const PROJECT_DIR = /\$\{CLAUDE_PROJECT_DIR\}|\$CLAUDE_PROJECT_DIR\b/g;

/**
 * A payload as Claude Code sends it to hooks: `session_id`,
 * `transcript_path` and `permission_mode` when known, `cwd`,
 * `hook_event_name`, then the event's fields (`tool_name`, `tool_input`,
 * `tool_use_id`, `tool_response` — the tool's result as it is —, `prompt`,
 * `stop_hook_active`, `source`, `reason`, `trigger`, …).
 */
function encodeInput(input: HookInput): Record<string, unknown> {
  const out: Record<string, unknown> = { session_id: input.sessionId ?? "" };
  if (input.transcriptPath !== undefined) out.transcript_path = input.transcriptPath;
  out.cwd = input.cwd;
  if (input.permissionMode !== undefined) out.permission_mode = input.permissionMode;
  out.hook_event_name = input.event;
  for (const field of Object.keys(WIRE_NAMES) as HookPayloadField[]) {
    const value = input[field];
    if (value === undefined) continue;
    out[WIRE_NAMES[field]] = field === "toolResult" ? input.toolResult!.content : value;
  }
  return out;
}

function decodeInput(value: unknown): DecodedInput {
  if (!isPlainObject(value)) throw new TypeError("a Claude hook event must be a JSON object");
  const name = optionalString(value, "hook_event_name");
  if (name === undefined) throw new TypeError('a Claude hook event needs "hook_event_name"');
  if (!isHookEvent(name)) {
    if (CLAUDE_EVENTS.has(name)) throw new UnsupportedEventError(name, "Claude Code");
    throw new TypeError(`"hook_event_name" is ${JSON.stringify(name)}, which is not a Claude Code hook event`);
  }
  const event: HookEvent = name;
  const fields = readFields(event, (field) => {
    const wire = value[WIRE_NAMES[field]];
    if (field === "toolResult" && wire !== undefined) return { content: wire, isError: false };
    return wire;
  }, (field) => WIRE_NAMES[field]);
  const decoded: DecodedInput = { event, fields };
  const cwd = optionalString(value, "cwd");
  const sessionId = optionalString(value, "session_id");
  const transcriptPath = optionalString(value, "transcript_path");
  const permissionMode = optionalString(value, "permission_mode");
  if (cwd !== undefined) decoded.cwd = cwd;
  if (sessionId !== undefined && sessionId !== "") decoded.sessionId = sessionId;
  if (transcriptPath !== undefined) decoded.transcriptPath = transcriptPath;
  if (permissionMode !== undefined) decoded.permissionMode = permissionMode;
  const active = value.stop_hook_active;
  if (active !== undefined && active !== null) {
    if (typeof active !== "boolean") throw new TypeError('"stop_hook_active" must be a boolean');
    decoded.stopHookActive = active;
  }
  return decoded;
}

/** A result as Claude Code reads a hook's JSON output. */
function encodeResult(event: HookEvent, result: AnyHookEventResult): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (result.halt) {
    out.continue = false;
    if (result.stopReason !== undefined) out.stopReason = result.stopReason;
  }
  if (result.systemMessage !== undefined) out.systemMessage = result.systemMessage;
  const specific: Record<string, unknown> = {};
  if (event === "PreToolUse") {
    if (result.block) {
      specific.permissionDecision = "deny";
      if (result.reason !== undefined) specific.permissionDecisionReason = result.reason;
    } else if (result.decision !== undefined) {
      // "allow" only when a hook granted it (a native hook's allow is no decision at all).
      specific.permissionDecision = result.decision;
      if (result.reason !== undefined) specific.permissionDecisionReason = result.reason;
    }
    if (result.input !== undefined && !result.block) specific.updatedInput = result.input;
  } else if (event === "PermissionRequest") {
    if (result.block) {
      specific.decision = { behavior: "deny", ...(result.reason === undefined ? {} : { message: result.reason }) };
    } else if (result.decision === "allow") {
      specific.decision = {
        behavior: "allow",
        ...(result.input === undefined ? {} : { updatedInput: result.input }),
        ...(result.updatedPermissions === undefined ? {} : { updatedPermissions: result.updatedPermissions }),
      };
    }
  } else if (result.block && DECISION_BLOCK.has(event)) {
    out.decision = "block";
    if (result.reason !== undefined) out.reason = result.reason;
  }
  if (result.additionalContext !== undefined) {
    if (result.contextAs === "feedback" && DECISION_BLOCK.has(event)) {
      // After the fact a hook's objection is Claude's decision: "block" beside the result.
      out.decision = "block";
      out.reason = result.additionalContext;
    } else {
      specific.additionalContext = result.additionalContext;
    }
  }
  // Claude replaces only the content: details have no place in its contract.
  if (result.updatedToolResult?.content !== undefined) specific.updatedToolOutput = result.updatedToolResult.content;
  if (Object.keys(specific).length > 0) out.hookSpecificOutput = { hookEventName: event, ...specific };
  return out;
}

/** The Claude Code dialect. */
export const CLAUDE_DIALECT: Dialect = Object.freeze<Dialect>({
  name: "claude",
  matcherKind: "claude",
  matcherScope: "fields",
  contextSeparator: "\n",
  concurrent: true,
  encodeInput,
  decodeInput,
  decodeOutput: decodeClaudeOutput,
  encodeResult,
  commandEnv: (projectDir) => ({ CLAUDE_PROJECT_DIR: projectDir }),
  expandArgument: (argument, projectDir) => argument.replace(PROJECT_DIR, projectDir),
});
