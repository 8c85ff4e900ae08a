/**
 * Editing a Claude Code settings file to route it to hookgate and back: the
 * routing entries (`hook-run gateway` as a command hook, or an HTTP hook to
 * `hook-run serve`), the handlers that move between Claude's file and the
 * hookgate-owned one, and the checks that refuse a file Claude could not
 * read either. Pure functions over parsed JSON; every key they do not
 * concern is kept as it was.
 *
 * @module
 */

import { isPlainObject } from "../../_internal/json.ts";
import type { ConfiguredHook } from "../../events/configured.ts";
import { HOOK_EVENT_NAMES } from "../../events/table.ts";
import { CLAUDE_EVENTS, NOT_ROUTED } from "./events.ts";

/** Claude Code's settings, or the `hooks` part of one, as parsed JSON. */
export type ClaudeSettings = Record<string, unknown>;

/** Per event, Claude's matcher groups: `{"PreToolUse": [{"matcher": "Bash", "hooks": [ … ]}]}`. */
export type ClaudeHooks = Record<string, unknown[]>;

/**
 * Where routing sends Claude's events.
 *
 * @example The gateway form, and the server form
 * ```ts
 * import type { ClaudeRoute } from "@hookgate/core/dialects";
 *
 * const gateway: ClaudeRoute = { command: "'/h/bin/hook-run' gateway" };
 * const served: ClaudeRoute = { command: "'/h/bin/hook-run' gateway", url: "http://127.0.0.1:8787/hooks" };
 * ```
 */
export interface ClaudeRoute {
  /** The command hook that runs `hook-run gateway`. */
  command: string;
  /**
   * hook-run serve's `/hooks` URL: each event then goes to
   * `<url>/<Event>` as an HTTP hook, except where Claude runs only command
   * hooks (SessionStart, Setup), which keep the command.
   */
  url?: string;
  /** A variable holding serve's bearer token (`--token-env`), sent as `Authorization: Bearer $NAME`. */
  tokenEnv?: string;
}

/** Claude's longest default timeout, in seconds: a routing entry never gives its hooks less. */
const ROUTING_TIMEOUT_S = 600;

/** Events on which Claude Code runs only command hooks (and MCP tools), never HTTP hooks. */
const COMMAND_ONLY: ReadonlySet<string> = new Set(["SessionStart", "Setup"]);

/**
 * The Claude events hookgate models, in its table's order: the events
 * routing sends to hookgate. Claude's other events stay with Claude.
 *
 * @returns The event names.
 *
 * @example
 * ```ts
 * import { claudeRoutedEvents } from "@hookgate/core/dialects";
 * import { ok } from "node:assert/strict";
 *
 * ok(claudeRoutedEvents().includes("PreToolUse"));
 * ```
 */
export function claudeRoutedEvents(): string[] {
  return HOOK_EVENT_NAMES.filter((event) => CLAUDE_EVENTS.has(event) && !NOT_ROUTED.has(event));
}

/**
 * Why parsed JSON is not a settings file Claude Code could read, or
 * `undefined`: the top level, `hooks`, each event's list, each matcher
 * group and its `hooks` list must have their shapes.
 *
 * @param settings The parsed file.
 * @returns The problem, naming its place, or `undefined`.
 *
 * @example
 * ```ts
 * import { claudeSettingsProblem } from "@hookgate/core/dialects";
 * import { equal, match } from "node:assert/strict";
 *
 * equal(claudeSettingsProblem({ hooks: {} }), undefined);
 * match(claudeSettingsProblem({ hooks: { Stop: {} } })!, /hooks\.Stop must be a list/);
 * ```
 */
