// Fan-out (PostToolUse, SessionStart, Stop, …): hooks run in parallel and
// the caller awaits all of them; results are applied in registration order,
// so contexts and block reasons join deterministically whatever finishes
// first. Any block wins, and the context of every hook still counts (Stop's
// context accompanies the instruction to continue).

import type { CombineRule } from "./types.ts";
import { addReason, applyOutcome, nativeResult } from "./_native.ts";

/** The fan-out rule. */
export const FAN_OUT: CombineRule = Object.freeze<CombineRule>({
  values: false,
  phases: ["concurrent"],
  phaseOf: () => 0,
  apply(state, entry, outcome, separator) {
    applyOutcome(state, entry, outcome, separator);
    return false;
  },
  block(state, reason, entry) {
    addReason(state, reason, entry);
    return false;
  },
  result: (state) => nativeResult(state, true),
});
