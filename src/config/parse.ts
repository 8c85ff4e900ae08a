/**
 * Parsing one hook configuration text (JSONC) in the native or Wuu
 * dialect into configured hooks, with every problem reported at once.
 *
 * @module
 */

import { check } from "./_check.ts";
import { readJsonc } from "./_jsonc.ts";
import { ConfigParser } from "./_parser.ts";
import { parsePlainConfig } from "./_plain.ts";
import type { ParsedHooksConfig, ParseHooksConfigOptions } from "./parsed_config.ts";

export type { ConfigDialect, ParsedHooksConfig, ParseHooksConfigOptions } from "./parsed_config.ts";

/**
 * Parses hook configuration text: JSON with comments and trailing commas,
 * in the native or Wuu shape. Never throws for bad content: every problem
 * is a diagnostic with file, line, column, JSON path, message and hint.
 * Valid entries are returned; each broken one is a placeholder. A file in
 * the Claude Code settings shape is read as such.
 *
 * @param text The file's text.
 * @param options Its path, and optionally the dialect.
 * @returns Hooks and diagnostics.
 *
 * @example A typo is reported with its place and a suggestion
 * ```ts
 * import { formatDiagnostic, parseHooksConfig } from "@hookgate/core/config";
 * import { equal } from "node:assert/strict";
 *
 * const config = parseHooksConfig(
 *   `{
 *   "hooks": {
 *     "PreToolUse": [{ "command": "true", "timeoutMS": 3000 }]
 *   }
 * }`,
 *   { path: "hooks.jsonc" },
 * );
 * equal(
 *   formatDiagnostic(config.diagnostics[0]!),
 *   'hooks.jsonc:3:41: error: unknown key "timeoutMS" (did you mean "timeoutMs"?)',
 * );
 * ```
 */
export function parseHooksConfig(
  text: string,
  options: ParseHooksConfigOptions,
): ParsedHooksConfig {
  // A clean file gives the same result either way; only a file with
  // something to report needs jsonc-parser's places and zod's words.
  const plain = parsePlainConfig(text, options);
  if (plain !== null) return plain;
  const document = readJsonc(text, options.path);
  return new ConfigParser(document, options, check).run(text.trim() === "");
}
