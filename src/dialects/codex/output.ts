// Reading a Codex-dialect hook's answer by Codex's rules. Exit code 2
// blocks with stderr as the reason where the event can block (empty stderr
// is a failure, not a block); any other non-zero exit is a failure. On
// exit 0, empty stdout is nothing, plain text is context on SessionStart
// and UserPromptSubmit, invalid on Stop, ignored elsewhere; JSON must fit
// the event's schema exactly — an unknown field, a wrong type or a
// combination Codex refuses (a PreToolUse "ask", a bare "allow", a rewrite
// without "allow", a deny without a reason, …) makes the whole answer
// invalid: a failure, which Codex skips and the hook's failure policy
// decides here.

import { describe, isPlainObject } from "../../_internal/json.ts";
import type { HookEvent } from "../../events/event_map.ts";
import type { NormalizedOutcome } from "../../events/outcome.ts";
import { firstLine } from "../shared/_answer.ts";
import type { DecodedOutput, HookAnswer } from "../shared/types.ts";
import { EXIT2_BLOCKS, TEXT_IS_CONTEXT, TEXT_IS_INVALID } from "./events.ts";

const UNIVERSAL = ["continue", "stopReason", "suppressOutput", "systemMessage"];

/** The top-level fields each event's answers may have. */
const ROOT: Readonly<Record<string, ReadonlySet<string>>> = {
  PreToolUse: new Set([...UNIVERSAL, "decision", "reason", "hookSpecificOutput"]),
  PermissionRequest: new Set([...UNIVERSAL, "hookSpecificOutput"]),
  PostToolUse: new Set([...UNIVERSAL, "decision", "reason", "hookSpecificOutput"]),
  UserPromptSubmit: new Set([...UNIVERSAL, "decision", "reason", "hookSpecificOutput"]),
  SessionStart: new Set([...UNIVERSAL, "hookSpecificOutput"]),
  SubagentStart: new Set([...UNIVERSAL, "hookSpecificOutput"]),
  StopFailure: new Set([...UNIVERSAL, "hookSpecificOutput"]),
  Stop: new Set([...UNIVERSAL, "decision", "reason"]),
  SubagentStop: new Set([...UNIVERSAL, "decision", "reason"]),
};
const UNIVERSAL_ROOT: ReadonlySet<string> = new Set(UNIVERSAL);

/** The `hookSpecificOutput` fields each event's answers may have, besides `hookEventName`. */
const SPECIFIC: Readonly<Record<string, ReadonlySet<string>>> = {
  PreToolUse: new Set(["permissionDecision", "permissionDecisionReason", "updatedInput", "additionalContext"]),
  PermissionRequest: new Set(["decision"]),
  PostToolUse: new Set(["additionalContext", "updatedMCPToolOutput", "updatedToolOutput"]),
  UserPromptSubmit: new Set(["additionalContext"]),
  SessionStart: new Set(["additionalContext", "env"]),
  SubagentStart: new Set(["additionalContext"]),
  StopFailure: new Set(["recovery"]),
};

const PERMISSION_DECISION_KEYS: ReadonlySet<string> = new Set([
  "behavior",
  "updatedInput",
  "updatedPermissions",
  "addDirectories",
  "message",
  "interrupt",
]);

/** Decodes a Codex-dialect hook's answer for `event`. */
export function decodeCodexOutput(event: HookEvent, answer: HookAnswer): DecodedOutput {
  const { exitCode, text, stderr } = answer;
  if (exitCode === 2) {
    if (!EXIT2_BLOCKS.has(event)) {
      return failure("exit", `exited with code 2, which Codex reads as a failure on ${event}${firstLine(stderr)}`);
    }
    if (stderr.trim() === "") {
      return failure(
        "exit",
        `exited with code 2 without a reason on stderr, which Codex reads as a failure, not a block; write the reason to stderr`,
      );
    }
    return { outcome: { action: "deny", reason: stderr.trim() } };
  }
  if (exitCode !== null && exitCode !== 0) return failure("exit", `exited with code ${exitCode}${firstLine(stderr)}`);
  const trimmed = text.trim();
  if (trimmed === "") return { outcome: { action: "allow" } };
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) {
    if (TEXT_IS_CONTEXT.has(event) && answer.source === "stdout") {
      return { outcome: { action: "allow", additionalContext: trimmed } };
    }
    if (TEXT_IS_INVALID.has(event)) {
      return failure("invalid_output", `printed plain text on ${event}, which Codex rejects; print its JSON output`);
    }
    // Codex ignores plain text here (a log line); so does hookgate.
    return { outcome: { action: "allow" } };
  }
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return invalid(event, `${trimmed.length} characters that start like JSON but are not JSON`);
  }
  if (!isPlainObject(value)) return invalid(event, `${describe(value)}, not one object`);
  const read = readAnswer(event, value);
  return typeof read === "string" ? invalid(event, read) : { outcome: read };
}

