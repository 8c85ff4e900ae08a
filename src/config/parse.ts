/**
 * Parsing one hook configuration text (JSONC) in the native or Wuu
 * dialect into configured hooks, with every problem reported at once.
 *
 * @module
 */

import { commandRejection, DEFAULT_COMMAND_ALLOWLIST, planCommand } from "../command_line.ts";
import { closest } from "../_text.ts";
import { HOOK_EVENT_NAMES, HOOK_EVENTS, type HookEvent, isHookEvent } from "../events.ts";
import { compileMatcher } from "../matcher.ts";
import { isPlainObject } from "../outcome.ts";
import type { ConfiguredHook, ConfiguredHooks, ShellHook } from "../types.ts";
import { httpUrlProblem } from "../url_policy.ts";
import { type JsoncDocument, type JsonPath, readJsonc } from "./_jsonc.ts";
import {
  check,
  MODEL_KEYS,
  modelEndpoint,
  NATIVE_KEYS,
  nativeEntry,
  nativeTop,
  TOP_KEYS,
  WUU_KEYS,
  wuuEntry,
} from "./_schema.ts";
import type { ModelEndpoint, ModelsConfig } from "../models/client.ts";
import { type ConfigDiagnostic, HookConfigError } from "./diagnostics.ts";

/**
 * A configuration dialect: `native` (seed 000: `timeoutMs`, `failurePolicy`,
 * `stage`, …) or `wuu` (seed 001: `timeout` in seconds, one exact matcher,
 * snake_case payloads).
 *
 * @example
 * ```ts
 * import type { ConfigDialect } from "@hookgate/core";
 *
 * const dialect: ConfigDialect = "wuu";
 * ```
 */
export type ConfigDialect = "native" | "wuu";

/**
 * Options of {@linkcode parseHooksConfig}.
 *
 * @example Force the Wuu dialect
 * ```ts
 * import type { ParseHooksConfigOptions } from "@hookgate/core";
 *
 * const options: ParseHooksConfigOptions = { path: "~/.wuu/config.json", dialect: "wuu" };
 * ```
 */
export interface ParseHooksConfigOptions {
  /** Where the text came from: used in diagnostics and as each hook's `source`. */
  path: string;
  /**
   * The dialect; otherwise the file's `"dialect"` key, otherwise detected
   * from the keys the entries use.
   */
  dialect?: ConfigDialect;
}

/**
 * A parsed configuration: the valid hooks, and every diagnostic.
 *
 * @example Check before use
 * ```ts
 * import { parseHooksConfig } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const config = parseHooksConfig('{"hooks": {"Stop": [{"command": "true"}]}}', { path: "a.jsonc" });
 * equal(config.ok, true);
 * equal(config.hooks.Stop?.[0]?.source, "a.jsonc");
 * ```
 */
export interface ParsedHooksConfig {
  /** The hooks, each with `source` set; only valid entries. */
  hooks: ConfiguredHooks;
  /** The dialect used, or `null` when it could not be decided. */
  dialect: ConfigDialect | null;
  /** Every problem, in file order. */
  diagnostics: ConfigDiagnostic[];
  /** `true` when no diagnostic is an error. */
  ok: boolean;
  /** Extra names for the command allowlist (`commandAllowlist`). */
  commandAllowlist?: string[];
  /** URL patterns every HTTP hook must match (`httpAllowedUrls`). */
  httpAllowedUrls?: string[];
  /** The model endpoints for prompt hooks (`models`). */
  models?: ModelsConfig;
  /** Throws a {@linkcode HookConfigError} listing everything when not `ok`. */
  assertOk(): void;
}

/**
 * Parses hook configuration text: JSON with comments and trailing commas,
 * in the native or Wuu shape. Never throws for bad content: every problem
 * is a diagnostic with file, line, column, JSON path, message and hint, and
 * only valid entries are returned. A file in the Claude Code settings shape
 * is refused with a clear "not supported yet".
 *
 * @param text The file's text.
 * @param options Its path, and optionally the dialect.
 * @returns Hooks and diagnostics.
 *
 * @example A typo is reported with its place and a suggestion
 * ```ts
 * import { formatDiagnostic, parseHooksConfig } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const config = parseHooksConfig(
 *   `{
 *   "hooks": {
 *     "PreToolUse": [{ "command": "true", "timeoutMS": 3000 }]
 *   }
 * }`,
 *   { path: "hooks.jsonc" },
 * );
 * equal(
 *   formatDiagnostic(config.diagnostics[0]!),
 *   'hooks.jsonc:3:41: error: unknown key "timeoutMS" (did you mean "timeoutMs"?)',
 * );
 * ```
 */
