// Serial, first block wins (UserPromptSubmit, PermissionRequest, PreCompact,
// PostCompact): native hooks run one after another in registration order,
// and the first block ends the run — later hooks never start; then the hooks
// of dialects whose agents run hooks together (Claude) run at the same time,
// as their agent runs them.

import type { CombineRule, RuleEntry } from "./types.ts";
import { addReason, applyOutcome, nativeResult } from "./_native.ts";

/** The serial rule. */
export const SERIAL: CombineRule = Object.freeze<CombineRule>({
  values: false,
  phases: ["serial", "concurrent"],
  phaseOf: (active: RuleEntry) => active.dialect.concurrent ? 1 : 0,
  apply: applyOutcome,
  block(state, reason, entry) {
    addReason(state, reason, entry);
    return true;
  },
  result: (state) => nativeResult(state, false),
});