export function claudeSettingsProblem(settings: unknown): string | undefined {
  if (!isPlainObject(settings)) return "the file must hold one JSON object";
  if (settings.hooks === undefined) return undefined;
  if (!isPlainObject(settings.hooks)) return '"hooks" must be an object of events';
  for (const [event, groups] of Object.entries(settings.hooks)) {
    if (!Array.isArray(groups)) return `hooks.${event} must be a list of matcher groups`;
    for (const [index, group] of groups.entries()) {
      const at = `hooks.${event}[${index}]`;
      if (!isPlainObject(group) || !Array.isArray(group.hooks)) {
        return `${at} must be a matcher group: {"matcher": "…", "hooks": [ … ]}`;
      }
      if (group.hooks.some((handler) => !isPlainObject(handler))) return `${at}.hooks must hold objects`;
    }
  }
  return undefined;
}

/**
 * The field, and its value, that mark a handler of a Claude settings file as
 * the routing `hook-run install claude` wrote: what install replaces and
 * uninstall removes, and nothing else. Claude Code ignores fields it does
 * not know in a hook object.
 *
 * @example
 * ```ts
 * import { CLAUDE_ROUTING_MARK } from "@hookgate/core/dialects";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(CLAUDE_ROUTING_MARK, { hookgate: "routing" });
 * ```
 */
export const CLAUDE_ROUTING_MARK: Readonly<{ hookgate: "routing" }> = Object.freeze({ hookgate: "routing" });

/**
 * The routing entry for one event: a matcher group without a matcher (every
 * call), holding one command or HTTP hook with `timeoutSeconds`, marked
 * with {@linkcode CLAUDE_ROUTING_MARK}.
 *
 * @param event The event.
 * @param route Where it goes.
 * @param timeoutSeconds How long Claude waits for it.
 * @returns The matcher group.
 *
 * @example
 * ```ts
 * import { claudeRoutingGroup } from "@hookgate/core/dialects";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(claudeRoutingGroup("Stop", { command: "hook-run gateway" }, 600), {
 *   hooks: [{ type: "command", command: "hook-run gateway", timeout: 600, hookgate: "routing" }],
 * });
 * ```
 */
export function claudeRoutingGroup(event: string, route: ClaudeRoute, timeoutSeconds: number): ClaudeSettings {
  const [handler] = unmarkedRouting(event, route, timeoutSeconds).hooks as ClaudeSettings[];
  return { hooks: [{ ...handler, ...CLAUDE_ROUTING_MARK }] };
}

/** The routing entry as installs wrote it before they marked it. */
function unmarkedRouting(event: string, route: ClaudeRoute, timeoutSeconds: number): ClaudeSettings {
  if (route.url === undefined || COMMAND_ONLY.has(event)) {
    return { hooks: [{ type: "command", command: route.command, timeout: timeoutSeconds }] };
  }
  const token = route.tokenEnv === undefined
    ? {}
    : { headers: { Authorization: `Bearer $${route.tokenEnv}` }, allowedEnvVars: [route.tokenEnv] };
  return { hooks: [{ type: "http", url: `${route.url}/${event}`, timeout: timeoutSeconds, ...token }] };
}

/**
 * Options of {@linkcode isClaudeRouting}.
 *
 * @example The launcher's command, as installs wrote it before the mark
 * ```ts
 * import type { ClaudeRoutingOptions } from "@hookgate/core/dialects";
 *
 * const options: ClaudeRoutingOptions = { earlierCommands: ["'/h/bin/hook-run' gateway"] };
 * ```
 */
export interface ClaudeRoutingOptions {
  /**
   * The gateway commands an install may have written without the mark
   * (the launcher's `<path> gateway`): a handler that is exactly such an
   * entry, or exactly an HTTP entry to `http://127.0.0.1:<port>/hooks/<event>`
   * as install wrote it, is routing too.
   *
   * @default {[]}
   */
  earlierCommands?: readonly string[];
}

