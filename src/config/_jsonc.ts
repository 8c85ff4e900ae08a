// JSONC reading with positions: every parse error jsonc-parser reports is
// an error (it is error-tolerant by default and would quietly return a
// repaired value), and any JSON path can be mapped back to line and column.

import { findNodeAtLocation, type Node, parse, type ParseError, parseTree, printParseErrorCode } from "jsonc-parser";
import type { ConfigDiagnostic } from "./diagnostics.ts";

export type JsonPath = (string | number)[];

/** A parsed document that can say where things are. */
export interface JsoncDocument {
  value: unknown;
  /** Parse errors (and the empty-file warning), as diagnostics. */
  errors: ConfigDiagnostic[];
  /** The diagnostic for a problem at `path` (at its key when `key`). */
  at(
    path: JsonPath,
    severity: "error" | "warning",
    message: string,
    hint?: string,
    key?: boolean,
  ): ConfigDiagnostic;
}

const HINTS: Record<string, string> = {
  ValueExpected: "a value is missing, often a doubled or leading comma",
  CommaExpected: "a comma is missing between two values or properties",
  PropertyNameExpected: "property names must be double-quoted strings",
  ColonExpected: 'a ":" must follow every property name',
  CloseBraceExpected: 'an object is not closed with "}"',
  CloseBracketExpected: 'an array is not closed with "]"',
  InvalidSymbol: "only JSON with comments and trailing commas is accepted",
  UnexpectedEndOfComment: 'a block comment is not closed with "*/"',
  UnexpectedEndOfString: "a string is not closed",
  InvalidEscapeCharacter: 'inside strings only \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX escapes are valid',
  EndOfFileExpected: "there is more text after the top-level value",
};

/**
 * How deep a file may nest. jsonc-parser recurses once per level, so a file
 * nested 100 000 deep overflowed the stack with no place; a configuration
 * needs about six levels (hooks, event, entry, headers), and 64 leaves room
 * for anything reasonable while staying far from any stack.
 */
const MAX_JSONC_DEPTH = 64;

/**
 * Parses JSON with comments and trailing commas. A leading byte order mark
 * is dropped (editors on Windows write one); it is no column either.
 */
export function readJsonc(source: string, file: string): JsoncDocument {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const tooDeep = deepestOffset(text);
  const parseErrors: ParseError[] = [];
  // Nothing recursive may see a too-deep text: not the parser, nor anything
  // that walks the value later (the schema, the reload comparison).
  const value = tooDeep === -1
    ? parse(text, parseErrors, {
      allowTrailingComma: true,
      disallowComments: false,
    })
    : undefined;
  const tree: Node | undefined = tooDeep === -1
    ? parseTree(text, [], {
      allowTrailingComma: true,
    })
    : undefined;
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "\n") lineStarts.push(i + 1);
  }

  const position = (offset: number) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - lineStarts[low]! + 1 };
  };

  const at: JsoncDocument["at"] = (path, severity, message, hint, key) => {
    let offset = 0;
    if (tree !== undefined) {
      // The nearest node that exists: a missing key is reported at its object.
      for (let depth = path.length; depth >= 0; depth--) {
        const node = findNodeAtLocation(tree, path.slice(0, depth));
        if (node === undefined) continue;
        const keyNode = key && depth === path.length && node.parent?.type === "property"
          ? node.parent.children?.[0]
          : undefined;
        offset = (keyNode ?? node).offset;
        break;
      }
    }
    return {
      severity,
      file,
      ...position(offset),
      path,
      message,
      ...(hint === undefined ? {} : { hint }),
    };
  };

  // An empty text "fails" to parse (ValueExpected); it is handled below.
  const errors: ConfigDiagnostic[] = (text.trim() === "" ? [] : parseErrors)
    .map((error) => {
      const code = printParseErrorCode(error.error);
      const hint = HINTS[code];
      return {
        severity: "error" as const,
        file,
        ...position(error.offset),
        path: [],
        message: `invalid JSONC: ${code}`,
        ...(hint === undefined ? {} : { hint }),
      };
    });
  if (tooDeep !== -1) {
    errors.push({
      severity: "error",
      file,
      ...position(tooDeep),
      path: [],
      message: `the nesting is deeper than ${MAX_JSONC_DEPTH} levels`,
      hint: "a hook configuration needs a few levels; look for brackets that are opened but never closed",
    });
  }
  if (text.trim() === "") {
    // An empty file is a file without hooks (seen in the wild: loaders that
    // crash on an empty hooks.json), worth a word but not a failure.
    errors.push({
      severity: "warning",
      file,
      line: 1,
      column: 1,
      path: [],
      message: "the file is empty, so it declares no hooks",
      hint: 'write {"hooks": {}} to say so explicitly',
    });
  }
  return { value, errors, at };
}

/**
 * The offset of the bracket that opens level {@linkcode MAX_JSONC_DEPTH} + 1,
 * or -1. Strings and comments are skipped the way jsonc-parser reads them
 * (an escape takes the next character, a line break ends a string). A
 * closing bracket counts only when it closes the innermost open one: the
 * parser recovers from a stray one without leaving the level (`[},[},…`
 * recurses), so this count never falls below the parser's depth.
 */
function deepestOffset(text: string): number {
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === QUOTE) {
      for (i++; i < text.length; i++) {
        const inner = text.charCodeAt(i);
        if (inner === BACKSLASH) i++;
        else if (inner === QUOTE || inner === LF || inner === CR) break;
      }
    } else if (char === SLASH && text.charCodeAt(i + 1) === SLASH) {
      while (i < text.length && text.charCodeAt(i) !== LF && text.charCodeAt(i) !== CR) i++;
    } else if (char === SLASH && text.charCodeAt(i + 1) === STAR) {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 1;
    } else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      if (open.push(char) > MAX_JSONC_DEPTH) return i;
    } else if (
      (char === CLOSE_BRACE && open.at(-1) === OPEN_BRACE) ||
      (char === CLOSE_BRACKET && open.at(-1) === OPEN_BRACKET)
    ) {
      open.pop();
    }
  }
  return -1;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const SLASH = 0x2f;
const STAR = 0x2a;
const LF = 0x0a;
const CR = 0x0d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
