// One reader for agents' settings files (Claude Code's, Codex's, Gemini
// CLI's, Cursor's): each event's list holds matcher groups of hook entries
// (or, for an agent without groups, the hook entries themselves). The loop
// over them, the shape checks, unknown keys as warnings, what a broken
// entry leaves for its placeholder and a timeout in the agent's unit are
// written here once; an agent's config.ts describes only what differs — its
// keys, its timeout unit and bounds, the events it fires, its matcher
// rules, and what it skips with a warning — and reads one hook entry.

import { isPlainObject } from "../../_internal/json.ts";
import { LONG_TIMEOUT_MS, MAX_AGENT_TIMEOUT_MS } from "../../_internal/limits.ts";
import { arrayOf, keysOf, type ObjectShape, optional, strictObject, string, UNKNOWN } from "../../_internal/shape.ts";
import { durationText } from "../../_internal/text.ts";
import type { ConfiguredHook } from "../../events/configured.ts";
import type { HookEvent } from "../../events/event_map.ts";
import type { HookDialect } from "../../events/hooks.ts";
import { isHookEvent } from "../../events/table.ts";
import { openEntry } from "./_broken_entry.ts";
import { readHandler } from "./_handler.ts";
import { rowOf } from "./_later_event.ts";
import type { BrokenEntry, DialectConfig, EntryContext, JsonPath } from "./config_types.ts";

/** A matcher group as Claude Code writes one (and Codex, which reads Claude's shape): `{"matcher": "…", "hooks": [ … ]}`. */
export const MATCHER_GROUP: ObjectShape = strictObject({
  matcher: optional(string()),
  hooks: arrayOf(UNKNOWN),
});

/** How an agent groups its hooks under an event: `{"matcher": "…", "hooks": [ … ]}` and what it calls that. */
export interface MatcherGroups {
  /** The group's shape, with its keys besides `matcher` and `hooks`; absent: {@linkcode MATCHER_GROUP}. */
  readonly shape?: ObjectShape;
  /** What the agent calls a group, in messages: "matcher group", "hook definition". */
  readonly noun: string;
  /**
   * What the agent does with a hook written without its group, said in the
   * error for one; absent: such an entry is only told what its group lacks.
   */
  readonly ungrouped?: string;
  /**
   * The group key that, `true`, has the group's hooks run one after another
   * rather than together (Gemini CLI's `sequential`): each is configured
   * with `concurrent: false`.
   */
  readonly sequentialKey?: string;
}

/** How an agent writes a hook's timeout, and how long it lets one wait. */
export interface TimeoutRule {
  /** The unit of the `timeout` key. */
  readonly unit: "seconds" | "milliseconds";
  /**
   * The longest a hook may wait, in milliseconds: `MAX_AGENT_TIMEOUT_MS` (a
   * week) for an agent that waits as long as a hook says, else the bound
   * the agent keeps; a longer timeout is capped, with a warning.
   */
  readonly longestMs: number;
  /** Whether the agent reads whole units only (Codex: a fraction makes it refuse the whole file). */
  readonly whole?: boolean;
}

/** What differs between agents' settings files: everything {@linkcode agentSettings} does not do the same for all. */
export interface AgentSettings {
  /** The dialect the hooks are read in. */
  readonly name: HookDialect;
  /** The agent's full name, in the parser's messages ("OpenAI Codex"). */
  readonly label: string;
  /** The agent's name in this reader's messages ("Codex"): "as in Codex", "not a Codex hook key". */
  readonly agent: string;
  /** Hook keys that mark a file as this agent's when it does not say. */
  readonly markers?: ReadonlySet<string>;
  /** The top-level keys holding the security lists, when the agent's file has them. */
  readonly securityLists?: DialectConfig["securityLists"];
  /**
   * The events of the event table the agent fires hooks for; an entry on
   * another is skipped with a warning. Absent: every event. An event the
   * agent added later always runs.
   */
  readonly fires?: ReadonlySet<string>;
  /** How hooks are grouped; absent: each element of an event's list is one hook (Cursor's flat entries). */
  readonly groups?: MatcherGroups;
  /** One hook entry's shape: its known keys (another key is a warning, and the hook runs). */
  readonly hook: ObjectShape;
  /** A hook entry, in the error for an element that is no object. */
  readonly hookExample?: string;
  /** How the agent writes timeouts ({@linkcode agentTimeout}). */
  readonly timeout: TimeoutRule;
  /**
   * A group's matcher as the agent reads it on `event` (a warning where it
   * reads none): the matcher to store, `undefined` for every call, `null`
   * (after an error) to drop the group. Absent: the matcher as written.
   */
  matcher?(
    event: HookEvent,
    matcher: string | undefined,
    path: JsonPath,
    context: EntryContext,
  ): string | undefined | null;
  /**
   * Why a hook entry (already of `hook`'s shape) is left out with a
   * warning — a hook the agent itself skips (Codex's prompt hooks), or one
   * only the agent can run — or `undefined` to read it.
   */
  skip?(entry: Record<string, unknown>, path: JsonPath): SkippedHook | undefined;
  /**
   * One hook entry (already of `hook`'s shape) as a configured hook, or
   * `null` (after an error, or a warning for a hook the agent skips).
   * `matcher` is its group's; `path` is the entry's.
   */
  read(
    event: HookEvent,
    entry: Record<string, unknown>,
    matcher: string | undefined,
    path: JsonPath,
    context: EntryContext,
  ): ConfiguredHook | null;
  /** As {@linkcode DialectConfig.detects}. */
  detects?(root: Record<string, unknown>): boolean;
  /** As {@linkcode DialectConfig.sanitizesEnv}. */
  sanitizesEnv?(root: Record<string, unknown>): boolean;
  /** As {@linkcode DialectConfig.disabled}. */
  disabled?(root: Record<string, unknown>): string | undefined;
  /** As {@linkcode DialectConfig.eventOf}: the agent's own event names and aliases. */
  eventOf?(key: string): { event: HookEvent; wireEvent?: string } | undefined;
  /**
   * As {@linkcode DialectConfig.broken}, for an agent whose hooks have
   * controls a placeholder must keep (Cursor's `failClosed`). Absent: the
   * hook at fault could only have failed open, and is named.
   */
  broken?(value: unknown, at: JsonPath): BrokenEntry;
}