/**
 * Whether a handler on `event` is the routing `hook-run install claude`
 * wrote: marked with {@linkcode CLAUDE_ROUTING_MARK}, or exactly what an
 * install wrote before it marked its entries. Any other handler — a user's
 * HTTP hook to a local `/hooks` URL, a `curl` to one, a `hook-run gateway`
 * written by hand — is the user's.
 *
 * @param handler One entry of a matcher group's `hooks`.
 * @param event The event it is configured for.
 * @param options What earlier installs wrote.
 * @returns Whether install wrote it.
 *
 * @example
 * ```ts
 * import { isClaudeRouting } from "@hookgate/core/dialects";
 * import { equal } from "node:assert/strict";
 *
 * equal(isClaudeRouting({ type: "command", command: "x gateway", hookgate: "routing" }, "Stop"), true);
 * equal(isClaudeRouting({ type: "http", url: "http://127.0.0.1:8787/hooks/Stop", timeout: 600 }, "Stop"), true);
 * equal(isClaudeRouting({ type: "http", url: "http://127.0.0.1:8787/hooks/Stop", timeout: 30 }, "Stop"), false);
 * ```
 */
export function isClaudeRouting(handler: ClaudeSettings, event: string, options: ClaudeRoutingOptions = {}): boolean {
  if (handler.hookgate === CLAUDE_ROUTING_MARK.hookgate) return true;
  const timeout = handler.timeout;
  // What install wrote: Claude's longest default or more, in whole seconds.
  if (typeof timeout !== "number" || !Number.isInteger(timeout) || timeout < ROUTING_TIMEOUT_S) return false;
  const earlier: ClaudeRoute[] = (options.earlierCommands ?? []).map((command) => ({ command }));
  if (handler.type === "http" && typeof handler.url === "string") {
    const served = /^(http:\/\/127\.0\.0\.1:\d{1,5}\/hooks)\/[A-Za-z]+$/.exec(handler.url);
    const names = Array.isArray(handler.allowedEnvVars) ? handler.allowedEnvVars : [];
    if (served !== null && names.length <= 1) {
      const tokenEnv = typeof names[0] === "string" ? { tokenEnv: names[0] } : {};
      earlier.push({ command: "", url: served[1]!, ...tokenEnv });
    }
  }
  return earlier.some((route) => sameJson(handler, (unmarkedRouting(event, route, timeout).hooks as unknown[])[0]));
}

/** Whether two parsed JSON values are equal, whatever their keys' order. */
function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length &&
      keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]));
  }
  return a === b;
}

/** What {@linkcode splitClaudeSettings} separated. */
export interface ClaudeSettingsSplit {
  /** The settings without the routing entries and the moved handlers. */
  settings: ClaudeSettings;
  /** The moved handlers, in their matcher groups. */
  moved: ClaudeHooks;
  /** How many handlers were moved. */
  movedCount: number;
  /** How many routing handlers were removed. */
  routingCount: number;
}

/**
 * Options of {@linkcode splitClaudeSettings}.
 *
 * @example Move everything on the events hookgate models
 * ```ts
 * import { claudeRoutedEvents, type SplitClaudeSettingsOptions } from "@hookgate/core/dialects";
 *
 * const options: SplitClaudeSettingsOptions = {
 *   routes: () => false,
 *   move: (event) => claudeRoutedEvents().includes(event),
 * };
 * ```
 */
export interface SplitClaudeSettingsOptions {
  /**
   * Whether a handler (a command or HTTP hook: `hook` is it read as a hook)
   * is routing to take out, such as {@linkcode isClaudeRouting} says.
   */
  routes: (hook: ConfiguredHook, handler: ClaudeSettings, event: string) => boolean;
  /**
   * Whether a handler that is no routing moves out of the file (`hook`: the
   * handler read as a hook, when it is one; `handler`: as written).
   */
  move: (event: string, hook: ConfiguredHook | undefined, handler: ClaudeSettings) => boolean;
}

