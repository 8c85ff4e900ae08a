/**
 * Reading a layer's `rules` key: the lists, each rule compiled once to
 * find what is broken, every problem with its place in the file and the
 * fix.
 *
 * @module
 */

import { closest } from "../_internal/text.ts";
import { compileToolRule } from "../matchers/tool_rule.ts";
import { compileStructuredRule, SHIPPED_SETS } from "./_structured.ts";
import type { RuleList, RulesConfig, RuleSpec } from "./types.ts";

/**
 * One problem of a `rules` key: where it is (a JSON path from the file's
 * top), what is wrong and how to fix it. An error breaks the layer.
 *
 * @example
 * ```ts
 * import type { RuleProblem } from "@hookgate/core";
 *
 * const problem: RuleProblem = {
 *   severity: "error",
 *   path: ["rules", "sets", 0],
 *   message: 'unknown rule set "destructve"',
 *   hint: 'did you mean "destructive"?',
 * };
 * ```
 */
export interface RuleProblem {
  /** An error breaks the layer; a warning is said and the rule applies as described. */
  readonly severity: "error" | "warning";
  /** Where, from the file's top (`["rules", "deny", 2]`). */
  readonly path: readonly (string | number)[];
  /** What is wrong. */
  readonly message: string;
  /** How to fix it. */
  readonly hint?: string;
}

/**
 * What {@linkcode readRules} found: the rules (when they have no error)
 * and every problem.
 *
 * @example
 * ```ts
 * import type { ReadRules } from "@hookgate/core";
 *
 * const read: ReadRules = { rules: { deny: ["Bash(rm *)"] }, problems: [] };
 * ```
 */
export interface ReadRules {
  /** The rules, when no problem is an error. */
  readonly rules?: RulesConfig;
  /** Every problem, in file order. */
  readonly problems: readonly RuleProblem[];
}

/** The keys of a `rules` object. */
export const RULES_KEYS: readonly string[] = Object.freeze(["sets", "deny", "ask", "allow"]);
const LISTS: readonly RuleList[] = ["deny", "ask", "allow"];
const EXAMPLE = '"rules": {"deny": ["Bash(rm -rf *)"], "ask": [], "allow": ["Bash(npm test)"]}';

/**
 * Reads the value of a layer's `rules` key: an object of `sets` (names of
 * shipped rule sets) and `deny`, `ask` and `allow` lists of rules — strings
 * in Claude Code's permission-rule syntax, or structured command rules.
 * Every rule is compiled, so a broken one is found here, not when a call
 * comes.
 *
 * @param value The value of `rules`.
 * @returns The rules, or the problems that keep them from being read.
 *
 * @example A misspelt list
 * ```ts
 * import { readRules } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const read = readRules({ deny: ["Bash(rm *)"], alow: ["Bash(ls)"] });
 * equal(read.rules, undefined);
 * equal(read.problems[0]?.message, 'unknown key "alow" in "rules"');
 * equal(read.problems[0]?.hint, 'did you mean "allow"?');
 * ```
 */
export function readRules(value: unknown): ReadRules {
  const problems: RuleProblem[] = [];
  const error = (path: readonly (string | number)[], message: string, hint?: string) =>
    problems.push({ severity: "error", path: ["rules", ...path], message, ...(hint === undefined ? {} : { hint }) });
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    error([], `"rules" must be an object of "deny", "ask" and "allow" lists, got ${kind(value)}`, EXAMPLE);
    return { problems };
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (RULES_KEYS.includes(key)) continue;
    const near = closest(key, RULES_KEYS);
    error([key], `unknown key "${key}" in "rules"`, near ? `did you mean "${near}"?` : `use ${quoted(RULES_KEYS)}`);
  }
  const sets = record.sets;
  if (sets !== undefined) {
    if (!Array.isArray(sets)) error(["sets"], `"sets" must be a list of rule set names, got ${kind(sets)}`, setHint());
    else {
      for (const [index, name] of sets.entries()) {
        if (typeof name !== "string") {
          error(["sets", index], `a rule set is named by a string, got ${kind(name)}`, setHint());
        } else if (!Object.hasOwn(SHIPPED_SETS, name)) {
          const near = closest(name, Object.keys(SHIPPED_SETS));
          error(["sets", index], `unknown rule set "${name}"`, near ? `did you mean "${near}"?` : setHint());
        }
      }
    }
  }
  for (const list of LISTS) {
    const rules = record[list];
    if (rules === undefined) continue;
    if (!Array.isArray(rules)) {
      error([list], `"${list}" must be a list of rules, got ${kind(rules)}`, `"${list}": ["Bash(git push *)"]`);
      continue;
    }
    for (const [index, rule] of rules.entries()) {
      const problem = ruleProblem(rule, `rules.${list}[${index}]`, list);
      if (problem !== undefined) problems.push({ ...problem, path: ["rules", list, index] });
    }
  }
  if (problems.some((problem) => problem.severity === "error")) return { problems };
  return { rules: record as RulesConfig, problems };
}

/** What is wrong with one rule, if anything. */
export function ruleProblem(
  rule: unknown,
  place: string,
  list: RuleList,
): { severity: "error" | "warning"; message: string; hint?: string } | undefined {
  if (typeof rule === "string") {
    let compiled;
    try {
      compiled = compileToolRule(rule);
    } catch (error) {
      return { severity: "error", message: `Cannot read rule ${JSON.stringify(rule)} in ${place}: ${message(error)}` };
    }
    if (compiled.unreadable === undefined) return undefined;
    return {
      severity: "warning",
      message: list === "allow"
        ? `rule ${JSON.stringify(rule)} in ${place} never allows a call: hookgate cannot evaluate its specifier`
        : `rule ${JSON.stringify(rule)} in ${place} ${
          list === "deny" ? "denies" : "asks for"
        } every call of its tool: hookgate cannot evaluate its specifier`,
      hint: "name the tool alone, or a field: Tool(field:value)",
    };
  }
  if (typeof rule === "object" && rule !== null && !Array.isArray(rule)) {
    try {
      compileStructuredRule(rule as RuleSpec, place);
    } catch (error) {
      return { severity: "error", message: message(error) };
    }
    return undefined;
  }
  return {
    severity: "error",
    message: `Cannot read the rule in ${place}: a rule is a string such as "Bash(rm *)" or a command rule object, got ${
      kind(rule)
    }`,
  };
}

function setHint(): string {
  const names = Object.keys(SHIPPED_SETS);
  return names.length === 0 ? "this build ships no rule sets" : `the shipped sets are ${quoted(names)}`;
}

function quoted(names: readonly string[]): string {
  return names.map((name) => `"${name}"`).join(", ");
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function kind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "string") return `the string ${JSON.stringify(value)}`;
  if (typeof value === "object") return "an object";
  return `${typeof value} ${String(value)}`;
}
