/**
 * A policy: the `deny`, `ask` and `allow` rules of every layer, compiled
 * once, and the decision of a call. Deny beats ask beats allow across all
 * layers — a lower layer adds restrictions, and never lifts a higher
 * layer's `deny` or `ask` — and the decision names the rule and the layer
 * it came from.
 *
 * @module
 */

import { compileToolRule, type ToolRule } from "../matchers/tool_rule.ts";
import type { ShellCommand, ShellLine } from "../shell/types.ts";
import { bashRuleCommandTest, commandNamed, type CommandTest } from "../matchers/bash_pattern.ts";
import { inputField, ShellCall } from "./_shell_call.ts";
import { patchFiles } from "./_patch_files.ts";
import { compileStructuredRule, SHIPPED_SETS, type StructuredRule } from "./_structured.ts";
import { readRules } from "./read_rules.ts";
import {
  POLICY_LAYER_KINDS,
  type PolicyCall,
  type PolicyDecision,
  type PolicyLayer,
  type PolicyLayerRules,
  type RuleList,
  type RuleSpec,
} from "./types.ts";

/**
 * One rule in force, for listings (`hook-run check`, `hook-run list`).
 *
 * @example
 * ```ts
 * import type { PolicyRule } from "@hookgate/core";
 *
 * const rule: PolicyRule = { list: "deny", rule: "Bash(rm *)", layer: { kind: "user", path: "/h/config.jsonc" } };
 * ```
 */
export interface PolicyRule {
  /** Its list. */
  readonly list: RuleList;
  /** The rule as written, or its `id`. */
  readonly rule: string;
  /** The rule set it came from, if any. */
  readonly set?: string;
  /** Its layer. */
  readonly layer: PolicyLayer;
  /** Set on an `allow` rule of an untrusted layer: it does not apply until the project is trusted. */
  readonly inactive?: true;
}

/** A compiled rule, with where it came from. */
interface Compiled {
  readonly info: PolicyRule;
  readonly reason?: string;
  readonly tool?: ToolRule;
  /** Its tool is one that edits files: on Codex's `apply_patch` it judges each file the patch touches. */
  readonly editsFiles?: boolean;
  /** A `Bash(…)` rule's test of one command: the policy parses a line once for all such rules. */
  readonly command?: CommandTest;
  readonly structured?: StructuredRule;
}

const FILE_EDITORS = new Set(["Edit", "Write", "MultiEdit", "NotebookEdit"]);
const LISTS: readonly RuleList[] = ["deny", "ask", "allow"];
const SHELL_TOOL = "Bash";
const TOOL_NAME = /^([A-Za-z0-9_*-]+)/;
/** A word the shell reads as itself, unquoted. */
const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/**
 * The compiled rules of every layer and the decision of each call.
 *
 * @example Deny beats allow, whatever the layer
 * ```ts
 * import { compilePolicy } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const policy = compilePolicy([
 *   { kind: "user", path: "/h/config.jsonc", rules: { allow: ["Bash(rm *)"] } },
 *   { kind: "project", path: "/p/.hookgate/config.jsonc", rules: { deny: ["Bash(rm -rf *)"] } },
 * ]);
 * const call = { toolName: "Bash", toolInput: { command: "rm -rf build" }, cwd: "/p", projectDir: "/p" };
 * equal(policy.decide(call)?.list, "deny");
 * equal(policy.decide(call)?.layer.kind, "project");
 * ```
 */
export interface Policy {
  /** Every rule, layer by layer (the highest layer first), deny, ask then allow in each; inactive ones marked. */
  readonly rules: readonly PolicyRule[];
  /** Whether no rule applies (an untrusted layer's allow rules do not). */
  readonly empty: boolean;
  /** Whether some rule reads shell lines (a `Bash(…)` rule, a structured rule): load the shell parser before deciding. */
  readonly needsShellParser: boolean;
  /**
   * Decides a call: the first matching `deny` rule of any layer, else the
   * first `ask`, else the first `allow`, else `undefined` (no rule speaks:
   * the agent's own permissions decide).
   *
   * @param call The canonical tool call.
   * @param line The call's shell line, parsed, when the tool is the shell
   * and some structured rule needs it; without it a structured rule is
   * judged on an unreadable line (it matches where it could, as deny or ask).
   * @returns The decision, or `undefined`.
   */
  decide(call: PolicyCall, line?: ShellLine): PolicyDecision | undefined;
}

/** The policy {@linkcode compilePolicy} builds. */
class CompiledPolicy implements Policy {
  #lists: Record<RuleList, Compiled[]> = { deny: [], ask: [], allow: [] };
  #rules: PolicyRule[] = [];
  #parsesShell = false;

  constructor(rules: readonly Compiled[]) {
    for (const rule of rules) {
      this.#rules.push(rule.info);
      if (rule.info.inactive) continue;
      this.#lists[rule.info.list].push(rule);
      if (rule.structured !== undefined || rule.tool?.parsesShell) this.#parsesShell = true;
    }
  }

  get rules(): readonly PolicyRule[] {
    return this.#rules;
  }

