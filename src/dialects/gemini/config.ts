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
//
// The file is read by the one reader of agents' settings files
// (../shared/_agent_settings.ts); what is here is only what differs.

import { isPlainObject } from "../../_internal/json.ts";
import { MAX_AGENT_TIMEOUT_MS } from "../../_internal/limits.ts";
import {
  arrayOf,
  BOOLEAN,
  looseObject,
  number,
  type ObjectShape,
  optional,
  recordOf,
  strictObject,
  string,
  UNKNOWN,
} from "../../_internal/shape.ts";
import type { HookEvent } from "../../events/event_map.ts";
import { agentHook, type AgentSettings, agentSettings, agentTimeout } from "../shared/_agent_settings.ts";
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

/** What Gemini CLI's settings say differently from the other agents' settings. */
const GEMINI_SETTINGS: AgentSettings = {
  name: "gemini",
  label: "Gemini CLI",
  agent: "Gemini CLI",
  groups: {
    shape: GEMINI_GROUP,
    noun: "hook definition",
    ungrouped: "Gemini CLI discards such an entry",
    // A sequential group's hooks do not run together; matching a call, they
    // make the whole event sequential, as Gemini's planner does (the
    // dialect's `sequentialEvents`).
    sequentialKey: "sequential",
  },
  hook: GEMINI_HANDLER,
  timeout: { unit: "milliseconds", longestMs: MAX_AGENT_TIMEOUT_MS },
  matcher(event, matcher, path, context) {
    checkMatcher(event, matcher, path, context);
    return matcher;
  },
  read(event, value, matcher, path, context) {
    const h = value as {
      type?: string;
      command?: string;
      name?: string;
      timeout?: number;
      env?: Record<string, string>;
    };
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
      ...agentHook(
        "gemini",
        event,
        agentTimeout(GEMINI_SETTINGS, h.timeout ?? DEFAULT_TIMEOUT_MS, [...path, "timeout"], context),
        matcher,
      ),
      ...(name === undefined ? {} : { name }),
      // Gemini runs the command text with bash, having replaced its bare $GEMINI_PROJECT_DIR.
      command: "bash",
      args: ["-c", h.command],
      ...(h.env === undefined ? {} : { env: h.env }),
    };
    context.command(hook, path);
    return hook;
  },
  detects(root) {
    if (isPlainObject(root.hooksConfig)) return true;
    return isPlainObject(root.hooks) && GEMINI_ONLY_EVENTS.some((event) => Object.hasOwn(root.hooks as object, event));
  },
  eventOf(key) {
    const event = canonicalEvent(key);
    return event === undefined ? undefined : { event };
  },
  disabled(root) {
    disabledHooks = disabledList(root);
    return isPlainObject(root.hooksConfig) && root.hooksConfig.enabled === false
      ? '"hooksConfig.enabled" is false, so none of this file\'s hooks are loaded (Gemini CLI would run none of them either)'
      : undefined;
  },
};

/** The Gemini CLI dialect's configuration side. */
export const GEMINI_CONFIG: DialectConfig = agentSettings(GEMINI_SETTINGS);

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
