/**
 * Reading a shell command line as guards see it.
 *
 * @module
 */

import { loadedParser } from "./load.ts";
import type { ShellLine } from "./types.ts";
import { type Walk, walkLine } from "./_walk.ts";
import { CHANGES_OUTPUT } from "./_walk_state.ts";

/** How many command strings deep {@linkcode parseShellLine} follows by default. */
export const DEFAULT_SHELL_DEPTH = 8;

/**
 * Options of {@linkcode parseShellLine}.
 *
 * @example Usage
 * ```ts
 * import type { ParseShellLineOptions } from "@hookgate/core";
 *
 * const options: ParseShellLineOptions = { depth: 2 };
 * ```
 */
export interface ParseShellLineOptions {
  /**
   * How many command strings deep to follow (`sh -c "bash -c '…'"` is two);
   * a deeper one makes the line unreadable.
   *
   * @default {8}
   */
  depth?: number;
}

/**
 * The simple commands bash would run for `line`, each after quote removal,
 * escape handling and brace expansion, without assignments and
 * redirections, wrappers (`sudo`, `env`, `xargs`, `find -exec`, …) looked
 * through and command strings (`sh -c`, `eval`, `bash <<<`, `python3 -c`)
 * read in turn. A here-document that only feeds a program data yields no
 * commands. What cannot be known statically (a command word from an
 * expansion, an alias, a script piped into `sh`, a parse error) makes the
 * line unreadable, with the reason.
 *
 * @param line The command line.
 * @param options How deep to follow command strings.
 * @returns The line's commands, in source order, each wrapper before what it runs.
 * @throws {Error} When the shell parser is not loaded ({@linkcode loadShellParser}).
 *
 * @example Wrappers and quoting
 * ```ts
 * import { loadShellParser, parseShellLine } from "@hookgate/core";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * await loadShellParser();
 * const line = parseShellLine(`sudo "r"m -rf x && sh -c 'git push'`);
 * deepEqual(line.commands.map((command) => command.name), ["sudo", "rm", "sh", "git"]);
 * equal(line.unreadable, false);
 * equal(parseShellLine("$tool -rf x").unreadable, true);
 * ```
 */
export function parseShellLine(line: string, options: ParseShellLineOptions = {}): ShellLine {
  const first = walkWith(line, options, !CHANGES_OUTPUT.test(line));
  // A command string on the way changed IFS, echo or printf: read it all again without static output.
  const walk = first.changesOutput ? walkWith(line, options, false) : first;
  return { commands: walk.commands, unreadable: walk.unreadable, reasons: walk.reasons };
}

function walkWith(line: string, options: ParseShellLineOptions, staticOutput: boolean): Walk {
  const walk: Walk = {
    parser: loadedParser(),
    maxDepth: options.depth ?? DEFAULT_SHELL_DEPTH,
    commands: [],
    reasons: [],
    aliases: new Set(),
    assigned: new Map(),
    snapshot: undefined,
    unreadable: false,
    staticOutput,
    changesOutput: false,
  };
  walkLine(walk, line, 0, []);
  return walk;
}
