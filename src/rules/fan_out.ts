// Fan-out (PostToolUse, SessionStart, Stop, …): hooks run in parallel, as
// the WrongStack API runs them, and the caller awaits all of them — except
// those whose agents run hooks one after another (Wuu: "in configuration
// order") and those that opt out (extension `tool_result` handlers), which
// run one after another alongside the others. Results are applied in
// registration order, so contexts and block reasons join deterministically
// whatever finishes first. Any block wins, and the context of every hook
// still counts (Stop's context accompanies the instruction to continue).

import type { CombineRule } from "./types.ts";
import { addReason, applyOutcome, nativeResult } from "./_native.ts";

/** The fan-out rule. */
export const FAN_OUT: CombineRule = Object.freeze<CombineRule>({
  values: false,
  phases: ["concurrent"],
  concurrentByDefault: true,
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
