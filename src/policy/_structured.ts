// The one seam to structured command rules and the shipped rule sets: the
// policy compiles object rules and looks sets up only through here.

import { type CommandContext, type CommandRule, compileCommandRule } from "../matchers/command_rule.ts";
import { RULE_SETS } from "./sets/mod.ts";
import type { RuleSpec } from "./types.ts";

export type { CommandContext as StructuredContext, CommandRule as StructuredRule };

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
export function compileStructuredRule(spec: unknown, place: string): CommandRule {
  return compileCommandRule(spec, place);
}

/** The shipped rule sets, by name. */
export const SHIPPED_SETS: Readonly<Record<string, ShippedSet>> = RULE_SETS as Readonly<Record<string, ShippedSet>>;
