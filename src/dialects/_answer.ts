// Reading a hook's answer under hookgate's own exit-code and JSON rules, shared by the native and
// Wuu dialects: exit 2 always denies (the JSON reason, else stderr, else
// stdout); any other non-zero exit is a failure; exit 0 (or an HTTP body)
// is nothing (allow) or exactly one JSON outcome object.

import { truncate } from "../_internal/text.ts";
import { MAX_REASON_CHARS } from "../_internal/limits.ts";
import { DEFAULT_BLOCK_REASON, normalizeOutcome } from "../events/parse_outcome.ts";
import type { DecodedOutput, HookAnswer } from "./types.ts";

const ADVICE = {
  stdout: "print only the outcome JSON on stdout and diagnostics on stderr",
  body: "answer with an outcome object or nothing",
} as const;

/** Decodes an answer by hookgate's exit-code and JSON rules. */
export function decodeHookgateAnswer(answer: HookAnswer): DecodedOutput {
  const { exitCode, text, stderr } = answer;
  if (exitCode === 2) {
    return { outcome: { action: "deny", reason: exit2Reason(text, stderr) } };
  }
  if (exitCode !== null && exitCode !== 0) {
    return { failure: { kind: "exit", message: `exited with code ${exitCode}${firstLine(stderr)}` } };
  }
  return readJsonAnswer(answer);
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
