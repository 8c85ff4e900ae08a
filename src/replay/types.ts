/**
 * What a recorded session becomes for replay: steps (one event each, with
 * the payload fields the agent gave its hooks), the lines that were skipped,
 * and the lines that could not be read — each with its file and line.
 *
 * @module
 */

import type { AnyHookEventFields, HookEvent } from "../events/event_map.ts";

/**
 * One recorded event to run through today's hooks.
 *
 * @example A recorded tool call
 * ```ts
 * import type { ReplayStep } from "@hookgate/core/replay";
 *
 * const step: ReplayStep = {
 *   event: "PreToolUse",
 *   fields: { toolName: "Bash", toolInput: { command: "ls" }, toolUseId: "toolu_1" },
 *   cwd: "/repo",
 *   sessionId: "s1",
 *   file: "session.jsonl",
 *   line: 3,
 * };
 * ```
 */
export interface ReplayStep {
  /** The event. */
  event: HookEvent;
  /** Its payload fields, as recorded. */
  fields: AnyHookEventFields;
  /** The working directory the agent had, when recorded. */
  cwd?: string;
  /** The recorded session. */
  sessionId?: string;
  /** The file it comes from. */
  file: string;
  /** The line it comes from (for events made up at a turn's end: the last line of the turn). */
  line: number;
}

/**
 * What a reader yields for each line: a step to run, a line of a kind that
 * is not replayed (counted), or a line that cannot be used (reported).
 *
 * @example Count what was read
 * ```ts
 * import type { ReplayRecord } from "@hookgate/core/replay";
 *
 * function isStep(record: ReplayRecord): boolean {
 *   return record.kind === "step";
 * }
 * ```
 */
export type ReplayRecord =
  | { kind: "step"; step: ReplayStep }
  | { kind: "skipped"; file: string; line: number; type: string }
  | { kind: "problem"; file: string; line: number; message: string };

/**
 * One line of a recorded file, as the readers take it: its number, and its
 * text — or, for a line too long to read, its length.
 *
 * @example
 * ```ts
 * import type { ReplayLine } from "@hookgate/core/replay";
 *
 * const lines: ReplayLine[] = [{ number: 1, text: '{"event":"Stop"}' }];
 * ```
 */
export interface ReplayLine {
  /** The line number, from 1. */
  number: number;
  /** The text, without the line break. */
  text?: string | undefined;
  /** Set instead of `text` when the line was too long: its length in characters. */
  tooLong?: number | undefined;
}
