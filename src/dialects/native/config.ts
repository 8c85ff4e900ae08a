// The native dialect's configuration entries: `timeoutMs`,
// `failurePolicy`, `stage`, `policy`, command, HTTP and prompt hooks.

import { MAX_OUTPUT_BYTES, MAX_TIMEOUT_MS } from "../../_internal/limits.ts";
import { isPlainObject } from "../../_internal/json.ts";
import {
  arrayOf,
  BOOLEAN,
  keysOf,
  number,
  type ObjectShape,
  oneOf,
  optional,
  recordOf,
  strictObject,
  string,
} from "../../_internal/shape.ts";
import type { ConfiguredHook } from "../../events/configured.ts";
import type { BrokenEntry, DialectConfig, EntryContext, JsonPath } from "../shared/config_types.ts";
import { hookLabel } from "../shared/_broken_entry.ts";

const stringList = arrayOf(string());
const stringMap = recordOf(string());

/** A native configured hook. */
export const NATIVE_ENTRY: ObjectShape = strictObject({
  name: optional(string(1)),
  matcher: optional(string()),
  toolRule: optional(string()),
  stage: optional(oneOf(["mutate", "validate"])),
  type: optional(oneOf(["command", "http", "prompt"])),
  command: optional(string(1)),
  args: optional(stringList),
  env: optional(stringMap),
  passEnv: optional(stringList),
  url: optional(string(1)),
  headers: optional(stringMap),
  allowedEnvVars: optional(stringList),
  allowMetadataHosts: optional(BOOLEAN),
  prompt: optional(string(1)),
  model: optional(string(1)),
  timeoutMs: optional(number({ int: true, min: 1, max: MAX_TIMEOUT_MS })),
  failurePolicy: optional(oneOf(["open", "closed"])),
  policy: optional(BOOLEAN),
  background: optional(BOOLEAN),
  maxOutputBytes: optional(number({ int: true, min: 1, max: MAX_OUTPUT_BYTES })),
  dialect: optional(oneOf(["native", "wuu", "claude"])),
});

/** Every key a native entry may have, for "did you mean" hints. */
export const NATIVE_KEYS: readonly string[] = keysOf(NATIVE_ENTRY);

const FORBIDDEN = {
  http: ["command", "args", "env", "passEnv", "prompt", "model"],
  prompt: ["command", "args", "env", "passEnv", "url", "headers", "allowedEnvVars", "allowMetadataHosts"],
  command: ["url", "headers", "allowedEnvVars", "allowMetadataHosts", "prompt", "model"],
} as const;
// A process takes its argv and environment as C strings and a request
// refuses NUL in its URL and headers, so a NUL would only surface when the
// hook runs; it is refused here, where the file can say where it is.
const PROCESS_NUL_HINT = "a process gets its command line and environment as C strings, which end at the first NUL";
const REQUEST_NUL_HINT = "URLs, HTTP header fields and environment variable names cannot carry a NUL";
const NUL_FIELDS = [
  ["command", PROCESS_NUL_HINT],
  ["args", PROCESS_NUL_HINT],
  ["env", PROCESS_NUL_HINT],
  ["passEnv", PROCESS_NUL_HINT],
  ["url", REQUEST_NUL_HINT],
  ["headers", REQUEST_NUL_HINT],
  ["allowedEnvVars", REQUEST_NUL_HINT],
] as const;
const ARTICLE = { http: "an HTTP", prompt: "a prompt", command: "a command" } as const;

/** The native dialect's configuration side. */
export const NATIVE_CONFIG: DialectConfig = Object.freeze<DialectConfig>({
  name: "native",
  label: "native",
  markers: new Set([
    "name",
    "stage",
    "args",
    "env",
    "passEnv",
    "url",
    "headers",
    "allowedEnvVars",
    "allowMetadataHosts",
    "timeoutMs",
    "failurePolicy",
    "policy",
    "background",
    "maxOutputBytes",
  ]),
  strictTop: true,
  securityLists: { commandAllowlist: "commandAllowlist", httpAllowedUrls: "httpAllowedUrls" },
  sanitizesEnv: (root) => root.sanitizeEnv === true,
  models: true,
  entries(event, value, path, context) {
    const hook = nativeHook(value, path, context);
    return hook !== null && context.common(event, hook as unknown as Record<string, unknown>, path) ? [hook] : [];
  },
  broken: brokenNative,
});

