// The files inside a project that a configured hook runs: a script named by
// path in a command (shell or exec form). Trust covers their content, so
// editing a script untrusts the project as surely as editing the config.

import { isAbsolute, relative, resolve, SEP } from "../_internal/path.ts";
import type { ConfiguredHook } from "../events/configured.ts";

/** Variables that stand for the project root in commands. */
const ROOT_VARIABLES = /\$\{?(?:HOOKGATE_PROJECT_DIR|CLAUDE_PROJECT_DIR)\}?/g;

/**
 * The paths (relative to `root`, `/`-separated) of existing files inside
 * `root` that `hook` runs or reads as its program: the exec-form program and
 * arguments, and the path-like words of a shell-form command. A path
 * outside the project is not a project file: its name is part of the
 * configuration (and so of the digest), its content is the user's business.
 */
export async function hookFiles(hook: ConfiguredHook, root: string): Promise<string[]> {
  if (hook.type === "http" || hook.type === "prompt") return [];
  const words = hook.args !== undefined ? [hook.command, ...hook.args] : shellWords(hook.command);
  const files = new Set<string>();
  for (const word of words) {
    const candidate = word.replace(ROOT_VARIABLES, root);
    if (!looksLikePath(candidate)) continue;
    const path = isAbsolute(candidate) ? candidate : resolve(root, candidate);
    const inside = relative(root, path);
    if (inside === "" || inside.startsWith("..") || isAbsolute(inside)) continue;
    try {
      if ((await Deno.stat(path)).isFile) files.add(inside.split(SEP).join("/"));
    } catch {
      // Not there (yet): nothing to hash; the config digest still names it.
    }
  }
  return [...files].sort();
}

function looksLikePath(word: string): boolean {
  return word.includes("/") || /\.(sh|bash|py|js|mjs|cjs|ts|rb|pl|php|lua)$/.test(word);
}

/**
 * Splits a shell command into words, unquoting '…' and "…" and dropping
 * operators: good enough to find script paths, not a shell parser.
 */
function shellWords(command: string): string[] {
  const words: string[] = [];
  let word = "";
  let quote: string | null = null;
  const flush = () => {
    if (word !== "") words.push(word);
    word = "";
  };
  for (let i = 0; i < command.length; i++) {
    const char = command[i]!;
    if (quote !== null) {
      if (char === quote) quote = null;
      else if (char === "\\" && quote === '"' && i + 1 < command.length) word += command[++i];
      else word += char;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === "\\" && i + 1 < command.length) {
      word += command[++i];
    } else if (/[\s;&|<>()`]/.test(char)) {
      flush();
    } else {
      word += char;
    }
  }
  flush();
  // `NAME=value` assignments may hold a path too (`SCRIPT=./x.sh sh "$SCRIPT"`).
  return words.flatMap((w) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(w) ? [w.slice(w.indexOf("=") + 1)] : [w]);
}