/**
 * Takes the routing entries out of a settings file, and the handlers of
 * the events `move` selects; everything else stays where it was. A matcher
 * group keeps its other keys on both sides; a group left empty goes, and so
 * does an event left without groups.
 *
 * @param settings A file that passed {@linkcode claudeSettingsProblem}.
 * @param options How to recognise routing, and which events move.
 * @returns The remaining settings, and what moved.
 *
 * @example Remove the routing, move nothing
 * ```ts
 * import { splitClaudeSettings } from "@hookgate/core/dialects";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const split = splitClaudeSettings(
 *   { model: "x", hooks: { Stop: [{ hooks: [{ type: "command", command: "hook-run gateway" }] }] } },
 *   { routes: (hook) => "command" in hook && hook.command === "hook-run gateway", move: () => false },
 * );
 * deepEqual(split.settings, { model: "x", hooks: {} });
 * equal(split.routingCount, 1);
 * ```
 */
export function splitClaudeSettings(
  settings: ClaudeSettings,
  options: SplitClaudeSettingsOptions,
): ClaudeSettingsSplit {
  const result: ClaudeSettingsSplit = { settings: { ...settings }, moved: {}, movedCount: 0, routingCount: 0 };
  if (!isPlainObject(settings.hooks)) return result;
  const kept: ClaudeHooks = {};
  for (const [event, groups] of Object.entries(settings.hooks as ClaudeHooks)) {
    const stay: unknown[] = [];
    for (const group of groups as ClaudeSettings[]) {
      const handlers = group.hooks as ClaudeSettings[];
      const remaining: ClaudeSettings[] = [];
      const moving: ClaudeSettings[] = [];
      for (const handler of handlers) {
        const hook = claudeHandlerHook(handler);
        if (hook !== undefined && options.routes(hook, handler, event)) result.routingCount++;
        else if (options.move(event, hook, handler)) moving.push(handler);
        else remaining.push(handler);
      }
      if (remaining.length > 0) {
        stay.push(remaining.length === handlers.length ? group : { ...group, hooks: remaining });
      }
      if (moving.length > 0) {
        (result.moved[event] ??= []).push({ ...group, hooks: moving });
        result.movedCount += moving.length;
      }
    }
    if (stay.length > 0) kept[event] = stay;
  }
  result.settings.hooks = kept;
  return result;
}

/**
 * Appends matcher groups to a settings file's hooks, per event, leaving out
 * a group the file already holds exactly (so adding twice adds once).
 *
 * @param settings The settings (or a file with only `hooks`).
 * @param hooks The groups to add.
 * @returns The settings with them.
 *
 * @example
 * ```ts
 * import { addClaudeHooks } from "@hookgate/core/dialects";
 * import { deepEqual } from "node:assert/strict";
 *
 * const group = { hooks: [{ type: "command", command: "true" }] };
 * deepEqual(addClaudeHooks(addClaudeHooks({}, { Stop: [group] }), { Stop: [group] }), { hooks: { Stop: [group] } });
 * ```
 */
export function addClaudeHooks(settings: ClaudeSettings, hooks: ClaudeHooks): ClaudeSettings {
  const current = isPlainObject(settings.hooks) ? settings.hooks as ClaudeHooks : {};
  const merged: ClaudeHooks = { ...current };
  for (const [event, groups] of Object.entries(hooks)) {
    const list = [...merged[event] ?? []];
    const seen = new Set(list.map((group) => JSON.stringify(group)));
    for (const group of groups) if (!seen.has(JSON.stringify(group))) list.push(group);
    merged[event] = list;
  }
  return { ...settings, hooks: merged };
}

/**
 * The longest `timeout` (seconds) of the handlers on each event: a routing
 * entry must wait at least that long for the hooks behind it.
 *
 * @param hooks The groups.
 * @returns Seconds per event that has a timeout.
 *
 * @example
 * ```ts
 * import { claudeTimeouts } from "@hookgate/core/dialects";
 * import { equal } from "node:assert/strict";
 *
 * equal(claudeTimeouts({ PermissionRequest: [{ hooks: [{ command: "x", timeout: 345600 }] }] }).get("PermissionRequest"), 345600);
 * ```
 */
