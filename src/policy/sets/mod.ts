/**
 * The rule sets hookgate ships: `destructive` refuses commands that destroy
 * work or data (`rm -rf` outside the project, `git reset --hard`, force
 * pushes, `dd` to a disk, …) and asks before the ones a user would rather
 * confirm. A configuration turns a set on with
 * `"rules": { "sets": ["destructive"] }`; `docs/destructive.md` lists every
 * rule.
 *
 * @module
 */

export { DESTRUCTIVE } from "./destructive.ts";
export type { RuleSet } from "./rule_set.ts";
export { RULE_SETS } from "./rule_sets.ts";
