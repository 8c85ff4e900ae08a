// Reading a Claude-style hook's answer by Claude Code's rules: what exit
// codes mean on which event, when stdout is JSON, and the JSON fields
// (continue/stopReason, systemMessage, decision/reason, hookSpecificOutput
// with permissionDecision, updatedInput, additionalContext, PostToolUse's
// updatedToolOutput, PermissionRequest's decision and an elicitation's
// action). Claude's allow — PreToolUse's permissionDecision "allow" (or the
// deprecated top-level "approve"), PermissionRequest's behavior "allow" — is
// a grant. Claude keeps its hooks' strings whole (it spills long ones to a
// file itself), so nothing here is cut short.

import { describe, isPlainObject, setOwn } from "../../_internal/json.ts";
import type { HookEvent } from "../../events/event_map.ts";
import type { NormalizedOutcome } from "../../events/outcome.ts";
import { DEFAULT_BLOCK_REASON } from "../../events/parse_outcome.ts";
import { firstLine } from "../shared/_answer.ts";
import type { DecodedOutput, HookAnswer } from "../shared/types.ts";
import { ACTION_DECIDES, ANY_EXIT_BLOCKS, DECISION_BLOCK, exit2, OUTPUT_IGNORED, TEXT_IS_CONTEXT } from "./events.ts";

const ADVICE = {
  stdout: "print only Claude's JSON output on stdout and diagnostics on stderr",
  body: "answer with Claude's JSON output or nothing",
} as const;

const ALLOW: NormalizedOutcome = Object.freeze({ action: "allow" });

/** The top-level fields hookgate reads from Claude's answers; the others travel on, unread. */
const ROOT_FIELDS: ReadonlySet<string> = new Set(["continue", "stopReason", "systemMessage", "decision", "reason"]);
/**
 * The `hookSpecificOutput` fields hookgate reads on some event. On the
 * others Claude ignores them (a PostToolUse `permissionDecision`), so they
 * do not travel on either; every other field does, as the hook gave it.
 */
const EVENT_FIELDS: ReadonlySet<string> = new Set([
  "hookEventName",
  "additionalContext",
  "permissionDecision",
  "permissionDecisionReason",
  "updatedInput",
  "decision",
  "updatedToolOutput",
  "action",
]);

