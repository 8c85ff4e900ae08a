// Reading a Gemini-style hook's answer by Gemini CLI's rules (0.61): it
// reads stdout, or stderr when stdout is empty; a JSON object there (or a
// JSON string holding one) decides whatever the exit code; plain text is a
// message on exit 0, a warning on exit 1 and a deny on any other code;
// nothing at all allows. One rule is hookgate's own and stricter: exit
// code 2 always blocks, even with JSON that allows.
//
// The JSON fields: `continue: false` (+ `stopReason`) ends the agent's
// loop; `decision` "deny"/"block" (+ `reason`) blocks where Gemini acts on
// it, "ask" forces Gemini's confirmation before a tool, "allow"/"approve"
// is no objection; `systemMessage` is for the user;
// `hookSpecificOutput.tool_input` replaces a tool's whole input;
// `hookSpecificOutput.additionalContext` is context where Gemini takes it.
// What hookgate does not model (`suppressOutput`, `clearContext`,
// `tailToolCallRequest`, a model event's `llm_request`, …) travels on.

import { describe, isPlainObject, setOwn } from "../../_internal/json.ts";
import type { HookEvent } from "../../events/event_map.ts";
import type { NormalizedOutcome } from "../../events/outcome.ts";
import { DEFAULT_BLOCK_REASON } from "../../events/parse_outcome.ts";
import type { HookInput } from "../../events/payload.ts";
import { firstLine } from "../shared/_answer.ts";
import type { DecodedOutput, HookAnswer } from "../shared/types.ts";
import { DECIDES, TAKES_CONTEXT } from "./events.ts";
import { GEMINI_TOOLS } from "./tools.ts";

/** The top-level fields hookgate reads; the others travel on, unread. */
const ROOT_FIELDS: ReadonlySet<string> = new Set([
  "continue",
  "stopReason",
  "systemMessage",
  "decision",
  "reason",
  "hookSpecificOutput",
]);
/** The `hookSpecificOutput` fields hookgate reads; the others travel on, unread. */
const EVENT_FIELDS: ReadonlySet<string> = new Set(["hookEventName", "additionalContext", "tool_input"]);

/**
 * Decodes a Gemini-style hook's answer for `event`; `input` (the call in
 * canonical terms) translates a rewrite of the tool's input back.
 */
export function decodeGeminiOutput(event: HookEvent, answer: HookAnswer, input?: HookInput): DecodedOutput {
  const { exitCode, stderr } = answer;
  const text = answer.text !== "" ? answer.text : answer.source === "stdout" ? stderr : "";
  const json = parseJson(text);
  if (exitCode === 2) {
    // Exit 2 always blocks here; the JSON (or stderr) only gives the reason.
    return { outcome: { action: "deny", reason: exit2Reason(json, stderr, text) } };
  }
  const failed = exitCode !== null && exitCode !== 0;
  const failure = { kind: "exit", message: `exited with code ${exitCode}${firstLine(stderr)}` } as const;
  if (json === undefined) {
    if (text === "") return failed ? { failure, lenient: { action: "allow" } } : { outcome: { action: "allow" } };
    // Plain text: Gemini's message on exit 0, its warning on exit 1, its deny otherwise.
    if (!failed) return { outcome: { action: "allow", systemMessage: text } };
    if (exitCode === 1) return { failure, lenient: { action: "allow", systemMessage: `Warning: ${text}` } };
    return { outcome: { action: "deny", reason: text } };
  }
  const decided = readFields(event, json, input);
  if (typeof decided === "string") return { failure: { kind: "invalid_output", message: decided } };
  // Gemini lets the JSON decide whatever the exit code: a lenient reading, which only an open hook gets.
  return failed ? { failure, lenient: decided } : { outcome: decided };
}

