// Translating zod issues into hookgate's diagnostics: one message style,
// the place of every issue, "did you mean" for unknown keys.

import { describe } from "../_internal/json.ts";
import { MAX_OUTPUT_BYTES, MAX_TIMEOUT_MS } from "../_internal/limits.ts";
import type { Shape } from "../_internal/shape.ts";
import { zodOf } from "../_internal/shape_zod.ts";
import { closest } from "../_internal/text.ts";
import type { JsoncDocument, JsonPath } from "./_jsonc.ts";
import type { ConfigDiagnostic } from "./diagnostics.ts";

/**
 * Validates `value` at `path` against the zod schema of `shape` and turns
 * every zod issue into a diagnostic with hookgate's wording. Returns `true`
 * when valid.
 */
export function check(
  shape: Shape,
  value: unknown,
  path: JsonPath,
  document: JsoncDocument,
  keys: readonly string[],
  out: ConfigDiagnostic[],
): boolean {
  const result = zodOf(shape).safeParse(value);
  if (result.success) return true;
  for (const issue of result.error.issues) {
    const issuePath = [
      ...path,
      ...issue.path.map((p) => typeof p === "number" ? p : String(p)),
    ];
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const suggestion = closest(key, keys);
        out.push(document.at(
          [...issuePath, key],
          "error",
          `unknown key "${key}"`,
          suggestion ? `did you mean "${suggestion}"?` : `expected one of ${keys.map((k) => `"${k}"`).join(", ")}`,
          true,
        ));
      }
      continue;
    }
    // An array item is named by its array: "extensions[0]", not "0".
    const last = issuePath.at(-1);
    const name = JSON.stringify(
      typeof last === "number" ? `${String(issuePath.at(-2) ?? "")}[${last}]` : String(last ?? "value"),
    );
    const actual = valueAt(value, issue.path);
    let message: string;
    let hint: string | undefined;
    switch (issue.code) {
      case "invalid_type":
        message = issue.expected === "int"
          ? `${name} must be a whole number, got ${JSON.stringify(actual)}`
          : `${name} must be ${article(issue.expected)}, got ${describe(actual)}`;
        break;
      case "too_big":
        message = issue.origin === "number"
          ? `${name} must be at most ${issue.maximum}, got ${JSON.stringify(actual)}`
          : `${name} is too long`;
        if (name === '"timeoutMs"') {
          hint = `timeouts are in milliseconds; 10 minutes (${MAX_TIMEOUT_MS}) is the longest`;
        }
        if (name === '"maxOutputBytes"') {
          hint = `the largest cap is 1 MiB (${MAX_OUTPUT_BYTES})`;
        }
        break;
      case "too_small":
        message = issue.origin === "string"
          ? `${name} must not be empty`
          : `${name} must be at least ${issue.minimum}, got ${JSON.stringify(actual)}`;
        break;
      case "invalid_value":
        message = `${name} must be ${issue.values.map((v) => JSON.stringify(v)).join(" or ")}, got ${
          JSON.stringify(actual)
        }`;
        break;
      default:
        message = `${name}: ${issue.message}`;
    }
    out.push(document.at(issuePath, "error", message, hint));
  }
  return false;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function article(expected: string): string {
  switch (expected) {
    case "object":
    case "array":
      return `an ${expected}`;
    case "record":
      return "an object";
    default:
      return `a ${expected}`;
  }
}