/** A hook entry left out, and the warning that says why. */
export interface SkippedHook {
  /** Where the warning points (the key at fault). */
  readonly path: JsonPath;
  /** What the warning says. */
  readonly message: string;
  /** What to do instead. */
  readonly hint?: string;
}

const GROUP_EXAMPLE = '{"matcher": "…", "hooks": [{"type": "command", …}]}';
const HOOK_EXAMPLE = '{"type": "command", "command": "…"}';

/**
 * The configuration side of an agent's dialect, read from its settings
 * file by `settings`.
 */
export function agentSettings(settings: AgentSettings): DialectConfig {
  const hookKeys = keysOf(settings.hook);
  const groups = settings.groups;
  const groupShape = groups?.shape ?? MATCHER_GROUP;
  const groupKeys = keysOf(groupShape);
  const example = settings.hookExample ?? HOOK_EXAMPLE;

  function hookOf(
    event: HookEvent,
    value: unknown,
    matcher: string | undefined,
    path: JsonPath,
    context: EntryContext,
  ): ConfiguredHook | null {
    const entry = readHandler(value, settings.hook, hookKeys, settings.agent, path, context, example);
    if (entry === null) return null;
    const skipped = settings.skip?.(entry, path);
    if (skipped !== undefined) {
      context.warning(skipped.path, skipped.message, skipped.hint);
      return null;
    }
    return settings.read(event, entry, matcher, path, context);
  }

  function grouped(
    { noun, ungrouped, sequentialKey }: MatcherGroups,
    event: HookEvent,
    value: unknown,
    path: JsonPath,
    context: EntryContext,
  ): ConfiguredHook[] {
    if (!isPlainObject(value)) {
      context.error(path, `each entry must be a ${noun}`, GROUP_EXAMPLE);
      return [];
    }
    if (
      ungrouped !== undefined && !Array.isArray(value.hooks) &&
      (value.command !== undefined || value.type !== undefined)
    ) {
      context.error(
        path,
        `this hook is not inside a ${noun}: ${ungrouped}`,
        'wrap it: {"matcher": "", "hooks": [ <this hook> ]}',
      );
      return [];
    }
    if (!context.check(groupShape, value, path, groupKeys)) return [];
    const written = value.matcher as string | undefined;
    const matcher = settings.matcher === undefined
      ? written
      : settings.matcher(event, written, [...path, "matcher"], context);
    if (matcher === null) return [];
    const sequential = sequentialKey !== undefined && value[sequentialKey] === true;
    const hooks: ConfiguredHook[] = [];
    for (const [index, item] of (value.hooks as unknown[]).entries()) {
      const hook = hookOf(event, item, matcher, [...path, "hooks", index], context);
      if (hook !== null) hooks.push(sequential ? { ...hook, concurrent: false } : hook);
    }
    return hooks;
  }

  function flat(event: HookEvent, value: unknown, path: JsonPath, context: EntryContext): ConfiguredHook[] {
    if (isPlainObject(value) && Array.isArray(value.hooks)) {
      context.error(
        path,
        `${settings.agent} hooks are flat entries, not matcher groups`,
        'write {"command": "…", "matcher": "…"} directly in the list',
      );
      return [];
    }
    const hook = hookOf(event, value, undefined, path, context);
    return hook === null ? [] : [hook];
  }

  return Object.freeze<DialectConfig>({
    name: settings.name,
    label: settings.label,
    markers: settings.markers ?? new Set(),
    // Every other top-level key is the agent's own.
    strictTop: false,
    securityLists: settings.securityLists ?? {},
    models: false,
    ...(settings.detects === undefined ? {} : { detects: settings.detects }),
    ...(settings.sanitizesEnv === undefined ? {} : { sanitizesEnv: settings.sanitizesEnv }),
    ...(settings.disabled === undefined ? {} : { disabled: settings.disabled }),
    ...(settings.eventOf === undefined ? {} : { eventOf: settings.eventOf }),
    entries(event, value, path, context) {
      // An event the agent added later (its name reached here as one) runs; an event of the table it lacks never does.
      if (settings.fires !== undefined && isHookEvent(event) && !settings.fires.has(event)) {
        context.warning(
          path,
          `${settings.agent} has no ${event} hook event, so this entry never runs`,
          `${settings.agent}'s events are ${[...settings.fires].join(", ")}`,
        );
        return [];
      }
      return groups === undefined ? flat(event, value, path, context) : grouped(groups, event, value, path, context);
    },
    // Without controls of its own, a broken hook could only have failed open
    // (the agent drops it); named by the hook at fault.
    broken: settings.broken ?? ((value, at) => {
      if (groups === undefined) return openEntry(value, settings.name);
      const handlers = isPlainObject(value) && Array.isArray(value.hooks) ? value.hooks : [];
      const index = at[0] === "hooks" && typeof at[1] === "number" ? at[1] : 0;
      return openEntry(value, settings.name, handlers[index]);
    }),
  });
}

