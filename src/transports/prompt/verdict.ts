// Finding a model's verdict in its answer: the first JSON object with a
// boolean "ok", wherever it stands (a code fence, surrounding prose).

/**
 * Finds the verdict in a model's answer: the first JSON object in the text
 * (inside a code fence or surrounded by prose) that has a boolean `ok`.
 *
 * @param text The model's answer.
 * @returns `{ok, reason?}`, or `null` when there is none.
 *
 * @example
 * ```ts
 * import { parseModelVerdict } from "@hookgate/core/transports";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * deepEqual(parseModelVerdict('Sure! {"ok": false, "reason": "too broad"} Hope that helps.'), {
 *   ok: false,
 *   reason: "too broad",
 * });
 * equal(parseModelVerdict("I think it is fine."), null);
 * ```
 */
export function parseModelVerdict(text: string): { ok: boolean; reason?: string } | null {
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
    if (value !== undefined) {
      const { ok, reason } = value as { ok?: unknown; reason?: unknown };
      if (typeof ok === "boolean") {
        return typeof reason === "string" && reason.trim() !== "" ? { ok, reason } : { ok };
      }
      // A JSON object without a verdict: its nested objects do not count.
      start = text.indexOf("{", end + 1);
    } else {
      start = text.indexOf("{", start + 1);
    }
  }
  return null;
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
