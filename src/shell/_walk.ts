// The walk over a parsed line that finds every simple command bash would
// run: lists, pipelines, subshells, groups, compound commands' bodies,
// function bodies and every substitution; each command then looked through
// its wrappers, and a shell, `eval` or interpreter given a command string
// read in turn, one level deeper.

import type {
  Command,
  CommandNode,
  CompoundList,
  ParsedScript,
  PipelineNode,
  Redirection,
  Statement,
  SyntaxNode,
} from "unbash";
import type { ShellWord } from "./types.ts";
import { type PlacedWord, wordsOf } from "./_words.ts";
import { WRAPPERS } from "./_wrappers.ts";
import { codeRuns } from "./_interpreters.ts";
import { codeSource, familyOf } from "./_interpreter_options.ts";
import { readOptions } from "./_options.ts";
import { configuredLines } from "./_configured.ts";
import {
  assign,
  assignments,
  assignmentWord,
  CHANGES_OUTPUT,
  clip,
  DECLARES,
  type Input,
  inputOf,
  type Place,
  unreadable,
  type Walk,
  withEnv,
} from "./_walk_state.ts";

export { unreadable, type Walk };

/** Shells that run a command string given with `-c`, or a script on their standard input. */
const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "ash", "mksh"]);
/** Wrappers that read their standard input themselves: the command they run does not. */
const STDIN_READERS = new Set(["xargs", "find", "parallel", "watch"]);

/** Parses `line` and walks it, `depth` command strings deep. */
export function walkLine(walk: Walk, line: string, depth: number, via: readonly string[]): void {
  if (depth > walk.maxDepth) {
    unreadable(walk, `a command string nests deeper than ${walk.maxDepth} shells: ${clip(line)}`);
    return;
  }
  if (walk.staticOutput && CHANGES_OUTPUT.test(line)) walk.changesOutput = true;
  script({ walk, source: line, depth, via }, walk.parser.parse(line));
}

function script(place: Place, parsed: ParsedScript): void {
  const here = parsed.source === undefined ? place : { ...place, source: parsed.source };
  for (const error of parsed.errors ?? []) {
    unreadable(place.walk, `cannot parse ${clip(here.source)}: ${error.message} (at ${error.pos})`);
  }
  statements(here, parsed.commands);
}

function statements(place: Place, list: readonly Statement[]): void {
  for (const statement of list) node(place, statement.command, undefined);
}

function compound(place: Place, list: CompoundList | undefined): void {
  if (list !== undefined) statements(place, list.commands);
}

/** `piped`: the names of the commands before it in its pipeline, when it is not the first. */
function node(
  place: Place,
  n: PipelineNode | CommandNode | Statement["command"] | CompoundList,
  piped: readonly string[] | undefined,
): void {
  switch (n.type) {
    case "AndOr":
      for (const one of n.commands) node(place, one, undefined);
      return;
    case "Pipeline": {
      const before: string[] = [];
      n.commands.forEach((one, i) => {
        const at = place.walk.commands.length;
        node(place, one, i > 0 ? [...before] : undefined);
        for (const command of place.walk.commands.slice(at)) if (command.name !== "") before.push(command.name);
      });
      return;
    }
    case "Command":
      simple(place, n, piped);
      return;
    case "CompoundList":
      compound(place, n);
      return;
    case "If":
      compound(place, n.clause);
      compound(place, n.then);
      for (const elif of n.elif) {
        compound(place, elif.clause);
        compound(place, elif.then);
      }
      compound(place, n.else);
      return;
    case "For":
    case "Select":
      for (const word of n.wordlist ?? []) substitutions(place, word);
      compound(place, n.body);
      return;
    case "ArithmeticFor":
      substitutions(place, n);
      return;
    case "While":
      compound(place, n.clause);
      compound(place, n.body);
      return;
    case "Subshell":
    case "BraceGroup":
      compound(place, n.body);
      return;
    case "Case":
      substitutions(place, n.word);
      for (const item of n.items) {
        for (const pattern of item.pattern) substitutions(place, pattern);
        compound(place, item.body);
      }
      return;
    case "TestCommand":
    case "ArithmeticCommand":
      substitutions(place, n);
      return;
    case "Redirected":
      node(place, n.command, piped);
      for (const redirect of n.redirects) redirection(place, redirect, false);
      return;
    case "Function":
    case "Coproc":
      node(place, n.body, undefined);
      return;
  }
}

/** Walks the scripts of every substitution under `n` (`$(…)`, backticks, `<(…)`, `$((…))`'s). */
function substitutions(place: Place, n: SyntaxNode): void {
  place.walk.parser.forEachChild(n, (child) => {
    if (child.type === "Script") script(place, child);
    else substitutions(place, child);
  });
}

