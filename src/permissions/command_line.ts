/**
 * How a command hook's `command` (and `args`) becomes a program to spawn,
 * and the command allowlist.
 *
 * Exec form (`args` present) is spawned as given, never through a shell.
 * Shell form is spawned directly when it contains no shell syntax — split
 * into words, saving the shell's exec — and through `sh -c` otherwise. The
 * same plan decides which program Deno's `--allow-run` must allow, so the
 * permission preflight and the permission helper agree with what runs.
 *
 * @module
 */

/**
 * How a command hook will be started.
 *
 * @example Plan a shell-form command
 * ```ts
 * import { type CommandPlan, planCommand } from "@hookgate/core/permissions";
 * import { deepEqual } from "node:assert/strict";
 *
 * const plan: CommandPlan = planCommand({ command: "bash ./guard.sh" });
 * deepEqual(plan, { program: "bash", args: ["./guard.sh"], viaShell: false, head: "bash" });
 * ```
 */
export interface CommandPlan {
  /** The program actually executed (`sh` for shell syntax). */
  program: string;
  /** Its arguments. */
  args: string[];
  /** Whether the command goes through `sh -c`. */
  viaShell: boolean;
  /**
   * The token checked against the allowlist: the program for exec form and
   * direct spawns; for `sh -c`, the command's first word after any leading
   * `NAME=value` assignments.
   */
  head: string;
}

/**
 * Shells, interpreters and common utilities a command hook may start with.
 * Absolute paths are always accepted.
 *
 * @example Extend the default allowlist
 * ```ts
 * import { DEFAULT_COMMAND_ALLOWLIST } from "@hookgate/core";
 *
 * const allowlist = [...DEFAULT_COMMAND_ALLOWLIST, "my-linter"];
 * ```
 */
export const DEFAULT_COMMAND_ALLOWLIST: readonly string[] = Object.freeze([
  // shells
  "sh",
  "bash",
  "dash",
  "zsh",
  "fish",
  // interpreters and runtimes
  "node",
  "deno",
  "bun",
  "npx",
  "npm",
  "pnpm",
  "yarn",
  "python",
  "python3",
  "uv",
  "ruby",
  "perl",
  "php",
  "lua",
  "go",
  "cargo",
  "java",
  // common utilities
  "env",
  "cat",
  "echo",
  "printf",
  "true",
  "false",
  "test",
  "grep",
  "sed",
  "awk",
  "jq",
  "head",
  "tail",
  "wc",
  "sort",
  "uniq",
  "cut",
  "tr",
  "tee",
  "xargs",
  "find",
  "ls",
  "date",
  "sleep",
  "touch",
  "mkdir",
  "git",
  "make",
  "curl",
  "notify-send",
  "osascript",
  "prettier",
  "eslint",
  "ruff",
  "black",
  "shellcheck",
  "shfmt",
  "gofmt",
  "rustfmt",
]);

const SAFE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/**
 * Words only a shell can run (builtins and keywords): a command starting
 * with one goes through `sh`, which is what executes it, so it is allowed.
 */
const SHELL_ONLY = new Set([
  ".",
  ":",
  "alias",
  "case",
  "cd",
  "command",
  "eval",
  "exec",
  "exit",
  "export",
  "for",
  "if",
  "local",
  "read",
  "readonly",
  "return",
  "set",
  "shift",
  "source",
  "trap",
  "ulimit",
  "umask",
  "unset",
  "until",
  "wait",
  "while",
]);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/**
 * Decides how a command hook is started: exec form as given; shell form
 * directly when every word is plain (letters, digits and `_ @ % + = : , . /
 * -`), the first is no `NAME=value` assignment and no shell builtin or
 * keyword (`exit`, `trap`, `if`, …); else via `sh -c`. Anything doubtful
 * goes through the shell.
 *
 * @param hook The command and, for exec form, its arguments.
 * @returns The plan.
 * @throws {TypeError} When `command` is empty.
 *
 * @example Direct, shell and exec forms
 * ```ts
 * import { planCommand } from "@hookgate/core/permissions";
 * import { equal } from "node:assert/strict";
 *
 * equal(planCommand({ command: "python3 /abs/check.py" }).viaShell, false);
 * equal(planCommand({ command: "cat | jq .toolInput" }).viaShell, true);
 * equal(planCommand({ command: "FOO=1 python3 x.py" }).head, "python3");
 * equal(planCommand({ command: "node", args: ["hook.js", "$HOME"] }).args[1], "$HOME");
 * ```
 */
