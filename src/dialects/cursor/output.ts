// Reading a Cursor hook's answer by Cursor's rules: exit 2 blocks (as
// `permission: "deny"`); any other non-zero exit, a timeout or output that
// is not one JSON object is a failure, which the hook's failure policy
// decides (Cursor's `failClosed: true` is the closed policy); on exit 0 the
// fields the hook's event reads — `permission`, `user_message`,
// `agent_message`, `updated_input`, `continue`, `followup_message`,
// `additional_context`. Cursor's `permission: "allow"` is no objection, not
// a grant: many Cursor hooks answer it for every call, and a grant would
// skip another agent's permission prompt.

import { describe, isPlainObject } from "../../_internal/json.ts";
import type { HookEvent } from "../../events/event_map.ts";
import type { NormalizedOutcome } from "../../events/outcome.ts";
import type { HookInput } from "../../events/payload.ts";
import { DEFAULT_BLOCK_REASON } from "../../events/parse_outcome.ts";
import { firstLine } from "../shared/_answer.ts";
import type { DecodedOutput, HookAnswer } from "../shared/types.ts";
import { cursorInfo } from "./events.ts";
import { CURSOR_TOOLS } from "./tools.ts";

/** How many follow-ups Cursor lets one stop hook send in a row unless its `loop_limit` says otherwise. */
export const DEFAULT_LOOP_LIMIT = 5;

/** Decodes a Cursor hook's answer for `event`, configured on `wireEvent`. */
export function decodeCursorOutput(
  event: HookEvent,
  answer: HookAnswer,
  input?: HookInput,
  wireEvent?: string,
): DecodedOutput {
  const { exitCode, text, stderr } = answer;
  const info = cursorInfo(event, wireEvent);
  if (exitCode === 2) {
    const json = parseJson(text);
    const reason = message(json?.agent_message) ?? message(json?.user_message) ?? (stderr || DEFAULT_BLOCK_REASON);
    return { outcome: { action: "deny", reason } };
  }
  if (exitCode !== null && exitCode !== 0) {
    return { failure: { kind: "exit", message: `exited with code ${exitCode}${firstLine(stderr)}` } };
  }
  if (text === "") return { outcome: { action: "allow" } };
  const json = parseJson(text);
  if (json === undefined) {
    const what = answer.source === "stdout" ? "stdout" : "the body";
    return {
      failure: {
        kind: "invalid_output",
        message: `${what} is not one JSON object (${text.length} characters) on ${
          wireEvent ?? event
        }; print only Cursor's JSON output, such as {"permission": "deny", "agent_message": "…"}`,
      },
    };
  }
  const read = readFields(json, info, input);
  return typeof read === "string" ? { failure: { kind: "invalid_output", message: read } } : { outcome: read };
}

function parseJson(text: string): Record<string, unknown> | undefined {
  if (!text.startsWith("{")) return undefined;
  try {
    const value = JSON.parse(text);
    return isPlainObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A message field's text, or `undefined` when it is missing or blank. */
function message(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

const STRINGS = ["permission", "user_message", "agent_message", "followup_message", "additional_context"];

/** Reads the fields Cursor reads on the event; a string says which field is wrong. */
function readFields(
  o: Record<string, unknown>,
  info: ReturnType<typeof cursorInfo>,
  input: HookInput | undefined,
): NormalizedOutcome | string {
  for (const key of STRINGS) {
    if (o[key] !== undefined && o[key] !== null && typeof o[key] !== "string") {
      return `"${key}" must be a string, got ${describe(o[key])}`;
    }
  }
  if (o.continue !== undefined && typeof o.continue !== "boolean") {
    return `"continue" must be a boolean, got ${describe(o.continue)}`;
  }
  const outcome: NormalizedOutcome = { action: "allow" };
  if (info === undefined) return outcome;
  const user = info.userMessage ? message(o.user_message) : undefined;
  const agent = info.agentMessage ? message(o.agent_message) : undefined;
  const permission = info.permission ? o.permission : undefined;
  if (permission !== undefined && permission !== null) {
    if (permission !== "allow" && permission !== "deny" && permission !== "ask") {
      return `"permission" must be "allow", "deny" or "ask", got ${JSON.stringify(permission)}`;
    }
    if (permission === "deny") {
      outcome.action = "deny";
      outcome.reason = agent ?? user ?? DEFAULT_BLOCK_REASON;
    } else if (permission === "ask") {
      // An ask where Cursor cannot ask (subagentStart) is Cursor's deny.
      outcome.action = info.event === "PreToolUse" ? "ask" : "deny";
      const reason = agent ?? user;
      if (reason !== undefined || outcome.action === "deny") outcome.reason = reason ?? DEFAULT_BLOCK_REASON;
    }
  }
  if (info.continueBlocks && o.continue === false) {
    outcome.action = "deny";
    outcome.reason = user ?? DEFAULT_BLOCK_REASON;
  }
  if (user !== undefined && (outcome.action !== "deny" || outcome.reason !== user)) outcome.systemMessage = user;
  if (info.rewrite && o.updated_input !== undefined && o.updated_input !== null) {
    if (!isPlainObject(o.updated_input)) {
      return `"updated_input" must be a JSON object, got ${describe(o.updated_input)}`;
    }
    if (outcome.action !== "deny") {
      // The hook answered in Cursor's tool terms: back to the canonical ones of the call.
      const canonical = input?.toolName ?? "";
      const agentName = CURSOR_TOOLS.agentName(canonical);
      outcome.input = CURSOR_TOOLS.toCanonical(agentName, o.updated_input).input;
      if (outcome.action === "allow") outcome.action = "mutate";
    }
  }
  const followup = info.followup ? message(o.followup_message) : undefined;
  if (followup !== undefined && !pastLoopLimit(input)) {
    outcome.action = "deny";
    outcome.reason = followup;
  }
  const context = info.context ? message(o.additional_context) : undefined;
  if (context !== undefined) outcome.additionalContext = context;
  return outcome;
}

/**
 * Whether Cursor would no longer send a follow-up: its count of this
 * conversation's follow-ups has reached the default limit (a hook's own
 * `loop_limit` is Cursor's to apply when Cursor runs it).
 */
function pastLoopLimit(input: HookInput | undefined): boolean {
  const count = input?.extra?.loop_count;
  return typeof count === "number" && count >= DEFAULT_LOOP_LIMIT;
}
