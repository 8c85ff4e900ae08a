/**
 * The canonical text of configuration: hooks without where they were read
 * from, JSON with object keys sorted at every level. A project's trust
 * digest is the hash of this text — a recorded trust stays valid only while
 * it reads the same — and hot reload compares configurations by it.
 *
 * @module
 */

import type { ConfiguredHooks } from "../events/configured.ts";

/**
 * Configured hooks as the digest covers them and `shellHooksEqual`
 * compares them: events with entries, each entry without its `source`.
 */
export function prune(hooks: ConfiguredHooks | undefined): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [event, list] of Object.entries(hooks ?? {})) {
    // `source` records where an entry was read from; it does not change
    // what the entry does, so moving a hook between files is no reload.
    if (list !== undefined && list.length > 0) {
      result[event] = list.map(({ source: _source, ...entry }) => entry);
    }
  }
  return result;
}

/** JSON with object keys sorted at every level: equal structures, equal text. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item) => {
    if (item === null || typeof item !== "object" || Array.isArray(item)) {
      return item;
    }
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(item).sort()) {
      sorted[key] = (item as Record<string, unknown>)[key];
    }
    return sorted;
  });
}
