// The Wuu dialect on the wire: snake_case payloads, answers by
// Wuu's exit-code rules (exit 2 always blocks), contexts separated by
// blank lines, results as Wuu's output fields.

import { isPlainObject } from "../../_internal/json.ts";
import type { HookPayloadField } from "../../events/table.ts";
import { parseHookEvent } from "../../events/table.ts";
import type { HookInput } from "../../events/payload.ts";
import { decodeHookgateAnswer } from "../shared/_answer.ts";
import { optionalString, readFields, SNAKE_CASE_NAMES } from "../shared/_fields.ts";
import type { DecodedInput, Dialect } from "../shared/types.ts";

/** Native payload field → Wuu wire name. */
const WIRE_NAMES = SNAKE_CASE_NAMES;

/**
 * Translates a payload into Wuu's wire shape: `hook_event_name`,
 * `session_id` (always present), `cwd`, `tool_name`, `tool_input`,
 * `tool_response` (the result projected to text), `error`, `prompt`,
 * `file_path`, `compact_reason`, `compact_summary`, `agent_id`,
 * `end_reason`, `stop_hook_active`.
 *
 * @param input The native payload.
 * @returns The Wuu payload.
 *
 * @example A PostToolUse payload
 * ```ts
 * import { toWuuInput } from "@hookgate/core/dialects";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(
 *   toWuuInput({
 *     event: "PostToolUse",
 *     cwd: "/p",
 *     sessionId: "s",
 *     toolName: "bash",
 *     toolInput: { command: "ls" },
 *     toolResult: { content: "a b", isError: false },
 *   }),
 *   {
 *     hook_event_name: "PostToolUse",
 *     session_id: "s",
 *     cwd: "/p",
 *     tool_name: "bash",
 *     tool_input: { command: "ls" },
 *     tool_response: "a b",
 *   },
 * );
 * ```
 */
export function toWuuInput(input: HookInput): Record<string, unknown> {
  const out: Record<string, unknown> = {
    hook_event_name: input.event,
    session_id: input.sessionId ?? "",
    cwd: input.cwd,
  };
  for (const field of Object.keys(WIRE_NAMES) as HookPayloadField[]) {
    const value = input[field];
    if (value === undefined) continue;
    // Rich tool results are projected to text, as Wuu does.
    out[WIRE_NAMES[field]] = field === "toolResult" ? resultText(input.toolResult!.content) : value;
  }
  return out;
}

function resultText(content: unknown): string {
  return typeof content === "string" ? content : JSON.stringify(content) ?? "";
}

/** The Wuu dialect. */
export const WUU_DIALECT: Dialect = Object.freeze<Dialect>({
  name: "wuu",
  matcherKind: "exact",
  matcherScope: "tools",
  // Wuu's contract: "Additional context accumulates in order, separated by blank lines".
  contextSeparator: "\n\n",
  // Wuu: "Matching hooks run in configuration order", on every event.
  concurrent: false,
  encodeInput: toWuuInput,
  decodeInput(value: unknown): DecodedInput {
    if (!isPlainObject(value)) throw new TypeError("a Wuu payload must be a JSON object");
    const event = parseHookEvent(optionalString(value, "hook_event_name") ?? "");
    const fields = readFields(event, (field) => {
      const wire = value[WIRE_NAMES[field]];
      return field === "toolResult" && wire !== undefined ? { content: wire, isError: false } : wire;
    }, (field) => WIRE_NAMES[field]);
    const cwd = optionalString(value, "cwd");
    const sessionId = optionalString(value, "session_id");
    return {
      event,
      fields,
      ...(cwd === undefined ? {} : { cwd }),
      ...(sessionId === undefined || sessionId === "" ? {} : { sessionId }),
    };
  },
  decodeOutput: (event, answer) => decodeHookgateAnswer(answer, event),
  encodeResult(_event, result) {
    const out: Record<string, unknown> = {};
    if (result.block) {
      out.decision = "block";
      if (result.reason !== undefined) out.reason = result.reason;
    }
    if (result.input !== undefined) out.updated_input = result.input;
    if (result.additionalContext !== undefined) out.additional_context = result.additionalContext;
    return out;
  },
});
