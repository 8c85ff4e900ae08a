// Short-circuit (session_before_*): the first `cancel: true` ends the run and
// is the result; otherwise the last result is. A closed failure cancels.

import { valueRule } from "./_value.ts";

/** The short-circuit rule. */
export const SHORT_CIRCUIT = valueRule(
  (state, value) => {
    state.value = value;
    return value.cancel === true;
  },
  (state) => {
    state.value = { cancel: true };
    return true;
  },
);
