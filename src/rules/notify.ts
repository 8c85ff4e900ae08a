// Notify (agent_start, turn_end, …): handlers observe; what they return is
// ignored and a failure never stops the others.

import { valueRule } from "./_value.ts";

/** The notify rule. */
export const NOTIFY = valueRule(() => false);