export function parseHooksConfig(
  text: string,
  options: ParseHooksConfigOptions,
): ParsedHooksConfig {
  const document = readJsonc(text, options.path);
  const parser = new ConfigParser(document, options);
  return parser.run(text.trim() === "");
}

const TOOL_EVENT_NAMES = HOOK_EVENT_NAMES.filter((event) => HOOK_EVENTS[event].toolEvent);
const NATIVE_MARKERS = new Set([
  "name",
  "stage",
  "args",
  "env",
  "passEnv",
  "url",
  "headers",
  "allowedEnvVars",
  "allowMetadataHosts",
  "timeoutMs",
  "failurePolicy",
  "policy",
  "background",
  "maxOutputBytes",
]);
const WUU_MARKERS = new Set(["timeout"]);

class ConfigParser {
  #document: JsoncDocument;
  #options: ParseHooksConfigOptions;
  #diagnostics: ConfigDiagnostic[] = [];
  #hooks: ConfiguredHooks = {};
  #allowlist: readonly string[] = DEFAULT_COMMAND_ALLOWLIST;

  constructor(document: JsoncDocument, options: ParseHooksConfigOptions) {
    this.#document = document;
    this.#options = options;
  }

  run(empty: boolean): ParsedHooksConfig {
    const diagnostics = this.#diagnostics;
    diagnostics.push(...this.#document.errors);
    let dialect: ConfigDialect | null = null;
    const result: ParsedHooksConfig = {
      hooks: this.#hooks,
      dialect,
      diagnostics,
      ok: true,
      assertOk() {
        if (!this.ok) throw new HookConfigError(this.diagnostics);
      },
    };
    if (!empty && !diagnostics.some((d) => d.severity === "error")) {
      const root = this.#document.value;
      if (!isPlainObject(root)) {
        this.#error(
          [],
          "the file must contain a JSON object",
          '{"hooks": {"<Event>": [ … ]}}',
        );
      } else {
        dialect = this.#dialect(root as Record<string, unknown>);
        if (dialect !== null) {
          this.#top(root as Record<string, unknown>, dialect, result);
        }
      }
    }
    diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
    result.dialect = dialect;
    result.ok = !diagnostics.some((d) => d.severity === "error");
    if (!result.ok) result.hooks = {};
    return result;
  }

