/**
 * Structured command rules: a shell command a policy names as data — its
 * command and subcommand, the flags that make it destructive in any
 * spelling and order, the flags or arguments that make it safe, and
 * conditions on its path arguments — matched against a parsed line
 * ({@linkcode ShellLine}), so quoting, wrappers and `sh -c` change nothing.
 *
 * ```jsonc
 * { "id": "git-push-force", "command": "git", "subcommand": "push",
 *   "flags": ["--force", "-f"], "unless": { "flags": ["--force-with-lease"] },
 *   "reason": "Force-pushing rewrites the remote's history; use --force-with-lease" }
 * ```
 *
 * What a rule cannot know leans its way: a word from an expansion could be
 * any path or argument, so it satisfies a deny or ask rule's conditions and
 * never an allow rule's; an unreadable command matches every deny and ask
 * rule and no allow rule. `docs/destructive.md` describes every field.
 *
 * @module
 */

import type { ShellCommand, ShellLine, ShellWord } from "../shell/types.ts";
import { type ArgRules, mayHoldSubcommand, type OptionToken, parseArgs } from "./_command_args.ts";
import { linePaths, pathSatisfies, resolvePath } from "./_command_paths.ts";
import { SCHEMA } from "./_command_schema.ts";
import {
  type ArgPattern,
  commandKey,
  type CommandPathCondition,
  type CommandRuleSpec,
  type CommandRuleUnless,
  readCommandRuleSpec,
  type ReadSpec,
} from "./_command_spec.ts";
import { type CommandSyntax, commandSyntax } from "./_command_syntax.ts";

export type { CommandPathCondition, CommandRuleSpec, CommandRuleUnless };

/**
 * Where a command runs, for a rule's path conditions.
 *
 * @example Usage
 * ```ts
 * import type { CommandContext } from "./command_rule.ts";
 *
 * const context: CommandContext = { cwd: "/p/src", projectDir: "/p", home: "/home/me", tempDirs: ["/tmp"] };
 * ```
 */
export interface CommandContext {
  /** The call's working directory: the base of relative paths. */
  readonly cwd: string;
  /** The project root. */
  readonly projectDir: string;
  /** The home directory (`~`, `$HOME`); `""` when unknown. */
  readonly home: string;
  /** The temp directories; the first is what `$TMPDIR` stands for. */
  readonly tempDirs: readonly string[];
}

/** Which list a rule is in: deny and ask rules lean towards matching what they cannot know, allow rules away. */
export type CommandRuleList = "deny" | "ask" | "allow";

/**
 * A compiled command rule.
 *
 * @example Usage
 * ```ts
 * import { compileCommandRule } from "./command_rule.ts";
 * import { equal } from "node:assert/strict";
 *
 * const rule = compileCommandRule({ command: "git", subcommand: "push", flags: ["--force", "-f"] }, "example");
 * const word = (value: string) => ({ value, known: true });
 * const line = {
 *   commands: [{ name: "git", words: ["git", "push", "-f"].map(word), unreadable: false, via: [], text: "git push -f" }],
 *   unreadable: false,
 *   reasons: [],
 * };
 * equal(rule.matches(line, { cwd: "/p", projectDir: "/p", home: "/h", tempDirs: [] }, "deny"), true);
 * ```
 */
export interface CommandRule {
  /** The rule's id, when it has one. */
  readonly id?: string;
  /** The rule's reason, when it has one. */
  readonly reason?: string;
  /** The rule as written. */
  readonly spec: CommandRuleSpec;
  /**
   * Whether the rule names the line: for deny and ask, some command of it
   * (or an unreadable command, or a line that could not be read whole); for
   * allow, every command of a line read whole.
   */
  matches(line: ShellLine, context: CommandContext, list: CommandRuleList): boolean;
  /** Whether the rule names one command of `line` (an unreadable command: for deny and ask only). */
  matchesCommand(command: ShellCommand, line: ShellLine, context: CommandContext, list: CommandRuleList): boolean;
}

