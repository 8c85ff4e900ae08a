// The state one parse collects and the small readings the walk shares:
// where a command's input comes from, the line's assignments so far, and
// how a reason shows a line.

import type { Assignment, Command, Redirection, Word } from "unbash";
import type { ShellCommand, ShellWord } from "./types.ts";
import type { ShellParser } from "./load.ts";
import { type PlacedWord, wordsOf } from "./_words.ts";

/** What one parse collects. */
export interface Walk {
  readonly parser: ShellParser;
  /** How many command strings deep the walk follows. */
  readonly maxDepth: number;
  readonly commands: ShellCommand[];
  readonly reasons: string[];
  /** Names an `alias` of the line defines: what they run cannot be known. */
  readonly aliases: Set<string>;
  /** Variables the line assigns so far (`TMPDIR=/;`, `export HOME=/`), by name. */
  readonly assigned: Map<string, ShellWord>;
  /** {@linkcode Walk.assigned} as the commands record it, until it changes. */
  snapshot: Readonly<Record<string, ShellWord>> | undefined;
  unreadable: boolean;
  /** Whether `$(echo words)` reads as its output: the line changes neither `IFS` nor `echo` and `printf`. */
  readonly staticOutput: boolean;
  /** Set when a command string read on the way changes `IFS`, `echo` or `printf`: the line is read again without. */
  changesOutput: boolean;
}

/**
 * Text that may change how a substitution's output splits (`IFS`) or what
 * `echo` and `printf` are (a function, an alias, `enable`, `shopt -s
 * xpg_echo`).
 */
export const CHANGES_OUTPUT = /IFS|\b(?:echo|printf)\s*\(|\bfunction\s|\b(?:alias|enable|shopt)\b/;

export interface Place {
  readonly walk: Walk;
  /** The text positions of this script's nodes index. */
  readonly source: string;
  readonly depth: number;
  readonly via: readonly string[];
}

/** Where a command's standard input comes from, when that matters (a shell reads its script there). */
export interface Input {
  /** It is on the right of a pipe, or reads a file (`< script.sh`). */
  readonly unseen: boolean;
  /** A here-string's word or a here-document's body. */
  readonly text?: PlacedWord;
  /** Which of the two: `<<<` or `<<`. */
  readonly operator?: "<<<" | "<<";
  readonly end: number;
  /** The names of the commands before it in its pipeline. */
  readonly pipedFrom?: readonly string[];
  /** The command's own assignments (`GIT_SSH_COMMAND=… git fetch`). */
  readonly env?: ReadonlyMap<string, ShellWord>;
}

/** Builtins whose assignment arguments set variables for the rest of the line. */
export const DECLARES = new Set(["export", "declare", "typeset", "readonly", "local"]);

/** Records the assignments among `nodes` as the line's from here on. */
export function assign(walk: Walk, nodes: readonly (Assignment | Redirection | Word)[]): void {
  for (const one of nodes) {
    if (one.type !== "Assignment") continue;
    let word: ShellWord = { value: one.text.slice(one.text.indexOf("=") + 1), known: false };
    if (one.value.type === "Word" && one.append !== true && one.index === undefined) {
      const [first] = wordsOf(one.value);
      if (first !== undefined) word = { value: first.value, known: first.known };
    }
    walk.assigned.set(one.name, word);
    walk.snapshot = undefined;
  }
}

/** The line's assignments so far, one object shared by the commands between two changes. */
export function assignments(walk: Walk): Readonly<Record<string, ShellWord>> {
  walk.snapshot ??= Object.freeze(Object.fromEntries(walk.assigned));
  return walk.snapshot;
}

/** Marks the line unreadable, saying why (once per reason). */
export function unreadable(walk: Walk, reason: string): void {
  walk.unreadable = true;
  if (!walk.reasons.includes(reason)) walk.reasons.push(reason);
}

export function assignmentWord(
  _place: Place,
  value: Word | undefined,
  argument: { text: string; pos: number },
): PlacedWord {
  const known = value === undefined || wordsOf(value).every((word) => word.known);
  return { value: argument.text, known, pos: argument.pos };
}

/** The input with the command's own assignments, when it has some. */
export function withEnv(input: Input, command: Command): Input {
  if (!command.prefix.some((prefix) => prefix.type === "Assignment")) return input;
  const env = new Map<string, ShellWord>();
  for (const prefix of command.prefix) {
    if (prefix.type !== "Assignment") continue;
    const [first] = prefix.value.type === "Word" ? wordsOf(prefix.value) : [];
    env.set(
      prefix.name,
      first === undefined ? { value: "", known: false } : { value: first.value, known: first.known },
    );
  }
  return { ...input, env };
}

export function inputOf(command: Command, piped: readonly string[] | undefined): Input {
  let text: PlacedWord | undefined;
  let operator: "<<<" | "<<" = "<<<";
  let unseen = piped !== undefined;
  for (const redirect of command.redirects) {
    if (
      redirect.descriptor !== undefined &&
      !(redirect.descriptor.type === "FileDescriptor" && redirect.descriptor.value === 0)
    ) {
      continue;
    }
    if (redirect.type === "HereString" && redirect.target !== undefined) {
      const [word] = wordsOf(redirect.target);
      text = word;
      operator = "<<<";
    } else if (redirect.type === "HereDoc") {
      const body = redirect.body;
      const known = redirect.delimiter?.quoted === true || body.parts === undefined ||
        wordsOf({ type: "Word", text: body.text, value: body.text, pos: body.pos, end: body.end, parts: body.parts })
          .every((word) => word.known);
      text = { value: body.text, known, pos: body.pos };
      operator = "<<";
    } else if (redirect.type === "Redirect" && (redirect.operator === "<" || redirect.operator === "<>")) {
      unseen = true;
    }
  }
  return {
    unseen,
    end: command.end,
    ...(text === undefined ? {} : { text, operator }),
    ...(piped === undefined ? {} : { pipedFrom: piped }),
  };
}

/** A line as a reason shows it: quoted, at most 60 characters. */
export function clip(line: string): string {
  const one = line.replace(/\s+/g, " ").trim();
  return JSON.stringify(one.length > 60 ? `${one.slice(0, 57)}...` : one);
}
