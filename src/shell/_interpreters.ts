// Interpreters given code (`python3 -c CODE`, `node -e CODE`, `perl -e
// CODE`, `ruby -e CODE`, code in a here-document): where the code starts a
// process with a literal command — `os.system("…")`, `subprocess.run("…",
// shell=True)` or `["rm", "-rf", …]`, `child_process.execSync('…')`,
// perl's and ruby's `system("…")` or backticks — that command is read, and
// where it deletes files (`shutil.rmtree`, `os.remove`, `fs.rmSync`,
// `FileUtils.rm_rf`, `unlink`, `Deno.remove`) the `rm` or `rmdir` that does
// the same is; a process started from anything else cannot be known; code
// that does neither is just the interpreter.

import type { Family } from "./_interpreter_options.ts";

/** A file-deleting call of interpreter code, as the command that does the same. */
export interface CodeDelete {
  /** The call as written, without its arguments: `shutil.rmtree`, `fs.rmSync`, `unlink`. */
  readonly call: string;
  /** The command's words; `null` for a path only known when the code runs. */
  readonly words: readonly (string | null)[];
}

/** What an interpreter's code runs. */
export interface CodeRuns {
  /** Command lines it hands to a shell. */
  readonly lines: readonly string[];
  /** Commands it starts directly, as their words; `null` for a word only known when it runs. */
  readonly commands: readonly (readonly (string | null)[])[];
  /**
   * Files it deletes itself, each as the command that does the same (`rm -f
   * p`, `rm -rf p`, `rmdir p`) with the call that does it (`os.remove`).
   */
  readonly deletes: readonly CodeDelete[];
  /** Set when it starts a process this reader cannot know, saying how. */
  readonly unreadable?: string;
}