function failure(kind: "exit" | "invalid_output", message: string): DecodedOutput {
  return { failure: { kind, message } };
}

function invalid(event: HookEvent, why: string): DecodedOutput {
  return failure(
    "invalid_output",
    `the answer is invalid ${event} output for Codex (${why}), so Codex would ignore the whole answer; print only fields of Codex's ${event} schema`,
  );
}

/** A non-blank string's text, trimmed, or `undefined`. */
function nonBlank(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** The first key of `object` outside `allowed`, or `undefined`. */
function unknownKey(object: Record<string, unknown>, allowed: ReadonlySet<string>): string | undefined {
  return Object.keys(object).find((key) => !allowed.has(key));
}

/** Checks that `object[key]` is absent, `null` or of `type`; a message when not. */
function typed(
  object: Record<string, unknown>,
  key: string,
  type: "string" | "boolean" | "object",
): string | undefined {
  const value = object[key];
  if (value === undefined || value === null) return undefined;
  const ok = type === "object"
    ? isPlainObject(value)
    : type === "string"
    ? typeof value === "string"
    : typeof value === "boolean";
  return ok ? undefined : `"${key}" must be ${type === "object" ? "an object" : `a ${type}`}, got ${describe(value)}`;
}

/** Reads an answer object; a string says what Codex refuses in it. */
function readAnswer(event: HookEvent, json: Record<string, unknown>): NormalizedOutcome | string {
  const allowed = Object.hasOwn(ROOT, event) ? ROOT[event]! : UNIVERSAL_ROOT;
  const extra = unknownKey(json, allowed);
  if (extra !== undefined) return `the field "${extra}" is not in its schema`;
  for (
    const [key, type] of [["continue", "boolean"], ["suppressOutput", "boolean"], ["stopReason", "string"], [
      "systemMessage",
      "string",
    ], ["reason", "string"]] as const
  ) {
    const wrong = typed(json, key, type);
    if (wrong !== undefined) return wrong;
  }
  const outcome: NormalizedOutcome = { action: "allow" };
  const halts = json.continue === false;
  const systemMessage = nonBlank(json.systemMessage);
  if (systemMessage !== undefined) outcome.systemMessage = systemMessage;
  const strictUniversal = event === "PreToolUse" || event === "PermissionRequest";
  if (strictUniversal) {
    if (halts) return `${event} does not support "continue": false`;
    if (json.stopReason !== undefined && json.stopReason !== null) return `${event} does not support "stopReason"`;
  }
  if (json.suppressOutput === true && (strictUniversal || event === "PostToolUse")) {
    return `${event} does not support "suppressOutput"`;
  }
  if (halts) {
    outcome.halt = true;
    const why = nonBlank(json.stopReason);
    if (why !== undefined) outcome.stopReason = why;
  }
  const specific = json.hookSpecificOutput;
  let hso: Record<string, unknown> | undefined;
  if (specific !== undefined && specific !== null) {
    if (!isPlainObject(specific)) return `"hookSpecificOutput" must be an object, got ${describe(specific)}`;
    if (specific.hookEventName !== event) {
      return `"hookSpecificOutput.hookEventName" must be ${JSON.stringify(event)}, got ${
        describe(specific.hookEventName)
      }`;
    }
    const own = unknownKey(specific, new Set(["hookEventName", ...(SPECIFIC[event] ?? [])]));
    if (own !== undefined) return `the field "hookSpecificOutput.${own}" is not in its schema`;
    const wrong = typed(specific, "additionalContext", "string") ??
      typed(specific, "permissionDecisionReason", "string");
    if (wrong !== undefined) return wrong;
    const context = nonBlank(specific.additionalContext);
    if (context !== undefined) outcome.additionalContext = context;
    hso = specific;
  }
  if (event === "PreToolUse") return preToolUse(json, hso, outcome);
  if (event === "PermissionRequest") return permissionRequest(hso, outcome);
  const decision = json.decision;
  if (decision !== undefined && decision !== null) {
    if (decision !== "block") return `"decision" must be "block", got ${describe(decision)}`;
    const reason = nonBlank(json.reason);
    if (reason === undefined) return `${event} hook returned decision "block" without a non-empty "reason"`;
    outcome.action = "deny";
    outcome.reason = reason;
  } else if (event === "PostToolUse" && !halts && json.reason !== undefined && json.reason !== null) {
    return `PostToolUse hook returned "reason" without "decision"`;
  }
  if (event === "PostToolUse" && hso !== undefined) {
    const replaced = hso.updatedToolOutput ?? hso.updatedMCPToolOutput;
    if (replaced !== undefined && replaced !== null) outcome.updatedToolResult = { content: replaced };
  }
  return outcome;
}

/**
 * PreToolUse: a block is `permissionDecision: "deny"` with a reason (or the
 * legacy `decision: "block"` with one); a rewrite is `"allow"` with the
 * whole `updatedInput`. Anything else that decides is refused.
 */
function preToolUse(
  json: Record<string, unknown>,
  hso: Record<string, unknown> | undefined,
  outcome: NormalizedOutcome,
): NormalizedOutcome | string {
  const decides = hso !== undefined &&
    [hso.permissionDecision, hso.permissionDecisionReason, hso.updatedInput].some((v) => v !== undefined && v !== null);
  if (!decides) {
    const decision = json.decision;
    if (decision === "approve") return `PreToolUse hook returned unsupported decision "approve"`;
    if (decision === "block") {
      const reason = nonBlank(json.reason);
      if (reason === undefined) return `PreToolUse hook returned decision "block" without a non-empty "reason"`;
      outcome.action = "deny";
      outcome.reason = reason;
      return outcome;
    }
    if (decision !== undefined && decision !== null) return `"decision" must be "block", got ${describe(decision)}`;
    if (json.reason !== undefined && json.reason !== null) {
      return `PreToolUse hook returned "reason" without "decision"`;
    }
    return outcome;
  }
  const { permissionDecision: decision, updatedInput } = hso!;
  const hasInput = updatedInput !== undefined && updatedInput !== null;
  if (hasInput && decision !== "allow") {
    return `PreToolUse hook returned "updatedInput" without "permissionDecision": "allow"`;
  }
  switch (decision) {
    case "allow":
      if (!hasInput) return `PreToolUse hook returned unsupported "permissionDecision": "allow" without "updatedInput"`;
      if (!isPlainObject(updatedInput)) {
        return `"updatedInput" must be the whole tool input object, got ${describe(updatedInput)}`;
      }
      outcome.action = "mutate";
      outcome.input = updatedInput;
      return outcome;
    case "deny": {
      const reason = nonBlank(hso!.permissionDecisionReason);
      if (reason === undefined) {
        return `PreToolUse hook returned "permissionDecision": "deny" without a non-empty "permissionDecisionReason"`;
      }
      outcome.action = "deny";
      outcome.reason = reason;
      return outcome;
    }
    case "ask":
      return `PreToolUse hook returned unsupported "permissionDecision": "ask" (Codex cannot ask)`;
    case undefined:
    case null:
      return `PreToolUse hook returned "permissionDecisionReason" without "permissionDecision"`;
    default:
      return `"permissionDecision" must be "allow" or "deny", got ${describe(decision)}`;
  }
}

/** PermissionRequest's `decision: {behavior, message?}`; the reserved fields are refused. */
function permissionRequest(
  hso: Record<string, unknown> | undefined,
  outcome: NormalizedOutcome,
): NormalizedOutcome | string {
  const decision = hso?.decision;
  if (decision === undefined || decision === null) return outcome;
  if (!isPlainObject(decision)) return `"decision" must be an object {behavior, message?}, got ${describe(decision)}`;
  const own = unknownKey(decision, PERMISSION_DECISION_KEYS);
  if (own !== undefined) return `the field "decision.${own}" is not in its schema`;
  for (const key of ["updatedInput", "updatedPermissions"]) {
    if (decision[key] !== undefined && decision[key] !== null) {
      return `PermissionRequest hook returned unsupported "${key}"`;
    }
  }
  if (decision.interrupt === true) return `PermissionRequest hook returned unsupported "interrupt": true`;
  const wrong = typed(decision, "message", "string");
  if (wrong !== undefined) return wrong;
  if (decision.behavior === "deny") {
    outcome.action = "deny";
    outcome.reason = nonBlank(decision.message) ?? "PermissionRequest hook denied approval";
  } else if (decision.behavior === "allow") {
    outcome.action = "grant";
  } else {
    return `"decision.behavior" must be "allow" or "deny", got ${describe(decision.behavior)}`;
  }
  return outcome;
}
