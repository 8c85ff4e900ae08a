// A command's words as options and operands, the way getopt and git's
// option parser read them: short clusters (`-rf` is `-r -f`), values
// attached or in the next word (`-Cdir`, `-C dir`, `--git-dir=x`), long
// options abbreviated to a prefix (`--forc`), `--no-x` undoing `--x`, and
// `--` ending the options. A subcommand is found after the command's global
// options (`git -C dir -c k=v push`).

import type { ShellWord } from "../shell/types.ts";
import type { CommandSyntax } from "./_command_syntax.ts";

/** One option as written, with the long options its spelling could stand for. */
export interface OptionToken {
  /** The option without its value: `-f`, `--force`, `--forc`, `-delete`. */
  readonly written: string;
  /** The rule's long options a prefix could abbreviate (empty when written in full or short). */
  readonly expands: readonly string[];
  /** `--no-x`: undoes `--x` (its name here). */
  readonly negates?: string;
  /** The option's value, when it took one. */
  readonly value?: string;
}

/** A command's words read as options and operands. */
export interface ParsedArgs {
  /** The options after the subcommand (all of them, without one), in order. */
  readonly options: readonly OptionToken[];
  /** The operands after the subcommand, `--` left out. */
  readonly operands: readonly ShellWord[];
  /** Whether `--` ended the options. */
  readonly dashdash: boolean;
}

/** What the reader needs to know of a rule's options. */
export interface ArgRules {
  /** Options that take a value, from the rule and the command's syntax. */
  readonly valueOptions: ReadonlySet<string>;
  /** Those and the command's global options that take a value. */
  readonly allValueOptions: ReadonlySet<string>;
  /** Every long option the rule names: what a prefix can abbreviate. */
  readonly longOptions: readonly string[];
  /** Every option the rule names, in full. */
  readonly knownOptions: ReadonlySet<string>;
}

/**
 * Reads `words` (the command word left out). With `subcommands`, the
 * words must start (after global options) with one of them, or `undefined`
 * is returned; an unknown word stands for any subcommand word when
 * `lenient`.
 */
export function parseArgs(
  given: readonly ShellWord[],
  syntax: CommandSyntax,
  rules: ArgRules,
  subcommands: readonly (readonly string[])[],
  lenient: boolean,
): ParsedArgs | undefined {
  let words = given;
  let start = 0;
  if (subcommands.length > 0) {
    const found = findSubcommand(words, syntax, rules, subcommands, lenient);
    if (found === undefined) return undefined;
    ({ words, start } = found);
  }
  const options: OptionToken[] = [];
  const operands: ShellWord[] = [];
  let dashdash = false;
  const values = subcommands.length > 0 ? rules.valueOptions : rules.allValueOptions;
  for (let i = start; i < words.length; i++) {
    const word = words[i]!;
    if (dashdash || !word.known || !isOption(word.value)) {
      operands.push(word);
      continue;
    }
    if (word.value === "--") {
      dashdash = true;
      continue;
    }
    if (syntax.commandOptions.has(word.value)) {
      options.push({ written: word.value, expands: [] });
      // The command runs up to `;` or `+`; its own words are the parser's concern, not the options'.
      while (i + 1 < words.length && words[i + 1]!.value !== ";" && words[i + 1]!.value !== "+") i++;
      i++;
      continue;
    }
    i = readOption(words, i, syntax, rules, values, options);
  }
  if (syntax.defaultPath !== undefined && operands.length === 0) {
    operands.push({ value: syntax.defaultPath, known: true });
  }
  return { options, operands, dashdash };
}

/** A word that could define a subcommand alias (`-c alias.nuke=reset`). */
const ALIAS = /alias\./i;

/**
 * Whether a command's words (the command word first) could start one of
 * the subcommands whose first words are `starts`: a word that is one, one
 * that could be any word (when `lenient`), or an alias the line defines. A
 * quick test before the words are read as options.
 */
export function mayHoldSubcommand(
  words: readonly ShellWord[],
  starts: ReadonlySet<string>,
  syntax: CommandSyntax,
  lenient: boolean,
): boolean {
  if (starts.size === 0) return true;
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (!word.known) {
      if (lenient) return true;
    } else if (starts.has(word.value)) return true;
    else if (syntax.aliasOption !== undefined && ALIAS.test(word.value)) return true;
  }
  return false;
}

/**
 * Where the words after the subcommand start (in `words`, with an alias
 * the line defines put in its place), or `undefined` when none of
 * `subcommands` is there.
 */