/**
 * The JSON Schema (draft 2020-12) of one structured command rule.
 *
 * @example Usage
 * ```ts
 * import { COMMAND_RULE_JSON_SCHEMA } from "./command_rule.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(COMMAND_RULE_JSON_SCHEMA.type, "object");
 * ```
 */
export const COMMAND_RULE_JSON_SCHEMA: Readonly<Record<string, unknown>> = SCHEMA;

/** Commands that hand the words of their input to the command they run: its paths are not on the line. */
const ARGUMENT_SUPPLIERS = new Set(["xargs", "parallel", "find", "gfind"]);
const REDIRECT = /(?:^|[^<>&\d])(?:\d*|&)>>?\|?\s*([^\s;&|<>()]+)/g;
/** Multi-call binaries whose first argument names the command they run. */
const MULTI_CALL = new Set(["busybox", "toybox"]);
const UNKNOWN_WORD: ShellWord = { value: "", known: false };

/**
 * Compiles one structured command rule.
 *
 * @param spec The rule as JSON ({@linkcode CommandRuleSpec}).
 * @param place Where the rule was written, for messages: `rules.deny[3]`.
 * @returns The compiled rule.
 * @throws {TypeError} When the rule has the wrong shape; the message names
 * the rule, `place` and the fix.
 *
 * @example A rule with an exception
 * ```ts
 * import { compileCommandRule } from "./command_rule.ts";
 * import { equal } from "node:assert/strict";
 *
 * const rule = compileCommandRule(
 *   { command: "git", subcommand: "push", flags: ["--force", "-f"], unless: { flags: ["--force-with-lease"] } },
 *   "rules.deny[0]",
 * );
 * const word = (value: string) => ({ value, known: true });
 * const line = (...words: string[]) => ({
 *   commands: [{ name: words[0]!, words: words.map(word), unreadable: false, via: [], text: words.join(" ") }],
 *   unreadable: false,
 *   reasons: [],
 * });
 * const context = { cwd: "/p", projectDir: "/p", home: "/h", tempDirs: ["/tmp"] };
 * equal(rule.matches(line("git", "-C", "x", "push", "--force=true"), context, "deny"), true);
 * equal(rule.matches(line("git", "push", "-f", "--force-with-lease"), context, "deny"), false);
 * ```
 */
export function compileCommandRule(spec: unknown, place: string): CommandRule {
  const read = readCommandRuleSpec(spec, place);
  const perCommand = new Map<string, { syntax: CommandSyntax; rules: ArgRules }>();
  const forCommand = (key: string) => {
    let found = perCommand.get(key);
    if (found === undefined) {
      const syntax = commandSyntax(key);
      found = { syntax, rules: argRules(read, syntax) };
      perCommand.set(key, found);
    }
    return found;
  };
  const matchesCommand = (command: ShellCommand, line: ShellLine, context: CommandContext, list: CommandRuleList) => {
    const lenient = list !== "allow";
    if (command.unreadable) return lenient;
    const { key, target } = targetOf(command);
    if (!read.names.has(key) && !read.namePatterns.some((pattern) => pattern.test(key))) return false;
    const { syntax, rules } = forCommand(key);
    return commandMatches(read, syntax, rules, target, line, context, lenient);
  };
  return {
    ...(read.spec.id === undefined ? {} : { id: read.spec.id }),
    ...(read.spec.reason === undefined ? {} : { reason: read.spec.reason }),
    spec: read.spec,
    matchesCommand,
    matches(line, context, list) {
      if (list === "allow") {
        if (line.unreadable || line.commands.length === 0) return false;
        return line.commands.every((command) => matchesCommand(command, line, context, list));
      }
      // A line that could not be read whole could hold anything; an unreadable command could be any.
      const index = indexOf(line);
      if (line.unreadable) return true;
      for (const name of read.names) {
        for (const command of index.byKey.get(name) ?? []) {
          if (commandMatches(read, forCommand(name).syntax, forCommand(name).rules, command, line, context, true)) {
            return true;
          }
        }
      }
      if (read.namePatterns.length === 0) return false;
      for (const [key, commands] of index.byKey) {
        if (read.names.has(key) || !read.namePatterns.some((pattern) => pattern.test(key))) continue;
        const { syntax, rules } = forCommand(key);
        if (commands.some((command) => commandMatches(read, syntax, rules, command, line, context, true))) return true;
      }
      return false;
    },
  };
}

