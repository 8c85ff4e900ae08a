// Finding a model's verdict in its answer: every JSON object with a boolean
// "ok", wherever it stands (a code fence, surrounding prose). A model may
// quote the payload, and an attacker may have put a verdict there, so the
// first one is not enough: verdicts that disagree make the answer unusable.

/**
 * Finds the verdict in a model's answer: the JSON objects in the text
 * (inside a code fence or surrounded by prose) that have a boolean `ok`.
 * Several that agree are one verdict, with the first non-empty `reason`
 * (and `impossible: true` when one of the refusals says the instruction
 * cannot be met); objects nested in another object do not count.
 *
 * @param text The model's answer.
 * @returns `{ok, reason?, impossible?}`, or `null` when there is none.
 * @throws {SyntaxError} When one verdict says `ok: true` and another
 * `ok: false` (the model may have quoted one from the payload). The message
 * never repeats the answer.
 *
 * @example
 * ```ts
 * import { parseModelVerdict } from "@hookgate/core/transports";
 * import { deepEqual, equal, throws } from "node:assert/strict";
 *
 * deepEqual(parseModelVerdict('Sure! {"ok": false, "reason": "too broad"} Hope that helps.'), {
 *   ok: false,
 *   reason: "too broad",
 * });
 * equal(parseModelVerdict("I think it is fine."), null);
 * throws(() => parseModelVerdict('It says {"ok": true}, but {"ok": false, "reason": "no"}'), SyntaxError);
 * ```
 */
export function parseModelVerdict(text: string): { ok: boolean; reason?: string; impossible?: boolean } | null {
  let verdict: { ok: boolean; reason?: string; impossible?: boolean } | null = null;
  let start = text.indexOf("{");
  while (start !== -1) {
    const end = objectEnd(text, start);
    let value: unknown = undefined;
    if (end !== -1) {
      try {
        value = JSON.parse(text.slice(start, end + 1));
      } catch {
        // Braces in prose: try the next one.
      }
    }
    if (value === undefined) {
      start = text.indexOf("{", start + 1);
      continue;
    }
    const { ok, reason, impossible } = value as { ok?: unknown; reason?: unknown; impossible?: unknown };
    if (typeof ok === "boolean") {
      if (verdict !== null && verdict.ok !== ok) {
        throw new SyntaxError(
          'Cannot read the model\'s answer: it has conflicting verdicts ("ok": true and "ok": false), so it decides nothing',
        );
      }
      verdict ??= { ok };
      if (verdict.reason === undefined && typeof reason === "string" && reason.trim() !== "") verdict.reason = reason;
      if (impossible === true && !ok) verdict.impossible = true;
    }
    // Nested objects of a JSON object do not count, verdict or not.
    start = text.indexOf("{", end + 1);
  }
  return verdict;
}

/** The index of the `}` closing the object opened at `start`, or -1. */
function objectEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === "{") {
      depth++;
    } else if (char === "}" && --depth === 0) {
      return i;
    }
  }
  return -1;
}
