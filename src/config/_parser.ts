// Reading a parsed configuration value into configured hooks: the top
// level, the dialect, each event's entries, every problem as a diagnostic,
// and a placeholder for each broken entry. Where a problem's place comes
// from (the document) and how a value is checked against a shape (zod, or
// the quick check of a clean file) are given by the caller: parse.ts reads
// any text with jsonc-parser and zod, _plain.ts reads a clean file without
// either. The checks each entry goes through are _entry_checks.ts.

import { isPlainObject } from "../_internal/json.ts";
import { closest } from "../_internal/text.ts";
import type { BrokenEntry, DialectConfig } from "../dialects/shared/config_types.ts";
import { DIALECT_CONFIGS } from "../dialects/configs.ts";
import { laterEvent } from "../dialects/dialects.ts";
import type { HookEvent } from "../events/event_map.ts";
import type { ConfiguredHook, ConfiguredHooks, PlaceholderHook } from "../events/configured.ts";
import type { HookDialect } from "../events/hooks.ts";
import { HOOK_EVENT_NAMES, HOOK_EVENTS, isHookEvent } from "../events/table.ts";
import { placeholderHook } from "../registry/placeholder.ts";
import { EntryChecks, type ShapeCheck } from "./_entry_checks.ts";
import { problemText, unreadableFile } from "./_placeholders.ts";
import type { JsoncDocument, JsonPath } from "./_jsonc.ts";
import { parseModels } from "./_models.ts";
import { NATIVE_TOP, TOP_KEYS } from "./_schema.ts";
import { readRules } from "../policy/read_rules.ts";
import { type ConfigDiagnostic, HookConfigError } from "./diagnostics.ts";
import type { ParsedHooksConfig, ParseHooksConfigOptions } from "./parsed_config.ts";

const GATING_EVENT_NAMES = HOOK_EVENT_NAMES.filter((event) => HOOK_EVENTS[event].gatesAction);
const DIALECTS = Object.values(DIALECT_CONFIGS);

/** One parse of one file: the document read, its options, and how shapes are checked. */
export class ConfigParser {
  #document: JsoncDocument;
  #options: ParseHooksConfigOptions;
  #entries: EntryChecks;
  #diagnostics: ConfigDiagnostic[] = [];
  #hooks: ConfiguredHooks = {};
  #placeholders: PlaceholderHook[] = [];
  /** Errors that belong to one entry (or one event's list): they break only that. */
  #claimed = new Set<ConfigDiagnostic>();

  constructor(document: JsoncDocument, options: ParseHooksConfigOptions, check: ShapeCheck) {
    this.#document = document;
    this.#options = options;
    this.#entries = new EntryChecks(document, check, this.#diagnostics);
  }

  run(empty: boolean): ParsedHooksConfig {
    const diagnostics = this.#diagnostics;
    diagnostics.push(...this.#document.errors);
    let dialect: DialectConfig | null = null;
    const result: ParsedHooksConfig = {
      hooks: this.#hooks,
      placeholders: this.#placeholders,
      dialect: null,
      diagnostics,
      ok: true,
      assertOk() {
        if (!this.ok) throw new HookConfigError(this.diagnostics);
      },
    };
    if (!empty && !diagnostics.some((d) => d.severity === "error")) {
      const root = this.#document.value;
      if (!isPlainObject(root)) {
        this.#entries.error([], "the file must contain a JSON object", '{"hooks": {"<Event>": [ … ]}}');
      } else {
        dialect = this.#dialect(root);
        if (dialect !== null) this.#top(root, dialect, result);
      }
    }
    diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
    result.dialect = dialect?.name ?? null;
    result.ok = !diagnostics.some((d) => d.severity === "error");
    const unreadable = diagnostics.find((d) => d.severity === "error" && !this.#claimed.has(d));
    // An error outside every entry (the syntax, the dialect, a security
    // list): nothing of the file can be taken to mean what it says.
    return unreadable === undefined ? result : unreadableFile(result, this.#options.path, unreadable);
  }

  /** The declared dialect, else the one whose marker keys the entries use. */
  #dialect(root: Record<string, unknown>): DialectConfig | null {
    const declared = this.#options.dialect ?? root.dialect;
    if (typeof declared === "string" && Object.hasOwn(DIALECT_CONFIGS, declared)) {
      return DIALECT_CONFIGS[declared as HookDialect];
    }
    if (declared !== undefined) {
      this.#entries.error(
        ["dialect"],
        `"dialect" must be ${DIALECTS.map((d) => `"${d.name}"`).join(" or ")}, got ${JSON.stringify(declared)}`,
      );
      return null;
    }
    const shaped = DIALECTS.find((dialect) => dialect.detects?.(root) === true);
    if (shaped !== undefined) return shaped;
    const hooks = root.hooks;
    if (!isPlainObject(hooks)) return DIALECT_CONFIGS.native;
    const found = new Map<DialectConfig, JsonPath>();
    for (const [event, list] of Object.entries(hooks)) {
      if (!Array.isArray(list)) continue;
      for (const [index, entry] of list.entries()) {
        if (!isPlainObject(entry)) continue;
        const path = ["hooks", event, index];
        for (const key of Object.keys(entry)) {
          for (const dialect of DIALECTS) {
            if (dialect.markers.has(key) && !found.has(dialect)) found.set(dialect, [...path, key]);
          }
        }
        if (entry.type === "http" && !found.has(DIALECT_CONFIGS.native)) {
          found.set(DIALECT_CONFIGS.native, [...path, "type"]);
        }
      }
    }
    if (found.size > 1) {
      const [first, second] = DIALECTS.filter((dialect) => found.has(dialect)) as [DialectConfig, DialectConfig];
      const secondPath = found.get(second)!;
      this.#entries.error(
        secondPath,
        `the file mixes ${first.label} keys ("${found.get(first)!.at(-1)}") and ${second.label} keys ("${
          secondPath.at(-1)
        }"), so its dialect is ambiguous`,
        'add "dialect": "native" (timeoutMs in milliseconds) or "dialect": "wuu" (timeout in seconds) at the top',
      );
      return null;
    }
    return found.keys().next().value ?? DIALECT_CONFIGS.native;
  }