function argRules(read: ReadSpec, syntax: CommandSyntax): ArgRules {
  const valueOptions = new Set([...read.valueOptions, ...syntax.valueOptions]);
  const known = new Set<string>([
    ...(read.flags ?? []),
    ...read.allFlags.flat(),
    ...read.unlessFlags,
    ...valueOptions,
    ...syntax.globalValueOptions,
  ]);
  return {
    valueOptions,
    allValueOptions: new Set([...valueOptions, ...syntax.globalValueOptions]),
    knownOptions: known,
    longOptions: [...known].filter((option) => option.startsWith("--")),
  };
}

function commandMatches(
  read: ReadSpec,
  syntax: CommandSyntax,
  rules: ArgRules,
  command: ShellCommand,
  line: ShellLine,
  context: CommandContext,
  lenient: boolean,
): boolean {
  if (read.pipedFrom !== undefined) {
    const from = (command as { readonly pipedFrom?: readonly string[] }).pipedFrom ?? [];
    if (!from.some((name) => read.pipedFrom!.has(commandKey(name)))) return false;
  }
  if (read.via !== undefined && !command.via.some((entry) => read.via!.some((pattern) => pattern.test(entry)))) {
    return false;
  }
  if (read.redirects !== undefined && !redirectsMatch(read.redirects, command, line, context, lenient)) return false;
  if (!mayHoldSubcommand(command.words, read.subcommandStarts, syntax, lenient)) return false;
  const parsed = parseArgs(command.words.slice(1), syntax, rules, read.subcommands, lenient);
  if (parsed === undefined) return false;
  const { options, dashdash } = parsed;
  // Paths handed over by xargs, parallel or find -exec are not on the line: any path.
  const supplied = command.via.some((wrapper) => ARGUMENT_SUPPLIERS.has(firstName(wrapper)));
  const operands = supplied ? [...parsed.operands, UNKNOWN_WORD] : parsed.operands;
  // xargs appends arguments, not program text: an argument pattern is judged on the line's own words.
  const written = parsed.operands;
  if (read.flags !== undefined && !present(options, read.flags, lenient)) return false;
  for (const group of read.allFlags) if (!present(options, group, lenient)) return false;
  if (operands.length < read.minArgs) return false;
  if (read.args !== undefined && !argsMatch(read.args, written, dashdash, lenient)) return false;
  if (read.paths !== undefined && !pathsMatch(read.paths, read.pathPrefix, operands, line, context, lenient)) {
    return false;
  }
  if (read.unlessFlags.length > 0 && present(options, read.unlessFlags, !lenient)) return false;
  if (read.unlessArgs.length > 0 && argsMatch(read.unlessArgs, written, dashdash, !lenient)) return false;
  return true;
}

/**
 * Whether one of `group`'s spellings is in force: written, or abbreviated
 * (when `loose`, by a prefix that could also stand for another option),
 * and not undone by a later `--no-…`.
 */
function present(options: readonly OptionToken[], group: readonly string[], loose: boolean): boolean {
  let on = false;
  for (const token of options) {
    if (token.negates !== undefined) {
      // `--no-worktree` can be named itself; otherwise it undoes `--worktree`.
      if (group.includes(token.written)) on = true;
      else if (group.includes(token.negates)) on = false;
    } else if (group.includes(token.written)) {
      on = true;
    } else if (token.expands.length > 0 && (loose || token.expands.length === 1)) {
      if (token.expands.some((option) => group.includes(option))) on = true;
    }
  }
  return on;
}

