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

/** Parses JSON with comments and trailing commas. */
export function readJsonc(text: string, file: string): JsoncDocument {
  const parseErrors: ParseError[] = [];
  const value = parse(text, parseErrors, {
    allowTrailingComma: true,
    disallowComments: false,
  });
  const tree: Node | undefined = parseTree(text, [], {
    allowTrailingComma: true,
  });
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
