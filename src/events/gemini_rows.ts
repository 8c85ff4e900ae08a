/**
 * The events only Gemini CLI has, as rows of the event table: the model
 * request (BeforeModel), the model's response (AfterModel) and the choice
 * of tools offered to the model (BeforeToolSelection). hookgate does not
 * model what their hooks change — Gemini's `llm_request`, `llm_response`
 * and `toolConfig` travel as each hook gave them, in the answer's
 * `hookSpecificOutput` — so their hooks run side by side, and a block is
 * the one decision hookgate applies (Gemini blocks the model call, or its
 * response).
 *
 * @module
 */

import { eventRow, type HookEventInfo } from "./event_row.ts";
import type { NoFields } from "./fields.ts";
import type { BlockResult, NoResult } from "./results.ts";

/**
 * The rows of Gemini CLI's own events.
 *
 * @example Which of them can block
 * ```ts
 * import { GEMINI_ROWS } from "./gemini_rows.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(GEMINI_ROWS.BeforeModel.canBlock, true);
 * equal(GEMINI_ROWS.BeforeToolSelection.canBlock, false);
 * ```
 */
export const GEMINI_ROWS: Readonly<Record<keyof GeminiEventMap, HookEventInfo>> = Object.freeze({
  BeforeModel: eventRow({
    canBlock: true,
    combine: "fan-out",
    description:
      "Before Gemini CLI sends a request to its model (llm_request); a block stops the request, a changed request or a ready response travels to Gemini as the hook gave it",
  }),
  AfterModel: eventRow({
    canBlock: true,
    combine: "fan-out",
    description:
      "After Gemini CLI's model answered (llm_request, llm_response); a block withholds the response, a replaced one travels to Gemini as the hook gave it",
  }),
  BeforeToolSelection: eventRow({
    combine: "fan-out",
    description:
      "Before Gemini CLI offers its model the tools (llm_request); a narrowed tool choice (toolConfig) travels to Gemini as the hook gave it; it cannot block",
  }),
});

/**
 * The payload fields and results of Gemini CLI's own events: the model's
 * request and response travel in `extra`, as Gemini wrote them.
 *
 * @example A BeforeModel result
 * ```ts
 * import type { GeminiEventMap } from "@hookgate/core";
 *
 * const result: GeminiEventMap["BeforeModel"]["result"] = { block: true, reason: "no model calls on Friday" };
 * ```
 */
export interface GeminiEventMap {
  /** Before Gemini CLI sends a request to its model. */
  BeforeModel: { fields: NoFields; result: BlockResult };
  /** After Gemini CLI's model answered. */
  AfterModel: { fields: NoFields; result: BlockResult };
  /** Before Gemini CLI offers its model the tools. */
  BeforeToolSelection: { fields: NoFields; result: NoResult };
}
