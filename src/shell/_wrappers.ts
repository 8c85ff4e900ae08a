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
  short: "adEILnPs",
  long: [
    "arg-file",
    "delimiter",
    "eof",
    "replace",
    "max-lines",
    "max-args",
    "max-procs",
    "max-chars",
    "process-slot-var",
  ],
};

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

/** Every wrapper looked through, by the name it is called with. */
export const WRAPPERS: Readonly<Record<string, Reader>> = {
  sudo: after(
    SUDO,
    0,
    (seen) => seen.some((name) => ["e", "edit", "l", "list", "v", "validate", "k", "K"].includes(name)),
  ),
  doas: after({ short: "uC" }, 0, (seen) => seen.includes("C")),
  env(words) {
    const { next, seen } = readOptions(words, 1, {
      short: "uCSP",
      long: ["unset", "chdir", "split-string", "block-signal", "default-signal", "ignore-signal"],
      assignments: true,
    });
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
  xargs: after(XARGS),
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
  parallel(words) {
    const { next } = readOptions(words, 1, PARALLEL);
    let end = next;
    while (end < words.length && !/^:::[:+]*$/.test(words[end]!.value)) end++;
    return end > next ? { commands: [], lines: [joined(words.slice(next, end))] } : NONE;
  },
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
