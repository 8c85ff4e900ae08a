/**
 * Structural equality of configured hook sets: the hot-reload guard that
 * keeps unrelated configuration edits from reloading hooks.
 *
 * @module
 */

import type { ConfiguredHooks, PlaceholderHook } from "../events/configured.ts";
import { prune, stableJson } from "../trust/canonical.ts";

/**
 * Compares two configured hook maps structurally, entry by entry: key order
 * inside an entry is ignored, array order matters (it is run order), and
 * every field counts — transport target, matcher, timeout, failure policy,
 * stage, policy, headers, env and the event list. Events with no entries
 * equal absent events.
 *
 * @param a One configured hook map.
 * @param b The other.
 * @returns `true` when both would register the same entries.
 *
 * @example Key order does not matter, hook order does
 * ```ts
 * import { shellHooksEqual } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * equal(
 *   shellHooksEqual(
 *     { Stop: [{ command: "a", timeoutMs: 1 }] },
 *     { Stop: [{ timeoutMs: 1, command: "a" }] },
 *   ),
 *   true,
 * );
 * equal(
 *   shellHooksEqual(
 *     { Stop: [{ command: "a" }, { command: "b" }] },
 *     { Stop: [{ command: "b" }, { command: "a" }] },
 *   ),
 *   false,
 * );
 * ```
 */
export function shellHooksEqual(
  a: ConfiguredHooks | undefined,
  b: ConfiguredHooks | undefined,
): boolean {
  return stableJson(prune(a)) === stableJson(prune(b));
}

/**
 * Counts configured entries across all events.
 *
 * @param hooks A configured hook map.
 * @returns The number of entries.
 *
 * @example Count entries
 * ```ts
 * import { countShellHooks } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * equal(countShellHooks({ Stop: [{ command: "a" }], SessionStart: [{ command: "b" }] }), 2);
 * ```
 */
export function countShellHooks(hooks: ConfiguredHooks | undefined): number {
  let count = 0;
  for (const list of Object.values(hooks ?? {})) count += list?.length ?? 0;
  return count;
}

/**
 * Whether two lists of placeholders are the same, in order: a broken entry
 * that moved or changed its reason is a change (what it says is live).
 */
export function placeholdersEqual(
  a: readonly PlaceholderHook[] | undefined,
  b: readonly PlaceholderHook[] | undefined,
): boolean {
  const left = a ?? [];
  const right = b ?? [];
  return left.length === right.length && left.every((item, index) => stableJson(item) === stableJson(right[index]));
}
