// A parsed word as a guard reads it: after quote removal and escape
// handling (unbash's value), brace expansion applied, and marked unknown
// when some part of it comes from an expansion bash only knows when it runs.

import type { Word, WordPart } from "unbash";
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

/** The words one parsed word stands for: usually one, more after brace expansion. */
export function wordsOf(word: Word): PlacedWord[] {
  const parts = word.parts;
  if (parts === undefined) return [{ value: word.value, known: true, pos: word.pos }];
  if (hasExpansion(parts)) return [{ value: word.text, known: false, pos: word.pos, template: templateOf(parts) }];
  if (!parts.some((part) => part.type === "BraceExpansion")) return [{ value: word.value, known: true, pos: word.pos }];
  // Brace expansion first, on the text as written; then each word's quotes go.
  return expandBraces(word.text).map((text) => ({ value: unquote(text), known: true, pos: word.pos }));
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
