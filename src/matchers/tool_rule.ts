/**
 * Tool rules: Claude Code's permission-rule syntax, as a hook's `if` uses it
 * to narrow the calls its matcher selects — one rule, `Tool` or
 * `Tool(specifier)`:
 *
 * - `Bash(npm test)` (the whole command), `Bash(git *)` (a `*` matches any
 *   text; a trailing ` *` also matches nothing, so `git` too), the older
 *   `Bash(git commit:*)`. The line is read as bash reads it (see
 *   `parseShellLine`): every simple command counts — each of a list or
 *   pipeline, of a subshell or group, of an `if`, `for`, `while`, `until`
 *   or `case` body and a function's, of every `$(…)`, `` `…` `` and
 *   `<(…)` — each as its known words after quote removal, escapes and
 *   brace expansion, joined by one space, without assignments and
 *   redirections (`\rm -rf x`, `"rm" -rf x` and `{rm,-rf,x}` are all
 *   `rm -rf x`; `/bin/rm -rf x` is tested as written and as `rm -rf x`). Wrappers are looked through (`sudo`, `env`, `command`,
 *   `exec`, `nice`, `nohup`, `timeout`, `time`, `xargs`, `find -exec`, …)
 *   and command strings read (`sh -c`, `bash <<<`, `eval`, `python3 -c`
 *   calling `os.system`), so `Bash(git push *)` selects
 *   `npm test && git push origin` and `Bash(rm *)` selects
 *   `sudo sh -c 'rm -rf x'`. A here-document that only feeds a program
 *   data is not read as commands. A line whose commands cannot be known
 *   statically (a command word from an expansion such as `$x -rf y`, an
 *   alias, a script piped into `sh`, an unbalanced quote) is selected: a
 *   hook never misses a call because of how its command was spelled. The
 *   rule needs the shell parser loaded (the runner loads it before the
 *   first call that tests such a rule); until it is, the rule selects every
 *   call ({@linkcode ToolRule.parsesShell}).
 * - `Read(…)` and `Edit(…)` take gitignore patterns: `//abs/path` from the
 *   filesystem's root, `~/path` from the home directory, `/path` from the
 *   project root, `path` or `./path` from the working directory. `Edit`
 *   covers every tool that edits files (Edit, Write, MultiEdit,
 *   NotebookEdit); `Read` also Glob, Grep and LS.
 * - `WebFetch(domain:example.com)` (the URL's host; `*` matches any text).
 * - `Agent(Explore)` (the subagent type; `Task` is the same tool),
 *   `Skill(name)`.
 * - `mcp__server` or `mcp__server__*`: every tool of that MCP server;
 *   `mcp__server__tool` one of them.
 * - `Tool(param:value)`: a top-level field of the tool's input equal to
 *   `value` (`*` matches any text; a field the call leaves out never
 *   matches), on any tool.
 *
 * A specifier hookgate cannot evaluate for its tool selects every call of
 * it (and {@linkcode ToolRule.unreadable} says so, for a warning). A rule
 * combines nothing: `&&`, `||` and lists are refused.
 *
 * @module
 */

import { readGrantedEnv } from "../_internal/env.ts";
import { compilePathPattern, type PathTest } from "./_path_pattern.ts";
import { shellParserLoaded } from "../shell/mod.ts";
import { BASH_FIELDS, compileBashPattern, lineCaught, readShellLine, wildcard } from "./bash_pattern.ts";

/**
 * The call a tool rule is evaluated against.
 *
 * @example
 * ```ts
 * import type { ToolCall } from "@hookgate/core";
 *
 * const call: ToolCall = { toolInput: { command: "git push" }, cwd: "/p", projectDir: "/p" };
 * ```
 */
export interface ToolCall {
  /** The tool's input. */
  readonly toolInput: unknown;
  /** The agent's working directory: the base of relative path patterns. */
  readonly cwd: string;
  /** The project root: the base of `/path` patterns. */
  readonly projectDir: string;
}

/**
 * A compiled tool rule.
 *
 * @example
 * ```ts
 * import { compileToolRule, loadShellParser } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * await loadShellParser();
 * const rule = compileToolRule("Bash(git push *)");
 * const call = (command: string) => ({ toolInput: { command }, cwd: "/p", projectDir: "/p" });
 * equal(rule.matches("Bash", call("npm test && git push origin main")), true);
 * equal(rule.matches("Bash", call("git status")), false);
 * equal(rule.matches("Read", call("git push")), false);
 * ```
 */
export interface ToolRule {
  /** The rule as written. */
  readonly source: string;
  /**
   * Set when hookgate cannot evaluate the specifier for the rule's tool:
   * the rule then selects every call of that tool. Says why.
   */
  readonly unreadable?: string;
  /**
   * Set when the rule reads a Bash command line: it needs the shell parser
   * (`loadShellParser()`) loaded, and selects every call until it is.
   */
  readonly parsesShell?: true;
  /** Whether the call of `toolName` is one the rule names. */
  matches(toolName: string, call: ToolCall): boolean;
}

