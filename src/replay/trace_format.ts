/**
 * hookgate's own trace format: one JSON object per line,
 * `{"event", "toolName"?, "toolInput"?, "toolResult"?, "prompt"?, "cwd"?, "sessionId"?, …}`
 * — the event and its payload fields — so any agent's log converts to it
 * with a few lines of `jq`, and `hook-run run --record FILE` and the
 * gateway append to it. `hook-run serve --record FILE` writes it too, with
 * what each call decided beside the payload (`time`, `agent`, `status`,
 * `decision`, `hook`, `reason`, `durationMs`: ignored here); its line for a
 * call whose body was not read has `"read": false` and is skipped.
 *
 * @module
 */

import type { AnyHookEventFields, HookEvent } from "../events/event_map.ts";
import { dialectOf } from "../dialects/dialects.ts";
import { HOOK_EVENTS } from "../events/table.ts";
import type { ReplayLine, ReplayRecord } from "./types.ts";

/**
 * One line of the trace format.
 *
 * @example
 * ```ts
 * import type { TraceLine } from "@hookgate/core/replay";
 *
 * const line: TraceLine = { event: "PreToolUse", toolName: "Bash", toolInput: { command: "ls" }, cwd: "/repo" };
 * ```
 */
export interface TraceLine extends AnyHookEventFields {
  /** The event. */
  event: string;
  /** The agent's working directory. */
  cwd?: string;
  /** The session. */
  sessionId?: string;
}

/**
 * The trace line for one event run: the event, its payload fields, and
 * where and in which session it ran — ready for `JSON.stringify` and one
 * line of a trace file.
 *
 * @param event The event.
 * @param fields Its payload fields (runner-owned ones such as `stopHookActive` are left out).
 * @param env The working directory and session.
 * @returns The line's object.
 *
 * @example
 * ```ts
 * import { traceLine } from "@hookgate/core/replay";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(traceLine("UserPromptSubmit", { prompt: "hi" }, { cwd: "/r", sessionId: "s" }), {
 *   event: "UserPromptSubmit",
 *   prompt: "hi",
 *   cwd: "/r",
 *   sessionId: "s",
 * });
 * ```
 */
export function traceLine(
  event: string,
  fields: AnyHookEventFields,
  env: { cwd?: string; sessionId?: string },
): TraceLine {
  const { stopHookActive: _, ...payload } = fields;
  return {
    event,
    ...payload,
    ...(env.cwd === undefined ? {} : { cwd: env.cwd }),
    ...(env.sessionId === undefined ? {} : { sessionId: env.sessionId }),
  };
}

const NATIVE = dialectOf("native");

/**
 * Turns the lines of a trace file into replay records. Fields an event
 * does not carry are ignored; a line with `"read": false` (a call recorded
 * without its payload) is skipped; a line that is not JSON, names no known
 * event, lacks a tool event's `toolName`, or has a field of the wrong type
 * is reported with its place and skipped.
 *
 * @param lines The file's lines with their numbers (`text` absent: the line was too long to read).
 * @param file The file's name, for places.
 * @returns The records, in order.
 *
 * @example
 * ```ts
 * import { readTrace } from "@hookgate/core/replay";
 * import { equal } from "node:assert/strict";
 *
 * const lines = [{ number: 1, text: '{"event":"PreToolUse","toolName":"Bash","toolInput":{"command":"ls"}}' }];
 * for await (const record of readTrace(lines, "trace.jsonl")) {
 *   equal(record.kind === "step" && record.step.fields.toolName, "Bash");
 * }
 * ```
 */
export async function* readTrace(
  lines: AsyncIterable<ReplayLine> | Iterable<ReplayLine>,
  file: string,
): AsyncGenerator<ReplayRecord> {
  for await (const { number, text, tooLong } of lines) {
    const problem = (message: string): ReplayRecord => ({ kind: "problem", file, line: number, message });
    if (text === undefined) {
      yield problem(`the line is too long to read (${tooLong} characters); skipped`);
      continue;
    }
    if (text.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      yield problem("not JSON; skipped");
      continue;
    }
    if (isUnread(value)) {
      yield { kind: "skipped", file, line: number, type: "call not read" };
      continue;
    }
    const checked = checkLine(value);
    if (typeof checked === "string") yield problem(`${checked}; skipped`);
    else yield { kind: "step", step: { ...checked, file, line: number } };
  }
}

/** A recorded call whose body was not read: nothing to replay. */
function isUnread(value: unknown): boolean {
  return value !== null && typeof value === "object" && (value as { read?: unknown }).read === false;
}

/** A trace line is a native payload: the native dialect reads (and checks) it. */
function checkLine(
  value: unknown,
): { event: HookEvent; fields: AnyHookEventFields; cwd?: string; sessionId?: string } | string {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return "not a JSON object";
  const line = { ...value } as Record<string, unknown>;
  // What a jq conversion may leave bare: a tool's output without {content, isError}.
  if (line.toolResult !== undefined) line.toolResult = toolResult(line.toolResult);
  try {
    const decoded = NATIVE.decodeInput(line);
    const fields = { ...decoded.fields };
    if (HOOK_EVENTS[decoded.event].toolEvent) fields.toolInput ??= {};
    return {
      event: decoded.event,
      fields,
      ...(decoded.cwd === undefined ? {} : { cwd: decoded.cwd }),
      ...(decoded.sessionId === undefined ? {} : { sessionId: decoded.sessionId }),
    };
  } catch (error) {
    return (error as Error).message;
  }
}

/** `{content, isError}` as given, or any other value as the content. */
function toolResult(value: unknown): { content: unknown; isError: boolean } {
  if (value !== null && typeof value === "object" && !Array.isArray(value) && "content" in value) {
    const result = value as { content: unknown; isError?: unknown };
    return { content: result.content, isError: result.isError === true };
  }
  return { content: value, isError: false };
}
