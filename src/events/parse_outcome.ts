/**
 * The native outcome model's reader: every shape a hook may answer with —
 * native `action`, the legacy `decision`/`modifiedInput`, the
 * extension API's `{block, reason}`, and the snake_case spellings of the
 * same fields that Wuu-style hooks print — becomes one
 * {@linkcode NormalizedOutcome}. Dialects whose fields mean
 * something else (Claude's `continue: false` halts the agent) decode their
 * own output and never come here.
 *
 * @module
 */

import { describe, isPlainObject } from "../_internal/json.ts";
import { MAX_REASON_CHARS } from "../_internal/limits.ts";
import { truncate } from "../_internal/text.ts";
import type { NormalizedOutcome, ToolResultUpdate } from "./outcome.ts";

/** The outcome of "no output", shared because it is by far the most common. */
export const ALLOW: NormalizedOutcome = Object.freeze({ action: "allow" });

/**
 * Normalizes anything a hook returned into one outcome.
 *
 * Rules: `undefined`, `null` and `{}` mean allow. `action` must be
 * `allow`, `deny` (with a non-empty `reason`) or `mutate` (with a plain
 * object `input`). The legacy `decision: "block"`, the extension API's
 * `block: true` and Wuu's `continue: false` deny (reason defaults to
 * "blocked by hook"); the legacy `modifiedInput` and Wuu's `updated_input`
 * mutate. When one answer mixes signals, deny wins over mutate (a hook that
 * asks to block is never downgraded). `additionalContext` (or
 * `additional_context`) must be a string; `updatedToolResult` (or
 * `updated_tool_result`) an object with `content` and/or `details`.
 * Unknown fields beside known ones are ignored; known fields of the wrong
 * type make the whole answer invalid, and so does an object with no known
 * field at all (another vocabulary's answer, such as `{verdict: "deny"}`:
 * read as an allow it would let through what the hook meant to stop). Its
 * keys are named in the message, never their values.
 *
 * @param value What the hook returned or printed (parsed JSON).
 * @returns The normalized outcome.
 * @throws {TypeError} When the value is not a valid outcome; the message
 * says which field is wrong.
 *
 * @example Legacy and snake_case forms
 * ```ts
 * import { parseHookOutcome } from "@hookgate/core";
 * import { deepEqual, throws } from "node:assert/strict";
 *
 * deepEqual(parseHookOutcome({ decision: "block", reason: "no" }), {
 *   action: "deny",
 *   reason: "no",
 * });
 * deepEqual(parseHookOutcome({ updated_input: { command: "ls" } }), {
 *   action: "mutate",
 *   input: { command: "ls" },
 * });
 * deepEqual(parseHookOutcome({ block: true, reason: "no" }), { action: "deny", reason: "no" });
 * throws(() => parseHookOutcome({ action: "deny" }), TypeError);
 * throws(() => parseHookOutcome({ verdict: "deny" }), /no outcome field \(its keys: "verdict"\)/);
 * ```
 */
export function parseHookOutcome(value: unknown): NormalizedOutcome {
  const result = normalizeOutcome(value);
  if (typeof result === "string") {
    throw new TypeError(`Cannot parse hook outcome: ${result}`);
  }
  return result;
}

/**
 * Non-throwing core of {@linkcode parseHookOutcome}: the outcome, or a
 * message saying why the value is not one. Used on the hot path.
 */
export function normalizeOutcome(value: unknown): NormalizedOutcome | string {
  if (value === undefined || value === null) return ALLOW;
  if (!isPlainObject(value)) {
    return `expected a JSON object, got ${describe(value)}`;
  }
  const o = value as Record<string, unknown>;
  const action = o.action;
  if (
    action === "allow" && o.reason === undefined && o.input === undefined &&
    o.additionalContext === undefined && o.decision === undefined && o.block === undefined &&
    o.continue === undefined && o.halt === undefined && o.systemMessage === undefined &&
    o.updatedToolResult === undefined
  ) {
    // The common explicit allow, without the full walk below.
    return ALLOW;
  }

  let context: string | undefined;
  const contextValue = o.additionalContext ?? o.additional_context;
  if (contextValue !== undefined) {
    if (typeof contextValue !== "string") {
      return `"additionalContext" must be a string, got ${describe(contextValue)}`;
    }
    if (contextValue !== "") context = contextValue;
  }

  let reason: string | undefined;
  const reasonValue = o.reason ?? o.stopReason ?? o.stop_reason;
  if (reasonValue !== undefined && reasonValue !== null) {
    if (typeof reasonValue !== "string") {
      return `"reason" must be a string, got ${describe(reasonValue)}`;
    }
    if (reasonValue.trim() !== "") reason = truncate(reasonValue, MAX_REASON_CHARS);
  }

  if (
    action !== undefined && action !== "allow" && action !== "deny" &&
    action !== "mutate" && action !== "ask" && action !== "defer"
  ) {
    return `"action" must be "allow", "deny", "mutate", "ask" or "defer", got ${describe(action)}`;
  }
  const extras = haltAndMessage(o);
  if (typeof extras === "string") return extras;
  const update = toolResultUpdate(o);
  if (typeof update === "string") return update;
  const decision = o.decision;
  if (
    decision !== undefined && decision !== null && decision !== "block" &&
    decision !== "allow" && decision !== "approve"
  ) {
    return `"decision" must be "block" or "allow", got ${describe(decision)}`;
  }
  const proceed = o.continue;
  if (proceed !== undefined && typeof proceed !== "boolean") {
    return `"continue" must be a boolean, got ${describe(proceed)}`;
  }
  const block = o.block;
  if (block !== undefined && typeof block !== "boolean") {
    return `"block" must be a boolean, got ${describe(block)}`;
  }

  let input: Record<string, unknown> | undefined;
  for (const key of INPUT_KEYS) {
    const candidate = o[key];
    if (candidate === undefined || candidate === null) continue;
    if (!isPlainObject(candidate)) {
      return `"${key}" must be a JSON object, got ${describe(candidate)}`;
    }
    input = candidate as Record<string, unknown>;
    if (key === "input" && action !== "mutate" && action !== "ask" && action !== "defer") {
      return `"input" is only valid with "action": "mutate" (or "ask" and "defer", with a rewrite)`;
    }
    break;
  }

  let outcome: NormalizedOutcome;
  if (action === "deny" || decision === "block" || block === true || proceed === false) {
    if (action === "deny" && reason === undefined) {
      return `"action": "deny" needs a non-empty "reason"`;
    }
    outcome = withContext({ action: "deny", reason: reason ?? DEFAULT_BLOCK_REASON }, context);
  } else if (action === "ask" || action === "defer") {
    outcome = withContext({ action }, context);
    if (reason !== undefined) outcome.reason = reason;
    if (input !== undefined) outcome.input = input;
  } else if (action === "mutate" || input !== undefined) {
    if (input === undefined) {
      return `"action": "mutate" needs an "input" object`;
    }
    outcome = withContext({ action: "mutate", input }, context);
  } else {
    if (context === undefined && extras === null && update === null) return emptyOrKnown(o);
    outcome = withContext({ action: "allow" }, context);
  }
  if (update !== null) outcome.updatedToolResult = update;
  return extras === null ? outcome : Object.assign(outcome, extras);
}

