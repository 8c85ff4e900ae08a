// What the rules of the extension events share: handlers answer with their
// event's own result object (the outcome's `value`), one after another in
// registration order.

import type { AnyHookEventResult } from "../events/event_map.ts";
import type { HookEntry } from "../registry/types.ts";
import type { CombineRule, RunState } from "./types.ts";
import { addReason } from "./_native.ts";

const EMPTY: AnyHookEventResult = Object.freeze({});

/** Whether a handler said anything: a result with at least one field set. */
export function answered(value: Record<string, unknown> | undefined): value is Record<string, unknown> {
  if (value === undefined) return false;
  for (const key in value) if (value[key] !== undefined) return true;
  return false;
}

/**
 * A rule over handlers' result objects: one after another in registration
 * order; `apply` decides what one result does and whether later handlers
 * still run.
 */
export function valueRule(
  apply: (state: RunState, value: Record<string, unknown>, entry: HookEntry) => boolean,
  onBlock: (state: RunState) => boolean = () => false,
): CombineRule {
  return Object.freeze<CombineRule>({
    values: true,
    phases: ["serial"],
    concurrentByDefault: false,
    phaseOf: () => 0,
    apply: (state, entry, outcome) => answered(outcome.value) ? apply(state, outcome.value, entry) : false,
    block(state, reason, entry) {
      addReason(state, reason, entry);
      return onBlock(state);
    },
    result: (state) => (state.value ?? EMPTY) as AnyHookEventResult,
  });
}