function findSubcommand(
  given: readonly ShellWord[],
  syntax: CommandSyntax,
  rules: ArgRules,
  subcommands: readonly (readonly string[])[],
  lenient: boolean,
): { words: readonly ShellWord[]; start: number } | undefined {
  let words = given;
  const values = rules.allValueOptions;
  const global: OptionToken[] = [];
  let i = 0;
  let dashdash = false;
  // Global options, up to the first operand.
  for (; i < words.length; i++) {
    const word = words[i]!;
    if (!word.known || !isOption(word.value) || dashdash) break;
    if (word.value === "--") {
      dashdash = true;
      continue;
    }
    i = readOption(words, i, syntax, rules, values, global);
  }
  // A subcommand the line defines (`git -c alias.x=reset x`) is read as what it stands for; a shell alias
  // (`alias.x=!cmd`) could run anything.
  let aliased = false;
  const alias = syntax.aliasOption === undefined
    ? undefined
    : global.map((token) =>
      token.written === syntax.aliasOption ? /^alias\.([^=]+)=(.*)$/is.exec(token.value ?? "") : null
    ).findLast((match) => match !== null && match[1] === words[i]?.value);
  if (alias !== undefined && alias !== null) {
    const value = alias[2]!.trim();
    if (value.startsWith("!")) aliased = true;
    else {
      const expanded = value.split(/\s+/).filter((word) => word !== "").map((word) => ({ value: word, known: true }));
      words = [...words.slice(0, i), ...expanded, ...words.slice(i + 1)];
    }
  }
  let best: number | undefined;
  for (const expected of subcommands) {
    let at = i;
    let ok = true;
    for (let k = 0; k < expected.length; k++) {
      // Options between subcommand words (`git stash -q drop`).
      while (at < words.length && words[at]!.known && isOption(words[at]!.value) && k > 0) at++;
      const word = words[at];
      if (word === undefined) {
        ok = false;
        break;
      }
      const any = lenient && (!word.known || (aliased && k === 0));
      if (!any && word.value !== expected[k]) {
        ok = false;
        break;
      }
      at++;
    }
    if (ok && (best === undefined || at > best)) best = at;
  }
  return best === undefined ? undefined : { words, start: best };
}

/** Reads the option at `words[i]` into `into`; returns the index of the last word it used. */
function readOption(
  words: readonly ShellWord[],
  i: number,
  syntax: CommandSyntax,
  rules: ArgRules,
  values: ReadonlySet<string>,
  into: OptionToken[],
): number {
  const text = words[i]!.value;
  const next = words[i + 1];
  if (text.startsWith("--")) {
    const eq = text.indexOf("=");
    const name = eq === -1 ? text : text.slice(0, eq);
    const attached = eq === -1 ? undefined : text.slice(eq + 1);
    if (name.startsWith("--no-") && rules.knownOptions.has(`--${name.slice(5)}`)) {
      into.push({ written: name, expands: [], negates: `--${name.slice(5)}` });
      return i;
    }
    const expands = rules.knownOptions.has(name) ? [] : abbreviations(name, rules.longOptions);
    const takesValue = values.has(name) || (expands.length === 1 && values.has(expands[0]!));
    if (attached !== undefined) {
      into.push({ written: name, expands, value: attached });
      return i;
    }
    if (takesValue && next !== undefined) {
      into.push({ written: name, expands, value: next.value });
      return i + 1;
    }
    into.push({ written: name, expands });
    return i;
  }
  // One dash: a word option (`-delete`, `-name`), or a cluster of letters.
  if (syntax.wordOptions || rules.knownOptions.has(text) || values.has(text)) {
    if (values.has(text) && next !== undefined) {
      into.push({ written: text, expands: [], value: next.value });
      return i + 1;
    }
    into.push({ written: text, expands: [] });
    return i;
  }
  for (let k = 1; k < text.length; k++) {
    const flag = `-${text[k]}`;
    if (values.has(flag)) {
      const rest = text.slice(k + 1);
      if (rest !== "") {
        into.push({ written: flag, expands: [], value: rest });
        return i;
      }
      if (next !== undefined) {
        into.push({ written: flag, expands: [], value: next.value });
        return i + 1;
      }
    }
    into.push({ written: flag, expands: [] });
  }
  return i;
}

/** The rule's long options a prefix of at least two letters abbreviates. */
function abbreviations(name: string, longOptions: readonly string[]): string[] {
  if (name.length < 4) return [];
  return longOptions.filter((option) => option.startsWith(name));
}

function isOption(text: string): boolean {
  return text.length > 1 && text.startsWith("-");
}