/** `updatedToolResult` (or `updated_tool_result`), checked; `null` when absent or empty. */
function toolResultUpdate(o: Record<string, unknown>): ToolResultUpdate | null | string {
  const value = o.updatedToolResult ?? o.updated_tool_result;
  if (value === undefined || value === null) return null;
  if (!isPlainObject(value)) return `"updatedToolResult" must be a JSON object, got ${describe(value)}`;
  const { content, details } = value as Record<string, unknown>;
  const update: ToolResultUpdate = {};
  if (content !== undefined) update.content = content;
  if (details !== undefined) update.details = details;
  return content === undefined && details === undefined ? null : update;
}

/** `halt` (with `stopReason`) and `systemMessage`, checked; `null` when neither is set. */
function haltAndMessage(
  o: Record<string, unknown>,
): { halt?: true; stopReason?: string; systemMessage?: string } | null | string {
  const { halt, stopReason, systemMessage } = o;
  if (halt === undefined && systemMessage === undefined) return null;
  const extras: { halt?: true; stopReason?: string; systemMessage?: string } = {};
  if (halt !== undefined && typeof halt !== "boolean") return `"halt" must be a boolean, got ${describe(halt)}`;
  if (halt === true) {
    extras.halt = true;
    if (stopReason !== undefined && typeof stopReason !== "string") {
      return `"stopReason" must be a string, got ${describe(stopReason)}`;
    }
    if (typeof stopReason === "string" && stopReason.trim() !== "") extras.stopReason = stopReason;
  }
  if (systemMessage !== undefined) {
    if (typeof systemMessage !== "string") return `"systemMessage" must be a string, got ${describe(systemMessage)}`;
    if (systemMessage.trim() !== "") extras.systemMessage = systemMessage;
  }
  return extras.halt === undefined && extras.systemMessage === undefined ? null : extras;
}

/**
 * An allow with no effect: `{}`, or an object with at least one known field
 * (`{decision: "allow"}`, `{block: false}`); one with only unknown fields is
 * refused, its keys named.
 */
function emptyOrKnown(o: Record<string, unknown>): NormalizedOutcome | string {
  const keys = unknownKeys(o, OUTCOME_FIELDS);
  return keys === undefined
    ? ALLOW
    : `an object with no outcome field (${keys}); answer with "action" ("deny" with a "reason", "mutate" with an "input"), "decision", "block" or "additionalContext", or with {} or nothing to allow`;
}

/**
 * The keys of `o` for a message — `its keys: "a", "b"`, at most five, each
 * cut short, never their values (which may echo the payload) — when it has
 * keys and none of them is in `fields`; `undefined` otherwise (`{}` too).
 * Allocates nothing for an object with a known field.
 */
export function unknownKeys(o: Record<string, unknown>, fields: ReadonlySet<string>): string | undefined {
  let keys: string[] | undefined;
  for (const key in o) {
    if (fields.has(key)) return undefined;
    (keys ??= []).push(key);
  }
  if (keys === undefined) return undefined;
  const shown = keys.slice(0, 5).map((key) => JSON.stringify(truncate(key, 40))).join(", ");
  return `its keys: ${shown}${keys.length > 5 ? ` and ${keys.length - 5} more` : ""}`;
}

/** Every field {@linkcode normalizeOutcome} reads, in any of its spellings. */
const OUTCOME_FIELDS: ReadonlySet<string> = new Set([
  "action",
  "reason",
  "stopReason",
  "stop_reason",
  "input",
  "modifiedInput",
  "updated_input",
  "updatedInput",
  "additionalContext",
  "additional_context",
  "decision",
  "block",
  "continue",
  "halt",
  "systemMessage",
  "updatedToolResult",
  "updated_tool_result",
]);

/** The reason used when a hook blocks without giving one. */
export const DEFAULT_BLOCK_REASON = "blocked by hook";

const INPUT_KEYS = [
  "input",
  "modifiedInput",
  "updated_input",
  "updatedInput",
] as const;

function withContext(
  outcome: NormalizedOutcome,
  context: string | undefined,
): NormalizedOutcome {
  if (context !== undefined) outcome.additionalContext = context;
  return outcome;
}
