/**
 * Tool-name matching: `"*"`, `""` or omitted match all; otherwise a
 * pipe-delimited, case-insensitive list of exact names.
 *
 * @module
 */

import type { HookMatcher } from "../events/hooks.ts";

/**
 * Tells whether a matcher selects a tool. Matching is by exact name,
 * case-insensitive on both sides: `"edit"` matches `Edit` but not
 * `editFile`. Entries are trimmed and empty ones dropped, so a stray `|`
 * never turns a matcher into match-all (`"|"` matches nothing). Without a
 * tool name (events that carry none) every matcher matches.
 *
 * @param matcher The matcher; `undefined`, `""` and `"*"` match all.
 * @param toolName The tool being called, if the event has one.
 * @returns Whether a hook with this matcher runs for the tool.
 *
 * @example Exact, case-insensitive names
 * ```ts
 * import { hookMatcherMatches } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * equal(hookMatcherMatches("edit|write", "Write"), true);
 * equal(hookMatcherMatches("edit", "editFile"), false);
 * equal(hookMatcherMatches("*", "anything"), true);
 * equal(hookMatcherMatches("bash", undefined), true);
 * ```
 */
export function hookMatcherMatches(
  matcher: HookMatcher | undefined,
  toolName?: string,
): boolean {
  if (toolName === undefined) return true;
  const names = compileExactMatcher(matcher);
  return names === null || names.has(toolName.toLowerCase());
}

/**
 * Compiles an exact matcher once: `null` matches every tool, otherwise the
 * set of lower-cased names. Shared by {@linkcode hookMatcherMatches} and
 * the runner, which caches the result per registry snapshot.
 */
export function compileExactMatcher(
  matcher: HookMatcher | undefined,
): ReadonlySet<string> | null {
  const trimmed = matcher?.trim() ?? "";
  if (trimmed === "" || trimmed === "*") return null;
  const names = new Set<string>();
  for (const part of trimmed.split("|")) {
    const name = part.trim().toLowerCase();
    if (name !== "") names.add(name);
  }
  return names;
}