/** A call that hands its first argument to a shell when it is a string. */
const SHELL_CALLS: Readonly<Record<string, RegExp>> = {
  python:
    /\b(?:os\s*\.\s*(?:system|popen)|subprocess\s*\.\s*(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)|commands\s*\.\s*getoutput|pty\s*\.\s*spawn|os\s*\.\s*(?:exec|spawn)\w*)\s*\(/g,
  node:
    /\b(?:exec|execSync|spawn|spawnSync|execFile|execFileSync|fork)\s*\(|\bDeno\s*\.\s*(?:Command|run)\b|\bBun\s*\.\s*(?:spawn|spawnSync|\$)\b/g,
  perl: /\b(?:system|exec)\b\s*\(?|`|\bqx\s*[^\s\w]|\bopen\s*\(?[^;]*["']\s*\||\|\s*["']/g,
  ruby: /\b(?:system|exec|spawn)\b\s*\(?|`|%x\s*[^\s\w]|\b(?:IO\s*\.\s*popen|Open3\s*\.\s*\w+|PTY\s*\.\s*spawn)\s*\(?/g,
  php: /\b(?:system|exec|shell_exec|passthru|popen|proc_open|pcntl_exec)\s*\(|`/g,
  lua: /\b(?:os\s*\.\s*execute|io\s*\.\s*popen)\s*\(?/g,
};

/** Code that runs more code: nothing about it can be known. */
const EVALS: Readonly<Record<string, RegExp>> = {
  python: /\b(?:exec|eval|compile|__import__)\s*\(/,
  node: /\b(?:eval|Function)\s*\(|\brequire\s*\(\s*[^'"`\s]/,
  perl: /\beval\b/,
  ruby: /\b(?:eval|instance_eval|class_eval|send|public_send)\b/,
  php: /\b(?:eval|assert|create_function)\s*\(/,
  lua: /\b(?:load|loadstring|dofile|loadfile)\s*\(/,
};

/** Calls that delete files, each with the command that does the same: `-rf` for a tree, `-f` for a file. */
const REMOVALS: Readonly<Record<Family, RegExp>> = {
  python:
    /\b(?:shutil\s*\.\s*)?(rmtree)\s*\(|\bos\s*\.\s*(remove|unlink|rmdir|removedirs)\s*\(|\bPath\s*\(\s*(?=['"])/g,
  node:
    /\b(?:fs\s*\.\s*(?:promises\s*\.\s*)?(rm|rmdir|unlink)|(rmSync|rmdirSync|unlinkSync)|Deno\s*\.\s*(remove|removeSync))\s*\(/g,
  perl: /\b(unlink|rmdir|rmtree|remove_tree)\b\s*\(?/g,
  ruby:
    /\b(?:FileUtils\s*\.\s*(rm_rf|rm_r|rm_f|rm|remove_dir|remove_entry_secure|remove_entry|rmtree|remove|rmdir)|File\s*\.\s*(delete|unlink)|Dir\s*\.\s*(rmdir|delete|unlink))\b\s*\(?/g,
  php: /\b(unlink|rmdir)\s*\(/g,
  lua: /\bos\s*\.\s*(remove)\s*\(/g,
};

const TREE = /^(?:rmtree|rm_rf|rm_r|remove_dir|remove_entry_secure|remove_entry|remove_tree)$/;
const DIRECTORY = /^(?:rmdir|removedirs)$/;

/** Reads the code an interpreter of `family` (called `program`) was given. */
export function codeRuns(program: string, family: Family, code: string): CodeRuns {
  if (EVALS[family]!.test(code)) {
    return { lines: [], commands: [], deletes: [], unreadable: `${program} evaluates code it builds` };
  }
  const lines: string[] = [];
  const commands: (string | null)[][] = [];
  const deletes = removals(family, code);
  const calls = SHELL_CALLS[family]!;
  calls.lastIndex = 0;
  const perlish = family === "perl" || family === "ruby";
  for (let match = calls.exec(code); match !== null; match = calls.exec(code)) {
    const at = match.index + match[0].length;
    const call = match[0];
    if ((perlish || family === "php") && (call === "`" || /^(?:qx|%x)/.test(call))) {
      const close = call === "`" ? "`" : closingOf(call.at(-1)!);
      const end = code.indexOf(close, at);
      if (end === -1) return unknown(program);
      lines.push(code.slice(at, end));
      calls.lastIndex = end + 1;
      continue;
    }
    if (family === "perl" && call.includes("|")) return unknown(program);
    if (family === "node" && /Deno|Bun/.test(call)) return unknown(program);
    if (family === "ruby" && /Open3|PTY|popen/.test(call)) {
      const args = literalArguments(code, at, family);
      if (args === null || typeof args[0] !== "string") return unknown(program);
      lines.push(args[0]);
      continue;
    }
    const args = literalArguments(code, at, family);
    if (args === null) return unknown(program);
    const [first, ...rest] = args;
    const viaShell = perlish
      ? rest.length === 0 && typeof first === "string"
      : family === "python"
      ? /system|popen|getoutput|getstatusoutput/.test(call) || /\bshell\s*=\s*True\b/.test(code.slice(at))
      : family === "node"
      ? /\bexec(?:Sync)?\s*\($/.test(call) || /\bshell\s*:\s*true\b/.test(code.slice(at))
      : !/pcntl_exec|proc_open/.test(call) || typeof first === "string";
    if (typeof first === "string" && viaShell) lines.push(first);
    else if (Array.isArray(first)) commands.push(first);
    else if (typeof first === "string" && perlish) commands.push([first, ...rest.filter(isString)]);
    else if (typeof first === "string" && family === "node" && Array.isArray(rest[0])) {
      commands.push([first, ...rest[0]]);
    } else if (typeof first === "string") commands.push([first]);
    else return unknown(program);
  }
  return { lines, commands, deletes };
}

/** The `rm` or `rmdir` each file-deleting call of `code` amounts to; a path that is not a literal is `null`. */
function removals(family: Family, code: string): CodeDelete[] {
  const out: CodeDelete[] = [];
  const calls = REMOVALS[family];
  calls.lastIndex = 0;
  for (let match = calls.exec(code); match !== null; match = calls.exec(code)) {
    const at = match.index + match[0].length;
    let call = match.slice(1).find((group) => group !== undefined) ?? "";
    let paths: (string | null)[];
    if (call === "") {
      // pathlib: `Path("x").unlink()`, `Path("x").rmdir()`.
      const path = readString(code, at, family);
      const method = path === null ? null : /^\s*\)\s*\.\s*(unlink|rmdir)\s*\(/.exec(code.slice(path.end));
      if (path === null || method === null) continue;
      call = method[1]!;
      paths = [path.value];
    } else {
      const args = family === "perl" && /^\s*glob\s*\(/.test(code.slice(at))
        ? literalArguments(code, code.indexOf("(", at) + 1, family)
        : literalArguments(code, at, family);
      const strings = (args ?? []).flat().filter(isString);
      paths = strings.length > 0 ? (family === "python" || family === "node" ? strings.slice(0, 1) : strings) : [null];
    }
    const recursive = TREE.test(call) ||
      (family === "node" && /^(?:rm|rmSync|rmdir|rmdirSync|remove|removeSync)$/.test(call) &&
        /^[^;]*?\brecursive\s*:\s*true\b/.test(code.slice(at)));
    const written = match[0].replace(/[\s(]+$/, "").replace(/\s+/g, "") || call;
    const name = written === "Path" ? `Path().${call}` : written;
    if (recursive) out.push({ call: name, words: ["rm", "-rf", ...paths] });
    else if (DIRECTORY.test(call) || (family !== "python" && /^(?:rmdir|rmdirSync)$/.test(call))) {
      out.push({ call: name, words: ["rmdir", ...paths] });
    } else out.push({ call: name, words: ["rm", "-f", ...paths] });
  }
  return out;
}

function isString(value: unknown): value is string {
  return typeof value === "string";
}

function unknown(program: string): CodeRuns {
  return { lines: [], commands: [], deletes: [], unreadable: `${program} starts a process from a command it builds` };
}

function closingOf(open: string): string {
  return { "(": ")", "{": "}", "[": "]", "<": ">" }[open] ?? open;
}

type Literal = string | string[];

/**
 * The literal arguments of a call from `at` (after its `(`, or after perl's
 * `system ` without one): strings and lists of strings, up to the first
 * argument that is neither (`shell=True` and the like are skipped by the
 * caller). `null` when the first argument is not a literal.
 */
function literalArguments(code: string, at: number, family: string): Literal[] | null {
  const out: Literal[] = [];
  let i = skipSpace(code, at);
  for (;;) {
    const literal = readLiteral(code, i, family);
    if (literal === null) break;
    out.push(literal.value);
    i = skipSpace(code, literal.end);
    if (code[i] !== ",") break;
    i = skipSpace(code, i + 1);
  }
  return out.length === 0 ? null : out;
}

function readLiteral(code: string, at: number, family: string): { value: Literal; end: number } | null {
  if (code[at] === "[") {
    const items: string[] = [];
    let i = skipSpace(code, at + 1);
    while (code[i] !== "]") {
      const item = readString(code, i, family);
      if (item === null) return null;
      items.push(item.value);
      i = skipSpace(code, item.end);
      if (code[i] === ",") i = skipSpace(code, i + 1);
      else if (code[i] !== "]") return null;
    }
    return { value: items, end: i + 1 };
  }
  return readString(code, at, family);
}

/** A quoted string literal without interpolation (perl's `"$x"`, JavaScript's `` `${x}` ``), Python's `r'…'`. */
function readString(code: string, at: number, family: string): { value: string; end: number } | null {
  let i = at;
  if (/[rRbBuU]/.test(code[i] ?? "") && /['"]/.test(code[i + 1] ?? "")) i++;
  const quote = code[i];
  if (quote !== "'" && quote !== '"' && quote !== "`") return null;
  let value = "";
  for (let j = i + 1; j < code.length; j++) {
    const c = code[j]!;
    if (c === quote) return { value, end: j + 1 };
    if (c === "\\") {
      const next = code[++j] ?? "";
      value += next === "n" ? "\n" : next === "t" ? "\t" : next;
      continue;
    }
    // Interpolation: the string is built when the code runs.
    if (quote === "`" && c === "$" && code[j + 1] === "{") return null;
    if (family === "perl" && quote === '"' && (c === "$" || c === "@")) return null;
    value += c;
  }
  return null;
}

function skipSpace(code: string, at: number): number {
  let i = at;
  while (i < code.length && /\s/.test(code[i]!)) i++;
  return i;
}
