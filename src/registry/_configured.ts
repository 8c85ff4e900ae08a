// Configured hooks as one set: building every entry of a configuration at
// once — all or nothing, so a malformed hook registers none and uses up no
// id — and splicing a new set into an event's list where the old one stood,
// which is how a reload swaps configuration atomically.

import type { ConfiguredHook, ConfiguredHooks } from "../events/configured.ts";
import type { RegistryEvent } from "../events/extension_map.ts";
import { checkEvent, configuredEntry, type EventTable, opensEvent, placeholderEntry } from "./entry.ts";
import { placeholderDenies } from "./placeholder.ts";
import type { LoadShellHooksOptions } from "./options.ts";
import type { HookEntry } from "./types.ts";

/** Configured entries per event: built and validated, not yet registered. */
export type BuiltHooks = Map<RegistryEvent, HookEntry[]>;

/**
 * Builds the entries of `hooks` and of the placeholders that deny, numbered
 * from `firstId` (with `policyOnly` only those of `policy: true` hooks).
 * Throws on the first malformed hook.
 *
 * @returns The entries, and the id that follows the last one used.
 */
export function buildConfigured(
  events: EventTable,
  firstId: number,
  hooks: ConfiguredHooks,
  options: LoadShellHooksOptions,
): { built: BuiltHooks; nextId: number } {
  if (typeof hooks !== "object" || hooks === null || Array.isArray(hooks)) {
    throw new TypeError(
      "Cannot load hooks: expected an object mapping events to arrays of hooks",
    );
  }
  const built: BuiltHooks = new Map();
  let nextId = firstId;
  for (const [name, list] of Object.entries(hooks)) {
    // An event the table does not have is checked hook by hook: only hooks
    // of a dialect whose agent adds events later may attach to it.
    const open = Array.isArray(list) && list.length > 0 && list.every((hook) => opensEvent(name, hook));
    if (!open) checkEvent(events, name, "load hooks");
    const event = name as RegistryEvent;
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      throw new TypeError(
        `Cannot load hooks: "${event}" must be an array of hooks, got ${typeof list}`,
      );
    }
    const entries: HookEntry[] = [];
    for (const [index, hook] of (list as ConfiguredHook[]).entries()) {
      if (options.policyOnly && hook?.policy !== true) continue;
      entries.push(configuredEntry(events, nextId++, event, hook, true, index + 1));
    }
    if (entries.length > 0) built.set(event, entries);
  }
  // After the event's own hooks: where a placeholder stood is not always
  // known (a file that could not be read), and all it does is deny.
  for (const placeholder of options.placeholders ?? []) {
    if (typeof placeholder !== "object" || placeholder === null) {
      throw new TypeError("Cannot load hooks: each placeholder must be one made by placeholderHook()");
    }
    if (!placeholderDenies(placeholder, checkEvent(events, placeholder.event, "load placeholder"))) continue;
    if (options.policyOnly && !placeholder.policy) continue;
    const entries = built.get(placeholder.event) ?? [];
    entries.push(placeholderEntry(events, nextId++, placeholder));
    built.set(placeholder.event, entries);
  }
  return { built, nextId };
}

/** How many entries `built` holds. */
export function countBuilt(built: BuiltHooks): number {
  let count = 0;
  for (const entries of built.values()) count += entries.length;
  return count;
}

/**
 * An event's list with its configured entries replaced by `fresh`, which
 * take the place of the first old one (or go after the other entries when
 * there was none); `undefined` when there is nothing to replace or add.
 */
export function spliceConfigured(
  current: readonly HookEntry[],
  fresh: readonly HookEntry[],
): HookEntry[] | undefined {
  const first = current.findIndex((entry) => entry.configured);
  if (first === -1 && fresh.length === 0) return undefined;
  const kept = current.filter((entry) => !entry.configured);
  const at = first === -1 ? kept.length : current.slice(0, first).filter((e) => !e.configured).length;
  return [...kept.slice(0, at), ...fresh, ...kept.slice(at)];
}
