// The registry's storage: per event, one frozen array of entries in run
// order, replaced — never mutated — on every change. The runner iterates the
// snapshot it took without copying, and a registration made while an event
// runs takes effect from the next run. An event without entries has no
// array at all, so `has` is one lookup whatever the other events hold.

import type { RegistryEvent } from "../events/extension_map.ts";
import type { HookEntry } from "./types.ts";

const EMPTY: readonly HookEntry[] = Object.freeze([]);

/**
 * The per-event snapshots of one registry. The events are the table's,
 * then those the table does not have that entries were added for (an
 * agent's later events), in the order they came.
 */
export class Snapshots {
  #lists: Partial<Record<RegistryEvent, readonly HookEntry[]>> = {};
  #eventNames: RegistryEvent[];
  #known: Set<string>;

  constructor(eventNames: readonly RegistryEvent[]) {
    this.#eventNames = [...eventNames];
    this.#known = new Set(eventNames);
  }

  /** Whether entries were ever added for `event`, or the table has it. */
  knows(event: string): boolean {
    return this.#known.has(event);
  }

  /** Makes `event` one of the events, after the others (once). */
  learn(event: RegistryEvent): void {
    if (this.#known.has(event)) return;
    this.#known.add(event);
    this.#eventNames.push(event);
  }

  /** The event's entries in run order (empty when none). */
  list(event: RegistryEvent): readonly HookEntry[] {
    return this.#lists[event] ?? EMPTY;
  }

  /** Whether the event has any entry. */
  has(event: RegistryEvent): boolean {
    return (this.#lists[event]?.length ?? 0) > 0;
  }

  /** Every entry of every event, in registration order. */
  all(): HookEntry[] {
    return this.#eventNames.flatMap((event) => this.list(event)).sort((a, b) => a.id - b.id);
  }

  /** Adds `entry` last; the function returned removes exactly it, once. */
  add(entry: HookEntry): () => void {
    this.learn(entry.event);
    this.#set(entry.event, [...this.list(entry.event), entry]);
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      const current = this.list(entry.event);
      if (current.includes(entry)) {
        this.#set(
          entry.event,
          current.filter((candidate) => candidate !== entry),
        );
      }
    };
  }

  /** Adds `entries` (at least one) after the event's existing ones. */
  append(event: RegistryEvent, entries: readonly HookEntry[]): void {
    this.learn(event);
    this.#lists[event] = Object.freeze([...this.list(event), ...entries]);
  }

  /**
   * Offers every event's list to `next`, in table order, and swaps in what
   * it returns; `undefined` leaves the event as it is.
   */
  update(next: (event: RegistryEvent, current: readonly HookEntry[]) => HookEntry[] | undefined): void {
    for (const event of this.#eventNames) {
      const entries = next(event, this.list(event));
      if (entries !== undefined) this.#set(event, entries);
    }
  }

  /** How many entries of every event satisfy `predicate`. */
  count(predicate: (entry: HookEntry) => boolean): number {
    let count = 0;
    for (const event of this.#eventNames) {
      for (const entry of this.list(event)) if (predicate(entry)) count++;
    }
    return count;
  }

  /** Drops every entry. */
  clear(): void {
    this.#lists = {};
  }

  #set(event: RegistryEvent, entries: HookEntry[]): void {
    if (entries.length === 0) delete this.#lists[event];
    else this.#lists[event] = Object.freeze(entries);
  }
}