export function planCommand(
  hook: { command: string; args?: readonly string[] },
): CommandPlan {
  const command = hook.command;
  if (typeof command !== "string" || command.trim() === "") {
    throw new TypeError(
      'Cannot plan command hook: "command" must be a non-empty string',
    );
  }
  if (hook.args !== undefined) {
    return {
      program: command,
      args: [...hook.args],
      viaShell: false,
      head: command,
    };
  }
  const trimmed = command.trim();
  const words = trimmed.split(/[ \t]+/);
  const first = words[0]!;
  if (
    !/[\r\n]/.test(trimmed) && !ASSIGNMENT.test(first) &&
    !SHELL_ONLY.has(first) &&
    words.every((word) => SAFE_WORD.test(word))
  ) {
    return {
      program: first,
      args: words.slice(1),
      viaShell: false,
      head: first,
    };
  }
  let head = first;
  for (const word of words) {
    head = word;
    if (!ASSIGNMENT.test(word)) break;
  }
  // "yes; exit 2" and "(cd x && …)": the program is the word, not its operators.
  head = head.replace(/^[({!]+/, "").replace(/[;&|)}]+$/, "") || head;
  return { program: "sh", args: ["-c", command], viaShell: true, head };
}

/**
 * Checks a plan against the command allowlist: the head must be on the
 * list (by name, or by base name when given as a path on the list), or be
 * an absolute path. This is a convenience filter against typos and
 * surprises, **not a security boundary**: an allowed shell-form command can
 * still chain, substitute or redirect to run anything. Configuration is
 * trusted operator code.
 *
 * @param plan The plan from {@linkcode planCommand}.
 * @param allowlist The allowed names.
 * @returns `undefined` when allowed, else why not and how to fix it.
 *
 * @example A relative script is refused with a fix
 * ```ts
 * import { commandRejection, DEFAULT_COMMAND_ALLOWLIST, planCommand } from "@hookgate/core/permissions";
 * import { match } from "node:assert/strict";
 *
 * const problem = commandRejection(planCommand({ command: "./hook.sh" }), DEFAULT_COMMAND_ALLOWLIST);
 * match(problem!, /absolute path/);
 * ```
 */
export function commandRejection(
  plan: CommandPlan,
  allowlist: readonly string[],
): string | undefined {
  const head = plan.head;
  if (isAbsolutePath(head) || underProjectDir(head) || underHome(head) || allowlist.includes(head)) return undefined;
  if (plan.viaShell && SHELL_ONLY.has(head) && allowlist.includes("sh")) {
    return undefined;
  }
  // The word as the shell reads it: "$HOME"/x.sh is shown as $HOME/x.sh, never inside a second pair of quotes.
  const word = head.replaceAll(/["']/g, "");
  return `"${word}" is not on the command allowlist (shells, interpreters and common utilities); ` +
    `reference the script by absolute path (for example a wrapper in <project>/.hookgate/hooks/), ` +
    `or add "${word}" to the allowlist. The allowlist is a convenience filter, not a security boundary`;
}

/**
 * The project-directory variables hookgate exports to command hooks (the
 * second for Claude-style hooks): a script under one of them is a script
 * by absolute path, as `"$CLAUDE_PROJECT_DIR"/.claude/hooks/check.sh` is.
 */
const PROJECT_DIR_PATH =
  /^["']?\$(?:\{(?:HOOKGATE|CLAUDE|GEMINI|CURSOR)_PROJECT_DIR\}|(?:HOOKGATE|CLAUDE|GEMINI|CURSOR)_PROJECT_DIR\b)["']?\//;

function underProjectDir(head: string): boolean {
  return PROJECT_DIR_PATH.test(head);
}

/**
 * A script named from the home directory (`~/…`, `$HOME/…`, `"$HOME"/…`,
 * `${HOME}/…`), as agents' documentation and users write them: the shell
 * makes it an absolute path.
 */
const HOME_PATH = /^(?:~|["']?\$(?:\{HOME\}|HOME\b)["']?)\//;

function underHome(head: string): boolean {
  return HOME_PATH.test(head);
}

/** Whether `path` is absolute on POSIX (`/…`) or Windows (`C:\…`, `C:/…`). */
export function isAbsolutePath(path: string): boolean {
  return path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(path);
}
