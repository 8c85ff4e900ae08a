// A Claude Code settings file as Claude reads it, for editing it: its shape
// (what Claude would refuse), and each handler of a matcher group as the hook
// it configures or as one only Claude can run. Part of the settings editing
// of settings.ts.

import { isPlainObject } from "../../_internal/json.ts";
import type { ConfiguredHook } from "../../events/configured.ts";

/** Claude Code's settings, or the `hooks` part of one, as parsed JSON. */
export type ClaudeSettings = Record<string, unknown>;

/** Per event, Claude's matcher groups: `{"PreToolUse": [{"matcher": "Bash", "hooks": [ … ]}]}`. */
export type ClaudeHooks = Record<string, unknown[]>;

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
