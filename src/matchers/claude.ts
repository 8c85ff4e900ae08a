// Claude Code's matchers: `*`, `""` or absent match everything; a matcher
// made only of letters, digits, `_`, `-`, spaces, `|` and `,` is a list of
// exact names (case-sensitive); anything else is a JavaScript regular
// expression tested unanchored, so `Edit.*` also matches `NotebookEdit`
// and `mcp__memory` matches no tool that is not named exactly that.

/** A compiled Claude matcher; `null` matches every subject. */
export type ClaudeMatcher = ((subject: string) => boolean) | null;

const EXACT = /^[A-Za-z0-9_\- ,|]+$/;

/**
 * Compiles a Claude matcher.
 *
 * @throws {SyntaxError} When the matcher is neither a name list nor a
 * valid regular expression (the message says which and why).
 */
export function compileClaudeMatcher(matcher: string | undefined): ClaudeMatcher {
  const trimmed = matcher?.trim() ?? "";
  if (trimmed === "" || trimmed === "*") return null;
  if (EXACT.test(trimmed)) {
    const names = new Set(trimmed.split(/[|,]/).map((name) => name.trim()).filter((name) => name !== ""));
    return (subject) => names.has(subject);
  }
  let regex: RegExp;
  try {
    regex = new RegExp(matcher!);
  } catch (error) {
    throw new SyntaxError(
      `the matcher ${JSON.stringify(matcher)} is not a valid regular expression: ${(error as Error).message}`,
    );
  }
  return (subject) => regex.test(subject);
}
