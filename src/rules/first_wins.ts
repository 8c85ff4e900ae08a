// First wins (before_agent_start): the first result is kept; later handlers
// still run, and their results are ignored.

import { valueRule } from "./_value.ts";

/** The first-wins rule. */
export const FIRST_WINS = valueRule((state, value) => {
  state.value ??= value;
  return false;
});
