/**
 * The command pattern of a `Bash(…)` permission rule, one reading for every
 * caller: a hook's `if` (`compileToolRule`) and the policy's `deny`, `ask`
 * and `allow` lists test a simple command of a parsed line the same way,
 * and a line is parsed once however many rules read it
 * ({@linkcode readShellLine} keeps the last few parses, keyed by the line's
 * text).
 *
 * @module
 */

import { parseShellLine } from "../shell/mod.ts";
import type { ShellCommand, ShellLine } from "../shell/types.ts";

/**
 * A test of one simple command, given as its known words joined by one
 * space.
 *
 * @example Usage
 * ```ts
 * import type { CommandTest } from "./bash_pattern.ts";
 *
 * const test: CommandTest = (command) => command.startsWith("git ");
 * ```
 */
export type CommandTest = (command: string) => boolean;

/**
 * Bash's own input fields: `Bash(name:value)` with one of them reads the
 * field, anything else is a command pattern (`Bash(git commit:*)`).
 *
 * @example Usage
 * ```ts
 * import { BASH_FIELDS } from "./bash_pattern.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(BASH_FIELDS.has("command"), true);
 * ```
 */
export const BASH_FIELDS: ReadonlySet<string> = new Set([
  "command",
  "timeout",
  "description",
  "run_in_background",
  "dangerouslyDisableSandbox",
]);

const BASH_RULE = /^Bash\(([\s\S]*)\)$/;
const FIELD = /^([A-Za-z_][A-Za-z0-9_]*):([\s\S]*)$/;

/**
 * A specifier as a test of one command: the whole command (`npm test`), a
 * `*` pattern (`git *`; a trailing ` *` also matches nothing, so `git`
 * too; `\*` is a literal star), or the older prefix form `git commit:*`.
 *
 * @param specifier The text between the rule's parentheses.
 * @returns The test.
 *
 * @example Usage
 * ```ts
 * import { compileBashPattern } from "./bash_pattern.ts";
 * import { equal } from "node:assert/strict";
 *
 * const test = compileBashPattern("git push *");
 * equal(test("git push origin main"), true);
 * equal(test("git push"), true);
 * equal(test("git pull"), false);
 * ```
 */
export function compileBashPattern(specifier: string): CommandTest {
  const pattern = specifier.replace(/\s+/g, " ");
  if (pattern.endsWith(":*") && !pattern.slice(0, -2).includes("*")) {
    const prefix = pattern.slice(0, -2).trimEnd();
    return (command) => command === prefix || command.startsWith(`${prefix} `);
  }
  if (!/(?<!\\)\*/.test(pattern)) {
    const exact = pattern.replaceAll("\\*", "*");
    return (command) => command === exact;
  }
  const regex = wildcard(pattern, true);
  // The text before the first `*` rules most commands out without the regex.
  const stars = pattern.match(/(?<!\\)\*/g)!.length;
  const head = (stars === 1 && pattern.endsWith(" *") ? pattern.slice(0, -2) : pattern.split(/(?<!\\)\*/, 1)[0]!)
    .replaceAll("\\*", "*");
  return (command) => command.startsWith(head) && regex.test(command);
}

/**
 * The command test of a `Bash(specifier)` rule, or `undefined` for any
 * other rule: another tool, `Bash` alone or `Bash(*)`, or a field
 * specifier such as `Bash(timeout:*)`.
 *
 * @param rule The rule as written.
 * @returns The test, or `undefined`.
 *
 * @example Usage
 * ```ts
 * import { bashRuleCommandTest } from "./bash_pattern.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(bashRuleCommandTest("Bash(rm -rf *)")?.("rm -rf build"), true);
 * equal(bashRuleCommandTest("Read(*.ts)"), undefined);
 * ```
 */
export function bashRuleCommandTest(rule: string): CommandTest | undefined {
  const specifier = BASH_RULE.exec(rule.trim())?.[1]?.trim();
  if (specifier === undefined || specifier === "" || specifier === "*") return undefined;
  const field = FIELD.exec(specifier);
  if (field !== null && BASH_FIELDS.has(field[1]!)) return undefined;
  return compileBashPattern(specifier);
}

