// Reading a Claude-style hook's answer by Claude Code's rules: what exit
// codes mean on which event, when stdout is JSON, and the JSON fields
// (continue/stopReason, systemMessage, decision/reason, hookSpecificOutput
// with permissionDecision, updatedInput, additionalContext, and
// PermissionRequest's decision). Claude's allow — PreToolUse's
// permissionDecision "allow" (or the deprecated top-level "approve"),
// PermissionRequest's behavior "allow" — is a grant.

import { describe, isPlainObject } from "../../_internal/json.ts";
import { MAX_REASON_CHARS } from "../../_internal/limits.ts";
import { truncate } from "../../_internal/text.ts";
import type { HookEvent } from "../../events/event_map.ts";
import type { NormalizedOutcome } from "../../events/outcome.ts";
import { DEFAULT_BLOCK_REASON } from "../../events/parse_outcome.ts";
import { firstLine } from "../_answer.ts";
import type { DecodedOutput, HookAnswer } from "../types.ts";
import { exit2, TEXT_IS_CONTEXT } from "./events.ts";

const ADVICE = {
  stdout: "print only Claude's JSON output on stdout and diagnostics on stderr",
  body: "answer with Claude's JSON output or nothing",
} as const;

/** Decodes a Claude-style hook's answer for `event`. */
export function decodeClaudeOutput(event: HookEvent, answer: HookAnswer): DecodedOutput {
  const { exitCode, text, stderr } = answer;
  if (exitCode === 2) {
    // Exit 2 cannot be overridden by JSON; stdout is ignored.
    switch (exit2(event)) {
      case "block":
        return { outcome: { action: "deny", reason: stderr === "" ? DEFAULT_BLOCK_REASON : truncate(stderr) } };
      case "user":
        return { outcome: stderr === "" ? { action: "allow" } : { action: "allow", systemMessage: truncate(stderr) } };
      case "ignored":
        return { outcome: { action: "allow" } };
    }
  }
  const json = text.startsWith("{") ? parseJson(text) : undefined;
  if (exitCode !== null && exitCode !== 0) {
    const failure = { kind: "exit", message: `exited with code ${exitCode}${firstLine(stderr)}` } as const;
    // Claude lets a schema-valid JSON object decide even then: a lenient
    // reading, which only an open hook gets (the exit is still a failure).
    if (json !== undefined) {
      const decided = readFields(event, json);
      if (typeof decided !== "string") return { failure, lenient: decided };
    }
    return { failure };
  }
  if (text === "") return { outcome: { action: "allow" } };
  if (json === undefined) {
    // Plain text (or text that only starts like JSON) is context on some
    // events. On the others Claude ignores it (to its debug log); here it
    // is a failure whose lenient reading is that allow: a guard that
    // crashed with a traceback on stdout has decided nothing.
    if (answer.source === "stdout" && TEXT_IS_CONTEXT.has(event)) {
      return { outcome: { action: "allow", additionalContext: text } };
    }
    const stdout = answer.source === "stdout";
    const failure = {
      kind: "invalid_output",
      message: `${stdout ? "stdout" : "the body"} is not one JSON object (${text.length} characters of ${
        text.startsWith("{") ? "text that starts like JSON" : "plain text"
      }) on ${event}; ${stdout ? ADVICE.stdout : ADVICE.body}`,
    } as const;
    return stdout ? { failure, lenient: { action: "allow" } } : { failure };
  }
  const decided = readFields(event, json);
  return typeof decided === "string" ? { failure: { kind: "invalid_output", message: decided } } : { outcome: decided };
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text);
    return isPlainObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Reads Claude's output fields; a string says which field is wrong. */
function readFields(event: HookEvent, o: Record<string, unknown>): NormalizedOutcome | string {
  const outcome: NormalizedOutcome = { action: "allow" };
  const proceed = o.continue;
  if (proceed !== undefined && typeof proceed !== "boolean") {
    return `"continue" must be a boolean, got ${describe(proceed)}`;
  }
  for (const key of ["stopReason", "systemMessage", "reason"]) {
    if (o[key] !== undefined && typeof o[key] !== "string") return `"${key}" must be a string, got ${describe(o[key])}`;
  }
  if (proceed === false) {
    outcome.halt = true;
    if (typeof o.stopReason === "string" && o.stopReason.trim() !== "") outcome.stopReason = o.stopReason;
  }
  if (typeof o.systemMessage === "string" && o.systemMessage.trim() !== "") outcome.systemMessage = o.systemMessage;
  const reason = typeof o.reason === "string" && o.reason.trim() !== "" ? o.reason : undefined;

  // Top-level decision: "block" (deprecated on PreToolUse: "approve" / "block").
  const decision = o.decision;
  if (decision !== undefined && decision !== null) {
    if (decision === "block") {
      outcome.action = "deny";
      outcome.reason = truncate(reason ?? DEFAULT_BLOCK_REASON, MAX_REASON_CHARS);
    } else if (decision === "approve" && event === "PreToolUse") {
      // PreToolUse's deprecated spelling of permissionDecision "allow".
      grant(outcome, reason);
    } else if (decision !== "approve" && decision !== "allow") {
      return `"decision" must be "block" (or the deprecated "approve"), got ${JSON.stringify(decision)}`;
    }
  }

  const specific = o.hookSpecificOutput;
  if (specific === undefined || specific === null) return outcome;
  if (!isPlainObject(specific)) return `"hookSpecificOutput" must be an object, got ${describe(specific)}`;
  const named = specific.hookEventName;
  if (named !== undefined && named !== event) {
    // Claude refuses output meant for another event; a missing name is tolerated.
    return `"hookSpecificOutput.hookEventName" is ${JSON.stringify(named)}, but the event is ${event}`;
  }
  const context = specific.additionalContext;
  if (context !== undefined) {
    if (typeof context !== "string") return `"additionalContext" must be a string, got ${describe(context)}`;
    if (context !== "") outcome.additionalContext = context;
  }
  // PostToolUse's replacement of the tool's output (details are hookgate's own).
  if (specific.updatedToolOutput !== undefined) outcome.updatedToolResult = { content: specific.updatedToolOutput };
  if (event === "PermissionRequest") return permissionRequest(specific, outcome);
  return permissionDecision(event, specific, outcome);
}

