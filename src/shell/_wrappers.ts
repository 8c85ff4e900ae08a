// Programs that run their arguments as a command: a guard looks through
// them to the command they run, each with its own options read so the
// command is found after them (`sudo -u root rm`, `timeout -s KILL 5 rm`,
// `find . -exec rm {} ;`).

import { type OptionSpec, readOptions } from "./_options.ts";
import type { PlacedWord } from "./_words.ts";

/** What a wrapper runs. */
export interface WrapperRuns {
  /** Commands it runs directly, as their words. */
  readonly commands: readonly (readonly PlacedWord[])[];
  /** Command lines it hands to a shell (`flock -c LINE`, `env -S LINE`, `watch`, `parallel`). */
  readonly lines: readonly PlacedWord[];
}

type Reader = (words: readonly PlacedWord[]) => WrapperRuns | null;

const NONE: WrapperRuns = { commands: [], lines: [] };

/** A wrapper whose command follows its options (and `extra` operands). */
function after(spec: OptionSpec, extra = 0, skip?: (seen: readonly string[]) => boolean): Reader {
  return (words) => {
    const { next, seen } = readOptions(words, 1, spec);
    if (skip?.(seen.map(([name]) => name)) === true) return NONE;
    const start = next + extra;
    return start < words.length ? { commands: [words.slice(start)], lines: [] } : NONE;
  };
}

/** Joined words as one line, as `watch` and `parallel` hand their arguments to a shell. */
function joined(words: readonly PlacedWord[]): PlacedWord {
  return {
    value: words.map((word) => word.template ?? word.value).join(" "),
    known: words.every((word) => word.known),
    pos: words[0]?.pos ?? 0,
  };
}

const SUDO: OptionSpec = {
  short: "ugpChDrtTUR",
  long: ["user", "group", "host", "prompt", "close-from", "chdir", "role", "type", "command-timeout", "other-user"],
  assignments: true,
};

const XARGS: OptionSpec = {
  // GNU's and BSD's (`-J`, `-R`, `-S`) options that take a value.
  short: "adEILnPsJRS",
  long: [
    // `--eof[=S]`, `--replace[=S]` and `--max-lines[=N]` take theirs attached only.
    "arg-file",
    "delimiter",
    "max-args",
    "max-procs",
    "max-chars",
    "process-slot-var",
  ],
};

/** A word only known when the line runs: what xargs or parallel read from their input. */
function input(pos: number, from: string, template = "", value = "{}"): PlacedWord {
  return { value, known: false, pos, template, from };
}

/**
 * `xargs CMD ARGS`: CMD with the words of its input appended, or put in
 * place of the replace string (`-I {}`: in every word that holds it, so a
 * `sh -c 'echo {}'` runs a command string built from its input; BSD's `-J
 * {}`: in the one word that is it).
 */
function xargs(words: readonly PlacedWord[]): WrapperRuns {
  const { next, seen } = readOptions(words, 1, XARGS);
  if (next >= words.length) return NONE;
  let replace: string | undefined;
  let whole = false;
  for (const [name, value] of seen) {
    if (name === "I" || name === "replace") replace = value?.value ?? "{}";
    else if (name === "i") replace = "{}";
    else if (name === "J") [replace, whole] = [value?.value ?? "{}", true];
  }
  // `-i` and `--replace` take their value attached only: `-i{}`, `--replace=%`.
  const attached = words.slice(1, next).find((word) => /^-i./.test(word.value));
  if (attached !== undefined) replace = attached.value.slice(2);
  const from = "xargs's input";
  const command = words.slice(next);
  if (replace === undefined || replace === "") {
    return { commands: [[...command, { ...input(words.at(-1)!.pos, from), appended: true }]], lines: [] };
  }
  let replaced = false;
  const out = command.map((word) => {
    if (whole ? replaced || word.value !== replace : !word.value.includes(replace)) return word;
    replaced = true;
    const template = whole ? "" : (word.template ?? word.value).replaceAll(replace, '"$1"');
    return input(word.pos, from, template, word.value);
  });
  return { commands: [out], lines: [] };
}