/**
 * Whether `test` names one simple command: its known words as written
 * (`/bin/rm -rf x`), or with the command word by its name (`rm -rf x`).
 *
 * @param command One command of a parsed line.
 * @param test The rule's command test.
 * @returns Whether the rule names the command.
 *
 * @example Usage
 * ```ts
 * import { commandNamed, compileBashPattern } from "./bash_pattern.ts";
 * import { equal } from "node:assert/strict";
 *
 * const words = ["/bin/rm", "-rf", "x"].map((value) => ({ value, known: true }));
 * const command = { name: "rm", words, unreadable: false, via: [], text: "/bin/rm -rf x" };
 * equal(commandNamed(command, compileBashPattern("rm *")), true);
 * ```
 */
export function commandNamed(command: ShellCommand, test: CommandTest): boolean {
  const [written, named] = textsOf(command);
  return test(written) || (named !== written && test(named));
}

const TEXTS = new WeakMap<ShellCommand, readonly [string, string]>();

/** A command's known words joined, as written and with the command word by its name; once per command. */
function textsOf(command: ShellCommand): readonly [string, string] {
  let found = TEXTS.get(command);
  if (found === undefined) {
    let written = "";
    let named = command.name;
    for (const [index, word] of command.words.entries()) {
      if (!word.known) continue;
      written = written === "" ? word.value : `${written} ${word.value}`;
      if (index > 0 || command.name === "") named = named === "" ? word.value : `${named} ${word.value}`;
    }
    found = [written, named];
    TEXTS.set(command, found);
  }
  return found;
}

/**
 * Whether a deny or ask rule's command test catches a line: some command
 * of it, or anything that cannot be read (a line not read whole, a command
 * whose command word is unknown).
 *
 * @param line The parsed line.
 * @param test The rule's command test.
 * @returns Whether the rule catches the line.
 *
 * @example Usage
 * ```ts
 * import { compileBashPattern, lineCaught } from "./bash_pattern.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(lineCaught({ commands: [], unreadable: true, reasons: ["unbalanced quote"] }, compileBashPattern("rm *")), true);
 * ```
 */
export function lineCaught(line: ShellLine, test: CommandTest): boolean {
  if (line.unreadable) return true;
  return line.commands.some((command) => command.unreadable || commandNamed(command, test));
}

/** How many parsed lines {@linkcode readShellLine} keeps. */
const KEPT_LINES = 32;
/** Lines longer than this are parsed every time rather than kept. */
const KEPT_LENGTH = 64 * 1024;
const kept = new Map<string, ShellLine>();

/**
 * A command line parsed (`parseShellLine`), the parse of a line read
 * recently reused: every rule of a decision, and every hook's `if` on the
 * same call, reads one parse. Keeps the last 32 lines of up to 64 KiB
 * each, per process; a parsed line is never changed by its readers.
 *
 * @param command The command line.
 * @returns Its parse.
 * @throws {Error} When the shell parser is not loaded.
 *
 * @example Usage
 * ```ts
 * import { readShellLine } from "./bash_pattern.ts";
 * import { loadShellParser } from "../shell/mod.ts";
 * import { equal } from "node:assert/strict";
 *
 * await loadShellParser();
 * equal(readShellLine("git status && npm test"), readShellLine("git status && npm test"));
 * ```
 */
export function readShellLine(command: string): ShellLine {
  const found = kept.get(command);
  if (found !== undefined) {
    // The most recent last: the oldest goes first.
    kept.delete(command);
    kept.set(command, found);
    return found;
  }
  const line = parseShellLine(command);
  if (command.length <= KEPT_LENGTH) {
    if (kept.size >= KEPT_LINES) kept.delete(kept.keys().next().value!);
    kept.set(command, line);
  }
  return line;
}

/**
 * A `*` pattern as an anchored regex; with `optionalTail`, a pattern whose
 * only `*` ends it after a space also matches without that tail (`git *`
 * matches `git`). `\*` is a literal star.
 *
 * @param pattern The pattern.
 * @param optionalTail Whether a trailing ` *` may match nothing.
 * @returns The regex.
 *
 * @example Usage
 * ```ts
 * import { wildcard } from "./bash_pattern.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(wildcard("*.example.com", false).test("api.example.com"), true);
 * ```
 */
export function wildcard(pattern: string, optionalTail: boolean): RegExp {
  const stars = pattern.match(/(?<!\\)\*/g)?.length ?? 0;
  if (optionalTail && stars === 1 && pattern.endsWith(" *")) {
    return new RegExp(`^${literal(pattern.slice(0, -2))}(?: .*)?$`, "s");
  }
  const source = pattern.split(/(?<!\\)\*/).map(literal).join(".*");
  return new RegExp(`^${source}$`, "s");
}

function literal(text: string): string {
  return text.replaceAll("\\*", "*").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