  #top(root: Record<string, unknown>, dialect: DialectConfig, result: ParsedHooksConfig): void {
    if (dialect.strictTop) {
      for (const key of Object.keys(root)) {
        if (TOP_KEYS.includes(key)) continue;
        const suggestion = closest(key, TOP_KEYS);
        this.#diagnostics.push(this.#document.at(
          [key],
          "warning",
          `unknown top-level key "${key}" is ignored`,
          suggestion ? `did you mean "${suggestion}"?` : undefined,
          true,
        ));
      }
      const top = { ...root };
      delete top.hooks;
      this.#entries.check(NATIVE_TOP, top, [], TOP_KEYS);
    }
    const lists = dialect.securityLists;
    const commands = lists.commandAllowlist === undefined ? undefined : root[lists.commandAllowlist];
    if (Array.isArray(commands)) {
      result.commandAllowlist = commands.filter((name): name is string => typeof name === "string");
      this.#entries.allow(result.commandAllowlist);
    }
    const urls = lists.httpAllowedUrls === undefined ? undefined : root[lists.httpAllowedUrls];
    if (Array.isArray(urls)) {
      result.httpAllowedUrls = urls.filter((url): url is string => typeof url === "string");
    }
    if (dialect.strictTop && (root.hookGrants === "forward" || root.hookGrants === "refuse")) {
      result.hookGrants = root.hookGrants;
    }
    if (dialect.sanitizesEnv?.(root) === true) result.sanitizeEnv = true;
    if (dialect.strictTop && root.managedOnly === true) result.managedOnly = true;
    if (dialect.strictTop && Array.isArray(root.extensions)) {
      result.extensions = root.extensions.filter((path): path is string => typeof path === "string" && path !== "");
    }
    if (dialect.strictTop && Array.isArray(root.claudePlugins)) {
      result.claudePlugins = root.claudePlugins.filter((path): path is string =>
        typeof path === "string" && path !== ""
      );
    }
    if (dialect.strictTop && root.rules !== undefined) this.#rules(root.rules, result);
    const disabled = dialect.disabled?.(root);
    if (disabled !== undefined) {
      this.#entries.warning([], disabled);
      return;
    }
    if (dialect.models && root.models !== undefined) {
      const models = parseModels(root.models, this.#entries);
      if (models !== null) result.models = models;
    }
    const hooks = root.hooks;
    if (hooks === undefined) return;
    if (!isPlainObject(hooks)) {
      this.#entries.error(["hooks"], `"hooks" must be an object mapping events to arrays of hooks`);
      return;
    }
    for (const [key, list] of Object.entries(hooks)) {
      const path = ["hooks", key];
      // The dialect's own name of a canonical event (Gemini's BeforeTool), asked before the table.
      const named = dialect.eventOf?.(key);
      if (named !== undefined) {
        if (!Array.isArray(list)) {
          const start = this.#diagnostics.length;
          this.#entries.error(path, `"${key}" must be an array of hooks`, `"${key}": [{"hooks": [ … ]}]`);
          this.#placeholder(named.event, everyCall(dialect.broken(list, [])), this.#claim(start)[0]!, `${key} entries`);
          continue;
        }
        this.#event(named.event, list, path, dialect, named.wireEvent);
        continue;
      }
      const event = key;
      // An agent's own file is never refused for an event its newer version
      // added; hookgate's own dialects (native, Wuu) name only the table's
      // events, where an unknown name is a slip that would never run.
      const later = isHookEvent(event) ? undefined : laterEvent(dialect.name, event);
      if (later !== undefined) {
        // An event the agent added after this version of hookgate (or a slip, said here).
        const suggestion = closest(event, HOOK_EVENT_NAMES);
        this.#entries.warning(
          path,
          `hookgate does not know the event "${event}": its hooks run when ${dialect.label} sends it, nothing blocks on it (the event is not modelled by hookgate)`,
          suggestion ? `did you mean "${suggestion}"?` : undefined,
        );
        if (Array.isArray(list)) {
          this.#event(later, list, path, dialect);
        } else {
          // Such hooks never gate an action, so a broken list only loses itself.
          const start = this.#diagnostics.length;
          this.#entries.error(path, `"${event}" must be an array of hooks`, `"${event}": [{"hooks": [ … ]}]`);
          this.#claim(start);
        }
        continue;
      }
      if (!isHookEvent(event)) {
        const start = this.#diagnostics.length;
        const suggestion = closest(event, HOOK_EVENT_NAMES);
        this.#entries.error(
          path,
          `unknown event "${event}"`,
          suggestion ? `did you mean "${suggestion}"?` : `expected one of ${HOOK_EVENT_NAMES.join(", ")}`,
          true,
        );
        // Its hooks were meant for some event, which cannot be known: the
        // closed and policy ones stand guard on every gating event.
        const [problem] = this.#claim(start);
        for (const value of Array.isArray(list) ? list : [list]) {
          const read = everyCall(dialect.broken(value, []));
          if (read.failurePolicy !== "closed" && !read.policy) continue;
          for (const gating of GATING_EVENT_NAMES) this.#placeholder(gating, read, problem!, `${event} entry`);
        }
        continue;
      }
      if (!Array.isArray(list)) {
        const start = this.#diagnostics.length;
        this.#entries.error(path, `"${event}" must be an array of hooks`, `"${event}": [{"command": "…"}]`);
        this.#placeholder(event, everyCall(dialect.broken(list, [])), this.#claim(start)[0]!, `${event} entries`);
        continue;
      }
      this.#event(event, list, path, dialect);
    }
  }

  /**
   * The `rules` key: an error in it is no entry's, so it breaks the whole
   * file, which then denies the gating events like any policy file that
   * cannot be read.
   */
  #rules(value: unknown, result: ParsedHooksConfig): void {
    const read = readRules(value);
    for (const problem of read.problems) {
      if (problem.severity === "error") this.#entries.error([...problem.path], problem.message, problem.hint);
      else this.#entries.warning([...problem.path], problem.message, problem.hint);
    }
    if (read.rules !== undefined) result.rules = read.rules;
    else result.rulesBroken = true;
  }

  #event(event: HookEvent, list: unknown[], path: JsonPath, dialect: DialectConfig, wireEvent?: string): void {
    const names = new Map<string, number>();
    for (const [index, value] of list.entries()) {
      const start = this.#diagnostics.length;
      const hooks = dialect.entries(event, value, [...path, index], this.#entries);
      this.#entry(
        event,
        wireEvent === undefined ? hooks : hooks.map((hook) => ({ ...hook, wireEvent })),
        path,
        index,
        names,
      );
      const [first, ...more] = this.#claim(start);
      if (first === undefined) continue;
      const inside = first.path.slice(path.length + 1);
      this.#placeholder(event, dialect.broken(value, inside), first, `${event} entry ${index + 1}`, more.length);
    }
  }

  /** Registers the hooks one element of an event's list declared; a repeated name is an error. */
  #entry(event: HookEvent, hooks: ConfiguredHook[], path: JsonPath, index: number, names: Map<string, number>): void {
    for (const hook of hooks) {
      if (hook.name !== undefined) {
        const first = names.get(hook.name);
        if (first !== undefined) {
          this.#entries.error(
            [...path, index, "name"],
            `duplicate hook name "${hook.name}" in ${event} (also entry ${first + 1})`,
            "names identify hooks in logs and traces; make each one unique",
          );
          continue;
        }
        names.set(hook.name, index);
      }
      (this.#hooks[event] ??= []).push({ ...hook, source: this.#options.path });
    }
  }

  /** The errors reported since `start`, now known to break only what was being read. */
  #claim(start: number): ConfigDiagnostic[] {
    const errors = this.#diagnostics.slice(start).filter((d) => d.severity === "error");
    for (const error of errors) this.#claimed.add(error);
    return errors;
  }

  /** A placeholder for what `problem` broke, named by what could be read of it. */
  #placeholder(event: HookEvent, read: BrokenEntry, problem: ConfigDiagnostic, label: string, more = 0): void {
    // An event hookgate does not know never gates an action: a broken entry there loses only itself.
    if (!isHookEvent(event)) return;
    const { name, matcher, dialect, stage, failurePolicy, policy } = read;
    this.#placeholders.push(placeholderHook(event, {
      name: name ?? label,
      failurePolicy,
      policy,
      ...(matcher === undefined ? {} : { matcher }),
      ...(dialect === undefined ? {} : { dialect }),
      ...(stage === undefined ? {} : { stage }),
      source: this.#options.path,
      line: problem.line,
      column: problem.column,
      reason: problemText(problem, more),
      fix: 'fix the entry, then run "hook-run check"',
    }));
  }
}

/** A broken entry read as matching every call: its event could not be read, so neither could what it matched. */
function everyCall(read: BrokenEntry): BrokenEntry {
  const { matcher: _matcher, ...rest } = read;
  return rest;
}