/** Whether an operand matches one of `patterns` (an unknown one does when `loose`), or `--` was written and named. */
function argsMatch(
  patterns: readonly ArgPattern[],
  operands: readonly ShellWord[],
  dashdash: boolean,
  loose: boolean,
): boolean {
  for (const pattern of patterns) {
    if (pattern === "--") {
      if (dashdash) return true;
      continue;
    }
    for (const operand of operands) {
      if (!operand.known) {
        if (loose) return true;
        continue;
      }
      if (typeof pattern === "string" ? operand.value === pattern : pattern.test(operand.value)) return true;
    }
  }
  return false;
}

function pathsMatch(
  conditions: ReadonlySet<CommandPathCondition>,
  prefix: string,
  operands: readonly ShellWord[],
  line: ShellLine,
  context: CommandContext,
  lenient: boolean,
): boolean {
  const paths = linePaths(line);
  for (const operand of operands) {
    let word = operand;
    if (prefix !== "") {
      if (operand.known && !operand.value.startsWith(prefix)) continue;
      if (operand.known) word = { value: operand.value.slice(prefix.length), known: true };
    }
    if (word.known && word.value === "") continue;
    if (pathSatisfies(resolvePath(word, context, paths), conditions, context, lenient)) return true;
  }
  return false;
}

/** Whether a `>` or `>>` of the command (read from its text, quoted parts left out) goes to a path `conditions` name. */
function redirectsMatch(
  conditions: ReadonlySet<CommandPathCondition>,
  command: ShellCommand,
  line: ShellLine,
  context: CommandContext,
  lenient: boolean,
): boolean {
  if (!command.text.includes(">")) return false;
  const text = command.text.replace(/'[^']*'|"(?:[^"\\]|\\.)*"/g, "''");
  for (const match of text.matchAll(REDIRECT)) {
    const target = match[1]!;
    const word = { value: target, known: !/[$`]/.test(target) };
    if (pathSatisfies(resolvePath(word, context, linePaths(line)), conditions, context, lenient)) return true;
  }
  return false;
}

/** A line's readable commands by compared name (multi-call applets as themselves), once per line. */
interface LineIndex {
  readonly byKey: ReadonlyMap<string, readonly ShellCommand[]>;
}

const INDEXES = new WeakMap<ShellLine, LineIndex>();

function indexOf(line: ShellLine): LineIndex {
  let found = INDEXES.get(line);
  if (found === undefined) {
    const byKey = new Map<string, ShellCommand[]>();
    for (const command of line.commands) {
      if (command.unreadable) continue;
      const { key, target } = targetOf(command);
      const list = byKey.get(key);
      if (list === undefined) byKey.set(key, [target]);
      else list.push(target);
    }
    found = { byKey };
    INDEXES.set(line, found);
  }
  return found;
}

const TARGETS = new WeakMap<ShellCommand, { key: string; target: ShellCommand }>();

/** The command a rule judges (a multi-call binary's applet) and its compared name, once per command. */
function targetOf(command: ShellCommand): { key: string; target: ShellCommand } {
  let found = TARGETS.get(command);
  if (found === undefined) {
    const applet = appletOf(command);
    found = { key: commandKey(applet === undefined ? command.name : applet.name), target: applet ?? command };
    TARGETS.set(command, found);
  }
  return found;
}

/** `busybox rm -rf x` runs the applet `rm`: the command as that applet, or `undefined` for any other command. */
function appletOf(command: ShellCommand): ShellCommand | undefined {
  const key = commandKey(command.name);
  if (!MULTI_CALL.has(key)) return undefined;
  const applet = command.words[1];
  if (applet === undefined || !applet.known || applet.value.startsWith("-")) return undefined;
  return { ...command, name: applet.value.slice(applet.value.lastIndexOf("/") + 1), words: command.words.slice(1) };
}

/** The first word of a wrapper as `via` lists it (`find -exec` → `find`), without its folder. */
function firstName(wrapper: string): string {
  const first = wrapper.trim().split(/\s+/, 1)[0] ?? "";
  return commandKey(first.slice(first.lastIndexOf("/") + 1));
}