  #dialect(root: Record<string, unknown>): ConfigDialect | null {
    const declared = this.#options.dialect ?? root.dialect;
    if (declared === "native" || declared === "wuu") return declared;
    if (declared === "claude") {
      this.#error(
        ["dialect"],
        "the Claude Code settings dialect is not supported yet",
        "convert each {matcher, hooks: [...]} group into plain entries of its event",
      );
      return null;
    }
    if (declared !== undefined) {
      this.#error(
        ["dialect"],
        `"dialect" must be "native" or "wuu", got ${JSON.stringify(declared)}`,
      );
      return null;
    }
    const hooks = root.hooks;
    if (!isPlainObject(hooks)) return "native";
    let native: JsonPath | undefined;
    let wuu: JsonPath | undefined;
    for (
      const [event, list] of Object.entries(hooks as Record<string, unknown>)
    ) {
      if (!Array.isArray(list)) continue;
      for (const [index, entry] of list.entries()) {
        if (!isPlainObject(entry)) continue;
        const path = ["hooks", event, index];
        if (Array.isArray((entry as Record<string, unknown>).hooks)) {
          this.#error(
            path,
            "this looks like Claude Code settings ({matcher, hooks: [...]} groups), which are not supported yet",
            "convert each group's hooks into plain entries of the event",
          );
          return null;
        }
        for (const key of Object.keys(entry)) {
          if (NATIVE_MARKERS.has(key)) native ??= [...path, key];
          if (WUU_MARKERS.has(key)) wuu ??= [...path, key];
        }
        const type = (entry as Record<string, unknown>).type;
        if (type === "http") native ??= [...path, "type"];
      }
    }
    if (native !== undefined && wuu !== undefined) {
      this.#error(
        wuu,
        `the file mixes native keys ("${native.at(-1)}") and Wuu keys ("${wuu.at(-1)}"), so its dialect is ambiguous`,
        'add "dialect": "native" (timeoutMs in milliseconds) or "dialect": "wuu" (timeout in seconds) at the top',
      );
      return null;
    }
    return wuu !== undefined ? "wuu" : "native";
  }

  #top(
    root: Record<string, unknown>,
    dialect: ConfigDialect,
    result: ParsedHooksConfig,
  ): void {
    if (dialect === "native") {
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
      check(nativeTop, top, [], this.#document, TOP_KEYS, this.#diagnostics);
      if (Array.isArray(root.commandAllowlist)) {
        result.commandAllowlist = root.commandAllowlist.filter((
          name,
        ): name is string => typeof name === "string");
        this.#allowlist = [
          ...DEFAULT_COMMAND_ALLOWLIST,
          ...result.commandAllowlist,
        ];
      }
      if (Array.isArray(root.httpAllowedUrls)) {
        result.httpAllowedUrls = root.httpAllowedUrls.filter((
          url,
        ): url is string => typeof url === "string");
      }
    }
    if (root.models !== undefined) {
      const models = this.#models(root.models);
      if (models !== null) result.models = models;
    }
    const hooks = root.hooks;
    if (hooks === undefined) return;
    if (!isPlainObject(hooks)) {
      this.#error(
        ["hooks"],
        `"hooks" must be an object mapping events to arrays of hooks`,
      );
      return;
    }
    for (
      const [event, list] of Object.entries(hooks as Record<string, unknown>)
    ) {
      const path = ["hooks", event];
      if (!isHookEvent(event)) {
        const suggestion = closest(event, HOOK_EVENT_NAMES);
        this.#diagnostics.push(this.#document.at(
          path,
          "error",
          `unknown event "${event}"`,
          suggestion ? `did you mean "${suggestion}"?` : `expected one of ${HOOK_EVENT_NAMES.join(", ")}`,
          true,
        ));
        continue;
      }
      if (!Array.isArray(list)) {
        this.#error(
          path,
          `"${event}" must be an array of hooks`,
          `"${event}": [{"command": "…"}]`,
        );
        continue;
      }
      const names = new Map<string, number>();
      for (const [index, entry] of list.entries()) {
        const hook = dialect === "wuu"
          ? this.#wuuEntry(event, entry, [...path, index])
          : this.#nativeEntry(event, entry, [...path, index]);
        if (hook === null) continue;
        if (hook.name !== undefined) {
          const first = names.get(hook.name);
          if (first !== undefined) {
            this.#error(
              [...path, index, "name"],
              `duplicate hook name "${hook.name}" in ${event} (also entry ${first + 1})`,
              "names identify hooks in logs and traces; make each one unique",
            );
            continue;
          }
          names.set(hook.name, index);
        }
        (this.#hooks[event] ??= []).push({
          ...hook,
          source: this.#options.path,
        });
      }
    }
  }

  #nativeEntry(
    event: HookEvent,
    entry: unknown,
    path: JsonPath,
  ): ConfiguredHook | null {
    if (!this.#isObject(entry, path)) return null;
    if (
      !check(
        nativeEntry,
        entry,
        path,
        this.#document,
        NATIVE_KEYS,
        this.#diagnostics,
      )
    ) return null;
    const e = entry as Record<string, unknown>;
    const type = e.type ?? (e.url !== undefined ? "http" : "command");
    const forbidden = type === "http"
      ? ["command", "args", "env", "passEnv", "prompt", "model"]
      : type === "prompt"
      ? ["command", "args", "env", "passEnv", "url", "headers", "allowedEnvVars", "allowMetadataHosts"]
      : ["url", "headers", "allowedEnvVars", "allowMetadataHosts", "prompt", "model"];
    let valid = true;
    for (const key of forbidden) {
      if (e[key] === undefined) continue;
      valid = false;
      this.#error(
        [...path, key],
        `"${key}" does not apply to ${type === "http" ? "an HTTP" : type === "prompt" ? "a prompt" : "a command"} hook`,
        e.type !== undefined
          ? undefined
          : key === "prompt" || key === "model"
          ? 'add "type": "prompt" for a prompt hook'
          : 'add "type": "http" for an HTTP hook',
        true,
      );
    }
    if (type === "http" && e.url === undefined) {
      this.#error(path, 'an HTTP hook needs a "url"');
      return null;
    }
    if (type === "prompt" && e.prompt === undefined) {
      this.#error(path, 'a prompt hook needs a "prompt" (the instruction; $ARGUMENTS stands for the event JSON)');
      return null;
    }
    if (type === "command" && e.command === undefined) {
      this.#error(
        path,
        'a hook needs "command" (a command hook) or "type": "http" with "url" (an HTTP hook)',
      );
      return null;
    }
    if (!valid) return null;
    if (type === "prompt") {
      // Nothing transport-specific to check: the model is resolved against
      // the merged "models" of every layer (see load.ts).
    } else if (type === "http") {
      const problem = httpUrlProblem(
        String(e.url),
        e.allowMetadataHosts === true ? { allowMetadataHosts: true } : {},
      );
      if (problem !== undefined) {
        this.#error([...path, "url"], problem);
        return null;
      }
    } else {
      this.#checkCommand(e as unknown as ShellHook, path);
    }
    if (!this.#checkCommon(event, e, path)) return null;
    const { type: _type, ...rest } = e;
    return (type === "command" ? rest : { type, ...rest }) as unknown as ConfiguredHook;
  }

  #wuuEntry(
    event: HookEvent,
    entry: unknown,
    path: JsonPath,
  ): ConfiguredHook | null {
    if (!this.#isObject(entry, path)) return null;
    if (
      !check(wuuEntry, entry, path, this.#document, WUU_KEYS, this.#diagnostics)
    ) return null;
    const e = entry as {
      matcher?: string;
      type?: string;
      command?: string;
      prompt?: string;
      model?: string;
      timeout?: number;
    };
    if (e.type === "prompt") return this.#wuuPrompt(event, e, path);
    if (e.model !== undefined) {
      this.#error([...path, "model"], '"model" only applies to "type": "prompt" hooks', undefined, true);
      return null;
    }
    if (e.command === undefined) {
      this.#error(path, 'a Wuu command hook needs a "command"');
      return null;
    }
    if (e.prompt !== undefined) {
      this.#error(
        [...path, "prompt"],
        '"prompt" only applies to "type": "prompt" hooks',
        undefined,
        true,
      );
      return null;
    }
    const hook: ShellHook = {
      command: e.command,
      dialect: "wuu",
      timeoutMs: this.#wuuTimeout(e.timeout, path),
    };
    if (e.matcher !== undefined) {
      if (e.matcher.includes("|")) {
        this.#warning(
          [...path, "matcher"],
          `Wuu matchers are one exact tool name; "${e.matcher}" is read as a list of names here`,
        );
      }
      hook.matcher = e.matcher;
    }
    this.#checkCommand(hook, path);
    if (
      !this.#checkCommon(
        event,
        hook as unknown as Record<string, unknown>,
        path,
      )
    ) return null;
    return hook;
  }

  #wuuPrompt(
    event: HookEvent,
    e: { matcher?: string; command?: string; prompt?: string; model?: string; timeout?: number },
    path: JsonPath,
  ): ConfiguredHook | null {
    if (e.command !== undefined) {
      this.#error([...path, "command"], '"command" does not apply to a prompt hook', undefined, true);
      return null;
    }
    if (e.prompt === undefined) {
      this.#error(path, 'a prompt hook needs a "prompt" (the instruction; $ARGUMENTS stands for the event JSON)');
      return null;
    }
    const hook: ConfiguredHook = {
      type: "prompt",
      prompt: e.prompt,
      dialect: "wuu",
      timeoutMs: this.#wuuTimeout(e.timeout, path),
      ...(e.model === undefined ? {} : { model: e.model }),
      ...(e.matcher === undefined ? {} : { matcher: e.matcher }),
    };
    if (!this.#checkCommon(event, hook as unknown as Record<string, unknown>, path)) return null;
    return hook;
  }

  /** The `models` section: `default` plus named endpoints. */
  #models(section: unknown): ModelsConfig | null {
    if (!isPlainObject(section)) {
      this.#error(["models"], '"models" must be an object of named endpoints and a "default"');
      return null;
    }
    const models: ModelsConfig = { endpoints: {} };
    let valid = true;
    for (const [name, value] of Object.entries(section as Record<string, unknown>)) {
      const path = ["models", name];
      if (name === "default") {
        if (typeof value !== "string" || value === "") {
          this.#error(path, '"default" must name one of the endpoints in "models"');
          valid = false;
        } else {
          models.default = value;
        }
        continue;
      }
      if (!isPlainObject(value)) {
        this.#error(
          path,
          `model "${name}" must be an object`,
          '{"provider": "openai", "model": "…", "apiKeyEnv": "…"}',
        );
        valid = false;
        continue;
      }
      if (!check(modelEndpoint, value, path, this.#document, MODEL_KEYS, this.#diagnostics)) {
        valid = false;
        continue;
      }
      const endpoint = value as unknown as ModelEndpoint;
      if (endpoint.apiKeyEnv !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(endpoint.apiKeyEnv)) {
        this.#error(
          [...path, "apiKeyEnv"],
          '"apiKeyEnv" must be the name of an environment variable',
          "it names the variable that holds the key, never the key itself: keep keys out of configuration",
        );
        valid = false;
        continue;
      }
      if (endpoint.baseUrl !== undefined) {
        const problem = httpUrlProblem(endpoint.baseUrl);
        if (problem !== undefined) {
          this.#error([...path, "baseUrl"], problem);
          valid = false;
          continue;
        }
      }
      models.endpoints[name] = endpoint;
    }
    if (models.default !== undefined && valid && !Object.hasOwn(models.endpoints, models.default)) {
      this.#warning(
        ["models", "default"],
        `"default" names "${models.default}", which is not defined in this file`,
        "it must be defined by another configuration layer",
      );
    }
    return models;
  }

  /** Wuu timeouts are seconds; omitted or not positive means 30 s. */
  #wuuTimeout(seconds: number | undefined, path: JsonPath): number {
    if (seconds === undefined || seconds <= 0) return 30_000;
    if (seconds >= 1000) {
      this.#warning(
        [...path, "timeout"],
        `"timeout" is ${seconds} seconds (${
          duration(seconds)
        }), almost surely milliseconds written as seconds; it is capped at 10 minutes`,
        `Wuu timeouts are in seconds: write ${Math.max(1, Math.round(seconds / 1000))} for ${seconds} ms`,
      );
    } else if (seconds > 600) {
      this.#warning(
        [...path, "timeout"],
        `"timeout" is ${seconds} seconds (${duration(seconds)}); the longest is 10 minutes, so it is capped`,
      );
    }
    return Math.min(600_000, Math.max(1, Math.round(seconds * 1000)));
  }

  /** Checks shared by both dialects; returns `false` on an error. */
  #checkCommon(
    event: HookEvent,
    e: Record<string, unknown>,
    path: JsonPath,
  ): boolean {
    const info = HOOK_EVENTS[event];
    if (e.background === true && info.canBlock) {
      this.#error(
        [...path, "background"],
        `background hooks cannot block, so they are not allowed on ${event}`,
        "use them on events that cannot block, such as PostToolUse",
      );
      return false;
    }
    if (e.stage !== undefined && event !== "PreToolUse") {
      this.#warning(
        [...path, "stage"],
        `"stage" only applies to PreToolUse; it is ignored on ${event}`,
      );
    }
    const matcher = e.matcher;
    if (typeof matcher === "string") {
      const trimmed = matcher.trim();
      if (!info.toolEvent && trimmed !== "" && trimmed !== "*") {
        this.#warning(
          [...path, "matcher"],
          `${event} has no tool name, so the matcher is ignored and the hook runs every time`,
          `matchers apply to ${TOOL_EVENT_NAMES.join(", ")}`,
        );
      } else if (info.toolEvent && /[\\^$.()[\]{}+?]|\*./.test(trimmed)) {
        this.#warning(
          [...path, "matcher"],
          `matchers are exact tool names, not regular expressions: "${matcher}" only matches a tool with that literal name`,
          'list names with "|", for example "edit|write"',
        );
      } else if (info.toolEvent && compileMatcher(trimmed)?.size === 0) {
        this.#warning(
          [...path, "matcher"],
          `the matcher "${matcher}" names no tool, so the hook never runs`,
        );
      }
    }
    return true;
  }

  /** The allowlist is enforced at run time; a load-time warning saves a surprise. */
  #checkCommand(hook: ShellHook, path: JsonPath): void {
    try {
      const problem = commandRejection(planCommand(hook), this.#allowlist);
      if (problem !== undefined) {
        this.#warning(
          [...path, "command"],
          `this hook will be rejected when it runs: ${problem}`,
        );
      }
    } catch {
      // An empty command is reported by the schema.
    }
  }

  #isObject(entry: unknown, path: JsonPath): boolean {
    if (isPlainObject(entry)) return true;
    this.#error(
      path,
      "each hook must be an object",
      '{"command": "…"} or {"type": "http", "url": "…"}',
    );
    return false;
  }

  #error(path: JsonPath, message: string, hint?: string, key?: boolean): void {
    this.#diagnostics.push(
      this.#document.at(path, "error", message, hint, key),
    );
  }

  #warning(path: JsonPath, message: string, hint?: string): void {
    this.#diagnostics.push(this.#document.at(path, "warning", message, hint));
  }
}

function duration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds % 60);
  if (minutes >= 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}
