// Last wins (session.compacting): every handler runs; the last result is kept.

import { valueRule } from "./_value.ts";

/** The last-wins rule. */
export const LAST_WINS = valueRule((state, value) => {
  state.value = value;
  return false;
});
