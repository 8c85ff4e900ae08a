// The quick read of a clean configuration file, without jsonc-parser or
// zod: hook-run starts once per tool call, and loading those two cost more
// than the rest of a small run. A file is read this way only when it is
// plain JSON once comments and trailing commas are set aside, and every
// entry passes the shapes' quick check; the first sign of anything to
// report (a diagnostic, a value the quick check does not accept) gives up,
// and the caller reads the file the full way — so every diagnostic still
// comes from jsonc-parser's places and zod's words. For a clean file both
// ways give the same result: tests/config/plain_test.ts holds them to it.

import { accepts, type Shape } from "../_internal/shape.ts";
import type { ConfigDiagnostic } from "./diagnostics.ts";
import type { JsoncDocument } from "./_jsonc.ts";
import { ConfigParser } from "./_parser.ts";
import type { ParsedHooksConfig, ParseHooksConfigOptions } from "./parsed_config.ts";

/**
 * The configuration in `text` when it reads cleanly (no diagnostic at all,
 * not even a warning); `null` when it must be read the full way.
 */
export function parsePlainConfig(text: string, options: ParseHooksConfigOptions): ParsedHooksConfig | null {
  const value = plainJsoncValue(text);
  if (value === undefined) return null;
  let doubt = false;
  const document: JsoncDocument = {
    value,
    errors: [],
    // Something to report, which needs its place: the full read says it.
    at(path, severity, message): ConfigDiagnostic {
      doubt = true;
      return { severity, file: options.path, line: 1, column: 1, path, message };
    },
  };
  const check = (shape: Shape, item: unknown): boolean => {
    if (accepts(shape, item)) return true;
    doubt = true;
    return false;
  };
  const parsed = new ConfigParser(document, options, check).run(false);
  return doubt || parsed.diagnostics.length > 0 ? null : parsed;
}

/** As deep as `_jsonc.ts` lets a file nest. */
const MAX_DEPTH = 64;

/**
 * The value of `source` when it is JSON once its comments and trailing
 * commas are blanked out, else `undefined` (not "no value": JSON has no
 * `undefined`). Also `undefined` for what jsonc-parser would read
 * differently or `_jsonc.ts` would report: an empty text, nesting deeper
 * than {@linkcode MAX_DEPTH}, an unclosed comment, and an own `__proto__`
 * key (jsonc-parser assigns it, which sets a prototype; JSON.parse makes a
 * key). Whitespace, strings, numbers and literals are JSON's own in both
 * parsers, so anything else JSON.parse accepts reads the same in both.
 */
export function plainJsoncValue(source: string): unknown {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  // Offsets [start, end) to blank out: comments and trailing commas.
  const blanks: number[] = [];
  let depth = 0;
  // The last character of the last token, and a comma that may trail.
  let last = 0;
  let comma = -1;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === SPACE || char === TAB || char === LF || char === CR) continue;
    if (char === SLASH) {
      const next = text.charCodeAt(i + 1);
      let end: number;
      if (next === SLASH) {
        end = i + 2;
        while (end < text.length && text.charCodeAt(end) !== LF && text.charCodeAt(end) !== CR) end++;
      } else if (next === STAR) {
        end = text.indexOf("*/", i + 2);
        if (end === -1) return undefined;
        end += 2;
      } else {
        return undefined;
      }
      blanks.push(i, end);
      i = end - 1;
      continue;
    }
    if ((char === CLOSE_BRACE || char === CLOSE_BRACKET) && comma !== -1) blanks.push(comma, comma + 1);
    comma = -1;
    if (char === QUOTE) {
      for (i++; i < text.length; i++) {
        const inner = text.charCodeAt(i);
        if (inner === BACKSLASH) i++;
        else if (inner === QUOTE) break;
      }
      if (i >= text.length) return undefined;
    } else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      if (++depth > MAX_DEPTH) return undefined;
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) {
      depth--;
    } else if (char === COMMA && last !== COMMA && last !== COLON && last !== OPEN_BRACE && last !== OPEN_BRACKET) {
      // Trailing only when a value precedes it and "]" or "}" follows.
      comma = i;
    }
    last = char;
  }
  if (last === 0) return undefined;
  let json = text;
  if (blanks.length > 0) {
    const parts: string[] = [];
    let from = 0;
    // Trailing commas are found after the comments around them: sort.
    const ranges = [];
    for (let i = 0; i < blanks.length; i += 2) ranges.push([blanks[i]!, blanks[i + 1]!] as const);
    ranges.sort((a, b) => a[0] - b[0]);
    for (const [start, end] of ranges) {
      parts.push(text.slice(from, start), " ");
      from = end;
    }
    parts.push(text.slice(from));
    json = parts.join("");
  }
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  return hasProtoKey(value) ? undefined : value;
}

function hasProtoKey(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return value.some(hasProtoKey);
  return Object.hasOwn(value, "__proto__") || Object.values(value).some(hasProtoKey);
}

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const SLASH = 0x2f;
const STAR = 0x2a;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