/** Decodes a Claude-style hook's answer for `event`. */
export function decodeClaudeOutput(event: HookEvent, answer: HookAnswer): DecodedOutput {
  const { exitCode, text, stderr } = answer;
  const json = text.startsWith("{") ? parseJson(text) : undefined;
  if (OUTPUT_IGNORED.has(event)) {
    // All but the terminal sequence, which Claude still writes.
    const sequence = json?.terminalSequence;
    return {
      outcome: sequence === undefined
        ? { ...ALLOW }
        : { action: "allow", extra: { root: { terminalSequence: sequence } } },
    };
  }
  if (exitCode === 2 || (exitCode !== null && exitCode !== 0 && ANY_EXIT_BLOCKS.has(event))) {
    // Exit 2 cannot be overridden by JSON, which only gives the block its
    // message. An asyncRewake hook's exit 2 wakes Claude with stderr, else stdout.
    const wake = answer.wakes && exitCode === 2 && (stderr !== "" || text !== "")
      ? { wake: stderr === "" ? text : stderr }
      : {};
    switch (exit2(event)) {
      case "block":
        return { outcome: { action: "deny", reason: blockMessage(json, stderr), ...wake } };
      case "user":
        return {
          outcome: stderr === "" ? { action: "allow", ...wake } : { action: "allow", systemMessage: stderr, ...wake },
        };
      case "ignored":
        return { outcome: { action: "allow", ...wake } };
    }
  }
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

/** An exit-2 block's message: the JSON's block reason when it gives one, else stderr. */
function blockMessage(json: Record<string, unknown> | undefined, stderr: string): string {
  const specific = json?.hookSpecificOutput;
  for (const reason of [json?.reason, isPlainObject(specific) ? specific.permissionDecisionReason : undefined]) {
    if (typeof reason === "string" && reason.trim() !== "") return reason;
  }
  return stderr === "" ? DEFAULT_BLOCK_REASON : stderr;
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text);
    return isPlainObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A string field's text, or `undefined` when it is missing or blank. */
function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
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
    const stopReason = text(o.stopReason);
    if (stopReason !== undefined) outcome.stopReason = stopReason;
  }
  const message = text(o.systemMessage);
  if (message !== undefined) outcome.systemMessage = message;
  const root = unmodelled(o, ROOT_FIELDS, "hookSpecificOutput");
  if (root !== undefined) outcome.extra = { root };

  // Top-level decision: "block" where Claude takes one (the deprecated
  // "approve" / "block" on PreToolUse); elsewhere Claude ignores it.
  const decision = o.decision;
  if (decision !== undefined && decision !== null) {
    if (decision !== "block" && decision !== "approve" && decision !== "allow") {
      return `"decision" must be "block" (or the deprecated "approve"), got ${JSON.stringify(decision)}`;
    }
    if (decision === "block" && (event === "PreToolUse" || DECISION_BLOCK.has(event))) {
      outcome.action = "deny";
      outcome.reason = text(o.reason) ?? DEFAULT_BLOCK_REASON;
    } else if (decision === "approve" && event === "PreToolUse") {
      // PreToolUse's deprecated spelling of permissionDecision "allow".
      grant(outcome, text(o.reason));
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
  const own = unmodelled(specific, EVENT_FIELDS);
  if (own !== undefined) outcome.extra = { ...outcome.extra, event: own };
  switch (event) {
    case "PreToolUse":
      return permissionDecision(specific, outcome);
    case "PermissionRequest":
      return permissionRequest(specific, outcome);
    case "PostToolUse":
      // The replacement of the tool's output (details are hookgate's own).
      if (specific.updatedToolOutput !== undefined) outcome.updatedToolResult = { content: specific.updatedToolOutput };
      return outcome;
    default:
      // Other events have no permissionDecision: Claude ignores one there.
      return ACTION_DECIDES.has(event) ? elicitationAction(specific, outcome) : outcome;
  }
}

/** The fields of `fields` not in `known` (nor `skip`), as they are; `undefined` when there are none. */
function unmodelled(
  fields: Record<string, unknown>,
  known: ReadonlySet<string>,
  skip?: string,
): Record<string, unknown> | undefined {
  let found: Record<string, unknown> | undefined;
  for (const key of Object.keys(fields)) {
    if (!known.has(key) && key !== skip) setOwn(found ??= {}, key, fields[key]);
  }
  return found;
}

/** Makes `outcome` Claude's allow — a grant — unless it already denies. */
function grant(outcome: NormalizedOutcome, reason: string | undefined): void {
  if (outcome.action === "deny") return;
  outcome.action = "grant";
  if (reason !== undefined) outcome.reason = reason;
}

/** PreToolUse's `permissionDecision`, `permissionDecisionReason` and `updatedInput`. */
function permissionDecision(specific: Record<string, unknown>, outcome: NormalizedOutcome): NormalizedOutcome | string {
  const { permissionDecision: decision, permissionDecisionReason: why, updatedInput } = specific;
  if (why !== undefined && typeof why !== "string") {
    return `"permissionDecisionReason" must be a string, got ${describe(why)}`;
  }
  if (updatedInput !== undefined && !isPlainObject(updatedInput)) {
    return `"updatedInput" must be a JSON object, got ${describe(updatedInput)}`;
  }
  const reason = text(why);
  switch (decision) {
    case undefined:
    case null:
    case "allow":
      // Claude's allow skips its permission prompt: a grant.
      if (decision === "allow") grant(outcome, reason);
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
    outcome.reason = text(decision.message) ?? DEFAULT_BLOCK_REASON;
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

/**
 * An elicitation's `action`: `decline` and `cancel` refuse the MCP
 * server's request (a block); `accept`, which answers it for the user with
 * the hook's `content`, is no decision hookgate takes: it travels on to
 * Claude with its content, unless another hook refuses.
 */
function elicitationAction(specific: Record<string, unknown>, outcome: NormalizedOutcome): NormalizedOutcome | string {
  const action = specific.action;
  if (action === "accept") {
    outcome.extra = { ...outcome.extra, event: { action, ...outcome.extra?.event } };
    return outcome;
  }
  if (action === undefined || action === null) return outcome;
  if (action !== "decline" && action !== "cancel") {
    return `"action" must be "accept", "decline" or "cancel", got ${JSON.stringify(action)}`;
  }
  outcome.action = "deny";
  outcome.reason ??= `the hook answered "${action}"`;
  return outcome;
}
