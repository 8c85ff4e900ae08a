/**
 * The shape of a shipped rule set: named lists of rules a configuration
 * turns on with one line (`"rules": { "sets": ["destructive"] }`).
 *
 * @module
 */

import type { CommandRuleSpec } from "../../matchers/command_rule.ts";

/**
 * A named set of policy rules: each a permission rule in Claude's syntax
 * (`"Bash(git push --force *)"`) or a structured command rule.
 *
 * @example Usage
 * ```ts
 * import type { RuleSet } from "./rule_set.ts";
 *
 * const set: RuleSet = {
 *   name: "no-force-push",
 *   description: "Force-pushing asks first",
 *   deny: [],
 *   ask: [{ id: "git-push-force", command: "git", subcommand: "push", flags: ["--force", "-f"] }],
 *   allow: [],
 * };
 * ```
 */
export interface RuleSet {
  /** The set's name, as a configuration's `rules.sets` names it. */
  readonly name: string;
  /** What the set guards against, in one sentence. */
  readonly description: string;
  /** Rules whose calls are refused. */
  readonly deny: readonly (string | CommandRuleSpec)[];
  /** Rules whose calls need the user's confirmation. */
  readonly ask: readonly (string | CommandRuleSpec)[];
  /** Rules whose calls go ahead without asking. */
  readonly allow: readonly (string | CommandRuleSpec)[];
}
