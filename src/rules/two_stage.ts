// The two-stage chain (PreToolUse): mutate-stage hooks first, one after
// another in registration order, each seeing the previous rewrite; then
// validate-stage hooks on the final input. The first deny stops everything;
// the context given so far (the denier's too) goes beside the block.

import type { CombineRule, RuleEntry } from "./types.ts";
import { addReason, applyOutcome, nativeResult } from "./_native.ts";

/** The two-stage rule. */
export const TWO_STAGE: CombineRule = Object.freeze<CombineRule>({
  values: false,
  parallel: false,
  order<T extends RuleEntry>(entries: T[]): T[] {
    // A stable partition: mutators first, validators after, each in
    // registration order.
    return entries.sort((a, b) => stageRank(a) - stageRank(b));
  },
  apply: applyOutcome,
  block(state, reason, entry) {
    addReason(state, reason, entry);
    return true;
  },
  // A block is the tool's result: the hooks' context goes beside it.
  result: (state) => nativeResult(state, true),
});

function stageRank(active: RuleEntry): number {
  return active.entry.stage === "mutate" ? 0 : 1;
}