/** A JSON object, or a JSON string that holds one (Gemini reads both); else `undefined`. */
function parseJson(text: string): Record<string, unknown> | undefined {
  if (!text.startsWith("{") && !text.startsWith('"')) return undefined;
  try {
    let value = JSON.parse(text);
    if (typeof value === "string") value = JSON.parse(value);
    return isPlainObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A string field's text, or `undefined` when it is missing or blank. */
function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** An exit-2 block's reason: the JSON's (Gemini's order: `stopReason`, then `reason`), else stderr, else stdout. */
function exit2Reason(json: Record<string, unknown> | undefined, stderr: string, stdout: string): string {
  const given = text(json?.stopReason) ?? text(json?.reason);
  if (given !== undefined) return given;
  return stderr || (json === undefined ? stdout : "") || DEFAULT_BLOCK_REASON;
}

/** Reads Gemini's output fields; a string says which field is wrong. */
function readFields(
  event: HookEvent,
  json: Record<string, unknown>,
  input: HookInput | undefined,
): NormalizedOutcome | string {
  for (const key of ["stopReason", "systemMessage", "reason"] as const) {
    if (json[key] !== undefined && json[key] !== null && typeof json[key] !== "string") {
      return `"${key}" must be a string, got ${describe(json[key])}`;
    }
  }
  if (json.continue !== undefined && json.continue !== null && typeof json.continue !== "boolean") {
    return `"continue" must be a boolean, got ${describe(json.continue)}`;
  }
  const outcome: NormalizedOutcome = { action: "allow" };
  const root = unmodelled(json, ROOT_FIELDS);
  if (root !== undefined) outcome.extra = { root };
  const why = text(json.stopReason) ?? text(json.reason);
  if (json.continue === false) {
    outcome.halt = true;
    if (why !== undefined) outcome.stopReason = why;
  }
  const message = text(json.systemMessage);
  if (message !== undefined) outcome.systemMessage = message;
  const specific = json.hookSpecificOutput;
  if (specific !== undefined && specific !== null && !isPlainObject(specific)) {
    return `"hookSpecificOutput" must be a JSON object, got ${describe(specific)}`;
  }
  const decision = json.decision;
  switch (decision) {
    case undefined:
    case null:
    case "allow":
    case "approve":
      break;
    case "deny":
    case "block":
      // Gemini acts on a block only where it can block; elsewhere it is ignored.
      if (DECIDES.has(event)) {
        outcome.action = "deny";
        outcome.reason = why ?? DEFAULT_BLOCK_REASON;
      }
      break;
    case "ask":
      // Gemini asks only before a tool; elsewhere it is ignored.
      if (event === "PreToolUse") {
        outcome.action = "ask";
        const reason = text(json.reason);
        if (reason !== undefined) outcome.reason = reason;
      }
      break;
    default:
      return `"decision" must be "allow", "deny", "block" or "ask", got ${JSON.stringify(decision)}`;
  }
  if (!isPlainObject(specific)) return outcome;
  const own = unmodelled(specific, EVENT_FIELDS);
  if (own !== undefined) outcome.extra = { ...outcome.extra, event: own };
  const context = specific.additionalContext;
  if (context !== undefined && context !== null && TAKES_CONTEXT.has(event)) {
    if (typeof context !== "string") return `"additionalContext" must be a string, got ${describe(context)}`;
    if (context !== "") outcome.additionalContext = context;
  }
  const rewrite = specific.tool_input;
  if (event === "PreToolUse" && rewrite !== undefined && rewrite !== null) {
    if (!isPlainObject(rewrite)) {
      return `"hookSpecificOutput.tool_input" must be a JSON object, got ${describe(rewrite)}`;
    }
    if (outcome.action === "deny") return outcome;
    // Gemini's whole new input, in its terms: the canonical call's, back in canonical terms.
    const name = input?.toolName;
    outcome.input = name === undefined
      ? rewrite
      : GEMINI_TOOLS.toCanonical(GEMINI_TOOLS.agentName(name), rewrite).input;
    if (outcome.action === "allow") outcome.action = "mutate";
  }
  return outcome;
}

/** The fields of `fields` not in `known`, as they are; `undefined` when there are none. */
function unmodelled(fields: Record<string, unknown>, known: ReadonlySet<string>): Record<string, unknown> | undefined {
  let found: Record<string, unknown> | undefined;
  for (const key of Object.keys(fields)) {
    if (!known.has(key)) setOwn(found ??= {}, key, fields[key]);
  }
  return found;
}
