// One hook entry of an agent's settings file (of a matcher group, or
// Cursor's flat entry), checked against its dialect's handler shape: keys
// the dialect does not know are a warning, since the agent ignores them and
// the hook still runs.

import { isPlainObject } from "../../_internal/json.ts";
import type { ObjectShape } from "../../_internal/shape.ts";
import { closest } from "../../_internal/text.ts";
import type { EntryContext, JsonPath } from "./config_types.ts";

/**
 * The hook object at `path`, or `null` (with an error) when it is none or
 * fails `shape`; `example` shows a hook in the error for a value that is no
 * object.
 */
export function readHandler(
  value: unknown,
  shape: ObjectShape,
  keys: readonly string[],
  label: string,
  path: JsonPath,
  context: EntryContext,
  example = '{"type": "command", "command": "…"}',
): Record<string, unknown> | null {
  if (!isPlainObject(value)) {
    context.error(path, "each hook must be an object", example);
    return null;
  }
  if (!context.check(shape, value, path, keys)) return null;
  for (const key of Object.keys(value)) {
    if (keys.includes(key)) continue;
    const suggestion = closest(key, keys);
    context.warning(
      [...path, key],
      `"${key}" is not a ${label} hook key hookgate knows; it is ignored and the hook runs`,
      suggestion === undefined ? undefined : `did you mean "${suggestion}"?`,
    );
  }
  return value;
}
