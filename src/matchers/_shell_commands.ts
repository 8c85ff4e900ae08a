// The simple commands of a shell command line, as Claude Code's permission
// rules see them: every command of a list or pipeline (`;`, `&&`, `||`, `|`,
// `&`, newlines), of a subshell or group, and of every `$(…)`, `` `…` `` and
// `<(…)` inside, each as its words joined by one space, without leading
// `VAR=value` assignments and without redirections. What this reader does
// not follow — a here-document, a compound command (`if`, `for`, `case`, a
// function), an unbalanced quote or parenthesis — gives `null`: the caller
// then cannot rule a command out, and a hook filtered on it runs anyway.

/** How deep substitutions may nest before the line counts as unreadable. */
const MAX_DEPTH = 16;

/** Words that start a compound command, which this reader does not follow. */
const COMPOUND = new Set([
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "for",
  "while",
  "until",
  "do",
  "done",
  "case",
  "esac",
  "select",
  "function",
  "[[",
  "]]",
  "coproc",
]);

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;

/**
 * The simple commands of `line`, or `null` when it cannot be read with
 * certainty.
 */
export function shellCommands(line: string): string[] | null {
  const out: string[] = [];
  return scan(line, out, 0) ? out : null;
}

/** Reads `text` into `out`; false when it cannot be read. */
function scan(text: string, out: string[], depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  const nested: string[] = [];
  let words: string[] = [];
  let word: string | null = null;
  // The next word is a redirection's target, not part of the command.
  let target = false;
  const endWord = () => {
    if (word === null) return;
    if (target) target = false;
    else if (words.length === 0 && (word === "{" || word === "}" || word === "!")) {
      // A group's braces and a negation wrap commands; they are none.
    } else words.push(word);
    word = null;
  };
  const endCommand = (): boolean => {
    endWord();
    if (target) return false;
    let start = 0;
    while (start < words.length && ASSIGNMENT.test(words[start]!)) start++;
    const rest = words.slice(start);
    words = [];
    if (rest.length === 0) return true;
    if (COMPOUND.has(rest[0]!) || rest[0]!.endsWith("()")) return false;
    out.push(rest.join(" "));
    return true;
  };
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === " " || c === "\t" || c === "\r") {
      endWord();
      i++;
    } else if (c === "\n" || c === ";") {
      if (c === ";" && text[i + 1] === ";") return false;
      if (!endCommand()) return false;
      i++;
    } else if (c === "#" && word === null) {
      while (i < n && text[i] !== "\n") i++;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end === -1) return false;
      word = (word ?? "") + text.slice(i, end + 1);
      i = end + 1;
    } else if (c === '"') {
      const end = doubleQuoted(text, i + 1, nested);
      if (end === -1) return false;
      word = (word ?? "") + text.slice(i, end + 1);
      i = end + 1;
    } else if (c === "\\") {
      if (text[i + 1] === "\n") {
        i += 2;
        continue;
      }
      word = (word ?? "") + text.slice(i, i + 2);
      i += 2;
    } else if (c === "$") {
      const end = dollar(text, i, nested);
      if (end === -1) return false;
      word = (word ?? "") + text.slice(i, end);
      i = end;
    } else if (c === "`") {
      const end = backtick(text, i + 1);
      if (end === -1) return false;
      nested.push(text.slice(i + 1, end));
      word = (word ?? "") + text.slice(i, end + 1);
      i = end + 1;
    } else if (c === "&" || c === "|") {
      if (c === "&" && text[i + 1] === ">") {
        // &> and &>> send both streams to the word after them.
        endWord();
        i += text[i + 2] === ">" ? 3 : 2;
        target = true;
        continue;
      }
      if (!endCommand()) return false;
      i += text[i + 1] === c || (c === "|" && text[i + 1] === "&") ? 2 : 1;
    } else if (c === "<" || c === ">") {
      if (text[i + 1] === "(") {
        // Process substitution: a command of its own.
        const end = closing(text, i + 2);
        if (end === -1) return false;
        nested.push(text.slice(i + 2, end));
        word = (word ?? "") + text.slice(i, end + 1);
        i = end + 1;
        continue;
      }
      if (c === "<" && text[i + 1] === "<" && text[i + 2] !== "<") return false;
      // A file descriptor number before the operator belongs to it.
      if (word !== null && /^\d+$/.test(word)) word = null;
      endWord();
      let j = i + 1;
      while (j < n && (text[j] === "<" || text[j] === ">" || text[j] === "|")) j++;
      if (text[j] === "&") {
        // >&2, 2>&1, <&-: a descriptor, not a file word.
        j++;
        while (j < n && /[0-9-]/.test(text[j]!)) j++;
        i = j;
        continue;
      }
      i = j;
      target = true;
    } else if (c === "(") {
      if (word !== null || words.length > 0) return false;
      const end = closing(text, i + 1);
      if (end === -1) return false;
      nested.push(text.slice(i + 1, end));
      i = end + 1;
    } else if (c === ")") {
      return false;
    } else {
      word = (word ?? "") + c;
      i++;
    }
  }
  if (!endCommand()) return false;
  for (const inner of nested) if (!scan(inner, out, depth + 1)) return false;
  return true;
}

/** The index of the `"` closing a double-quoted string from `start`; its substitutions go to `nested`. */
function doubleQuoted(text: string, start: number, nested: string[]): number {
  let i = start;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') return i;
    if (c === "\\") i += 2;
    else if (c === "$") {
      const end = dollar(text, i, nested);
      if (end === -1) return -1;
      i = end;
    } else if (c === "`") {
      const end = backtick(text, i + 1);
      if (end === -1) return -1;
      nested.push(text.slice(i + 1, end));
      i = end + 1;
    } else i++;
  }
  return -1;
}

/** The index after a `$` expansion at `start`: `$(…)` goes to `nested`; -1 when it does not close. */
function dollar(text: string, start: number, nested: string[]): number {
  const next = text[start + 1];
  if (next === "(" && text[start + 2] === "(") {
    // Arithmetic: no command, but it must close.
    const end = closing(text, start + 3);
    if (end === -1 || text[end + 1] !== ")") return -1;
    return end + 2;
  }
  if (next === "(") {
    const end = closing(text, start + 2);
    if (end === -1) return -1;
    nested.push(text.slice(start + 2, end));
    return end + 1;
  }
  if (next === "{") {
    const end = text.indexOf("}", start + 2);
    return end === -1 ? -1 : end + 1;
  }
  if (next === "'") {
    let i = start + 2;
    while (i < text.length && text[i] !== "'") i += text[i] === "\\" ? 2 : 1;
    return i >= text.length ? -1 : i + 1;
  }
  return start + 1;
}

/** The index of the backtick closing one opened before `start`, or -1. */
function backtick(text: string, start: number): number {
  let i = start;
  while (i < text.length) {
    if (text[i] === "\\") i += 2;
    else if (text[i] === "`") return i;
    else i++;
  }
  return -1;
}

/** The index of the `)` closing a `(` opened before `start`, skipping quotes and nested parentheses; -1 when none. */
function closing(text: string, start: number): number {
  let depth = 1;
  let i = start;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "\\") i += 2;
    else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end === -1) return -1;
      i = end + 1;
    } else if (c === '"') {
      const end = doubleQuoted(text, i + 1, []);
      if (end === -1) return -1;
      i = end + 1;
    } else if (c === "`") {
      const end = backtick(text, i + 1);
      if (end === -1) return -1;
      i = end + 1;
    } else if (c === "(") {
      depth++;
      i++;
    } else if (c === ")") {
      if (--depth === 0) return i;
      i++;
    } else i++;
  }
  return -1;
}