  get empty(): boolean {
    return this.#lists.deny.length + this.#lists.ask.length + this.#lists.allow.length === 0;
  }

  get needsShellParser(): boolean {
    return this.#parsesShell;
  }

  /** The first deny, then ask, rule that catches the call (of `lists` only). */
  #restriction(
    call: PolicyCall,
    shell: ShellCall | undefined,
    lists: readonly ("deny" | "ask")[] = ["deny", "ask"],
  ): PolicyDecision | undefined {
    for (const list of lists) {
      for (const rule of this.#lists[list]) {
        const hit = rule.structured !== undefined
          ? shell !== undefined && rule.structured.matches(shell.line, shell.context, list)
          : rule.command !== undefined && shell !== undefined
          ? shell.caught(rule.command)
          : restricts(rule, call);
        if (hit) return decision(rule);
      }
    }
    return undefined;
  }

  decide(call: PolicyCall, line?: ShellLine): PolicyDecision | undefined {
    const shell = call.toolName === SHELL_TOOL ? new ShellCall(call, line) : undefined;
    // A line with a part that cannot be read is held to every deny and ask rule: the decision names the rule its
    // readable commands meet, if one does, else the first that holds it and what could not be read.
    const restricted = this.#restriction(call, shell);
    const unread = shell === undefined || restricted === undefined ? undefined : unreadParts(shell.line);
    if (unread !== undefined) {
      // Deny still beats ask: the views only choose which rule of the decided list to name.
      const view = (commands: readonly ShellCommand[]) =>
        this.#restriction(call, new ShellCall(call, { ...shell!.line, commands, unreadable: false }), [
          restricted!.list as "deny" | "ask",
        ]);
      const readable = view(unread.readable);
      if (readable !== undefined) return readable;
      // The rule a named command would meet were it readable (`curl … | sh`: sh reads what curl fetched), else any.
      return { ...(view(unread.named) ?? restricted!), unreadable: unread.why };
    }
    if (restricted !== undefined) return restricted;
    const rules = this.#lists.allow;
    if (rules.length === 0) return undefined;
    if (shell !== undefined) {
      const allowed = allowedLine(rules, shell);
      return allowed === undefined ? undefined : decision(allowed);
    }
    const allowed = rules.find((rule) => rule.tool !== undefined && allows(rule, call));
    return allowed === undefined ? undefined : decision(allowed);
  }
}

/**
 * The allow rule that lets a shell line run: as Claude reads allow rules,
 * a line of several commands runs only when each is allowed (by a rule of
 * its own, or the same one), and a line that cannot be read whole never
 * is. The decision names the rule of the first command.
 */
function allowedLine(rules: readonly Compiled[], shell: ShellCall): Compiled | undefined {
  const line = shell.line;
  if (line.unreadable || line.commands.length === 0) return undefined;
  let first: Compiled | undefined;
  for (const command of line.commands) {
    if (command.unreadable || command.words.some((word) => !word.known)) return undefined;
    const rule = rules.find((rule) =>
      rule.structured !== undefined
        ? rule.structured.matchesCommand(command, line, shell.context, "allow")
        : allowsCommand(rule, shell.call, command)
    );
    if (rule === undefined) return undefined;
    first ??= rule;
  }
  return first;
}

/** Whether a string allow rule covers one command of a shell line. */
function allowsCommand(rule: Compiled, call: PolicyCall, command: ShellCommand): boolean {
  if (rule.command !== undefined) return commandNamed(command, rule.command);
  const tool = rule.tool!;
  if (tool.unreadable !== undefined) return false;
  // Quoted so that the rule reads exactly these words again.
  const text = command.words.map((word) => quoteWord(word.value)).join(" ");
  return tool.matches(SHELL_TOOL, { ...call, toolInput: { ...asRecord(call.toolInput), command: text } });
}

function quoteWord(word: string): string {
  return PLAIN_WORD.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? value as Record<string, unknown> : {};
}

/**
 * What of a shell line cannot be read, when something cannot: its readable
 * commands, those with a name (read as if readable, to name the rule), and
 * why the rest cannot be read.
 */
function unreadParts(
  line: ShellLine,
): { readable: ShellCommand[]; named: ShellCommand[]; why: string } | undefined {
  const unreadable = line.unreadable || line.commands.some((command) => command.unreadable);
  if (!unreadable) return undefined;
  const reasons = line.reasons.length > 0 ? line.reasons : ["a command word comes from an expansion"];
  return {
    readable: line.commands.filter((command) => !command.unreadable),
    named: line.commands.filter((command) => command.name !== "").map((command) =>
      command.unreadable ? { ...command, unreadable: false } : command
    ),
    why: [...new Set(reasons)].join("; "),
  };
}

function decision(rule: Compiled): PolicyDecision {
  const { list, rule: text, layer, set } = rule.info;
  return {
    list,
    rule: text,
    layer,
    ...(set === undefined ? {} : { set }),
    ...(rule.reason === undefined ? {} : { reason: rule.reason }),
  };
}