/**
 * Options of {@linkcode compileToolRule}.
 *
 * @example
 * ```ts
 * import type { ToolRuleOptions } from "@hookgate/core";
 *
 * const options: ToolRuleOptions = { caseInsensitive: true };
 * ```
 */
export interface ToolRuleOptions {
  /**
   * Compare tool names regardless of case (hookgate's own matchers do).
   *
   * @default {false}
   */
  caseInsensitive?: boolean;
}

const FILE_EDITORS = ["Edit", "Write", "MultiEdit", "NotebookEdit"];
const FILE_READERS = ["Read", "Glob", "Grep", "LS"];
/** Where a path pattern starts from, by its prefix (none: the working directory, unanchored). */
const BASES: readonly (readonly [string, "root" | "home" | "project" | "cwd"])[] = [
  ["//", "root"],
  ["~/", "home"],
  ["/", "project"],
  ["./", "cwd"],
];
const RULE = /^([A-Za-z0-9_*-]+)(?:\(([\s\S]*)\))?$/;
const FIELD = /^([A-Za-z_][A-Za-z0-9_]*):([\s\S]*)$/;

/**
 * Compiles one tool rule.
 *
 * @param rule The rule, such as `Bash(git *)`.
 * @param options How tool names compare.
 * @returns The compiled rule.
 * @throws {SyntaxError} When the text is not one rule (empty, no tool
 * name, an unclosed parenthesis, `&&`, `||` or a list).
 *
 * @example Paths relative to the working directory
 * ```ts
 * import { compileToolRule } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const rule = compileToolRule("Edit(*.ts)");
 * const call = (file_path: string) => ({ toolInput: { file_path }, cwd: "/p", projectDir: "/p" });
 * equal(rule.matches("Write", call("/p/src/a.ts")), true);
 * equal(rule.matches("Edit", call("/p/README.md")), false);
 * ```
 */
export function compileToolRule(rule: string, options: ToolRuleOptions = {}): ToolRule {
  const text = rule.trim();
  if (text === "") throw new SyntaxError(`the rule is empty: write one permission rule such as "Bash(git *)"`);
  if (/&&|\|\|/.test(text)) {
    throw new SyntaxError(
      `${
        JSON.stringify(rule)
      } combines rules with && or ||, which a hook's rule cannot: give each rule a hook of its own`,
    );
  }
  const match = RULE.exec(text);
  if (match === null || !balanced(match[2] ?? "")) {
    throw new SyntaxError(
      `${
        JSON.stringify(rule)
      } is not one permission rule: write "Tool" or "Tool(specifier)", such as "Bash(git *)" or "Edit(*.ts)"`,
    );
  }
  const tool = match[1]!;
  const specifier = match[2]?.trim();
  const named = toolTest(tool, options.caseInsensitive === true);
  if (specifier === undefined || specifier === "" || specifier === "*") {
    return { source: rule, matches: (toolName) => named(toolName) };
  }
  const inner = innerTest(tool, specifier);
  return {
    source: rule,
    ...(inner.unreadable === undefined ? {} : { unreadable: inner.unreadable }),
    ...(inner.parsesShell === true ? { parsesShell: true } : {}),
    matches: (toolName, call) => named(toolName) && inner.test(toolName, call),
  };
}

/** Which tools a rule's name covers: the tool itself, its family (Edit, Read), an MCP server's tools, a `*` pattern. */
function toolTest(tool: string, caseInsensitive: boolean): (toolName: string) => boolean {
  const fold = caseInsensitive ? (name: string) => name.toLowerCase() : (name: string) => name;
  const names = new Set<string>([tool]);
  if (tool === "Edit") FILE_EDITORS.forEach((name) => names.add(name));
  if (tool === "Read") FILE_READERS.forEach((name) => names.add(name));
  if (tool === "Agent" || tool === "Task") ["Agent", "Task"].forEach((name) => names.add(name));
  const folded = new Set([...names].map(fold));
  // mcp__server: every tool of the server.
  const server = tool.startsWith("mcp__") && !tool.slice(5).includes("__") && !tool.includes("*")
    ? `${fold(tool)}__`
    : null;
  const glob = tool.includes("*") ? wildcard(fold(tool), false) : null;
  return (toolName) => {
    const name = fold(toolName);
    return folded.has(name) || (server !== null && name.startsWith(server)) || (glob !== null && glob.test(name));
  };
}

interface InnerTest {
  test(toolName: string, call: ToolCall): boolean;
  unreadable?: string;
  parsesShell?: true;
}

