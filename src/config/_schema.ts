// The zod schemas of configuration entries, per dialect, and the
// translation of zod issues into hookgate's messages. Internal: exported
// types are plain interfaces (JSR's doc lint rejects zod types).

import { z } from "zod";
import { closest } from "../_text.ts";
import { describe } from "../outcome.ts";
import type { JsoncDocument, JsonPath } from "./_jsonc.ts";
import type { ConfigDiagnostic } from "./diagnostics.ts";

const MAX_TIMEOUT_MS = 600_000;
const MAX_OUTPUT_BYTES = 1024 * 1024;

const stringList = z.array(z.string());
const stringMap = z.record(z.string(), z.string());

/** A native (seed 000) configured hook. */
export const nativeEntry = z.strictObject({
  name: z.string().min(1).optional(),
  matcher: z.string().optional(),
  stage: z.enum(["mutate", "validate"]).optional(),
  type: z.enum(["command", "http", "prompt"]).optional(),
  command: z.string().min(1).optional(),
  args: stringList.optional(),
  env: stringMap.optional(),
  passEnv: stringList.optional(),
  url: z.string().min(1).optional(),
  headers: stringMap.optional(),
  allowedEnvVars: stringList.optional(),
  allowMetadataHosts: z.boolean().optional(),
  prompt: z.string().min(1).optional(),
  model: z.string().min(1).optional(),
  timeoutMs: z.number().int().min(1).max(MAX_TIMEOUT_MS).optional(),
  failurePolicy: z.enum(["open", "closed"]).optional(),
  policy: z.boolean().optional(),
  background: z.boolean().optional(),
  maxOutputBytes: z.number().int().min(1).max(MAX_OUTPUT_BYTES).optional(),
  dialect: z.enum(["native", "wuu"]).optional(),
});

/** A Wuu (seed 001) configured hook: `timeout` is in seconds. */
export const wuuEntry = z.strictObject({
  matcher: z.string().optional(),
  type: z.enum(["command", "prompt"]).optional(),
  command: z.string().min(1).optional(),
  prompt: z.string().min(1).optional(),
  model: z.string().min(1).optional(),
  timeout: z.number().optional(),
});

/** One entry of the `models` section. */
export const modelEndpoint = z.strictObject({
  provider: z.enum(["openai", "anthropic"]),
  baseUrl: z.string().min(1).optional(),
  model: z.string().min(1),
  apiKeyEnv: z.string().min(1).optional(),
  maxOutputBytes: z.number().int().min(1).max(MAX_OUTPUT_BYTES).optional(),
});

/** Every key a model endpoint may have. */
export const MODEL_KEYS: readonly string[] = Object.keys(modelEndpoint.shape);

/** The top-level keys of a native file besides `hooks`. */
export const nativeTop = z.object({
  $schema: z.string().optional(),
  dialect: z.string().optional(),
  hooks: z.unknown().optional(),
  models: z.unknown().optional(),
  commandAllowlist: stringList.optional(),
  httpAllowedUrls: stringList.optional(),
});

/** Every key a native entry may have, for "did you mean" hints. */
export const NATIVE_KEYS: readonly string[] = Object.keys(nativeEntry.shape);
/** Every key a Wuu entry may have. */
export const WUU_KEYS: readonly string[] = Object.keys(wuuEntry.shape);
/** Every top-level key of a native file. */
export const TOP_KEYS: readonly string[] = Object.keys(nativeTop.shape);

/**
 * Validates `value` at `path` against `schema` and turns every zod issue
 * into a diagnostic with hookgate's wording. Returns `true` when valid.
 */
export function check(
  schema: z.ZodType,
  value: unknown,
  path: JsonPath,
  document: JsoncDocument,
  keys: readonly string[],
  out: ConfigDiagnostic[],
): boolean {
  const result = schema.safeParse(value);
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
    const name = JSON.stringify(String(issuePath.at(-1) ?? "value"));
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
          hint = "timeouts are in milliseconds; 10 minutes (600000) is the longest";
        }
        if (name === '"maxOutputBytes"') {
          hint = "the largest cap is 1 MiB (1048576)";
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