const PARALLEL: OptionSpec = {
  short: "jPSIaCdEnNLsX",
  long: [
    "jobs",
    "sshlogin",
    "arg-file",
    "colsep",
    "delimiter",
    "joblog",
    "results",
    "tmpdir",
    "workdir",
    "delay",
    "timeout",
    "retries",
    "halt",
    "tag-string",
    "env",
    "max-args",
    "max-replace-args",
    "max-lines",
    "max-chars",
    "basefile",
    "transfer-file",
    "return",
  ],
};

/** GNU parallel's replacement strings: `{}`, `{.}`, `{/}`, `{//}`, `{/.}`, `{#}`, `{%}`, `{2}`, `{2.}`. */
const REPLACEMENT = /\{(\d+)?(?:\.|\/|\/\/|\/\.|#|%)?\}/g;
/** How many argument combinations of `:::` lists are read one by one; more stand for any argument. */
const MAX_COMBINATIONS = 16;

/** A word as a shell command line shows it, single-quoted as parallel quotes its arguments. */
function quoted(value: string): string {
  return `'${value.replaceAll("'", `'"'"'`)}'`;
}

/**
 * `parallel CMD ::: A B`: each argument (shell-quoted) put in place of a
 * replacement string of CMD's words, or appended, and the line run by a
 * shell, CMD's words joined as they are (`parallel bash -c 'x y' ::: a`
 * runs `bash -c x y 'a'`); with no CMD each argument is a command line.
 * Arguments from `::::` files or its standard input stand for any
 * argument, and commands from them cannot be known.
 */
function parallel(words: readonly PlacedWord[]): WrapperRuns {
  const { next, seen } = readOptions(words, 1, PARALLEL);
  const quote = seen.some(([name]) => name === "q" || name === "quote");
  let end = next;
  while (end < words.length && !/^::::?\+?$/.test(words[end]!.value)) end++;
  const command = words.slice(next, end);
  // The argument lists: known words after `:::`, unknown ones after `::::` (files) or from the input.
  const sources: (PlacedWord | undefined)[][] = [];
  for (let i = end; i < words.length; i++) {
    const separator = words[i]!.value;
    if (/^::::?\+?$/.test(separator)) {
      sources.push(separator.startsWith("::::") ? [undefined] : []);
      continue;
    }
    const source = sources.at(-1)!;
    if (source[0] !== undefined || source.length === 0) source.push(words[i]!.known ? words[i] : undefined);
  }
  const fromFile = seen.some(([name]) => name === "a" || name === "arg-file");
  if (sources.length === 0 || fromFile) sources.push([undefined]);
  const pos = words[0]?.pos ?? 0;
  const from = "parallel's input";
  let combinations: (PlacedWord | undefined)[][] = [[]];
  for (const source of sources) {
    combinations = combinations.flatMap((combination) => source.map((arg) => [...combination, arg]));
  }
  if (combinations.length > MAX_COMBINATIONS) combinations = [sources.map(() => undefined)];
  const lines: PlacedWord[] = [];
  for (const combination of combinations) {
    if (combination.length === 0) continue;
    if (command.length === 0) {
      // The arguments are the commands.
      const known = combination.every((arg) => arg !== undefined);
      lines.push(known ? joined(combination as PlacedWord[]) : input(pos, from));
      continue;
    }
    const argument = (arg: PlacedWord | undefined) => arg === undefined ? '"$1"' : quoted(arg.value);
    const text = command.map((word) =>
      quote ? (word.known ? quoted(word.value) : word.template ?? word.value) : word.template ?? word.value
    ).join(" ");
    const all = combination.map(argument).join(" ");
    let replaced = false;
    const line = text.replace(REPLACEMENT, (_, n: string | undefined) => {
      replaced = true;
      return n === undefined ? all : argument(combination[Number(n) - 1]);
    });
    lines.push({ value: replaced ? line : `${line} ${all}`, known: command.every((word) => word.known), pos });
  }
  return { commands: [], lines };
}

function applet(words: readonly PlacedWord[]): WrapperRuns {
  const name = words[1];
  return name === undefined || !name.known || name.value.startsWith("-")
    ? NONE
    : { commands: [words.slice(1)], lines: [] };
}

/** Every wrapper looked through, by the name it is called with. */
export const WRAPPERS: Readonly<Record<string, Reader>> = {
  sudo: after(
    SUDO,
    0,
    (seen) => seen.some((name) => ["e", "edit", "l", "list", "v", "validate", "k", "K"].includes(name)),
  ),
  doas: after({ short: "uC" }, 0, (seen) => seen.includes("C")),
  env(words) {
    const spec: OptionSpec = {
      short: "uCSP",
      long: ["unset", "chdir", "split-string", "block-signal", "default-signal", "ignore-signal"],
      assignments: true,
    };
    let { next, seen } = readOptions(words, 1, spec);
    // A lone `-` is `-i`: options and assignments may follow it.
    while (words[next]?.known === true && words[next]!.value === "-") {
      const more = readOptions(words, next + 1, spec);
      ({ next } = more);
      seen = [...seen, ...more.seen];
    }
    const split = seen.find(([name]) => name === "S" || name === "split-string")?.[1];
    const rest = words.slice(next);
    if (split !== undefined) return { commands: [], lines: [joined([split, ...rest])] };
    return rest.length > 0 ? { commands: [rest], lines: [] } : NONE;
  },
  // `command -v name` only says what name is.
  command: after({}, 0, (seen) => seen.includes("v") || seen.includes("V")),
  exec: after({ short: "a" }),
  builtin: after({}),
  nice: after({ short: "n", long: ["adjustment"], numeric: true }),
  nohup: after({}),
  timeout: after({ short: "sk", long: ["signal", "kill-after"] }, 1),
  time: after({ short: "of", long: ["output", "format"] }),
  stdbuf: after({ short: "ioe", long: ["input", "output", "error"] }),
  setsid: after({}),
  flock(words) {
    const spec = { short: "wEc", long: ["timeout", "wait", "conflict-exit-code", "command"] };
    const before = readOptions(words, 1, spec);
    // The lock file (a descriptor number alone runs nothing), then options again, then the command.
    const after = readOptions(words, before.next + 1, spec);
    const line = [...before.seen, ...after.seen].find(([name]) => name === "c" || name === "command")?.[1];
    if (line !== undefined) return { commands: [], lines: [line] };
    return after.next < words.length ? { commands: [words.slice(after.next)], lines: [] } : NONE;
  },
  chroot: after({ long: ["userspec", "groups"] }, 1),
  ionice: after(
    { short: "cnpPu", long: ["class", "classdata", "pid", "pgid", "uid"] },
    0,
    (seen) => seen.some((name) => ["p", "P", "u", "pid", "pgid", "uid"].includes(name)),
  ),
  xargs,
  // Multi-call binaries: `busybox rm -rf x` runs its applet `rm`.
  busybox: applet,
  toybox: applet,
  find(words) {
    const commands: PlacedWord[][] = [];
    for (let i = 1; i < words.length; i++) {
      if (!["-exec", "-execdir", "-ok", "-okdir"].includes(words[i]!.value)) continue;
      const start = i + 1;
      let end = start;
      while (end < words.length && words[end]!.value !== ";" && words[end]!.value !== "+") end++;
      if (end > start) commands.push(words.slice(start, end));
      i = end;
    }
    return { commands, lines: [] };
  },
  parallel,
  watch(words) {
    const { next, seen } = readOptions(words, 1, { short: "nq", long: ["interval", "differences"] });
    const rest = words.slice(next);
    if (rest.length === 0) return NONE;
    // --exec runs the words as they are; otherwise `sh -c` runs them joined.
    return seen.some(([name]) => name === "x" || name === "exec")
      ? { commands: [rest], lines: [] }
      : { commands: [], lines: [joined(rest)] };
  },
};
