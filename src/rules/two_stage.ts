// The two-stage rule (PreToolUse), in four phases. The mutate stage first:
// native mutators one after another in registration order, each seeing the
// previous rewrite (a chain); then the mutate-stage hooks of dialects whose
// agents run hooks together (Claude, Gemini), at the same time on that
// input, as their agent runs them. Then the validate stage on the final
// input, which no validator may change: native validators (and extension
// `tool_call` handlers) one after another in registration order, the first
// deny stopping the rest, as the WrongStack chain says ("any explicit deny
// short-circuits"); then the validators that run together. A hook may opt
// in or out with `concurrent`. A deny ends the run after its phase; the
// context given so far (the denier's too) goes beside the block.

import type { CombineRule, RuleEntry } from "./types.ts";
import { addReason, applyOutcome, nativeResult } from "./_native.ts";

const MUTATE_CHAIN = 0;
const VALIDATE_CHAIN = 2;

/** The two-stage rule. */
export const TWO_STAGE: CombineRule = Object.freeze<CombineRule>({
  values: false,
  // mutate chain, mutate together, validate chain, validate together
  phases: ["serial", "concurrent", "serial", "concurrent"],
  stages: [0, 0, 1, 1],
  concurrentByDefault: false,
  phaseOf(active: RuleEntry): number {
    return (active.entry.stage === "mutate" ? MUTATE_CHAIN : VALIDATE_CHAIN) + (active.concurrent ? 1 : 0);
  },
  apply: applyOutcome,
  block(state, reason, entry) {
    addReason(state, reason, entry);
    return true;
  },
  // A block is the tool's result: the hooks' context goes beside it.
  result: (state) => nativeResult(state, true),
});