/**
 * Whether a matcher compiles (`compile` throws when it does not); if not,
 * the compiler's message is an error at `path`, with the forms a matcher
 * takes.
 */
export function matcherCompiles(compile: () => unknown, path: JsonPath, context: EntryContext): boolean {
  try {
    compile();
  } catch (error) {
    context.error(path, (error as Error).message, 'use an exact name, a list such as "Edit|Write", or a valid regex');
    return false;
  }
  return true;
}

/**
 * What every agent's configured hook starts with: its dialect, the mutate
 * stage where the event lets hooks rewrite the input (they run together on
 * the same input, as in the agents, the later rewrite in configuration
 * order winning), its timeout and its group's matcher.
 */
export function agentHook(
  dialect: HookDialect,
  event: HookEvent,
  timeoutMs: number,
  matcher: string | undefined,
): { dialect: HookDialect; stage?: "mutate"; timeoutMs: number; matcher?: string } {
  return {
    dialect,
    ...(rowOf(event).canMutate ? { stage: "mutate" as const } : {}),
    timeoutMs,
    ...(matcher === undefined ? {} : { matcher }),
  };
}

/**
 * A hook's timeout in milliseconds, from `value` in the agent's unit. An
 * agent that waits as long as a hook says is followed up to its bound; past
 * the bound the timeout is capped, past an hour a call is said to wait that
 * long, and a value that looks written in the other unit (5000 seconds,
 * 30 milliseconds) is named with the number meant.
 */
export function agentTimeout(settings: AgentSettings, value: number, path: JsonPath, context: EntryContext): number {
  const { unit, longestMs, whole } = settings.timeout;
  const agent = settings.agent;
  const perUnit = unit === "seconds" ? 1000 : 1;
  const seconds = unit === "seconds" ? value : value / 1000;
  if (whole === true && !Number.isInteger(value)) {
    context.warning(
      path,
      `"timeout" is ${value}, but ${agent} reads whole ${unit} only: it cannot read this file and runs none of its hooks`,
      `write "timeout": ${Math.max(1, Math.round(value))}`,
    );
  }
  const ms = Math.max(1, Math.round(value * perUnit));
  if (ms > longestMs) {
    context.warning(
      path,
      longestMs === MAX_AGENT_TIMEOUT_MS
        ? `"timeout" is ${value} ${unit} (${durationText(seconds)}); the longest is a week (${
          longestMs / perUnit
        }), so it is capped`
        : `"timeout" is ${value} ${unit}; the longest is ${longestMs / perUnit}, so it is capped`,
      longestMs === MAX_AGENT_TIMEOUT_MS ? undefined : `${agent} timeouts are in ${unit}`,
    );
    return longestMs;
  }
  if (ms > LONG_TIMEOUT_MS) {
    context.warning(
      path,
      `"timeout" is ${value} ${unit} (${durationText(seconds)}): a call waits that long for this hook, as in ${agent}`,
      unit === "seconds"
        ? `${agent} timeouts are in seconds: if you meant milliseconds, write ${Math.max(1, Math.round(value / 1000))}`
        : undefined,
    );
  } else if (unit === "milliseconds" && ms < 1000) {
    context.warning(
      path,
      `"timeout" is ${value} milliseconds: the hook is stopped after less than a second`,
      `${agent} timeouts are in milliseconds: if you meant seconds, write ${ms * 1000}`,
    );
  }
  return ms;
}
