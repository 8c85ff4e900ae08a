// Serial, first block wins (UserPromptSubmit, PermissionRequest, PreCompact,
// PostCompact): hooks run one after another in registration order; the
// first block ends the run and later hooks never start.

import type { CombineRule, RuleEntry } from "./types.ts";
import { addReason, applyOutcome, nativeResult } from "./_native.ts";

/** The serial rule. */
export const SERIAL: CombineRule = Object.freeze<CombineRule>({
  values: false,
  parallel: false,
  order: <T extends RuleEntry>(entries: T[]): T[] => entries,
  apply: applyOutcome,
  block(state, reason, entry) {
    addReason(state, reason, entry);
    return true;
  },
  result: (state) => nativeResult(state, false),
});
