/**
 * The events only Cursor has, as rows of the event table: what its agent
 * says and thinks, and its Tab completions reading and editing files. Each
 * carries what Cursor sends as the agent's own fields (`extra`: `text`,
 * `duration_ms`, `content`, `edits`, …), and the Tab events the file.
 *
 * @module
 */

import { eventRow, type HookEventInfo } from "./event_row.ts";
import type { FileChangedFields, NoFields } from "./fields.ts";
import type { BlockResult, NoResult } from "./results.ts";

/**
 * Cursor's own events, by name.
 *
 * @example Tab's read can be refused
 * ```ts
 * import { CURSOR_ROWS } from "./cursor_rows.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(CURSOR_ROWS.BeforeTabFileRead.canBlock, true);
 * equal(CURSOR_ROWS.AfterAgentResponse.canBlock, false);
 * ```
 */
export const CURSOR_ROWS: Readonly<Record<keyof CursorEventMap, HookEventInfo>> = Object.freeze({
  AfterAgentResponse: eventRow({
    combine: "fan-out",
    description: "After the agent completed a message (Cursor's afterAgentResponse); side effects only",
  }),
  AfterAgentThought: eventRow({
    combine: "fan-out",
    description: "After the agent completed a thinking block (Cursor's afterAgentThought); side effects only",
  }),
  BeforeTabFileRead: eventRow({
    canBlock: true,
    gatesAction: true,
    combine: "serial",
    fields: ["filePath"],
    description: "Before Cursor's Tab completions read a file (beforeTabFileRead); a block keeps it from Tab",
  }),
  AfterTabFileEdit: eventRow({
    combine: "fan-out",
    fields: ["filePath"],
    description: "After Cursor's Tab completions edited a file (afterTabFileEdit); side effects only",
  }),
  WorkspaceOpen: eventRow({
    combine: "fan-out",
    description: "When Cursor opens a workspace or its folders change (workspaceOpen); side effects only",
  }),
});

/**
 * The payload fields and results of Cursor's own events.
 *
 * @example The result of Tab's read
 * ```ts
 * import type { CursorEventMap } from "@hookgate/core";
 *
 * const refused: CursorEventMap["BeforeTabFileRead"]["result"] = { block: true, reason: "a secret" };
 * ```
 */
export interface CursorEventMap {
  /** After the agent completed a message. */
  AfterAgentResponse: { fields: NoFields; result: NoResult };
  /** After the agent completed a thinking block. */
  AfterAgentThought: { fields: NoFields; result: NoResult };
  /** Before Tab reads a file. */
  BeforeTabFileRead: { fields: FileChangedFields; result: BlockResult };
  /** After Tab edited a file. */
  AfterTabFileEdit: { fields: FileChangedFields; result: NoResult };
  /** When a workspace opens. */
  WorkspaceOpen: { fields: NoFields; result: NoResult };
}
