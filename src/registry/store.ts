/**
 * The registry's store: the registered entries as ordered immutable
 * snapshots per event, read by the runner, counted and drained by owner.
 * `HookRegistry` extends it with the ways in (registration, configuration,
 * atomic reload).
 *
 * @module
 */

import type { RegistryEvent } from "../events/extension_map.ts";
import { ALL_EVENTS } from "../events/extension_table.ts";
import { type HookEventInfo, UNKNOWN_EVENT } from "../events/table.ts";
import { Snapshots } from "./_snapshots.ts";
import type { EventTable } from "./entry.ts";
import type { HookRegistryOptions } from "./options.ts";
import type { HookEntry } from "./types.ts";

// HookRegistry (a subclass in registry.ts) adds entries to the snapshots:
// this accessor hands it the private field without making it a public or
// protected member of the documented API.
let snapshotsOf: (store: HookStore) => Snapshots;

/**
 * The entries half of `HookRegistry`: each event's entries in run order, as
 * an immutable snapshot replaced on every change, so the runner iterates
 * without copying and a registration made while an event runs takes effect
 * from the next run; every entry, the entries of one owner, and their
 * removal. `HookRegistry` extends it with registration and reload;
 * construct a `HookRegistry`, which has every method documented here.
 *
 * @example Read what is registered
 * ```ts
 * import { HookRegistry } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const registry = new HookRegistry();
 * registry.registerShell("Stop", { command: "true", name: "notify" });
 * equal(registry.has("Stop"), true);
 * equal(registry.list("Stop")[0]?.name, "notify");
 * ```
 */
export class HookStore {
  #snapshots: Snapshots;
  #events: EventTable;

  static {
    snapshotsOf = (store) => store.#snapshots;
  }

  /**
   * Creates an empty store.
   *
   * @param options The event table (the built-in events by default).
   */
  constructor(options: HookRegistryOptions = {}) {
    this.#events = options.events ?? ALL_EVENTS;
    this.#snapshots = new Snapshots(Object.freeze(Object.keys(this.#events) as RegistryEvent[]));
  }

  /**
   * The event table this registry accepts; the runner reads each event's
   * rules from it.
   *
   * @returns The table.
   *
   * @example The built-in table by default
   * ```ts
   * import { ALL_EVENTS, HookRegistry } from "@hookgate/core";
   * import { equal } from "node:assert/strict";
   *
   * equal(new HookRegistry().events, ALL_EVENTS);
   * ```
   */
  get events(): EventTable {
    return this.#events;
  }

  /**
   * The row an event runs under: the table's, or `UNKNOWN_EVENT` for an
   * event the table does not have that configured hooks were registered
   * for (a Claude-dialect hook on an event Claude added later).
   *
   * @param event The event's name.
   * @returns The row, or `undefined` when the registry knows no such event.
   *
   * @example An event Claude added later
   * ```ts
   * import { HookRegistry, UNKNOWN_EVENT } from "@hookgate/core";
   * import { equal } from "node:assert/strict";
   *
   * const registry = new HookRegistry();
   * equal(registry.info("FutureEvent"), undefined);
   * registry.loadShellHooks({ ["FutureEvent" as "Stop"]: [{ command: "true", dialect: "claude" }] });
   * equal(registry.info("FutureEvent"), UNKNOWN_EVENT);
   * equal(registry.info("Stop")?.canBlock, true);
   * ```
   */
  info(event: string): HookEventInfo | undefined {
    if (Object.hasOwn(this.#events, event)) return this.#events[event];
    return this.#snapshots.knows(event) ? UNKNOWN_EVENT : undefined;
  }

  /**
   * The entries of one event, in run order. The array is an immutable
   * snapshot: it does not change when the registry does.
   *
   * @param event The event.
   * @returns The entries (empty when none).
   *
   * @example Inspect an event
   * ```ts
   * import { HookRegistry } from "@hookgate/core";
   * import { equal } from "node:assert/strict";
   *
   * const registry = new HookRegistry();
   * registry.registerShell("Stop", { command: "true", name: "notify" });
   * equal(registry.list("Stop")[0]?.name, "notify");
   * ```
   */
  list(event: RegistryEvent): readonly HookEntry[] {
    return this.#snapshots.list(event);
  }

  /**
   * Whether any hook is registered for the event. O(1).
   *
   * @param event The event.
   * @returns `true` when at least one entry exists.
   *
   * @example Guard payload construction
   * ```ts
   * import { HookRegistry } from "@hookgate/core";
   * import { equal } from "node:assert/strict";
   *
   * equal(new HookRegistry().has("PreToolUse"), false);
   * ```
   */
  has(event: RegistryEvent): boolean {
    return this.#snapshots.has(event);
  }

  /**
   * Every entry of every event, in registration order.
   *
   * @returns All entries.
   *
   * @example Count everything
   * ```ts
   * import { HookRegistry } from "@hookgate/core";
   * import { equal } from "node:assert/strict";
   *
   * const registry = new HookRegistry();
   * registry.registerShell("Stop", { command: "true" });
   * registry.registerShell("SessionEnd", { command: "true" });
   * equal(registry.all().length, 2);
   * ```
   */
  all(): HookEntry[] {
    return this.#snapshots.all();
  }

  /**
   * Removes every in-process entry registered by `owner` — the backstop of
   * plugin teardown. Configured entries are never removed.
   *
   * @param owner The plugin name.
   * @returns How many entries were removed.
   *
   * @example Tear a plugin down
   * ```ts
   * import { HookRegistry } from "@hookgate/core";
   * import { equal } from "node:assert/strict";
   *
   * const registry = new HookRegistry();
   * registry.registerInProcess("Stop", "*", () => {}, "plugin-a");
   * registry.registerInProcess("SessionStart", "*", () => {}, "plugin-a");
   * equal(registry.drainByOwner("plugin-a"), 2);
   * ```
   */
  drainByOwner(owner: string): number {
    let removed = 0;
    this.#snapshots.update((_event, current) => {
      const kept = current.filter((entry) => entry.owner !== owner || entry.configured);
      if (kept.length === current.length) return undefined;
      removed += current.length - kept.length;
      return kept;
    });
    return removed;
  }

  /**
   * How many entries `owner` has registered.
   *
   * @param owner The plugin name.
   * @returns The count.
   *
   * @example Count a plugin's hooks
   * ```ts
   * import { HookRegistry } from "@hookgate/core";
   * import { equal } from "node:assert/strict";
   *
   * const registry = new HookRegistry();
   * registry.registerInProcess("Stop", "*", () => {}, "plugin-a");
   * equal(registry.countByOwner("plugin-a"), 1);
   * ```
   */
  countByOwner(owner: string): number {
    return this.#snapshots.count((entry) => entry.owner === owner);
  }

  /**
   * Removes every entry, configured ones included (session teardown, tests).
   *
   * @example Start over
   * ```ts
   * import { HookRegistry } from "@hookgate/core";
   * import { equal } from "node:assert/strict";
   *
   * const registry = new HookRegistry();
   * registry.registerShell("Stop", { command: "true" });
   * registry.clear();
   * equal(registry.all().length, 0);
   * ```
   */
  clear(): void {
    this.#snapshots.clear();
  }
}

export { snapshotsOf };