/** What a specifier checks of the call, by the rule's tool. */
function innerTest(tool: string, specifier: string): InnerTest {
  const field = FIELD.exec(specifier);
  if (tool === "Bash") {
    if (field !== null && BASH_FIELDS.has(field[1]!)) return fieldTest(field[1]!, field[2]!);
    return bashTest(specifier);
  }
  if (tool === "WebFetch" && field?.[1] === "domain") return domainTest(field[2]!.trim());
  if (FILE_EDITORS.includes(tool) || FILE_READERS.includes(tool)) return pathTest(specifier);
  if (field !== null) return fieldTest(field[1]!, field[2]!);
  if (tool === "Agent" || tool === "Task") return stringTest(["subagent_type"], specifier);
  if (tool === "Skill") return stringTest(["skill", "command"], specifier);
  return {
    test: () => true,
    unreadable: `hookgate cannot evaluate the specifier of a ${tool} rule, so the hook runs for every ${tool} call`,
  };
}

function bashTest(specifier: string): InnerTest {
  const test = compileBashPattern(specifier);
  return {
    parsesShell: true,
    test(_toolName, call) {
      const command = inputField(call, "command");
      if (typeof command !== "string") return true;
      // Before the parser loads, a call cannot be ruled out.
      if (!shellParserLoaded()) return true;
      // One parse of the line for every rule and hook that reads it.
      const line = readShellLine(command);
      // A line that cannot be read cannot be ruled out; `/bin/rm -rf x` is `rm -rf x` too.
      return lineCaught(line, test);
    },
  };
}

function pathTest(specifier: string): InnerTest {
  // The longest prefix first: "//" before "/".
  const [prefix, base] = BASES.find(([prefix]) => specifier.startsWith(prefix)) ?? ["", "cwd"];
  const pattern = specifier.slice(prefix.length);
  const anchored = prefix !== "";
  const home = base === "home" ? readGrantedEnv("HOME") : undefined;
  const matches: PathTest = compilePathPattern(pattern, anchored);
  return {
    test(_toolName, call) {
      const path = filePath(call);
      // No path to judge (or no home to start from): the call cannot be ruled out.
      if (path === undefined) return true;
      const from = base === "root" ? "/" : base === "home" ? home : base === "project" ? call.projectDir : call.cwd;
      if (from === undefined) return true;
      const relative = inside(from, path.startsWith("/") ? path : `${call.cwd.replace(/\/+$/, "")}/${path}`);
      return relative !== undefined && matches(relative);
    },
  };
}

/** The file a file tool works on. */
function filePath(call: ToolCall): string | undefined {
  for (const key of ["file_path", "notebook_path", "path"]) {
    const value = inputField(call, key);
    if (typeof value === "string" && value !== "") return value;
  }
  return undefined;
}

/** `path` relative to `base` (both absolute), `/`-separated, or `undefined` when it lies outside. */
function inside(base: string, path: string): string | undefined {
  const from = normalize(base);
  const to = normalize(path);
  if (from.length > to.length || from.some((segment, i) => segment !== to[i])) return undefined;
  return to.slice(from.length).join("/");
}

function normalize(path: string): string[] {
  const out: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") out.pop();
    else out.push(segment);
  }
  return out;
}

function domainTest(domain: string): InnerTest {
  const regex = wildcard(domain.toLowerCase(), false);
  return {
    test(_toolName, call) {
      const url = inputField(call, "url");
      if (typeof url !== "string") return true;
      let host: string;
      try {
        host = new URL(url).hostname.toLowerCase().replace(/\.$/, "");
      } catch {
        return true;
      }
      return regex.test(host);
    },
  };
}

/** `Tool(param:value)`: the input's top-level field equals `value` (`*` any text); an absent field never matches. */
function fieldTest(name: string, value: string): InnerTest {
  const regex = wildcard(value, false);
  return {
    test(_toolName, call) {
      const field = inputField(call, name);
      if (field === undefined || field === null || typeof field === "object") return false;
      return regex.test(String(field));
    },
  };
}

/** One of the input's string fields matches the specifier (a trailing ` *` or `:*` also matches nothing more). */
function stringTest(keys: readonly string[], specifier: string): InnerTest {
  const test = compileBashPattern(specifier);
  return {
    test(_toolName, call) {
      const value = keys.map((key) => inputField(call, key)).find((field) => typeof field === "string");
      return typeof value !== "string" || test(value);
    },
  };
}

/** Whether the parentheses inside a specifier pair up (else the text held more than one rule). */
function balanced(specifier: string): boolean {
  let depth = 0;
  for (const c of specifier) {
    if (c === "(") depth++;
    else if (c === ")" && --depth < 0) return false;
  }
  return depth === 0;
}

function inputField(call: ToolCall, key: string): unknown {
  const input = call.toolInput;
  return typeof input === "object" && input !== null ? (input as Record<string, unknown>)[key] : undefined;
}
