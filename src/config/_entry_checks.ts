// The checks a dialect reads its entries through (the dialects'
// `EntryContext`): where a problem is reported (the document's places), how
// a value is checked against its shape (zod, or the quick check of a clean
// file), and the rules every dialect's entries share — background hooks,
// stages, matchers, tool rules, the command allowlist and the URL rules.

import type { Shape } from "../_internal/shape.ts";
import type { EntryContext } from "../dialects/shared/config_types.ts";
import { dialectOf } from "../dialects/dialects.ts";
import type { HookEvent } from "../events/event_map.ts";
import type { HookDialect } from "../events/hooks.ts";
import { HOOK_EVENT_NAMES, HOOK_EVENTS } from "../events/table.ts";
import { compileToolMatcher } from "../matchers/compile.ts";
import { compileExactMatcher } from "../matchers/exact.ts";
import { compileToolRule } from "../matchers/tool_rule.ts";
import { commandRejection, DEFAULT_COMMAND_ALLOWLIST, planCommand } from "../permissions/command_line.ts";
import { httpUrlProblem } from "../permissions/url_policy.ts";
import type { JsoncDocument, JsonPath } from "./_jsonc.ts";
import type { ConfigDiagnostic } from "./diagnostics.ts";

/** Checks `value` at `path` against `shape`, adding a diagnostic to `out` for every problem. */
export type ShapeCheck = (
  shape: Shape,
  value: unknown,
  path: JsonPath,
  document: JsoncDocument,
  keys: readonly string[],
  out: ConfigDiagnostic[],
) => boolean;

const TOOL_EVENT_NAMES = HOOK_EVENT_NAMES.filter((event) => HOOK_EVENTS[event].toolEvent);

/** The checks of one file's entries; every problem goes to the file's diagnostics. */
export class EntryChecks implements EntryContext {
  #document: JsoncDocument;
  #check: ShapeCheck;
  #diagnostics: ConfigDiagnostic[];
  #allowlist: readonly string[] = DEFAULT_COMMAND_ALLOWLIST;

  constructor(document: JsoncDocument, check: ShapeCheck, diagnostics: ConfigDiagnostic[]) {
    this.#document = document;
    this.#check = check;
    this.#diagnostics = diagnostics;
  }

  /** Adds a file's `commandAllowlist` to the names its command hooks may run. */
  allow(names: readonly string[]): void {
    this.#allowlist = [...DEFAULT_COMMAND_ALLOWLIST, ...names];
  }

  error(path: JsonPath, message: string, hint?: string, key?: boolean): void {
    this.#diagnostics.push(this.#document.at(path, "error", message, hint, key));
  }

  warning(path: JsonPath, message: string, hint?: string): void {
    this.#diagnostics.push(this.#document.at(path, "warning", message, hint));
  }

  check(shape: Shape, value: unknown, path: JsonPath, keys: readonly string[]): boolean {
    return this.#check(shape, value, path, this.#document, keys, this.#diagnostics);
  }

  common(event: HookEvent, e: Record<string, unknown>, path: JsonPath): boolean {
    const info = HOOK_EVENTS[event];
    if (e.background === true && info.canBlock) {
      this.error(
        [...path, "background"],
        `background hooks cannot block, so they are not allowed on ${event}`,
        "use them on events that cannot block, such as PostToolUse",
      );
      return false;
    }
    if (e.stage !== undefined && event !== "PreToolUse") {
      this.warning([...path, "stage"], `"stage" only applies to PreToolUse; it is ignored on ${event}`);
    }
    if (typeof e.toolRule === "string" && !this.toolRule(event, e.toolRule, [...path, "toolRule"])) return false;
    const matcher = e.matcher;
    if (typeof matcher !== "string") return true;
    const hookDialect = dialectOf(e.dialect as HookDialect | undefined);
    const trimmed = matcher.trim();
    // Where the runner never reads a matcher it is ignored, even one that
    // does not compile (Claude Code ignores it too).
    if (info.matchOn === null || (!info.toolEvent && hookDialect.matcherScope !== "fields")) {
      if (trimmed !== "" && trimmed !== "*") {
        this.warning(
          [...path, "matcher"],
          `${event} has no tool name, so the matcher is ignored and the hook runs every time`,
          `matchers apply to ${TOOL_EVENT_NAMES.join(", ")}`,
        );
      }
    } else if (hookDialect.matcherKind !== "exact") {
      // A hook that speaks another dialect reads its matcher that dialect's way.
      try {
        compileToolMatcher(hookDialect.matcherKind, matcher, { event });
      } catch (error) {
        this.error([...path, "matcher"], (error as Error).message);
        return false;
      }
    } else if (/[\\^$.()[\]{}+?]|\*./.test(trimmed)) {
      this.warning(
        [...path, "matcher"],
        `matchers are exact tool names, not regular expressions: "${matcher}" only matches a tool with that literal name`,
        'list names with "|", for example "edit|write"',
      );
    } else if (compileExactMatcher(trimmed)?.size === 0) {
      this.warning([...path, "matcher"], `the matcher "${matcher}" names no tool, so the hook never runs`);
    }
    return true;
  }

  toolRule(event: HookEvent, rule: string, path: JsonPath): boolean {
    if (!HOOK_EVENTS[event]?.toolEvent) {
      this.warning(
        path,
        `a hook with a tool rule ("if") never runs on ${event}: Claude Code reads one only on tool events, so hookgate leaves the hook out too`,
        `tool rules apply to ${TOOL_EVENT_NAMES.join(", ")}`,
      );
      return false;
    }
    let compiled;
    try {
      compiled = compileToolRule(rule);
    } catch (error) {
      this.error(path, (error as Error).message);
      return false;
    }
    if (compiled.unreadable !== undefined) this.warning(path, compiled.unreadable);
    return true;
  }

  command(hook: { command: string; args?: readonly string[] }, path: JsonPath): boolean {
    // The allowlist is enforced at run time: a hook it would refuse is an
    // error now (check fails, the entry is held as broken), not a surprise later.
    try {
      const problem = commandRejection(planCommand(hook), this.#allowlist);
      if (problem !== undefined) {
        this.error([...path, "command"], `this hook would be refused when it runs: ${problem}`);
        return false;
      }
    } catch {
      // An empty command is reported by the schema.
    }
    return true;
  }

  url(url: string, allowMetadataHosts: boolean, path: JsonPath): boolean {
    const problem = httpUrlProblem(url, allowMetadataHosts ? { allowMetadataHosts: true } : {});
    if (problem === undefined) return true;
    this.error(path, problem);
    return false;
  }
}
