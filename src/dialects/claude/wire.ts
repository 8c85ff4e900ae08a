// The Claude Code dialect on the wire: its snake_case input (what Claude
// sends hooks, and what it sends hook-run gateway), its output rules, and
// its output fields for a result (what the gateway answers Claude with).

import { isPlainObject, setOwn } from "../../_internal/json.ts";
import { MAX_AGENT_TIMEOUT_MS, MAX_OUTPUT_BYTES } from "../../_internal/limits.ts";
import type { AnyHookEventFields, AnyHookEventResult, HookEvent } from "../../events/event_map.ts";
import type { HookDialect } from "../../events/hooks.ts";
import type { HookInput } from "../../events/payload.ts";
import { type HookPayloadField, isEventName, isHookEvent } from "../../events/table.ts";
import { optionalString, readFields, readLoopFlagAndExtra, SNAKE_CASE_NAMES } from "../shared/_fields.ts";
import { type EventSenders, laterWireEvent } from "../shared/_later_event.ts";
import type { DecodedInput, Dialect } from "../shared/types.ts";
import { ACTION_DECIDES, BLOCK_BY_EXIT, DECISION_BLOCK, rowOf } from "./events.ts";
import { claudeCommandEnv } from "./env.ts";
import { decodeClaudeOutput } from "./output.ts";
import { claudePromptModel, decodeClaudeVerdict } from "./verdict.ts";

/** Native payload field → Claude's wire name: snake_case, but Claude names a few its own way. */
const WIRE_NAMES: Readonly<Record<HookPayloadField, string>> = {
  ...SNAKE_CASE_NAMES,
  compactReason: "trigger",
  setupReason: "trigger",
  endReason: "reason",
  denialReason: "reason",
};
const FIELDS = Object.keys(WIRE_NAMES) as HookPayloadField[];

/** What every Claude event carries, read into the run environment rather than the fields. */
const COMMON_KEYS = ["session_id", "transcript_path", "cwd", "permission_mode", "hook_event_name"];

const PROJECT_DIR = /\$\{CLAUDE_PROJECT_DIR\}|\$CLAUDE_PROJECT_DIR\b/g;

/**
 * A payload as Claude Code sends it to hooks: `session_id`,
 * `transcript_path` and `permission_mode` when known, `cwd`,
 * `hook_event_name`, then the event's fields (`tool_name`, `tool_input`,
 * `tool_use_id`, `tool_response` — the tool's result as it is —, `prompt`,
 * `stop_hook_active`, `source`, `reason`, `trigger`, …), then what the
 * agent sent that hookgate does not model, unchanged.
 */
export function encodeClaudeInput(input: HookInput): Record<string, unknown> {
  const out: Record<string, unknown> = { session_id: input.sessionId ?? "" };
  if (input.transcriptPath !== undefined) out.transcript_path = input.transcriptPath;
  out.cwd = input.cwd;
  if (input.permissionMode !== undefined) out.permission_mode = input.permissionMode;
  out.hook_event_name = input.event;
  for (const field of FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    out[WIRE_NAMES[field]] = field === "toolResult" ? input.toolResult!.content : value;
  }
  const extra = input.extra;
  if (extra !== undefined) {
    for (const key of Object.keys(extra)) if (!Object.hasOwn(out, key)) setOwn(out, key, extra[key]);
  }
  return out;
}

/**
 * Reads a payload in Claude Code's names, as `agent` sends it (Codex writes
 * Claude's): an event the table lacks is one `agent` added later, unless
 * another agent is known to send it (`senders`).
 */
