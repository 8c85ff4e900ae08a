// A hook key a dialect does not know (its agent adds some between releases)
// is a warning, with the closest known key as the hint, and the hook runs:
// shared by the agents' settings files.

import { closest } from "../_internal/text.ts";
import type { EntryContext, JsonPath } from "./config_types.ts";

/**
 * Warns about each key of a hook that is not among `keys`.
 *
 * @param value The hook, as written.
 * @param keys The keys the dialect reads.
 * @param label The agent, as messages name it ("Claude Code").
 * @param path Where the hook is.
 * @param context The parser's context.
 */
export function warnUnknownKeys(
  value: Record<string, unknown>,
  keys: readonly string[],
  label: string,
  path: JsonPath,
  context: EntryContext,
): void {
  for (const key of Object.keys(value)) {
    if (keys.includes(key)) continue;
    const suggestion = closest(key, keys);
    context.warning(
      [...path, key],
      `"${key}" is not a ${label} hook key hookgate knows; it is ignored and the hook runs`,
      suggestion === undefined ? undefined : `did you mean "${suggestion}"?`,
    );
  }
}
