// Chain (context): each handler sees the event as the previous one left it —
// a returned field replaces the event's field of the same name — and the
// result holds every field some handler replaced.

import type { HookEntry } from "../registry/types.ts";
import type { RunState } from "./types.ts";
import { valueRule } from "./_value.ts";

/** The chain rule. */
export const CHAIN = valueRule((state, value, entry) => {
  for (const key in value) {
    const next = value[key];
    if (next !== undefined && replaces(state, entry, key, next)) {
      state.payload = { ...state.payload, [key]: next };
      state.value = { ...state.value, [key]: next };
    }
  }
  return false;
});

/** Whether `next` may replace the event's field `key`; warns when not. */
function replaces(state: RunState, entry: HookEntry, key: string, next: unknown): boolean {
  const current = (state.payload as unknown as Record<string, unknown>)[key];
  if (current === undefined) {
    state.warn(`Hook "${entry.name}" returned "${key}" on ${state.event}, which has no such field; ignored`);
    return false;
  }
  if (Array.isArray(current) && !Array.isArray(next)) {
    state.warn(`Hook "${entry.name}" returned "${key}" on ${state.event} that is not an array; ignored`);
    return false;
  }
  return true;
}
