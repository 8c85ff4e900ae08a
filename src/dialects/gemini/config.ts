// Gemini CLI settings as a configuration layer (0.61): `{"hooks": {Event:
// [{matcher, sequential, hooks: [{type: "command", command, name,
// description, timeout, env}]}]}, "hooksConfig": {enabled, disabled}}`,
// every other top-level key Gemini's own. Events by Gemini's names
// (BeforeTool, AfterAgent, …); timeouts in milliseconds (60000 by
// default); matchers as Gemini reads them; commands run as `bash -c`, as
// Gemini runs them; a `"sequential": true` group's hooks run one after
// another, and make every Gemini hook of a call they match do so. Hooks
// named (or whose command is listed) in `hooksConfig.disabled` are left
// out, and `hooksConfig.enabled: false` leaves every hook of the file out,
// as in Gemini.

import { isPlainObject } from "../../_internal/json.ts";
import { LONG_TIMEOUT_MS, MAX_AGENT_TIMEOUT_MS } from "../../_internal/limits.ts";
import {
  arrayOf,
  BOOLEAN,
  keysOf,
  looseObject,
  number,
  type ObjectShape,
  optional,
  recordOf,
  strictObject,
  string,
  UNKNOWN,
} from "../../_internal/shape.ts";
import { durationText } from "../../_internal/text.ts";
import type { ConfiguredHook } from "../../events/configured.ts";
import type { HookEvent } from "../../events/event_map.ts";
import { openEntry } from "../shared/_broken_entry.ts";
import { readHandler } from "../shared/_handler.ts";
import { rowOf } from "../shared/_later_event.ts";
import type { DialectConfig, EntryContext, JsonPath } from "../shared/config_types.ts";
import { canonicalEvent, geminiEvent } from "./events.ts";

/** A hook definition: `{"matcher": "…", "sequential": false, "hooks": [ … ]}`. */
const GEMINI_GROUP: ObjectShape = strictObject({
  matcher: optional(string()),
  sequential: optional(BOOLEAN),
  hooks: arrayOf(UNKNOWN),
});

/** One hook of a definition. */
const GEMINI_HANDLER: ObjectShape = looseObject({
  type: optional(string()),
  command: optional(string(1)),
  name: optional(string()),
  description: optional(string()),
  timeout: optional(number({ positive: true })),
  env: optional(recordOf(string())),
});

const GROUP_KEYS: readonly string[] = keysOf(GEMINI_GROUP);
const HANDLER_KEYS: readonly string[] = keysOf(GEMINI_HANDLER);

/** Gemini's default hook timeout, in milliseconds. */
const DEFAULT_TIMEOUT_MS = 60_000;

/** Event names only Gemini's settings use: a `hooks` object with one is Gemini's. */
const GEMINI_ONLY_EVENTS = [
  "BeforeTool",
  "AfterTool",
  "BeforeAgent",
  "AfterAgent",
  "PreCompress",
  "BeforeModel",
  "AfterModel",
  "BeforeToolSelection",
];

/**
 * The names and commands `hooksConfig.disabled` lists in the file being
 * read. The parser reads a file's top level (`disabled`) before its
 * entries, synchronously, so the list read there is the one its entries see.
 */
let disabledHooks: ReadonlySet<string> = new Set();

/** The names and commands a settings file's `hooksConfig.disabled` lists. */
function disabledList(root: Record<string, unknown>): ReadonlySet<string> {
  const list = isPlainObject(root.hooksConfig) ? root.hooksConfig.disabled : undefined;
  return new Set(Array.isArray(list) ? list.filter((item): item is string => typeof item === "string") : []);
}

/** The Gemini CLI dialect's configuration side. */
export const GEMINI_CONFIG: DialectConfig & {
  eventOf(key: string): { event: HookEvent; wireEvent?: string } | undefined;
} = Object.freeze({
  name: "gemini",
  label: "Gemini CLI",
  markers: new Set<string>(),
  strictTop: false,
  securityLists: {},
  models: false,
  detects(root: Record<string, unknown>): boolean {
    if (isPlainObject(root.hooksConfig)) return true;
    return isPlainObject(root.hooks) && GEMINI_ONLY_EVENTS.some((event) => Object.hasOwn(root.hooks as object, event));
  },
  eventOf(key: string): { event: HookEvent } | undefined {
    const event = canonicalEvent(key);
    return event === undefined ? undefined : { event };
  },
  disabled(root: Record<string, unknown>): string | undefined {
    disabledHooks = disabledList(root);
    return isPlainObject(root.hooksConfig) && root.hooksConfig.enabled === false
      ? '"hooksConfig.enabled" is false, so none of this file\'s hooks are loaded (Gemini CLI would run none of them either)'
      : undefined;
  },
  entries(event: HookEvent, value: unknown, path: JsonPath, context: EntryContext): ConfiguredHook[] {
    if (!isPlainObject(value)) {
      context.error(
        path,
        "each entry must be a hook definition",
        '{"matcher": "…", "hooks": [{"type": "command", …}]}',
      );
      return [];
    }
    if (!Array.isArray(value.hooks) && (value.command !== undefined || value.type !== undefined)) {
      context.error(
        path,
        "this hook is not inside a hook definition: Gemini CLI discards such an entry",
        'wrap it: {"matcher": "", "hooks": [ <this hook> ]}',
      );
      return [];
    }
    if (!context.check(GEMINI_GROUP, value, path, GROUP_KEYS)) return [];
    const matcher = value.matcher as string | undefined;
    checkMatcher(event, matcher, [...path, "matcher"], context);
    // A sequential group's hooks do not run together; matching a call, they
    // make the whole event sequential, as Gemini's planner does (the
    // dialect's `sequentialEvents`).
    const sequential = value.sequential === true;
    const hooks: ConfiguredHook[] = [];
    for (const [index, item] of (value.hooks as unknown[]).entries()) {
      const hook = geminiHook(event, item, matcher, [...path, "hooks", index], context);
      if (hook !== null) hooks.push(sequential ? { ...hook, concurrent: false } : hook);
    }
    return hooks;
  },
  // Gemini hooks have no failure policy: a broken one could only have failed
  // open, and Gemini discards it. Named by the hook at fault.
  broken(value: unknown, at: JsonPath) {
    const handlers = isPlainObject(value) && Array.isArray(value.hooks) ? value.hooks : [];
    const index = at[0] === "hooks" && typeof at[1] === "number" ? at[1] : 0;
    return openEntry(value, "gemini", handlers[index]);
  },
});

