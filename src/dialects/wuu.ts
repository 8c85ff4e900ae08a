/**
 * The Wuu dialect: snake_case payload fields. (Wuu's snake_case outputs
 * are accepted from every hook by the outcome normalizer.)
 *
 * @module
 */

import type { HookInput } from "../types.ts";

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
 * import { toWuuInput } from "@hookgate/core";
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
  if (input.toolName !== undefined) out.tool_name = input.toolName;
  if (input.toolInput !== undefined) out.tool_input = input.toolInput;
  if (input.toolResult !== undefined) {
    const content = input.toolResult.content;
    out.tool_response = typeof content === "string" ? content : JSON.stringify(content) ?? "";
  }
  if (input.error !== undefined) out.error = input.error;
  if (input.prompt !== undefined) out.prompt = input.prompt;
  if (input.filePath !== undefined) out.file_path = input.filePath;
  if (input.compactReason !== undefined) {
    out.compact_reason = input.compactReason;
  }
  if (input.compactSummary !== undefined) {
    out.compact_summary = input.compactSummary;
  }
  if (input.agentId !== undefined) out.agent_id = input.agentId;
  if (input.endReason !== undefined) out.end_reason = input.endReason;
  if (input.stopHookActive !== undefined) {
    out.stop_hook_active = input.stopHookActive;
  }
  return out;
}