/** A redirection's own commands: substitutions in its target, and a here-document's when bash expands it. */
function redirection(place: Place, redirect: Redirection, fedToShell: boolean): void {
  if (redirect.type === "HereDoc") {
    // A quoted delimiter keeps the body as it is; a shell reading it parses it itself.
    if (redirect.delimiter?.quoted !== true && !fedToShell) substitutions(place, redirect.body);
    return;
  }
  if (redirect.target !== undefined) substitutions(place, redirect.target);
}

function simple(place: Place, command: Command, piped: readonly string[] | undefined): void {
  for (const prefix of command.prefix) {
    if (prefix.type === "Assignment") substitutions(place, prefix);
  }
  // Bare assignments hold for the rest of the line: a later `$HOME` no longer is the environment's.
  if (command.name === undefined) assign(place.walk, command.prefix);
  const words: PlacedWord[] = [];
  if (command.name !== undefined) {
    words.push(...wordsOf(command.name, place.walk.staticOutput));
    substitutions(place, command.name);
  }
  for (const argument of command.suffix) {
    if (argument.type === "Word") {
      words.push(...wordsOf(argument, place.walk.staticOutput));
      substitutions(place, argument);
    } else if (argument.type === "Assignment") {
      words.push(assignmentWord(place, argument.value.type === "Word" ? argument.value : undefined, argument));
      substitutions(place, argument);
    }
  }
  const input = withEnv(inputOf(command, piped), command);
  const fedToShell = resolve(place, words, place.via, input);
  if (words[0]?.known === true && DECLARES.has(words[0].value)) assign(place.walk, command.suffix);
  for (const redirect of command.redirects) redirection(place, redirect, fedToShell);
}

/**
 * Records the command of `words` and what it runs in turn; returns whether
 * the command (or one it runs) is a shell that reads its standard input
 * as a script.
 */
function resolve(place: Place, words: readonly PlacedWord[], via: readonly string[], input: Input): boolean {
  const first = words[0];
  if (first === undefined) return false;
  const { walk } = place;
  const text = first.pos < place.source.length ? place.source.slice(first.pos, input.end).trim() : first.value;
  const plain = words.filter((word, i) => i === 0 || word.appended !== true).map(({ value, known }) => ({
    value,
    known,
  }));
  const extra = input.pipedFrom === undefined && walk.assigned.size === 0 ? undefined : {
    ...(input.pipedFrom === undefined ? {} : { pipedFrom: input.pipedFrom }),
    ...(walk.assigned.size === 0 ? {} : { assignments: assignments(walk) }),
  };
  if (!first.known) {
    walk.commands.push({ name: "", words: plain, unreadable: true, via, text, ...extra });
    unreadable(walk, `the command word ${first.value} comes from ${first.from ?? "an expansion"}`);
    return false;
  }
  const name = first.value.slice(first.value.lastIndexOf("/") + 1);
  // Programs compare as a case-insensitive file system finds them (macOS's
  // default): `XARGS` runs xargs there. The name stays as written.
  const key = name.toLowerCase();
  // A command comes before what it runs, which the walk may find first.
  const at = walk.commands.length;
  const record = (why?: string) => {
    walk.commands.splice(at, 0, { name, words: plain, unreadable: why !== undefined, via, text, ...extra });
    if (why !== undefined) unreadable(walk, why);
  };
  if (walk.aliases.has(name)) {
    record(`${name} is an alias defined on the line`);
    return false;
  }
  if (name === "alias") {
    for (const word of words.slice(1)) {
      const equals = word.value.indexOf("=");
      if (equals > 0) walk.aliases.add(word.value.slice(0, equals));
    }
  }
  const wrapper = Object.hasOwn(WRAPPERS, key) ? WRAPPERS[key] : undefined;
  if (wrapper !== undefined) {
    record();
    const runs = wrapper(words);
    if (runs === null) return false;
    const inner = [...via, name];
    const passed: Input = STDIN_READERS.has(key)
      ? { unseen: false, end: input.end, ...(input.pipedFrom === undefined ? {} : { pipedFrom: input.pipedFrom }) }
      : input;
    let fed = false;
    for (const one of runs.commands) fed = resolve(place, one, inner, passed) || fed;
    for (const line of runs.lines) {
      const why = commandString(place, line, inner);
      if (why !== undefined) unreadable(walk, why);
    }
    return fed;
  }
  if (SHELLS.has(key)) return shell(place, name, words, via, input, record);
  if (key === "eval") {
    const line: PlacedWord = {
      value: words.slice(1).map((word) => word.template ?? word.value).join(" "),
      known: words.slice(1).every((word) => word.known),
      pos: words[1]?.pos ?? 0,
    };
    const why = words.length > 1 ? commandString(place, line, [...via, "eval"]) : undefined;
    record(why);
    return false;
  }
  if (familyOf(key) !== undefined) return interpreter(place, name, words, via, input, record);
  record();
  if (key === "git" || walk.assigned.size > 0 || input.env !== undefined) {
    configured(place, key, name, words, via, input);
  }
  return false;
}

