// Claude Code's matchers: `*`, `""` or absent match everything; a matcher
// made only of letters, digits, `_`, `-`, spaces, `|` and `,` is a list of
// exact names (case-sensitive); anything else is a JavaScript regular
// expression tested unanchored, so `Edit.*` also matches `NotebookEdit`
// and `mcp__memory` matches no tool that is not named exactly that. Two
// events read theirs differently: StopFailure's exact lists allow only
// letters, digits, `_` and `|` (a hyphen, space or comma makes a regex),
// and FileChanged's matcher is a literal list of file names split on `|`
// (Claude's watch list too): the changed file's name must be one of them.

/** A compiled Claude matcher; `null` matches every subject. */
export type ClaudeMatcher = ((subject: string) => boolean) | null;

const EXACT = /^[A-Za-z0-9_\- ,|]+$/;
const NARROW_EXACT = /^[A-Za-z0-9_|]+$/;

/**
 * Compiles a Claude matcher, read as Claude reads it on `event`.
 *
 * @throws {SyntaxError} When the matcher is neither a name list nor a
 * valid regular expression (the message says which and why).
 */
export function compileClaudeMatcher(matcher: string | undefined, event?: string): ClaudeMatcher {
  const trimmed = matcher?.trim() ?? "";
  if (trimmed === "" || trimmed === "*") return null;
  if (event === "FileChanged") return fileNames(trimmed);
  if ((event === "StopFailure" ? NARROW_EXACT : EXACT).test(trimmed)) {
    const split = event === "StopFailure" ? /\|/ : /[|,]/;
    const names = new Set(trimmed.split(split).map((name) => name.trim()).filter((name) => name !== ""));
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

/**
 * FileChanged's names: the changed file matches when its name is one of
 * them (a name with a `/` matches the end of the path).
 */
function fileNames(matcher: string): ClaudeMatcher {
  const names = matcher.split("|").map((name) => name.trim()).filter((name) => name !== "");
  const plain = new Set(names.filter((name) => !name.includes("/")));
  const paths = names.filter((name) => name.includes("/")).map((name) => name.replace(/^\.\//, ""));
  return (subject) => {
    const base = subject.slice(subject.lastIndexOf("/") + 1);
    return plain.has(base) || paths.some((path) => subject === path || subject.endsWith(`/${path}`));
  };
}

/**
 * The source of a regular expression that selects, tested unanchored,
 * exactly the subjects `matcher` selects on `event` as Claude reads it:
 * `null` when it selects every subject, `undefined` when no regular
 * expression says it (FileChanged's file names, a matcher that does not
 * compile).
 */
export function claudeMatcherSource(matcher: string | undefined, event?: string): string | null | undefined {
  const trimmed = matcher?.trim() ?? "";
  if (trimmed === "" || trimmed === "*") return null;
  if (event === "FileChanged") return undefined;
  if ((event === "StopFailure" ? NARROW_EXACT : EXACT).test(trimmed)) {
    const split = event === "StopFailure" ? /\|/ : /[|,]/;
    const names = [...new Set(trimmed.split(split).map((name) => name.trim()).filter((name) => name !== ""))];
    return `^(?:${names.map((name) => name.replace(/[-\\^$.*+?()[\]{}|/]/g, "\\$&")).join("|")})$`;
  }
  try {
    new RegExp(matcher!);
  } catch {
    return undefined;
  }
  return matcher!;
}
