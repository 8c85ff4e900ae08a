// The one seam to structured command rules and the shipped rule sets: the
// policy compiles object rules and looks sets up only through here.

import type { ShellLine } from "../shell/types.ts";
import type { RuleList, RuleSpec } from "./types.ts";

/** What a structured rule is judged with besides the parsed line. */
export interface StructuredContext {
  cwd: string;
  projectDir: string;
  home: string;
  tempDirs: readonly string[];
}

/** A compiled structured rule. */
export interface StructuredRule {
  readonly id?: string;
  readonly reason?: string;
  matches(line: ShellLine, context: StructuredContext, list: RuleList): boolean;
}

/** A shipped rule set. */
export interface ShippedSet {
  readonly name: string;
  readonly deny: readonly RuleSpec[];
  readonly ask: readonly RuleSpec[];
  readonly allow: readonly RuleSpec[];
}

/**
 * Compiles one structured rule.
 *
 * @throws {TypeError} Naming `place` and the fix.
 */
export function compileStructuredRule(_spec: unknown, place: string): StructuredRule {
  throw new TypeError(
    `Cannot read the rule in ${place}: structured command rules are not available in this build; write the rule as a permission rule such as "Bash(rm *)"`,
  );
}

/** The shipped rule sets, by name. */
export const SHIPPED_SETS: Readonly<Record<string, ShippedSet>> = Object.freeze({});
