// Interpreters given code on their command line (`python3 -c CODE`,
// `node -e CODE`, `perl -e CODE`): where the code starts a process with a
// literal command — `os.system("…")`, `subprocess.run("…", shell=True)` or
// `["rm", "-rf", …]`, `child_process.execSync('…')`, perl's `system("…")`
// or backticks — that command is read; a process started from anything
// else cannot be known; code that starts none is just the interpreter.

/** What an interpreter's code runs. */
export interface CodeRuns {
  /** Command lines it hands to a shell. */
  readonly lines: readonly string[];
  /** Commands it starts directly, as their words. */
  readonly commands: readonly (readonly string[])[];
  /** Set when it starts a process this reader cannot know, saying how. */
  readonly unreadable?: string;
}

/** The option that gives each interpreter its code, by program name. */
export const CODE_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  python: ["-c"],
  python2: ["-c"],
  python3: ["-c"],
  node: ["-e", "--eval", "-p", "--print"],
  nodejs: ["-e", "--eval", "-p", "--print"],
  perl: ["-e", "-E"],
};

/** A call that hands its first argument to a shell when it is a string. */
const SHELL_CALLS: Readonly<Record<string, RegExp>> = {
  python:
    /\b(?:os\s*\.\s*(?:system|popen)|subprocess\s*\.\s*(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)|commands\s*\.\s*getoutput|pty\s*\.\s*spawn|os\s*\.\s*(?:exec|spawn)\w*)\s*\(/g,
  node:
    /\b(?:exec|execSync|spawn|spawnSync|execFile|execFileSync|fork)\s*\(|\bDeno\s*\.\s*(?:Command|run)\b|\bBun\s*\.\s*(?:spawn|spawnSync|\$)\b/g,
  perl: /\b(?:system|exec)\b\s*\(?|`|\bqx\s*[^\s\w]|\bopen\s*\(?[^;]*["']\s*\||\|\s*["']/g,
};

/** Code that runs more code: nothing about it can be known. */
const EVALS: Readonly<Record<string, RegExp>> = {
  python: /\b(?:exec|eval|compile|__import__)\s*\(/,
  node: /\b(?:eval|Function)\s*\(|\brequire\s*\(\s*[^'"`\s]/,
  perl: /\beval\b/,
};

/** Reads the code an interpreter was given. */
export function codeRuns(program: string, code: string): CodeRuns {
  const family = program.startsWith("python") ? "python" : program.startsWith("node") ? "node" : "perl";
  if (EVALS[family]!.test(code)) return { lines: [], commands: [], unreadable: `${program} evaluates code it builds` };
  const lines: string[] = [];
  const commands: string[][] = [];
  const calls = SHELL_CALLS[family]!;
  calls.lastIndex = 0;
  for (let match = calls.exec(code); match !== null; match = calls.exec(code)) {
    const at = match.index + match[0].length;
    const call = match[0];
    if (family === "perl" && (call === "`" || /^qx/.test(call))) {
      const close = call === "`" ? "`" : closingOf(call.at(-1)!);
      const end = code.indexOf(close, at);
      if (end === -1) return unknown(program);
      lines.push(code.slice(at, end));
      calls.lastIndex = end + 1;
      continue;
    }
    if (family === "perl" && call.includes("|")) return unknown(program);
    if (family === "node" && /Deno|Bun/.test(call)) return unknown(program);
    const args = literalArguments(code, at, family);
    if (args === null) return unknown(program);
    const [first, ...rest] = args;
    const viaShell = family === "perl"
      ? rest.length === 0 && typeof first === "string"
      : family === "python"
      ? /system|popen|getoutput|getstatusoutput/.test(call) || /\bshell\s*=\s*True\b/.test(code.slice(at))
      : /\bexec(?:Sync)?\s*\($/.test(call) || /\bshell\s*:\s*true\b/.test(code.slice(at));
    if (typeof first === "string" && viaShell) lines.push(first);
    else if (Array.isArray(first)) commands.push(first);
    else if (typeof first === "string" && family === "perl") commands.push([first, ...rest.filter(isString)]);
    else if (typeof first === "string" && family === "node" && Array.isArray(rest[0])) {
      commands.push([first, ...rest[0]]);
    } else if (typeof first === "string") commands.push([first]);
    else return unknown(program);
  }
  return { lines, commands };
}

function isString(value: unknown): value is string {
  return typeof value === "string";
}

function unknown(program: string): CodeRuns {
  return { lines: [], commands: [], unreadable: `${program} starts a process from a command it builds` };
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
