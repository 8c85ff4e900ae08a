/**
 * Reading a Claude Code transcript (`~/.claude/projects/<project>/<session>.jsonl`)
 * as hook events, in the order the agent would have run its hooks:
 * SessionStart first; a user line's text → UserPromptSubmit; an assistant
 * line's `tool_use` → PreToolUse; the matching `tool_result` in a later
 * user line → PostToolUse (PostToolUseFailure when `is_error`), with the
 * input the recorded call used; Stop at the end of each assistant turn.
 * Other line types are skipped and counted; a line that is not JSON, or a
 * record that lacks what it needs, is reported with its place and skipped.
 * Memory stays bounded whatever the file holds: at most 1 000 tool calls
 * (and 16 Mi characters of their lines) wait for their results, and at
 * most 10 000 session ids are remembered; past either, the oldest is
 * forgotten and that is reported, as are the calls that never got a
 * result.
 *
 * @module
 */

import type { AnyHookEventFields, HookEvent } from "../events/event_map.ts";
import { MAX_PENDING_TOOL_CALLS, MAX_PENDING_TOOL_CHARS, MAX_REPLAY_SESSIONS } from "../_internal/limits.ts";
import type { ReplayLine, ReplayRecord } from "./types.ts";

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * Turns the lines of one transcript into replay records.
 *
 * @param lines The file's lines with their numbers (`text` absent: the line was too long to read).
 * @param file The file's name, for places.
 * @returns The records, in order.
 *
 * @example A prompt and one tool call
 * ```ts
 * import { readClaudeTranscript } from "@hookgate/core/replay";
 * import { deepEqual } from "node:assert/strict";
 *
 * const lines = [
 *   { type: "user", sessionId: "s", cwd: "/r", message: { role: "user", content: "list files" } },
 *   { type: "assistant", sessionId: "s", cwd: "/r", message: { content: [{ type: "tool_use", id: "t1", name: "Bash", input: { command: "ls" } }] } },
 *   { type: "user", sessionId: "s", cwd: "/r", message: { content: [{ type: "tool_result", tool_use_id: "t1", content: "a.ts" }] } },
 * ].map((record, index) => ({ number: index + 1, text: JSON.stringify(record) }));
 * const events = [];
 * for await (const record of readClaudeTranscript(lines, "t.jsonl")) {
 *   if (record.kind === "step") events.push(record.step.event);
 * }
 * deepEqual(events, ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"]);
 * ```
 */
