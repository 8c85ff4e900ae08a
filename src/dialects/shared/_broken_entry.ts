// What the configuration side of a dialect can still read of an entry that
// has errors, so a placeholder can stand in for it: the name a registry
// would give it, and — for the dialects that have them — its controls, read
// failing closed.

import { isPlainObject } from "../../_internal/json.ts";
import { urlForMessage } from "../../_internal/url_text.ts";
import type { BrokenEntry } from "./config_types.ts";

/**
 * The name a registry gives a hook: its `name`, else its command, its URL
 * (scheme, host and port only: a path or query may carry a secret), or the
 * model of a prompt hook.
 */
export function hookLabel(value: unknown): string | undefined {
  if (!isPlainObject(value)) return undefined;
  const { name, command, url, prompt, model } = value;
  if (typeof name === "string" && name.trim() !== "") return name;
  if (typeof command === "string" && command.trim() !== "") return command;
  if (typeof url === "string" && url !== "") return urlForMessage(url);
  if (typeof prompt === "string") return `prompt(${typeof model === "string" ? model : "default model"})`;
  return undefined;
}

/** A broken entry of a dialect without failure policies: it could only ever have failed open. */
export function openEntry(value: unknown, dialect: BrokenEntry["dialect"], entry: unknown = value): BrokenEntry {
  const label = hookLabel(entry);
  const matcher = isPlainObject(value) && typeof value.matcher === "string" ? value.matcher : undefined;
  return {
    failurePolicy: "open",
    policy: false,
    ...(dialect === undefined ? {} : { dialect }),
    ...(label === undefined ? {} : { name: label }),
    ...(matcher === undefined ? {} : { matcher }),
  };
}