export function claudeTimeouts(hooks: ClaudeHooks): Map<string, number> {
  const longest = new Map<string, number>();
  for (const [event, groups] of Object.entries(hooks)) {
    for (const group of groups as ClaudeSettings[]) {
      for (const handler of group.hooks as ClaudeSettings[]) {
        if (typeof handler.timeout === "number") longest.set(event, Math.max(longest.get(event) ?? 0, handler.timeout));
      }
    }
  }
  return longest;
}

/**
 * How long a routing entry on `event` waits, in seconds: Claude's longest
 * default (600), or more when a hook behind it asks for more.
 *
 * @param event The event.
 * @param behind The longest timeout per event of the hooks behind the routing ({@linkcode claudeTimeouts}).
 * @returns Seconds.
 *
 * @example
 * ```ts
 * import { routingTimeout } from "@hookgate/core/dialects";
 * import { equal } from "node:assert/strict";
 *
 * equal(routingTimeout("Stop", new Map()), 600);
 * ```
 */
export function routingTimeout(event: string, behind: ReadonlyMap<string, number>): number {
  return Math.max(ROUTING_TIMEOUT_S, Math.ceil(behind.get(event) ?? 0));
}

/**
 * A handler of a Claude settings file as the hook it configures, as far as
 * recognising the routing to hookgate needs (its command or URL); `undefined`
 * for the kinds that never route (prompt, agent and MCP tool hooks).
 *
 * @param handler One entry of a matcher group's `hooks`.
 * @returns The hook, or `undefined`.
 *
 * @example
 * ```ts
 * import { claudeHandlerHook } from "@hookgate/core/dialects";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(claudeHandlerHook({ type: "command", command: "hook-run gateway" }), {
 *   command: "hook-run gateway",
 *   dialect: "claude",
 * });
 * ```
 */
export function claudeHandlerHook(handler: ClaudeSettings): ConfiguredHook | undefined {
  const type = handler.type ?? "command";
  if (type === "http" && typeof handler.url === "string") return { type: "http", url: handler.url, dialect: "claude" };
  if (type !== "command" || typeof handler.command !== "string") return undefined;
  const args = Array.isArray(handler.args) && handler.args.every((arg) => typeof arg === "string")
    ? { args: handler.args as string[] }
    : {};
  return { command: handler.command, ...args, dialect: "claude" };
}

/**
 * Why hookgate cannot run a handler of a Claude settings file outside
 * Claude Code, or `undefined` when it can: an `mcp_tool` hook calls a tool
 * over one of Claude's own MCP connections, an `agent` hook runs a Claude
 * subagent, and a `"shell": "powershell"` hook needs Claude's PowerShell
 * host. Such handlers stay in Claude's file, where Claude runs them.
 *
 * @param handler One entry of a matcher group's `hooks`.
 * @returns The reason, or `undefined`.
 *
 * @example
 * ```ts
 * import { claudeOnlyHandler } from "@hookgate/core/dialects";
 * import { equal, match } from "node:assert/strict";
 *
 * match(claudeOnlyHandler({ type: "mcp_tool", server: "memory", tool: "save" })!, /MCP/);
 * equal(claudeOnlyHandler({ type: "command", command: "true" }), undefined);
 * ```
 */
export function claudeOnlyHandler(handler: ClaudeSettings): string | undefined {
  const type = handler.type ?? "command";
  if (type === "mcp_tool") return "an mcp_tool hook calls a tool over one of Claude Code's own MCP connections";
  if (type === "agent") return "an agent hook runs a Claude Code subagent";
  if (handler.shell === "powershell") return "a PowerShell hook runs in Claude Code's PowerShell";
  return undefined;
}
