/**
 * Policy rules: the `deny`, `ask` and `allow` lists of the configuration
 * layers, read with every problem placed, compiled once, and the decision
 * of a call — deny beats ask beats allow across all layers.
 *
 * @example Decide one call
 * ```ts
 * import { compilePolicy, describePolicyDecision, loadShellParser } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * await loadShellParser(); // a shell line is read with the parser, loaded once per process
 * const policy = compilePolicy([{ kind: "user", path: "/h/config.jsonc", rules: { deny: ["Bash(rm *)"] } }]);
 * const decision = policy.decide({ toolName: "Bash", toolInput: { command: "rm -rf /" }, cwd: "/", projectDir: "/" });
 * equal(describePolicyDecision(decision!), 'rule deny "Bash(rm *)" (user: /h/config.jsonc)');
 * ```
 *
 * @module
 */

export { compilePolicy, type Policy, type PolicyRule } from "./policy.ts";
export { describePolicyDecision } from "./describe_decision.ts";
export { type ReadRules, readRules, type RuleProblem, RULES_KEYS } from "./read_rules.ts";
export {
  POLICY_LAYER_KINDS,
  type PolicyCall,
  type PolicyDecision,
  type PolicyLayer,
  type PolicyLayerRules,
  type RuleList,
  type RulesConfig,
  type RuleSpec,
} from "./types.ts";