/**
 * A broken native entry's controls, failing closed: a failure policy other
 * than "open" (or none) is closed, a `policy` other than false (or none) is
 * one, and an entry that is not an object could have been anything.
 */
function brokenNative(value: unknown): BrokenEntry {
  if (!isPlainObject(value)) return { failurePolicy: "closed", policy: true };
  const { matcher, dialect, stage, failurePolicy, policy } = value;
  const name = hookLabel(value);
  return {
    failurePolicy: failurePolicy === undefined || failurePolicy === "open" ? "open" : "closed",
    policy: policy !== undefined && policy !== false,
    ...(name === undefined ? {} : { name }),
    ...(typeof matcher === "string" ? { matcher } : {}),
    ...(dialect === "native" || dialect === "wuu" || dialect === "claude" ? { dialect } : {}),
    ...(stage === "mutate" || stage === "validate" ? { stage } : {}),
  };
}

function nativeHook(value: unknown, path: JsonPath, context: EntryContext): ConfiguredHook | null {
  if (!isPlainObject(value)) {
    context.error(path, "each hook must be an object", '{"command": "…"} or {"type": "http", "url": "…"}');
    return null;
  }
  if (!context.check(NATIVE_ENTRY, value, path, NATIVE_KEYS)) return null;
  const type = (value.type ?? (value.url !== undefined ? "http" : "command")) as keyof typeof FORBIDDEN;
  let valid = true;
  for (const key of FORBIDDEN[type]) {
    if (value[key] === undefined) continue;
    valid = false;
    context.error(
      [...path, key],
      `"${key}" does not apply to ${ARTICLE[type]} hook`,
      value.type !== undefined
        ? undefined
        : key === "prompt" || key === "model"
        ? 'add "type": "prompt" for a prompt hook'
        : 'add "type": "http" for an HTTP hook',
      true,
    );
  }
  if (type === "http" && value.url === undefined) {
    context.error(path, 'an HTTP hook needs a "url"');
    return null;
  }
  if (type === "prompt" && value.prompt === undefined) {
    context.error(path, 'a prompt hook needs a "prompt" (the instruction; $ARGUMENTS stands for the event JSON)');
    return null;
  }
  if (type === "command" && value.command === undefined) {
    context.error(path, 'a hook needs "command" (a command hook) or "type": "http" with "url" (an HTTP hook)');
    return null;
  }
  if (!valid || !nulFree(value, path, context)) return null;
  // Prompt hooks have nothing transport-specific to check here: the model is
  // resolved against the merged "models" of every layer.
  if (type === "http") {
    if (!context.url(String(value.url), value.allowMetadataHosts === true, [...path, "url"])) return null;
  } else if (type === "command" && !context.command(value as { command: string; args?: string[] }, path)) {
    return null;
  }
  const { type: _type, ...rest } = value;
  return (type === "command" ? rest : { type, ...rest }) as unknown as ConfiguredHook;
}

/** Reports every NUL in a field that reaches a process or a request; `false` when any. */
function nulFree(value: Record<string, unknown>, path: JsonPath, context: EntryContext): boolean {
  let clean = true;
  const refuse = (at: JsonPath, what: string, hint: string, key = false) => {
    clean = false;
    context.error(at, `${what} must not contain a NUL character (\\u0000)`, hint, key);
  };
  // The schema has already checked the shapes: strings, string lists, string maps.
  for (const [field, hint] of NUL_FIELDS) {
    const item = value[field];
    const at = [...path, field];
    if (typeof item === "string") {
      if (item.includes("\0")) refuse(at, `"${field}"`, hint);
    } else if (Array.isArray(item)) {
      for (const [index, element] of item.entries()) {
        if (String(element).includes("\0")) refuse([...at, index], `"${field}"`, hint);
      }
    } else if (isPlainObject(item)) {
      for (const [name, element] of Object.entries(item)) {
        if (name.includes("\0")) refuse([...at, name], `"${field}" names`, hint, true);
        if (String(element).includes("\0")) refuse([...at, name], `"${field}" values`, hint);
      }
    }
  }
  return clean;
}
