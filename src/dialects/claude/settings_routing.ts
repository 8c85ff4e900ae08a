// The routing entries `hook-run install claude` writes into a Claude Code
// settings file — a command hook running `hook-run gateway`, or an HTTP hook
// to `hook-run serve` — how they are recognised again (marked, or exactly as
// an earlier install wrote them), and how long each waits. Part of the
// settings editing of settings.ts.

import { isPlainObject } from "../../_internal/json.ts";
import type { ClaudeHooks, ClaudeSettings } from "./settings_shape.ts";

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