export async function* readClaudeTranscript(
  lines: AsyncIterable<ReplayLine> | Iterable<ReplayLine>,
  file: string,
): AsyncGenerator<ReplayRecord> {
  // Oldest first (a Map keeps insertion order), so the first key is the one to forget.
  const calls = new Map<string, { name: string; input: Json; line: number; chars: number }>();
  let waitingChars = 0;
  let forgotten = 0;
  const said = { count: false, size: false, sessions: false };
  // Least recently seen first: a session seen again moves to the end.
  const started = new Set<string>();
  let lastSession: string | undefined;
  let cwd: string | undefined;
  let sessionId: string | undefined;
  let inTurn = false;
  // The last line of the assistant turn in progress: where its Stop is placed.
  let turnLine = 0;
  const step = (event: HookEvent, fields: AnyHookEventFields, line: number): ReplayRecord => ({
    kind: "step",
    step: {
      event,
      fields,
      file,
      line,
      ...(cwd === undefined ? {} : { cwd }),
      ...(sessionId === undefined ? {} : { sessionId }),
    },
  });
  const problem = (line: number, message: string): ReplayRecord => ({ kind: "problem", file, line, message });

  for await (const { number, text, tooLong } of lines) {
    if (text === undefined) {
      yield problem(number, `the line is too long to read (${tooLong} characters); skipped`);
      continue;
    }
    if (text.trim() === "") continue;
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch {
      yield problem(number, "not JSON; skipped");
      continue;
    }
    if (!isObject(record) || typeof record.type !== "string") {
      yield problem(number, 'not a transcript record (no "type"); skipped');
      continue;
    }
    if (record.type !== "user" && record.type !== "assistant") {
      yield { kind: "skipped", file, line: number, type: record.type };
      continue;
    }
    if (typeof record.cwd === "string") cwd = record.cwd;
    if (typeof record.sessionId === "string") sessionId = record.sessionId;
    const content = isObject(record.message) ? record.message.content : undefined;
    if (typeof content !== "string" && !Array.isArray(content)) {
      yield problem(number, `a ${record.type} record without message.content; skipped`);
      continue;
    }
    if (sessionId !== undefined && sessionId !== lastSession) {
      lastSession = sessionId;
      if (started.delete(sessionId)) started.add(sessionId);
      else {
        started.add(sessionId);
        if (started.size > MAX_REPLAY_SESSIONS) {
          const oldest = started.values().next().value!;
          started.delete(oldest);
          if (!said.sessions) {
            said.sessions = true;
            yield problem(
              number,
              `more than ${MAX_REPLAY_SESSIONS} sessions in one file: the least recently seen ` +
                `(${JSON.stringify(oldest)}) is forgotten, and one seen again starts with another SessionStart`,
            );
          }
        }
        yield step("SessionStart", { source: "startup" }, number);
      }
    }

    if (record.type === "assistant") {
      inTurn = true;
      turnLine = number;
      const blocks = Array.isArray(content) ? content : [];
      // What a waiting call holds, roughly: its share of the line.
      const chars = Math.ceil(
        text.length / Math.max(1, blocks.filter((b) => isObject(b) && b.type === "tool_use").length),
      );
      for (const block of blocks) {
        if (!isObject(block) || block.type !== "tool_use") continue;
        if (typeof block.id !== "string" || typeof block.name !== "string" || !isObject(block.input)) {
          yield problem(number, "a tool_use without a string id and name and an object input; skipped");
          continue;
        }
        waitingChars -= calls.get(block.id)?.chars ?? 0;
        calls.delete(block.id);
        calls.set(block.id, { name: block.name, input: block.input, line: number, chars });
        waitingChars += chars;
        // Past a cap the oldest waiting call is forgotten (the newest is always kept).
        while (calls.size > MAX_PENDING_TOOL_CALLS || (waitingChars > MAX_PENDING_TOOL_CHARS && calls.size > 1)) {
          const kind = calls.size > MAX_PENDING_TOOL_CALLS ? "count" : "size";
          const [id, oldest] = calls.entries().next().value!;
          calls.delete(id);
          waitingChars -= oldest.chars;
          forgotten++;
          if (said[kind]) continue;
          said[kind] = true;
          const what = kind === "count"
            ? `more than ${MAX_PENDING_TOOL_CALLS} tool_use calls wait`
            : `more than ${MAX_PENDING_TOOL_CHARS} characters of tool input wait`;
          yield problem(
            number,
            `${what} for their tool_result: the oldest (${JSON.stringify(id)} on line ${oldest.line}) is forgotten, ` +
              `as is the oldest each time again; their results are not replayed`,
          );
        }
        yield step("PreToolUse", { toolName: block.name, toolInput: block.input, toolUseId: block.id }, number);
      }
      continue;
    }

    // A user line: tool results, and (unless it is meta or a subagent's) a prompt.
    const texts: string[] = [];
    for (const block of typeof content === "string" ? [{ type: "text", text: content }] : content) {
      if (!isObject(block)) continue;
      if (block.type === "text" && typeof block.text === "string") texts.push(block.text);
      if (block.type !== "tool_result") continue;
      const id = block.tool_use_id;
      const call = typeof id === "string" ? calls.get(id) : undefined;
      if (call === undefined) {
        const or = forgotten > 0 ? " (or one forgotten while too many waited)" : "";
        yield problem(number, `a tool_result for ${JSON.stringify(id)}, which no earlier tool_use has${or}; skipped`);
        continue;
      }
      calls.delete(id as string);
      waitingChars -= call.chars;
      turnLine = number;
      const base = { toolName: call.name, toolInput: call.input, toolUseId: id as string };
      yield block.is_error === true
        ? step("PostToolUseFailure", { ...base, error: resultText(block.content) }, number)
        : step("PostToolUse", { ...base, toolResult: { content: block.content ?? "", isError: false } }, number);
    }
    const prompt = texts.join("\n");
    if (prompt.trim() === "") continue;
    if (record.isMeta === true || record.isSidechain === true) {
      yield { kind: "skipped", file, line: number, type: record.isMeta === true ? "meta prompt" : "subagent prompt" };
      continue;
    }
    if (inTurn) {
      inTurn = false;
      yield step("Stop", {}, turnLine);
    }
    yield step("UserPromptSubmit", { prompt }, number);
  }
  if (inTurn) yield step("Stop", {}, turnLine);
  if (calls.size > 0) {
    const [id, first] = calls.entries().next().value!;
    const one = calls.size === 1;
    yield problem(
      first.line,
      `${one ? "1 tool_use never got its" : `${calls.size} tool_use calls never got their`} tool_result ` +
        `(the first: ${JSON.stringify(id)})${
          forgotten > 0 ? `, and ${forgotten} forgotten while too many waited` : ""
        }; ` +
        `${one ? "its PostToolUse is" : "their PostToolUse are"} not replayed`,
    );
  }
}

/** A tool result's content as text: a string, or the text of its blocks. */
function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.filter((part) => isObject(part) && typeof part.text === "string").map((part) => part.text).join(
    "\n",
  );
}
