/**
 * Editing a Claude Code settings file to route it to hookgate and back: the
 * routing entries (`hook-run gateway` as a command hook, or an HTTP hook to
 * `hook-run serve`), the handlers that move between Claude's file and the
 * hookgate-owned one, and the checks that refuse a file Claude could not
 * read either. Pure functions over parsed JSON; every key they do not
 * concern is kept as it was. The file's shape and its handlers are in
 * settings_shape.ts, the routing entries in settings_routing.ts.
 *
 * @module
 */

import { isPlainObject } from "../../_internal/json.ts";
import type { ConfiguredHook } from "../../events/configured.ts";
import { HOOK_EVENT_NAMES } from "../../events/table.ts";
import { CLAUDE_EVENTS, NOT_ROUTED } from "./events.ts";
import { claudeHandlerHook, type ClaudeHooks, type ClaudeSettings } from "./settings_shape.ts";

export {
  claudeHandlerHook,
  type ClaudeHooks,
  claudeOnlyHandler,
  type ClaudeSettings,
  claudeSettingsProblem,
} from "./settings_shape.ts";
export {
  CLAUDE_ROUTING_MARK,
  type ClaudeRoute,
  claudeRoutingGroup,
  type ClaudeRoutingOptions,
  claudeTimeouts,
  isClaudeRouting,
  routingTimeout,
} from "./settings_routing.ts";

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
