// Reading a hook's answer under hookgate's own exit-code and JSON rules, shared by the native and
// Wuu dialects: exit 2 always denies (the JSON reason, else stderr, else
// stdout); any other non-zero exit is a failure; exit 0 (or an HTTP body)
// is nothing (allow) or exactly one JSON outcome object. A deny on an event
// that cannot block is told to the user, never dropped in silence.

import { truncate } from "../../_internal/text.ts";
import { MAX_REASON_CHARS } from "../../_internal/limits.ts";
import { DEFAULT_BLOCK_REASON, normalizeOutcome } from "../../events/parse_outcome.ts";
import { HOOK_EVENTS, isHookEvent } from "../../events/table.ts";
import type { DecodedOutput, HookAnswer } from "./types.ts";

const ADVICE = {
  stdout: "print only the outcome JSON on stdout and diagnostics on stderr",
  body: "answer with an outcome object or nothing",
} as const;

/** Decodes an answer by hookgate's exit-code and JSON rules, on `event` when given. */
export function decodeHookgateAnswer(answer: HookAnswer, event?: string): DecodedOutput {
  const { exitCode, text, stderr } = answer;
  if (exitCode === 2) {
    return toldWhereUnblockable({ outcome: { action: "deny", reason: exit2Reason(text, stderr) } }, event);
  }
  if (exitCode !== null && exitCode !== 0) {
    return { failure: { kind: "exit", message: `exited with code ${exitCode}${firstLine(stderr)}` } };
  }
  return toldWhereUnblockable(readJsonAnswer(answer), event);
}

/**
 * A deny on an event that can neither block nor take it as feedback
 * (SessionStart, SessionEnd, SubagentStart, …) blocks nothing: its reason
 * also goes to the user as the answer's `systemMessage`, as Claude Code
 * shows a Claude-style hook's exit-2 stderr there — so the caller's
 * dialect says it in its agent's terms (Codex and Gemini CLI as
 * `systemMessage`, Cursor as `user_message` or in its hook log). The deny
 * stays, for the trace and the runner's warning.
 */
function toldWhereUnblockable(decoded: DecodedOutput, event: string | undefined): DecodedOutput {
  if (event === undefined || !("outcome" in decoded) || decoded.outcome.action !== "deny") return decoded;
  // An event of a host's own table is the host's to judge: its row is not known here.
  if (!isHookEvent(event)) return decoded;
  const row = HOOK_EVENTS[event];
  if (row.canBlock || row.denyAsFeedback) return decoded;
  const note = `${event} cannot be blocked; a hook asked to: ${decoded.outcome.reason ?? DEFAULT_BLOCK_REASON}`;
  const own = decoded.outcome.systemMessage;
  return { outcome: { ...decoded.outcome, systemMessage: own === undefined ? note : `${own}\n${note}` } };
}

/**
 * Nothing means allow; one JSON object is the outcome; anything else is
 * `invalid_output`. The message never repeats the text: hook output may
 * echo the payload, which is never logged.
 */
export function readJsonAnswer(answer: HookAnswer): DecodedOutput {
  const text = answer.text;
  if (text === "") return { outcome: { action: "allow" } };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    const kind = text.startsWith("{") ? "text that starts like JSON" : "plain text";
    const what = answer.source === "stdout" ? "stdout" : "the body";
    return {
      failure: {
        kind: "invalid_output",
        message: `${what} is not one JSON object (${text.length} characters of ${kind}); ${ADVICE[answer.source]}`,
      },
    };
  }
  const outcome = normalizeOutcome(parsed);
  return typeof outcome === "string" ? { failure: { kind: "invalid_output", message: outcome } } : { outcome };
}

/** Exit code 2: the JSON `reason` if any, else stderr, else stdout. */
function exit2Reason(stdout: string, stderr: string): string {
  if (stdout.startsWith("{")) {
    try {
      const reason = (JSON.parse(stdout) as { reason?: unknown }).reason;
      if (typeof reason === "string" && reason.trim() !== "") {
        return truncate(reason, MAX_REASON_CHARS);
      }
    } catch {
      // Not JSON: it is text, used below.
    }
    if (stderr === "") return DEFAULT_BLOCK_REASON;
  }
  const text = stderr || stdout;
  return text === "" ? DEFAULT_BLOCK_REASON : truncate(text, MAX_REASON_CHARS);
}

/** `": <first line of stderr>"`, or nothing. */
export function firstLine(stderr: string): string {
  if (stderr === "") return "";
  const line = stderr.split("\n", 1)[0]!;
  return `: ${truncate(line, 200)}`;
}
