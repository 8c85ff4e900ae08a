// Matchers by kind: how a dialect reads the matcher string of a hook, and
// the tool rule that narrows it. The runner compiles each entry's matcher
// once per registry snapshot.

import type { HookMatcher } from "../events/hooks.ts";
import { compileClaudeMatcher } from "./claude.ts";
import { compileCodexMatcher, withAliases } from "./codex.ts";
import { compileExactMatcher } from "./exact.ts";
import { compileGeminiMatcher } from "./gemini.ts";
import { compileToolRule, type ToolCall } from "./tool_rule.ts";

/**
 * How a matcher string is read:
 * - `"exact"`: a `|`-separated, case-insensitive list of exact tool names
 *   (native and Wuu);
 * - `"claude"`: Claude Code's rule — `*`, `""` or absent match all; only
 *   letters, digits, `_`, `-`, spaces, `|` and `,` make a case-sensitive list
 *   of exact names; anything else is an unanchored JavaScript regex
 *   (StopFailure's lists allow only letters, digits, `_` and `|`;
 *   FileChanged's matcher is a literal list of file names);
 * - `"gemini"`: Gemini CLI's rule — `*`, `""` or absent match all; on tool
 *   events an unanchored JavaScript regex on the tool name (one that does
 *   not compile is an exact name); on SessionStart, SessionEnd and
 *   PreCompress an exact trigger.
 * - `"codex"`: OpenAI Codex's rule — `*`, `""` or absent match all; only
 *   ASCII letters, digits, `_` and `|` make a list of exact names; anything
 *   else is an unanchored regex.
 *
 * Claude and Codex matchers also select a tool by the other names Codex
 * matches it under (`apply_patch` as `Write` and `Edit`).
 *
 * @example
 * ```ts
 * import type { MatcherKind } from "@hookgate/core/dialects";
 *
 * const kind: MatcherKind = "exact";
 * ```
 */
export type MatcherKind = "exact" | "claude" | "codex" | "gemini";

/** A compiled matcher; `null` stands for "every tool". */
export interface ToolMatcher {
  /**
   * Whether the call is selected. `lower` is `subject` lower-cased,
   * computed once per call for every matcher of the call; `call` is the
   * call's input and directories, which only a matcher with a tool rule
   * reads (without one, such a matcher cannot rule the call out).
   */
  matches(subject: string, lower: string, call?: ToolCall): boolean;
  /** Set when the matcher reads `call` (it has a tool rule). */
  readonly readsCall?: true;
  /**
   * Set when its tool rule reads a Bash command line: the shell parser must
   * be loaded (`loadShellParser()`) before a call is tested, or the rule
   * selects every call.
   */
  readonly parsesShell?: true;
}

/** What else decides what a matcher selects. */
export interface MatcherOptions {
  /** The event: Claude reads FileChanged's and StopFailure's matchers its own way. */
  event?: string;
  /** A tool rule (`Bash(git *)`) the call must also match. */
  toolRule?: string;
}

/**
 * Compiles `matcher` of the given kind: `null` when it matches every tool.
 *
 * @throws {SyntaxError} When the matcher or the tool rule cannot be
 * compiled (only kinds with regular expressions can fail on a matcher).
 */
export function compileToolMatcher(
  kind: MatcherKind,
  matcher: HookMatcher | undefined,
  options: MatcherOptions = {},
): ToolMatcher | null {
  const base = compileBase(kind, matcher, options.event);
  if (options.toolRule === undefined) return base;
  const rule = compileToolRule(options.toolRule, { caseInsensitive: kind === "exact" });
  return {
    readsCall: true,
    ...(rule.parsesShell === true ? { parsesShell: true } : {}),
    matches: (subject, lower, call) =>
      (base === null || base.matches(subject, lower)) && (call === undefined || rule.matches(subject, call)),
  };
}

function compileBase(
  kind: MatcherKind,
  matcher: HookMatcher | undefined,
  event: string | undefined,
): ToolMatcher | null {
  switch (kind) {
    case "exact": {
      const names = compileExactMatcher(matcher);
      return names === null ? null : { matches: (_subject: string, lower: string) => names.has(lower) };
    }
    case "claude": {
      const test = compileClaudeMatcher(matcher, event);
      return test === null ? null : { matches: withAliases(test) };
    }
    case "codex": {
      const test = compileCodexMatcher(matcher);
      return test === null ? null : { matches: withAliases(test) };
    }
    case "gemini": {
      const test = compileGeminiMatcher(matcher, event);
      return test === null ? null : { matches: (subject: string) => test(subject) };
    }
  }
}
