/**
 * The payload every hook receives: one flat, JSON-serializable object, the
 * same for every transport, and the fields each event adds to it.
 *
 * @module
 */

import type { HookEvent } from "./event_map.ts";
import type { AnyHookEventFields } from "./fields.ts";

// Each event's fields, and the tool result they carry, are part of the payload's vocabulary.
export type * from "./fields.ts";

/**
 * The payload every hook receives, identical for every transport: flat and
 * JSON-serializable. Command hooks read it on stdin, HTTP hooks as the POST
 * body, in-process hooks as their first argument.
 *
 * @example A PreToolUse payload
 * ```ts
 * import type { HookInput } from "@hookgate/core";
 *
 * const input: HookInput = {
 *   event: "PreToolUse",
 *   toolName: "bash",
 *   toolInput: { command: "ls" },
 *   cwd: "/abs/project",
 *   sessionId: "01J0000000000000000000000",
 * };
 * ```
 */
export interface HookInput extends AnyHookEventFields {
  /** The event being run. */
  event: HookEvent;
  /** The working directory of the agent (absolute). */
  cwd: string;
  /** The session identifier; the runner always fills it in. */
  sessionId?: string;
  /** The session's transcript (JSONL), when the agent gives one. */
  transcriptPath?: string;
  /** The agent's permission mode (`default`, `plan`, …), when the agent gives one. */
  permissionMode?: string;
}