/** Makes `outcome` Claude's allow — a grant — unless it already denies. */
function grant(outcome: NormalizedOutcome, reason: string | undefined): void {
  if (outcome.action === "deny") return;
  outcome.action = "grant";
  if (reason !== undefined) outcome.reason = truncate(reason, MAX_REASON_CHARS);
}

/** PreToolUse's `permissionDecision`, `permissionDecisionReason` and `updatedInput`. */
function permissionDecision(
  event: HookEvent,
  specific: Record<string, unknown>,
  outcome: NormalizedOutcome,
): NormalizedOutcome | string {
  const { permissionDecision: decision, permissionDecisionReason: why, updatedInput } = specific;
  if (why !== undefined && typeof why !== "string") {
    return `"permissionDecisionReason" must be a string, got ${describe(why)}`;
  }
  if (updatedInput !== undefined && !isPlainObject(updatedInput)) {
    return `"updatedInput" must be a JSON object, got ${describe(updatedInput)}`;
  }
  const reason = typeof why === "string" && why.trim() !== "" ? truncate(why, MAX_REASON_CHARS) : undefined;
  switch (decision) {
    case undefined:
    case null:
    case "allow":
      // Claude's allow skips its permission prompt: a grant, on the one event that has it.
      if (decision === "allow" && event === "PreToolUse") grant(outcome, reason);
      if (updatedInput !== undefined && outcome.action !== "deny") {
        // Without a decision, a rewrite goes through the agent's own permission flow.
        if (outcome.action !== "grant") outcome.action = "mutate";
        outcome.input = updatedInput;
      }
      return outcome;
    case "deny":
      // A top-level block's reason still counts; an approval's does not.
      outcome.reason = reason ?? (outcome.action === "deny" ? outcome.reason : undefined) ?? DEFAULT_BLOCK_REASON;
      outcome.action = "deny";
      return outcome;
    case "ask":
    case "defer":
      if (outcome.action === "deny") return outcome;
      // A top-level "approve" beside it: the more restrictive decision stands, alone.
      if (outcome.action === "grant") delete outcome.reason;
      outcome.action = decision;
      if (reason !== undefined) outcome.reason = reason;
      if (updatedInput !== undefined) outcome.input = updatedInput;
      return outcome;
    default:
      return `"permissionDecision" must be "allow", "deny", "ask" or "defer", got ${JSON.stringify(decision)}`;
  }
}

/**
 * PermissionRequest's `decision: {behavior, message?, updatedInput?,
 * updatedPermissions?}`; keys Claude does not define are tolerated, as
 * Claude tolerates them.
 */
function permissionRequest(specific: Record<string, unknown>, outcome: NormalizedOutcome): NormalizedOutcome | string {
  const decision = specific.decision;
  if (decision === undefined || decision === null) return outcome;
  if (!isPlainObject(decision)) return `"decision" must be an object {behavior, message?}, got ${describe(decision)}`;
  if (decision.behavior === "deny") {
    outcome.action = "deny";
    const message = decision.message;
    outcome.reason = typeof message === "string" && message.trim() !== ""
      ? truncate(message, MAX_REASON_CHARS)
      : DEFAULT_BLOCK_REASON;
  } else if (decision.behavior === "allow") {
    const { updatedInput, updatedPermissions } = decision;
    if (updatedInput !== undefined && !isPlainObject(updatedInput)) {
      return `"decision.updatedInput" must be a JSON object, got ${describe(updatedInput)}`;
    }
    const wrong = updatedPermissions === undefined ? undefined : notObjects(updatedPermissions);
    if (wrong !== undefined) return `"decision.updatedPermissions" must be an array of objects, got ${wrong}`;
    grant(outcome, undefined);
    if (outcome.action === "grant") {
      if (updatedInput !== undefined) outcome.input = updatedInput;
      // Verbatim: Claude validates its entries; hookgate only carries them.
      if (updatedPermissions !== undefined) {
        outcome.updatedPermissions = updatedPermissions as Record<string, unknown>[];
      }
    }
  } else {
    return `"decision.behavior" must be "allow" or "deny", got ${JSON.stringify(decision.behavior)}`;
  }
  return outcome;
}

/** What is wrong with a value that must be an array of plain objects, or `undefined`. */
function notObjects(value: unknown): string | undefined {
  if (!Array.isArray(value)) return isPlainObject(value) ? "an object" : describe(value);
  const index = value.findIndex((item) => !isPlainObject(item));
  return index === -1 ? undefined : `${describe(value[index])} at index ${index}`;
}
