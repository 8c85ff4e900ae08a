// Path arguments resolved the way the shell and the command would: against
// the call's working directory, `~` and `~/…` against the home directory,
// `..` climbed, `$HOME`, `$TMPDIR` and `$PWD` (and `$(pwd)`) read from the context (unless
// the line sets them: then they, and `~` for `$HOME`, could be any path), and a trailing `*` or `.*` read as the whole folder.
// Anything else a word leaves open is unknown: it could be any path.

import type { ShellLine, ShellWord } from "../shell/types.ts";
import type { CommandPathCondition } from "./_command_spec.ts";

/** Where a rule's path conditions are judged from. */
export interface PathContext {
  readonly cwd: string;
  readonly projectDir: string;
  readonly home: string;
  readonly tempDirs: readonly string[];
}

/** What the line as a whole says about paths: whether it changes directory or sets a variable paths use. */
export interface LinePaths {
  /** A `cd`, `pushd` or `popd` runs on the line: relative paths could start anywhere. */
  readonly changesDirectory: boolean;
  /** The variables among HOME, TMPDIR and PWD the line sets. */
  readonly assigned: ReadonlySet<string>;
}

const PATH_VARIABLES = ["HOME", "TMPDIR", "PWD"];
const DIRECTORY_CHANGERS = new Set(["cd", "pushd", "popd"]);
const VARIABLE = /^\$(?:\{(HOME|TMPDIR|PWD)(?::?[-=][^}$`]*)?\}|(HOME|TMPDIR|PWD)\b)([^$`]*)$/;
const PWD_SUBSTITUTION = /^"?(?:\$\(\s*pwd\s*\)|`\s*pwd\s*`)"?(?=\/|$)/;
const ASSIGNMENT = /(?:^|[\s;&|(])(HOME|TMPDIR|PWD)\+?=/g;
/** Devices that read or write nothing of a disk. */
const HARMLESS_DEVICES = new Set([
  "/dev/null",
  "/dev/zero",
  "/dev/random",
  "/dev/urandom",
  "/dev/full",
  "/dev/stdin",
  "/dev/stdout",
  "/dev/stderr",
  "/dev/tty",
]);

const LINES = new WeakMap<ShellLine, LinePaths>();

/** What `line` says about paths, computed once per line. */
export function linePaths(line: ShellLine): LinePaths {
  let found = LINES.get(line);
  if (found === undefined) {
    const assigned = new Set<string>();
    let changesDirectory = false;
    for (const command of line.commands) {
      if (DIRECTORY_CHANGERS.has(command.name)) changesDirectory = true;
      for (const match of command.text.matchAll(ASSIGNMENT)) assigned.add(match[1]!);
      // `TMPDIR=/; rm -rf "$TMPDIR"/x`: the parser records what the line set before the command.
      if (command.assignments !== undefined) {
        for (const name of PATH_VARIABLES) if (Object.hasOwn(command.assignments, name)) assigned.add(name);
      }
    }
    found = { changesDirectory, assigned };
    LINES.set(line, found);
  }
  return found;
}

/** A path argument as an absolute, normalised path, or `undefined` when it could be any path. */
export function resolvePath(word: ShellWord, context: PathContext, line: LinePaths): string | undefined {
  let text = word.value;
  if (!word.known) {
    // `$(pwd)` and `` `pwd` `` print the working directory: `$PWD`.
    const bare = text.replace(/^"([\s\S]*)"$/, "$1").replace(PWD_SUBSTITUTION, "$$PWD");
    const variable = VARIABLE.exec(bare);
    if (variable === null) return undefined;
    const name = variable[1] ?? variable[2]!;
    if (line.assigned.has(name)) return undefined;
    const base = name === "HOME" ? context.home : name === "PWD" ? context.cwd : context.tempDirs[0];
    if (base === undefined || base === "" || (name === "PWD" && line.changesDirectory)) return undefined;
    text = `${base}${variable[3]}`;
  }
  if (text === "~" || text.startsWith("~/")) {
    // `HOME=/; rm -rf ~/x`: `~` is what the line set `$HOME` to.
    if (context.home === "" || line.assigned.has("HOME")) return undefined;
    text = `${context.home}${text.slice(1)}`;
  } else if (text.startsWith("~")) {
    // Another user's home: somewhere outside, but not known where.
    return undefined;
  } else if (!text.startsWith("/")) {
    if (line.changesDirectory) return undefined;
    text = `${context.cwd}/${text}`;
  }
  const segments: string[] = [];
  const parts = text.split("/");
  // `dir/*` and `dir/.*` take everything in dir: judged as dir itself.
  if (parts.length > 1 && /^(?:\.?\*|\*\.\*|\{\*,\.\*\})$/.test(parts[parts.length - 1]!)) parts.pop();
  for (const part of parts) {
    if (part === "" || part === ".") continue;
    if (part === "..") segments.pop();
    else segments.push(part);
  }
  return `/${segments.join("/")}`;
}

/** Whether a resolved path (or an unknown one, `undefined`, when `lenient`) satisfies one of `conditions`. */
export function pathSatisfies(
  path: string | undefined,
  conditions: ReadonlySet<CommandPathCondition>,
  context: PathContext,
  lenient: boolean,
): boolean {
  if (path === undefined) return lenient;
  for (const condition of conditions) {
    if (satisfies(path, condition, context)) return true;
  }
  return false;
}

function satisfies(path: string, condition: CommandPathCondition, context: PathContext): boolean {
  switch (condition) {
    case "root":
      return path === "/";
    case "home":
      return context.home !== "" && path === clean(context.home);
    case "project-root":
      // The project root or a folder that holds it: either takes the whole project.
      return within(path, clean(context.projectDir));
    case "outside-project":
      return !within(clean(context.projectDir), path);
    case "inside-temp":
      return insideTemp(path, context);
    case "temp-root":
      return context.tempDirs.some((dir) => dir !== "" && path === clean(dir));
    case "outside-project-and-temp":
      return !within(clean(context.projectDir), path) && !insideTemp(path, context);
    case "device":
      return path.startsWith("/dev/") && !HARMLESS_DEVICES.has(path) && !path.startsWith("/dev/fd/");
  }
}

function insideTemp(path: string, context: PathContext): boolean {
  return context.tempDirs.some((dir) => dir !== "" && within(clean(dir), path));
}

/** Whether `path` is `base` or lies inside it. */
function within(base: string, path: string): boolean {
  return path === base || base === "/" || path.startsWith(`${base}/`);
}

function clean(path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}