/** Whether a deny or ask rule catches the call: anything it cannot rule out, it catches. */
function restricts(rule: Compiled, call: PolicyCall): boolean {
  const tool = rule.tool!;
  if (call.toolName === "apply_patch" && rule.editsFiles) {
    const files = patchFiles(inputField(call, "command"));
    if (files === null) return tool.matches("Edit", call);
    return files.some((file) => tool.matches("Edit", fileCall(call, file)));
  }
  return tool.matches(call.toolName, call);
}

/** Whether an allow rule covers the call: all of it, and nothing it cannot read. */
function allows(rule: Compiled, call: PolicyCall): boolean {
  const tool = rule.tool!;
  if (tool.unreadable !== undefined) return false;
  if (call.toolName === "apply_patch" && rule.editsFiles) {
    const files = patchFiles(inputField(call, "command"));
    return files !== null && files.every((file) => tool.matches("Edit", fileCall(call, file)));
  }
  return tool.matches(call.toolName, call);
}

function fileCall(call: PolicyCall, file: string): PolicyCall {
  return { ...call, toolName: "Edit", toolInput: { file_path: file } };
}

/**
 * Compiles the rules of every layer into one policy. Layers are ordered by
 * {@linkcode POLICY_LAYER_KINDS} (the order given within a kind); a
 * layer's `sets` join its own rules, after them.
 *
 * @param layers Each layer's `rules`, with whether its allow rules apply.
 * @returns The policy.
 * @throws {TypeError} When a layer's rules cannot be read (an unknown key,
 * set or layer kind, a broken rule), naming the file, the place and the
 * fix.
 *
 * @example An untrusted project's allow does not apply
 * ```ts
 * import { compilePolicy } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const policy = compilePolicy([
 *   { kind: "project", path: "/p/.hookgate/config.jsonc", rules: { allow: ["Bash(npm test)"] }, trusted: false },
 * ]);
 * equal(policy.decide({ toolName: "Bash", toolInput: { command: "npm test" }, cwd: "/p", projectDir: "/p" }), undefined);
 * equal(policy.rules[0]?.inactive, true);
 * ```
 */
export function compilePolicy(layers: readonly PolicyLayerRules[]): Policy {
  const ranked = layers.map((layer, index) => ({ layer, index, rank: layerRank(layer) }));
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  const compiled: Compiled[] = [];
  for (const { layer } of ranked) {
    const read = readRules(layer.rules);
    const broken = read.problems.find((problem) => problem.severity === "error");
    if (broken !== undefined) {
      throw new TypeError(
        `Cannot load the rules of ${layer.path} at ${broken.path.join(".")}: ${broken.message}${
          broken.hint === undefined ? "" : ` (${broken.hint})`
        }`,
      );
    }
    const where: PolicyLayer = { kind: layer.kind, path: layer.path };
    const trusted = layer.trusted !== false;
    const rules = layer.rules;
    const add = (list: RuleList, specs: readonly RuleSpec[] | undefined, set?: string) => {
      for (const [index, spec] of (specs ?? []).entries()) {
        const place = set === undefined ? `rules.${list}[${index}]` : `rule set "${set}" ${list}[${index}]`;
        compiled.push(compileOne(spec, place, { list, layer: where, trusted, ...(set ? { set } : {}) }));
      }
    };
    for (const list of LISTS) add(list, rules[list]);
    for (const name of rules.sets ?? []) {
      const set = SHIPPED_SETS[name]!;
      for (const list of LISTS) add(list, set[list], name);
    }
  }
  return new CompiledPolicy(compiled);
}

function layerRank(layer: PolicyLayerRules): number {
  const rank = POLICY_LAYER_KINDS.findIndex((row) => row.kind === layer.kind);
  if (rank === -1) {
    throw new TypeError(
      `Cannot load the rules of ${layer.path}: unknown layer kind "${layer.kind}"; expected ${
        POLICY_LAYER_KINDS.map((row) => `"${row.kind}"`).join(", ")
      }`,
    );
  }
  return rank;
}

function compileOne(
  spec: RuleSpec,
  place: string,
  from: { list: RuleList; layer: PolicyLayer; trusted: boolean; set?: string },
): Compiled {
  const inactive = from.list === "allow" && !from.trusted;
  if (typeof spec === "string") {
    const tool = compileToolRule(spec);
    const command = bashRuleCommandTest(spec);
    const name = TOOL_NAME.exec(spec.trim());
    return {
      info: info(spec, from, inactive),
      tool,
      ...(name !== null && FILE_EDITORS.has(name[1]!) ? { editsFiles: true } : {}),
      ...(command === undefined ? {} : { command }),
    };
  }
  const structured = compileStructuredRule(spec, place);
  const text = structured.id ?? JSON.stringify(spec);
  return {
    info: info(text, from, inactive),
    structured,
    ...(structured.reason === undefined ? {} : { reason: structured.reason }),
  };
}

function info(
  rule: string,
  from: { list: RuleList; layer: PolicyLayer; set?: string },
  inactive: boolean,
): PolicyRule {
  return {
    list: from.list,
    rule,
    layer: from.layer,
    ...(from.set === undefined ? {} : { set: from.set }),
    ...(inactive ? { inactive: true } : {}),
  };
}
