// The two-stage rule (PreToolUse), in three phases: native mutate-stage
// hooks first, one after another in registration order, each seeing the
// previous rewrite; then the mutate-stage hooks of dialects whose agents run
// hooks together (Claude), at the same time on that input, as their agent
// runs them; then every validate-stage hook at the same time on the final
// input, which none of them may change. A deny ends the run after its phase.
// The context given so far (the denier's too) goes beside the block.

import type { CombineRule, RuleEntry } from "./types.ts";
import { addReason, applyOutcome, nativeResult } from "./_native.ts";

const MUTATE_CHAIN = 0;
const TOGETHER = 1;
const VALIDATE = 2;

/** The two-stage rule. */
export const TWO_STAGE: CombineRule = Object.freeze<CombineRule>({
  values: false,
  phases: ["serial", "concurrent", "concurrent"],
  phaseOf(active: RuleEntry): number {
    if (active.entry.stage !== "mutate") return VALIDATE;
    return active.dialect.concurrent ? TOGETHER : MUTATE_CHAIN;
  },
  apply: applyOutcome,
  block(state, reason, entry) {
    addReason(state, reason, entry);
    return true;
  },
  // A block is the tool's result: the hooks' context goes beside it.
  result: (state) => nativeResult(state, true),
});
