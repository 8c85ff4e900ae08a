// A parsed word as a guard reads it: after quote removal and escape
// handling (unbash's value), brace expansion applied, and marked unknown
// when some part of it comes from an expansion bash only knows when it runs.

import type { Command, CommandExpansionPart, Word, WordPart } from "unbash";
import type { ShellWord } from "./types.ts";
import { expandBraces } from "./_brace.ts";

/** Part types whose value only exists when the line runs. */
const EXPANSIONS = new Set([
  "SimpleExpansion",
  "ParameterExpansion",
  "CommandExpansion",
  "ArithmeticExpansion",
  "ProcessSubstitution",
]);

/** A word with where it starts in its source (brace expansion gives several words one start). */
export interface PlacedWord extends ShellWord {
  readonly pos: number;
  /**
   * For a word that is not known: its quotes removed and its expansions as
   * written (`"rm -rf $d"` → `rm -rf $d`), what a shell given it as a
   * command string would show of it.
   */
  readonly template?: string;
  /** Where a word that is not known comes from, for reasons: `an expansion` when unset, `xargs's input`. */
  readonly from?: string;
  /**
   * Set on the arguments xargs appends from its input: they drive the
   * reading (`xargs sh -c` runs a command string from its input) but are
   * left out of the command's words, since a rule knows xargs supplies
   * arguments from its `via`.
   */
  readonly appended?: true;
}

/**
 * The words one parsed word stands for: usually one, more after brace
 * expansion. With `staticOutput`, a substitution of `echo` or `printf` with
 * only literal words (`$(echo hello)`, `` `printf ls` ``) is its output,
 * split into words where it is not quoted: the caller vouches that the line
 * changes neither `IFS` nor what `echo` and `printf` are.
 */
export function wordsOf(word: Word, staticOutput = false): PlacedWord[] {
  const parts = word.parts;
  if (parts === undefined) return [{ value: word.value, known: true, pos: word.pos }];
  if (hasExpansion(parts)) {
    const known = staticOutput ? staticWords(parts) : undefined;
    if (known !== undefined) return known.map((value) => ({ value, known: true, pos: word.pos }));
    return [{ value: word.text, known: false, pos: word.pos, template: templateOf(parts) }];
  }
  if (!parts.some((part) => part.type === "BraceExpansion")) return [{ value: word.value, known: true, pos: word.pos }];
  // Brace expansion first, on the text as written; then each word's quotes go.
  return expandBraces(word.text).map((text) => ({ value: unquote(text), known: true, pos: word.pos }));
}

/** Characters that make an unquoted output a glob or a word bash reads in another way. */
const SPECIAL_OUTPUT = /[*?[\]\\]/;

/**
 * The words a word whose only expansions are static substitutions stands
 * for, or `undefined` when some part is only known when the line runs.
 */
function staticWords(parts: readonly WordPart[]): string[] | undefined {
  // One unquoted substitution alone is split into words; elsewhere its output must be one word.
  if (parts.length === 1 && parts[0]!.type === "CommandExpansion") {
    const output = substitutionOutput(parts[0]!);
    if (output === undefined || SPECIAL_OUTPUT.test(output)) return undefined;
    return output.split(/[ \t\n]+/).filter((word) => word !== "");
  }
  let value = "";
  for (const part of parts) {
    if (part.type === "CommandExpansion") {
      const output = substitutionOutput(part);
      if (output === undefined || /[\s*?[\]\\]/.test(output)) return undefined;
      value += output;
    } else if (part.type === "DoubleQuoted") {
      for (const inner of part.parts) {
        if (inner.type === "CommandExpansion") {
          const output = substitutionOutput(inner);
          if (output === undefined) return undefined;
          value += output;
        } else if (inner.type === "Literal") value += inner.value;
        else return undefined;
      }
    } else if (part.type === "Literal" || part.type === "SingleQuoted") value += part.value;
    else return undefined;
  }
  return [value];
}

/**
 * What `$(echo words)` or `$(printf text)` prints, trailing newlines
 * dropped as bash does: the words of one `echo` (with at most `-n` as an
 * option and no backslash) or the text of one `printf` with no `%` or backslash, every
 * word literal and no redirection; `undefined` for anything else.
 */
function substitutionOutput(part: CommandExpansionPart): string | undefined {
  const statements = part.script?.commands;
  if (statements === undefined || statements.length !== 1 || statements[0]!.background === true) return undefined;
  const command = statements[0]!.command as unknown as Command;
  if (command.type !== "Command" || command.prefix.length > 0 || command.name === undefined) return undefined;
  const words: string[] = [];
  for (const argument of [command.name, ...command.suffix]) {
    if (argument.type !== "Word" || (argument.parts !== undefined && !argument.parts.every(plainPart))) {
      return undefined;
    }
    // A glob or a `~` in echo's own words expands before echo prints them.
    if (/[*?[~]/.test(argument.value)) return undefined;
    words.push(argument.value);
  }
  const [name, ...args] = words;
  if (name === "echo") {
    const printed = args[0] === "-n" ? args.slice(1) : args;
    // Only leading -n, -e and -E words are options; `-e` and a backslash may change what it prints.
    if (/^-[neE]+$/.test(printed[0] ?? "") || printed.some((arg) => arg.includes("\\"))) return undefined;
    return printed.join(" ").replace(/\n+$/, "");
  }
  if (name === "printf" && args.length === 1 && !/[%\\]/.test(args[0]!) && !args[0]!.startsWith("-")) {
    return args[0]!.replace(/\n+$/, "");
  }
  return undefined;
}

/** A part of a literal word: text as written or quoted, nothing expanded. */
function plainPart(part: WordPart): boolean {
  if (part.type === "Literal" || part.type === "SingleQuoted") return true;
  return part.type === "DoubleQuoted" && part.parts.every((inner) => inner.type === "Literal");
}

function hasExpansion(parts: readonly WordPart[]): boolean {
  for (const part of parts) {
    if (EXPANSIONS.has(part.type)) return true;
    const inner = (part as { parts?: readonly WordPart[] }).parts;
    if (inner !== undefined && hasExpansion(inner)) return true;
  }
  return false;
}

function templateOf(parts: readonly WordPart[]): string {
  return parts.map((part) => {
    if (part.type === "DoubleQuoted" || part.type === "LocaleString") return templateOf(part.parts);
    return EXPANSIONS.has(part.type) || !("value" in part) ? part.text : part.value;
  }).join("");
}

/** Quote removal for the plain quoting left in a brace expansion's words. */
function unquote(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\") out += text[++i] ?? "";
    else if (c === "'") {
      const close = text.indexOf("'", i + 1);
      out += text.slice(i + 1, close === -1 ? undefined : close);
      i = close === -1 ? text.length : close;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < text.length && text[j] !== '"'; j++) {
        if (text[j] === "\\" && /["\\$`]/.test(text[j + 1] ?? "")) j++;
        out += text[j];
      }
      i = j;
    } else out += c;
  }
  return out;
}