/** Warns about a matcher Gemini never reads on `event`. */
function checkMatcher(event: HookEvent, matcher: string | undefined, path: JsonPath, context: EntryContext): void {
  const trimmed = matcher?.trim() ?? "";
  if (trimmed === "" || trimmed === "*") return;
  if (!rowOf(event).toolEvent && !["SessionStart", "SessionEnd", "PreCompact"].includes(event)) {
    context.warning(
      path,
      `${geminiEvent(event) ?? event} hooks have nothing to match, so the matcher is ignored (as Gemini CLI does)`,
    );
  }
}

/**
 * A Gemini timeout, already in milliseconds: past an hour it says how long
 * a call may wait, and below a second that 30 may have been meant as seconds.
 */
function geminiTimeout(ms: number, path: JsonPath, context: EntryContext): number {
  const rounded = Math.max(1, Math.round(ms));
  if (rounded > MAX_AGENT_TIMEOUT_MS) {
    context.warning(
      path,
      `"timeout" is ${ms} milliseconds (${
        durationText(ms / 1000)
      }); the longest is a week (${MAX_AGENT_TIMEOUT_MS}), so it is capped`,
    );
    return MAX_AGENT_TIMEOUT_MS;
  }
  if (rounded > LONG_TIMEOUT_MS) {
    context.warning(
      path,
      `"timeout" is ${ms} milliseconds (${
        durationText(ms / 1000)
      }): a call waits that long for this hook, as in Gemini CLI`,
    );
  } else if (rounded < 1000) {
    context.warning(
      path,
      `"timeout" is ${ms} milliseconds: the hook is stopped after less than a second`,
      `Gemini CLI timeouts are in milliseconds: if you meant seconds, write ${rounded * 1000}`,
    );
  }
  return rounded;
}

function geminiHook(
  event: HookEvent,
  value: unknown,
  matcher: string | undefined,
  path: JsonPath,
  context: EntryContext,
): ConfiguredHook | null {
  if (readHandler(value, GEMINI_HANDLER, HANDLER_KEYS, "Gemini CLI", path, context) === null) return null;
  const h = value as { type?: string; command?: string; name?: string; timeout?: number; env?: Record<string, string> };
  const type = h.type ?? "command";
  if (type !== "command") {
    context.error(
      [...path, "type"],
      `"type" is ${JSON.stringify(type)}, but a Gemini CLI settings file can only declare command hooks`,
      'use "type": "command"',
    );
    return null;
  }
  if (h.command === undefined) {
    context.error(path, 'a command hook needs a "command"');
    return null;
  }
  const name = h.name?.trim() === "" ? undefined : h.name;
  if (disabledHooks.has(name ?? h.command) || disabledHooks.has(h.command)) {
    context.warning(path, `this hook is listed in "hooksConfig.disabled", so it is not loaded (as in Gemini CLI)`);
    return null;
  }
  const hook = {
    dialect: "gemini" as const,
    // Gemini hooks may rewrite the input: they run in the mutate stage, all at
    // the same time on the same input as in Gemini, the later rewrite winning.
    ...(rowOf(event).canMutate ? { stage: "mutate" as const } : {}),
    timeoutMs: geminiTimeout(h.timeout ?? DEFAULT_TIMEOUT_MS, [...path, "timeout"], context),
    ...(matcher === undefined ? {} : { matcher }),
    ...(name === undefined ? {} : { name }),
    // Gemini runs the command text with bash, having replaced its bare $GEMINI_PROJECT_DIR.
    command: "bash",
    args: ["-c", h.command],
    ...(h.env === undefined ? {} : { env: h.env }),
  };
  context.command(hook, path);
  return hook;
}
