// Serial, first block wins (UserPromptSubmit, PermissionRequest, PreCompact,
// PostCompact): native and Wuu hooks run one after another in registration
// order, and the first block ends the run — later hooks never start; then
// the hooks of dialects whose agents run hooks together (Claude, Gemini) and
// those that opt in run at the same time, as their agent runs them.

import type { CombineRule, RuleEntry } from "./types.ts";
import { addReason, applyOutcome, nativeResult } from "./_native.ts";

/** The serial rule. */
export const SERIAL: CombineRule = Object.freeze<CombineRule>({
  values: false,
  phases: ["serial", "concurrent"],
  concurrentByDefault: false,
  phaseOf: (active: RuleEntry) => active.concurrent ? 1 : 0,
  apply: applyOutcome,
  block(state, reason, entry) {
    addReason(state, reason, entry);
    return true;
  },
  result: (state) => nativeResult(state, false),
});