export function decodeClaudeInput(value: unknown, agent: HookDialect, senders: EventSenders): DecodedInput {
  if (!isPlainObject(value)) throw new TypeError("a Claude hook event must be a JSON object");
  const name = optionalString(value, "hook_event_name");
  if (name === undefined) throw new TypeError('a Claude hook event needs "hook_event_name"');
  if (!isHookEvent(name) && laterWireEvent(name, agent, senders) === undefined) {
    throw new TypeError(
      `"hook_event_name" is ${JSON.stringify(name)}, which is not a Claude Code hook event name${
        isEventName(name) ? " (it is another agent's event)" : ""
      }`,
    );
  }
  // An event Claude added after this version runs under the row for unknown events.
  const event = name as HookEvent;
  const fields: AnyHookEventFields = isHookEvent(name)
    ? readFields(event, (field) => {
      const wire = value[WIRE_NAMES[field]];
      if (field === "toolResult" && wire !== undefined) return { content: wire, isError: false };
      return wire;
    }, (field) => WIRE_NAMES[field])
    : {};
  const decoded: DecodedInput = { event, fields };
  const cwd = optionalString(value, "cwd");
  const sessionId = optionalString(value, "session_id");
  const transcriptPath = optionalString(value, "transcript_path");
  const permissionMode = optionalString(value, "permission_mode");
  if (cwd !== undefined) decoded.cwd = cwd;
  if (sessionId !== undefined && sessionId !== "") decoded.sessionId = sessionId;
  if (transcriptPath !== undefined) decoded.transcriptPath = transcriptPath;
  if (permissionMode !== undefined) decoded.permissionMode = permissionMode;
  const read = new Set(COMMON_KEYS);
  for (const field of Object.keys(fields) as HookPayloadField[]) read.add(WIRE_NAMES[field]);
  // Everything else travels as the agent sent it.
  readLoopFlagAndExtra(value, rowOf(event).loopGuard, read, decoded);
  return decoded;
}

/**
 * A result as Claude Code reads a hook's JSON output: what hooks answered
 * that hookgate does not model first, as they gave it, then what hookgate
 * decided, over it.
 */
function encodeResult(event: HookEvent, result: AnyHookEventResult): Record<string, unknown> {
  const extra = result.extra;
  const out: Record<string, unknown> = extra?.root === undefined ? {} : { ...extra.root };
  if (result.halt) {
    out.continue = false;
    if (result.stopReason !== undefined) out.stopReason = result.stopReason;
  }
  if (result.systemMessage !== undefined) out.systemMessage = result.systemMessage;
  const specific: Record<string, unknown> = extra?.event === undefined ? {} : { ...extra.event };
  // A refused elicitation answers nothing for the user.
  if (result.block && ACTION_DECIDES.has(event)) delete specific.content;
  // An event added later takes only what every event takes, and what its hooks gave.
  if (!isHookEvent(event)) {
    if (Object.keys(specific).length > 0) out.hookSpecificOutput = { hookEventName: event, ...specific };
    return out;
  }
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
  } else if (result.block && ACTION_DECIDES.has(event)) {
    specific.action = "decline";
  } else if (result.block && (DECISION_BLOCK.has(event) || BLOCK_BY_EXIT.has(event))) {
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

/**
 * Exit code 2 with the reason on stderr, where Claude reads a block only
 * from the exit code; `undefined` elsewhere, and when a halt (which JSON
 * says, and which beats every block) is part of the result.
 */
function encodeExit(event: HookEvent, result: AnyHookEventResult): { code: 2; stderr: string } | undefined {
  if (!result.block || result.halt || !BLOCK_BY_EXIT.has(event)) return undefined;
  return { code: 2, stderr: result.reason ?? "blocked by hook" };
}

/** The Claude Code dialect, telling the events other agents send (`senders`) from Claude's own. */
export function claudeDialect(senders: EventSenders): Dialect {
  return Object.freeze<Dialect>({
    name: "claude",
    matcherKind: "claude",
    matcherScope: "fields",
    contextSeparator: "\n",
    concurrent: true,
    acceptsUnknownEvents: true,
    runsAnyCommand: true,
    // Claude keeps all of a hook's output: what fits in the largest cap counts.
    defaultMaxOutputBytes: MAX_OUTPUT_BYTES,
    // Claude waits as long as a hook's timeout says (an approval may wait days for a human).
    maxTimeoutMs: MAX_AGENT_TIMEOUT_MS,
    encodeInput: encodeClaudeInput,
    decodeInput: (value) => decodeClaudeInput(value, "claude", senders),
    decodeOutput: decodeClaudeOutput,
    encodeResult,
    encodeExit,
    decodeVerdict: decodeClaudeVerdict,
    defaultPromptModel: claudePromptModel,
    commandEnv: claudeCommandEnv,
    expandArgument: (argument, projectDir) => argument.replace(PROJECT_DIR, projectDir),
  });
}