/** Reads the command lines a program runs from its environment or configuration (`GIT_SSH_COMMAND`, `git -c`). */
function configured(
  place: Place,
  key: string,
  name: string,
  words: readonly PlacedWord[],
  via: readonly string[],
  input: Input,
): void {
  const { walk } = place;
  let env: ReadonlyMap<string, ShellWord> = walk.assigned;
  if (input.env !== undefined) env = new Map([...walk.assigned, ...input.env]);
  for (const { label, line, known } of configuredLines(key, words, env)) {
    const why = commandString(place, { value: line, known, pos: 0 }, [...via, name, label]);
    if (why !== undefined) unreadable(walk, why);
  }
}

/** `sh -c LINE`, `bash <<< LINE`, `sh <<EOF`, `… | sh`: the script the shell runs. */
function shell(
  place: Place,
  name: string,
  words: readonly PlacedWord[],
  via: readonly string[],
  input: Input,
  record: (why?: string) => void,
): boolean {
  const { next, seen } = readOptions(words, 1, { short: "oO", long: ["rcfile", "init-file"] });
  if (seen.some(([option]) => option === "c")) {
    const line = words[next];
    record(line === undefined ? undefined : commandString(place, line, [...via, `${name} -c`]));
    return false;
  }
  const fromInput = next >= words.length || seen.some(([option]) => option === "s");
  if (!fromInput) {
    // A script file: the command is the shell running it.
    record();
    return false;
  }
  if (input.text !== undefined) {
    record(commandString(place, input.text, [...via, `${name} ${input.operator ?? "<<<"}`]));
    return true;
  }
  record(input.unseen ? `${name} runs a script from its standard input, which the line does not show` : undefined);
  return false;
}

/**
 * `python3 -c CODE`, `node -e CODE`, `perl -e CODE`, `python3 <<EOF`, `…
 * | node`: the processes the code starts and the files it deletes.
 */
function interpreter(
  place: Place,
  name: string,
  words: readonly PlacedWord[],
  via: readonly string[],
  input: Input,
  record: (why?: string) => void,
): boolean {
  const family = familyOf(name.toLowerCase())!;
  const source = codeSource(name.toLowerCase(), family, words);
  let code: readonly PlacedWord[];
  let label: string;
  if (source.kind === "words") {
    code = source.code;
    label = `${name} ${source.option}`;
  } else if (source.kind === "stdin" && input.text !== undefined) {
    code = [input.text];
    label = `${name} ${input.operator ?? "<<<"}`;
  } else if (source.kind === "stdin" && input.unseen) {
    record(`${name} runs code from its standard input, which the line does not show`);
    return false;
  } else {
    record();
    return false;
  }
  // Substitutions in a here-document's body run before the interpreter reads it: the walk finds them there.
  const fed = false;
  if (code.length === 0) {
    record(`${name} runs code the line does not show`);
    return fed;
  }
  if (!code.every((word) => word.known)) {
    record(`${name} runs code that comes from ${code.find((word) => !word.known)?.from ?? "an expansion"}`);
    return fed;
  }
  const runs = codeRuns(name, family, code.map((word) => word.value).join("\n"));
  record(runs.unreadable);
  const inner = [...via, label];
  for (const line of runs.lines) {
    const why = commandString(place, { value: line, known: true, pos: 0 }, inner);
    if (why !== undefined) unreadable(place.walk, why);
  }
  const start = (argv: readonly (string | null)[], through: readonly string[]) => {
    const placed = argv.map((value): PlacedWord =>
      value === null
        ? { value: "{}", known: false, pos: Number.MAX_SAFE_INTEGER, from: `${name}'s code` }
        : { value, known: true, pos: Number.MAX_SAFE_INTEGER }
    );
    resolve({ ...place, via: through }, placed, through, { unseen: false, end: 0 });
  };
  for (const argv of runs.commands) start(argv, inner);
  // A file the code deletes itself: the command that does the same, via the interpreter and the call (`python3 -c os.remove()`).
  for (const { call, words } of runs.deletes) start(words, [...via, `${label} ${call}()`]);
  return fed;
}

/**
 * Walks a command string one shell deeper; returns why it cannot be known
 * when it comes from an expansion (what the expansion leaves is what the
 * shell parses), after walking the text as written for what it shows.
 */
function commandString(place: Place, line: PlacedWord, via: readonly string[]): string | undefined {
  walkLine(place.walk, line.template ?? line.value, place.depth + 1, via);
  return line.known ? undefined : `the command string ${clip(line.value)} comes from ${line.from ?? "an expansion"}`;
}
