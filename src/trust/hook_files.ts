/**
 * The paths a project's command hook names: every word of its command
 * (shell or exec form), the words of strings nested in it (`sh -c "sh
 * x.sh"`), and the value of `NAME=value` and `--flag=value` words, with the
 * variables that stand for the project root expanded — `$PWD` and relative
 * paths too, since project hooks run in the project root. Any such word
 * that names a file inside the project is something the hook may run, so
 * trust hashes it, whatever its name or suffix. The same words tell
 * configuration which entries route an agent's events to hookgate itself.
 *
 * @module
 */

import { isAbsolute, relative, resolve } from "../_internal/path.ts";
import type { ShellHookSpec } from "../events/configured.ts";

/** Variables that stand for the project root in a project hook's command. */
const ROOT_VARIABLE =
  /\$(?:\{(?:HOOKGATE_PROJECT_DIR|CLAUDE_PROJECT_DIR|PWD)\}|(?:HOOKGATE_PROJECT_DIR|CLAUDE_PROJECT_DIR|PWD)(?![A-Za-z0-9_]))/g;

/** How deep strings nested in strings are split (`sh -c "bash -c '…'"`). */
const NESTING = 4;

/**
 * The absolute paths inside `root` (by their text; links are resolved by
 * whoever reads them) that the words of `hook`'s command name, in order,
 * each once. Whether a file is there is for the reader to find out.
 */
export function namedPaths(hook: ShellHookSpec, root: string): string[] {
  const paths = new Set<string>();
  for (const word of commandWords(hook)) {
    const candidate = word.replace(ROOT_VARIABLE, root);
    if (!couldBeFile(candidate)) continue;
    const path = isAbsolute(candidate) ? resolve(candidate) : resolve(root, candidate);
    const inside = relative(root, path);
    if (inside === "" || inside.startsWith("..") || isAbsolute(inside)) continue;
    paths.add(path);
  }
  return [...paths];
}

/**
 * Every word of a command: its shell or exec form words, the words of
 * strings nested in them, and what follows `=` in assignments and flags.
 */
export function commandWords(hook: ShellHookSpec): string[] {
  return expand(hook.args !== undefined ? [hook.command, ...hook.args] : shellWords(hook.command), NESTING);
}

/** The words, the words of nested strings, and what follows `=` in assignments and flags. */
function expand(words: readonly string[], depth: number): string[] {
  const all: string[] = [];
  for (const word of words) {
    all.push(word);
    const assigned = /^(?:[A-Za-z_][A-Za-z0-9_]*|--?[A-Za-z0-9][\w-]*)=(.+)$/.exec(word);
    if (assigned) all.push(assigned[1]!);
    if (depth > 0 && /[\s;&|<>()`]/.test(word)) all.push(...expand(shellWords(word), depth - 1));
  }
  return all;
}

/** Whether a word may be a file's path: not an option, a glob or a variable left unexpanded. */
function couldBeFile(word: string): boolean {
  return word !== "" && !word.startsWith("-") && !word.startsWith("~") && !/[$*?[]/.test(word);
}

/**
 * Splits a shell command into words, unquoting '…' and "…" and dropping
 * operators: good enough to find paths, not a shell parser.
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
  return words;
}
