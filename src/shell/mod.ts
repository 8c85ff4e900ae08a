/**
 * Shell command lines as guards read them: every simple command bash would
 * run, its words after quote removal, wrappers looked through, command
 * strings followed, and what cannot be known statically marked. The parser
 * (unbash) loads on first need with {@linkcode loadShellParser}.
 *
 * @module
 */

export { loadShellParser, shellParserLoaded } from "./load.ts";
export { DEFAULT_SHELL_DEPTH, parseShellLine, type ParseShellLineOptions } from "./parse.ts";
export type { ShellCommand, ShellLine, ShellWord } from "./types.ts";
