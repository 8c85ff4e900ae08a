// Reading a wrapper's own options, so that the command it runs is found
// after them: short options clustered (`-Eu root`, `-oL`), long ones with
// `=value` or the next word, `--` ending them.

import type { PlacedWord } from "./_words.ts";

/** Which of a program's options take a value. */
export interface OptionSpec {
  /** Short option letters that take a value (`u` for `-u NAME`). */
  readonly short?: string;
  /** Long option names that take a value (`user` for `--user NAME`). */
  readonly long?: readonly string[];
  /** Whether an unknown word that starts with `-` and a digit is an option (`nice -10`). */
  readonly numeric?: boolean;
  /** Whether words like `NAME=value` are read as options too (`env`, `sudo`). */
  readonly assignments?: boolean;
}

/** What reading the options found. */
export interface ReadOptions {
  /** The index of the first word after the options. */
  readonly next: number;
  /** Every option seen, short as its letter, long as its name, with its value (`""` for none). */
  readonly seen: readonly (readonly [string, PlacedWord | undefined])[];
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** Reads the options of `words` from `from` (the word after the program's name). */
export function readOptions(words: readonly PlacedWord[], from: number, spec: OptionSpec): ReadOptions {
  const short = spec.short ?? "";
  const long = new Set(spec.long ?? []);
  const seen: [string, PlacedWord | undefined][] = [];
  let i = from;
  while (i < words.length) {
    const word = words[i]!;
    const text = word.value;
    if (!word.known) break;
    if (spec.assignments === true && ASSIGNMENT.test(text)) {
      seen.push(["=", word]);
      i++;
      continue;
    }
    if (text === "--") {
      i++;
      break;
    }
    if (!text.startsWith("-") || text === "-") break;
    if (text.startsWith("--")) {
      const equals = text.indexOf("=");
      const name = text.slice(2, equals === -1 ? undefined : equals);
      if (equals !== -1) {
        seen.push([name, { value: text.slice(equals + 1), known: true, pos: word.pos }]);
        i++;
      } else if (long.has(name)) {
        seen.push([name, words[i + 1]]);
        i += 2;
      } else {
        seen.push([name, undefined]);
        i++;
      }
      continue;
    }
    if (spec.numeric === true && /^-\d+$/.test(text)) {
      seen.push(["#", word]);
      i++;
      continue;
    }
    i++;
    for (let j = 1; j < text.length; j++) {
      const letter = text[j]!;
      if (!short.includes(letter)) {
        seen.push([letter, undefined]);
        continue;
      }
      const rest = text.slice(j + 1);
      if (rest !== "") seen.push([letter, { value: rest, known: true, pos: word.pos }]);
      else seen.push([letter, words[i++]]);
      break;
    }
  }
  return { next: Math.min(i, words.length), seen };
}
