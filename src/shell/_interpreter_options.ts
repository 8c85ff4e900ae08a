// Where an interpreter finds its code: a command-line option (`python3
// -c CODE`, `-Bc CODE`, `-c'CODE'`, `perl -wle CODE`, `node -pe CODE`,
// `node --eval=CODE`, `ruby -we CODE`, `php -r CODE`, `lua -e CODE`,
// `deno eval CODE`), a script file (code the line does not show), or its
// standard input (a here-document, a here-string, a pipe).

import type { PlacedWord } from "./_words.ts";

/** The languages whose code is read, each with the calls that start processes or delete files. */
export type Family = "python" | "node" | "perl" | "ruby" | "php" | "lua";

/** Where an interpreter's code is. */
export type CodeSource =
  | { readonly kind: "words"; readonly code: readonly PlacedWord[]; readonly option: string }
  | { readonly kind: "stdin" }
  | { readonly kind: "file" };

/** The family of an interpreter by its (lower-case) name: `python3.11`, `pypy3`, `nodejs`, `lua5.4`. */
export function familyOf(name: string): Family | undefined {
  if (/^(?:python|pypy)(?:\d+(?:\.\d+)*)?$/.test(name)) return "python";
  if (/^(?:node|nodejs|bun|deno)$/.test(name)) return "node";
  if (/^perl(?:\d+(?:\.\d+)*)?$/.test(name)) return "perl";
  if (/^(?:ruby|jruby)(?:\d+(?:\.\d+)*)?$/.test(name)) return "ruby";
  if (/^php(?:\d+(?:\.\d+)*)?$/.test(name)) return "php";
  if (/^(?:lua|luajit)(?:\d+(?:\.\d+)*)?$/.test(name)) return "lua";
  return undefined;
}

/**
 * Short options by what follows them in a cluster: `code` letters take
 * the code (the rest of the word, or the next word), `value` letters a
 * value the same way, `attached` letters only the rest of the word; a
 * letter that ends the options with something else to run (`python -m`).
 */
interface Letters {
  readonly code: string;
  readonly value: string;
  readonly attached: string;
  readonly ends: string;
  /** Long options that take the code (`--eval`), and ones that take a value. */
  readonly longCode: readonly string[];
  readonly longValue: readonly string[];
  /** Whether several code options add up (`perl -e A -e B`); otherwise the first ends the options. */
  readonly repeats: boolean;
  /** Whether the interpreter, given no code and no script, reads its script from standard input. */
  readonly stdin: boolean;
  /** Whether code may be attached to its option (`perl -e'…'`); node's `-pe` is two options. */
  readonly attachedCode?: false;
}

const LETTERS: Readonly<Record<string, Letters>> = {
  python: {
    code: "c",
    value: "WXQ",
    attached: "",
    ends: "m",
    longCode: [],
    longValue: [],
    repeats: false,
    stdin: true,
  },
  node: {
    code: "ep",
    value: "rC",
    attached: "",
    ends: "",
    longCode: ["eval", "print"],
    longValue: ["require", "import", "conditions", "input-type", "loader", "env-file"],
    repeats: false,
    stdin: true,
    attachedCode: false,
  },
  bun: {
    code: "ep",
    value: "r",
    attached: "",
    ends: "",
    longCode: ["eval", "print"],
    longValue: ["preload", "cwd"],
    repeats: false,
    stdin: false,
    attachedCode: false,
  },
  perl: {
    code: "eE",
    value: "I",
    attached: "MmixdD0lC",
    ends: "",
    longCode: [],
    longValue: [],
    repeats: true,
    stdin: true,
  },
  ruby: {
    code: "e",
    value: "IrCE",
    attached: "FixWTK0",
    ends: "",
    longCode: [],
    longValue: [],
    repeats: true,
    stdin: true,
  },
  php: {
    code: "r",
    value: "cdz",
    attached: "",
    ends: "fFBER",
    longCode: [],
    longValue: [],
    repeats: false,
    stdin: true,
  },
  lua: { code: "e", value: "l", attached: "", ends: "", longCode: [], longValue: [], repeats: true, stdin: true },
};

/** Where the interpreter `name` of family `family`, run with `words`, reads its code. */
export function codeSource(name: string, family: Family, words: readonly PlacedWord[]): CodeSource {
  if (name === "deno") return denoCode(words);
  const letters = LETTERS[name === "bun" ? "bun" : family]!;
  const code: PlacedWord[] = [];
  let option = "";
  const found = (word: PlacedWord | undefined, spelled: string): boolean => {
    if (word !== undefined) code.push(word);
    option ||= spelled;
    return !letters.repeats;
  };
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    const value = word.value;
    if (!word.known || value === "-" || !value.startsWith("-")) break;
    if (value === "--") {
      i++;
      break;
    }
    if (value.startsWith("--")) {
      const equals = value.indexOf("=");
      const long = value.slice(2, equals === -1 ? undefined : equals);
      const attached = equals === -1 ? undefined : { ...word, value: value.slice(equals + 1) };
      if (letters.longCode.includes(long)) {
        if (found(attached ?? words[++i], `--${long}`)) break;
      } else if (letters.longValue.includes(long) && attached === undefined) i++;
      continue;
    }
    let done = false;
    for (let j = 1; j < value.length; j++) {
      const letter = value[j]!;
      const rest = value.slice(j + 1);
      if (letters.code.includes(letter)) {
        if (letters.attachedCode === false && [...rest].every((other) => letters.code.includes(other))) {
          done = found(words[++i], `-${letter}`);
          break;
        }
        done = found(rest !== "" ? { ...word, value: rest } : words[++i], `-${letter}`);
        break;
      }
      if (letters.value.includes(letter)) {
        if (rest === "") i++;
        break;
      }
      if (letters.attached.includes(letter)) break;
      if (letters.ends.includes(letter)) return { kind: "file" };
    }
    if (done) break;
  }
  if (option !== "") return { kind: "words", code, option };
  const rest = words.slice(1).find((word) => !word.known || !word.value.startsWith("-") || word.value === "-");
  if (rest === undefined) return letters.stdin ? { kind: "stdin" } : { kind: "file" };
  return rest.known && rest.value === "-" ? { kind: "stdin" } : { kind: "file" };
}

/** `deno eval [options] CODE`; any other deno subcommand runs a file. */
function denoCode(words: readonly PlacedWord[]): CodeSource {
  if (words[1]?.value !== "eval") return { kind: "file" };
  for (let i = 2; i < words.length; i++) {
    const word = words[i]!;
    if (!word.known || !word.value.startsWith("-")) return { kind: "words", code: [word], option: "eval" };
    if (/^--(?:ext|config|import-map|env-file|location|seed|v8-flags)$/.test(word.value)) i++;
  }
  return { kind: "file" };
}
