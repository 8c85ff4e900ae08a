// Path patterns of Claude Code's Read and Edit permission rules, which
// follow the gitignore specification: `*` and `?` stay within one path
// segment, `**` crosses them, a pattern without a `/` (but a trailing one)
// matches a name at any depth, one with a `/` is anchored to its base, a
// trailing `/` matches directories only, and a pattern that matches a
// directory matches everything inside it.

/** A compiled path pattern: whether a path relative to the pattern's base (`/`-separated, inside it) matches. */
export type PathTest = (relative: string) => boolean;

/**
 * Compiles one gitignore pattern (its base already taken off: no leading
 * `/`, `./`, `~/` or `//`). `anchored` says the pattern started at its base
 * (a leading `/` or `./`), as a `/` inside it does.
 */
export function compilePathPattern(pattern: string, anchored: boolean): PathTest {
  const directoryOnly = pattern.endsWith("/");
  const body = directoryOnly ? pattern.replace(/\/+$/, "") : pattern;
  const rooted = anchored || body.includes("/");
  const regex = new RegExp(`^${globSource(body)}$`);
  return (relative) => {
    const segments = relative.split("/").filter((segment) => segment !== "");
    // The path itself and each directory it lies in: a match of a directory covers its contents.
    const last = directoryOnly ? segments.length - 1 : segments.length;
    for (let end = 1; end <= last; end++) {
      const candidate = rooted ? segments.slice(0, end).join("/") : segments[end - 1]!;
      if (regex.test(candidate)) return true;
    }
    return false;
  };
}

/** A glob as a regular expression's source: `**` any depth, `*` and `?` within a segment, `[…]` a class. */
function globSource(glob: string): string {
  let out = "";
  let i = 0;
  while (i < glob.length) {
    const c = glob[i]!;
    if (c === "*" && glob[i + 1] === "*") {
      const atStart = i === 0 || glob[i - 1] === "/";
      const slashAfter = glob[i + 2] === "/";
      if (atStart && slashAfter) {
        out += "(?:.*/)?";
        i += 3;
      } else {
        out += ".*";
        i += 2;
      }
    } else if (c === "*") {
      out += "[^/]*";
      i++;
    } else if (c === "?") {
      out += "[^/]";
      i++;
    } else if (c === "[") {
      const end = glob.indexOf("]", i + 2);
      if (end === -1) {
        out += "\\[";
        i++;
        continue;
      }
      let inner = glob.slice(i + 1, end);
      if (inner.startsWith("!")) inner = `^${inner.slice(1)}`;
      out += `[${inner.replaceAll("\\", "\\\\")}]`;
      i = end + 1;
    } else if (c === "\\" && i + 1 < glob.length) {
      out += escape(glob[i + 1]!);
      i += 2;
    } else {
      out += escape(c);
      i++;
    }
  }
  return out;
}

function escape(c: string): string {
  return /[.+^${}()|[\]\\/]/.test(c) ? `\\${c}` : c;
}
