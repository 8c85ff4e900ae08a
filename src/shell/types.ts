/**
 * What a shell command line is made of, as guards see it: the simple
 * commands bash would run, each with its words after quote removal and
 * escape handling, wrappers looked through, and what cannot be known
 * statically marked as such.
 *
 * @module
 */

/**
 * One word of a simple command.
 *
 * @example Usage
 * ```ts
 * import type { ShellWord } from "./types.ts";
 *
 * const word: ShellWord = { value: "-rf", known: true };
 * ```
 */
export interface ShellWord {
  /** The word after quote removal and escape handling; its source text when it is not {@linkcode ShellWord.known}. */
  readonly value: string;
  /** False when the word comes from an expansion (`$x`, `$(…)`, a glob is still known) and so cannot be read statically. */
  readonly known: boolean;
}

/**
 * One simple command of a line, wrappers looked through.
 *
 * @example Usage
 * ```ts
 * import type { ShellCommand } from "./types.ts";
 *
 * const command: ShellCommand = {
 *   name: "rm",
 *   words: [{ value: "/bin/rm", known: true }, { value: "-rf", known: true }, { value: "x", known: true }],
 *   unreadable: false,
 *   via: ["sudo"],
 *   text: "sudo /bin/rm -rf x",
 * };
 * ```
 */
export interface ShellCommand {
  /** The command's name: its first word's last path segment (`/bin/rm` → `rm`); `""` when that word is unreadable. */
  readonly name: string;
  /** The command's words, the command word first, without assignments and redirections. */
  readonly words: readonly ShellWord[];
  /** True when the command word cannot be known statically (`$x -rf y`, `$(echo rm) -rf x`, an alias). */
  readonly unreadable: boolean;
  /**
   * The wrappers and interpreters looked through to reach it, outermost
   * first (`sudo`, `sh -c`, `xargs`); the program and the source of a command
   * it runs from its environment or configuration (`git`,
   * `GIT_SSH_COMMAND`); for a file interpreter code deletes itself, the
   * interpreter with the call (`python3 -c os.remove()`).
   */
  readonly via: readonly string[];
  /** The command's source text as written. */
  readonly text: string;
  /**
   * The names of the commands before it in its pipeline (`curl … | sh`:
   * `["curl"]`), when it reads another command's output; unset otherwise.
   */
  readonly pipedFrom?: readonly string[];
  /**
   * The variables assigned earlier on the line (`TMPDIR=/; rm -rf
   * "$TMPDIR"/x`, `export HOME=/`), by name, with their values: where they
   * are set, `$TMPDIR` or `$HOME` no longer mean what the environment says.
   * Unset when the line assigns none before the command.
   */
  readonly assignments?: Readonly<Record<string, ShellWord>>;
}

/**
 * A parsed command line.
 *
 * @example Usage
 * ```ts
 * import type { ShellLine } from "./types.ts";
 *
 * const line: ShellLine = { commands: [], unreadable: true, reasons: ["unbalanced quote"] };
 * ```
 */
export interface ShellLine {
  /** Every simple command bash would run for the line, in source order. */
  readonly commands: readonly ShellCommand[];
  /** True when some part of the line cannot be known statically: a parse error, a depth limit, an unreadable command. */
  readonly unreadable: boolean;
  /** Why the line or a command of it is unreadable, one phrase each. */
  readonly reasons: readonly string[];
}
