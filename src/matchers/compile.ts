// Matchers by kind: how a dialect reads the matcher string of a hook. The
// runner compiles each entry's matcher once per registry snapshot.

import type { HookMatcher } from "../events/hooks.ts";
import { compileClaudeMatcher } from "./claude.ts";
import { compileExactMatcher } from "./exact.ts";

/**
 * How a matcher string is read:
 * - `"exact"`: a `|`-separated, case-insensitive list of exact tool names
 *   (native and Wuu);
 * - `"claude"`: Claude Code's rule — `*`, `""` or absent match all; only
 *   letters, digits, `_`, `-`, spaces, `|` and `,` make a case-sensitive list
 *   of exact names; anything else is an unanchored JavaScript regex.
 *
 * @example
 * ```ts
 * import type { MatcherKind } from "@hookgate/core/dialects";
 *
 * const kind: MatcherKind = "exact";
 * ```
 */
export type MatcherKind = "exact" | "claude";

/** A compiled matcher; `null` stands for "every tool". */
export interface ToolMatcher {
  /**
   * Whether the tool is selected. `lower` is `toolName` lower-cased,
   * computed once per call for every matcher of the call.
   */
  matches(toolName: string, lower: string): boolean;
}

/**
 * Compiles `matcher` of the given kind: `null` when it matches every tool.
 *
 * @throws {SyntaxError} When the matcher cannot be compiled (only kinds
 * with regular expressions can fail).
 */
export function compileToolMatcher(kind: MatcherKind, matcher: HookMatcher | undefined): ToolMatcher | null {
  switch (kind) {
    case "exact": {
      const names = compileExactMatcher(matcher);
      return names === null ? null : { matches: (_toolName, lower) => names.has(lower) };
    }
    case "claude": {
      const test = compileClaudeMatcher(matcher);
      return test === null ? null : { matches: (toolName) => test(toolName) };
    }
  }
}
