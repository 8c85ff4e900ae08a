// OpenAI Codex's matchers: absent, `""` and `*` match everything; a matcher
// made only of ASCII letters, digits, `_` and `|` is a list of exact names
// (nothing is trimmed, so `Bash, Edit` is a regular expression); anything
// else is a regular expression tested unanchored. Codex also matches some
// tools under a second name: `apply_patch` as `Write` and `Edit`, and
// `spawn_agent` as `Agent`, so a Claude-style `Edit|Write` guard sees the
// patches Codex applies.

/** A compiled Codex matcher; `null` matches every subject. */
export type CodexMatcher = ((subject: string) => boolean) | null;

const EXACT = /^[A-Za-z0-9_|]+$/;

/**
 * The other names a tool is matched under, as Codex matches them: a
 * matcher that selects one of them selects the tool. Claude matchers use
 * them too, so a Claude-style guard selects Codex's calls as Codex does.
 */
export const MATCHER_ALIASES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  apply_patch: Object.freeze(["Write", "Edit"]),
  spawn_agent: Object.freeze(["Agent"]),
});

/**
 * Compiles a Codex matcher.
 *
 * @throws {SyntaxError} When the matcher is neither a name list nor a
 * valid regular expression.
 */
export function compileCodexMatcher(matcher: string | undefined): CodexMatcher {
  if (matcher === undefined || matcher === "" || matcher === "*") return null;
  if (EXACT.test(matcher)) {
    const names = new Set(matcher.split("|"));
    return (subject) => names.has(subject);
  }
  let regex: RegExp;
  try {
    regex = new RegExp(matcher);
  } catch (error) {
    throw new SyntaxError(
      `the matcher ${JSON.stringify(matcher)} is not a valid regular expression: ${(error as Error).message}`,
    );
  }
  return (subject) => regex.test(subject);
}

/** `test` widened to a tool's other names ({@linkcode MATCHER_ALIASES}). */
export function withAliases(test: (subject: string) => boolean): (subject: string) => boolean {
  return (subject) => {
    if (test(subject)) return true;
    const aliases = Object.hasOwn(MATCHER_ALIASES, subject) ? MATCHER_ALIASES[subject] : undefined;
    return aliases !== undefined && aliases.some(test);
  };
}
