/**
 * Loading the shell parser: unbash, a Bash 5.3 parser, imported the first
 * time a rule needs it and never on a command's start path (a dynamic
 * import, which `deno bundle` still includes in the one file it writes).
 *
 * @module
 */

import type { ParsedScript, SyntaxNode } from "unbash";

/** The part of unbash the analysis uses. */
export interface ShellParser {
  parse(source: string): ParsedScript;
  forEachChild(node: SyntaxNode, callback: (child: SyntaxNode) => void): void;
}

let parser: ShellParser | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads the shell parser, once per process: later calls return the same
 * promise. {@linkcode parseShellLine} needs it loaded.
 *
 * @returns A promise that resolves when the parser is loaded.
 *
 * @example Usage
 * ```ts
 * import { loadShellParser, shellParserLoaded } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * await loadShellParser();
 * equal(shellParserLoaded(), true);
 * ```
 */
export function loadShellParser(): Promise<void> {
  loading ??= import("unbash").then((module) => {
    parser = { parse: module.parse, forEachChild: module.forEachChild };
  }, (error) => {
    // A later call may try again (a transient failure must not stick).
    loading = undefined;
    throw new Error(`Cannot load the shell parser: ${error instanceof Error ? error.message : error}`);
  });
  return loading;
}

/**
 * Whether the shell parser is loaded.
 *
 * @returns True once {@linkcode loadShellParser} has resolved.
 *
 * @example Usage
 * ```ts
 * import { shellParserLoaded } from "@hookgate/core";
 *
 * if (!shellParserLoaded()) console.log("the first Bash rule will load it");
 * ```
 */
export function shellParserLoaded(): boolean {
  return parser !== undefined;
}

/** The loaded parser; throws a plain `Error` before {@linkcode loadShellParser} resolved. */
export function loadedParser(): ShellParser {
  if (parser === undefined) {
    throw new Error("Cannot parse a shell line: the shell parser is not loaded; await loadShellParser() first");
  }
  return parser;
}
