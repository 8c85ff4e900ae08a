/**
 * The rule sets hookgate ships, by name.
 *
 * @module
 */

import { DESTRUCTIVE } from "./destructive.ts";
import type { RuleSet } from "./rule_set.ts";

/**
 * Every shipped rule set, by the name a configuration's `rules.sets` uses.
 *
 * @example Usage
 * ```ts
 * import { RULE_SETS } from "./rule_sets.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(RULE_SETS.destructive?.name, "destructive");
 * ```
 */
export const RULE_SETS: Readonly<Record<string, RuleSet>> = Object.freeze({ destructive: DESTRUCTIVE });
