// OpenAI Codex's hooks.json as a configuration layer: Claude Code's shape
// (`{"hooks": {Event: [{matcher, hooks: [{type: "command", command,
// timeout, async, statusMessage}]}]}}`), timeouts in whole seconds (600 by
// default, as long as a hook says, as in Codex 0.169), matchers as Codex
// reads them, and only Codex's events — those of the table, and any it
// added later (PreModelRequest, …), whose hooks run and decide nothing.
// Codex runs command hooks only: its prompt and agent hooks are skipped,
// here as there; an async hook runs in the background, as in Codex, and
// never decides. The file's shape is Claude's, so it is never detected: it
// is Codex's where it is (`.codex/hooks.json`) or when it says `"dialect":
// "codex"`.

import { isPlainObject } from "../../_internal/json.ts";
import {
  BOOLEAN,
  keysOf,
  looseObject,
  number,
  type ObjectShape,
  oneOf,
  optional,
  string,
} from "../../_internal/shape.ts";
import { LONG_TIMEOUT_MS, MAX_AGENT_TIMEOUT_MS, MAX_TIMEOUT_MS } from "../../_internal/limits.ts";
import { durationText } from "../../_internal/text.ts";
import type { ConfiguredHook } from "../../events/configured.ts";
import type { HookEvent } from "../../events/event_map.ts";
import { isHookEvent } from "../../events/table.ts";
import { compileCodexMatcher } from "../../matchers/codex.ts";
import { openEntry } from "../shared/_broken_entry.ts";
import { readHandler } from "../shared/_handler.ts";
import { rowOf } from "../shared/_later_event.ts";
import { CLAUDE_GROUP } from "../claude/config.ts";
import type { DialectConfig, EntryContext, JsonPath } from "../shared/config_types.ts";
import { CODEX_EVENTS, MATCHER_IGNORED } from "./events.ts";

/** One hook of a Codex matcher group. */
const CODEX_HANDLER: ObjectShape = looseObject({
  type: optional(oneOf(["command", "prompt", "agent"])),
  command: optional(string(1)),
  timeout: optional(number({ positive: true })),
  timeoutSec: optional(number({ positive: true })),
  async: optional(BOOLEAN),
  statusMessage: optional(string()),
});
const HANDLER_KEYS: readonly string[] = keysOf(CODEX_HANDLER);
const GROUP_KEYS: readonly string[] = keysOf(CLAUDE_GROUP);

/** Codex's default timeout, in seconds. */
const DEFAULT_SECONDS = MAX_TIMEOUT_MS / 1000;

/** The OpenAI Codex dialect's configuration side. */
export const CODEX_CONFIG: DialectConfig = Object.freeze<DialectConfig>({
  name: "codex",
  label: "OpenAI Codex",
  markers: new Set(),
  strictTop: false,
  securityLists: {},
  models: false,
  entries(event, value, path, context) {
    // An event Codex added later (its name reached here as one) runs; an event of the table Codex lacks never does.
    if (isHookEvent(event) && !CODEX_EVENTS.has(event)) {
      context.warning(
        path,
        `Codex has no ${event} hook event, so this entry never runs`,
        `Codex's events are ${[...CODEX_EVENTS].join(", ")}`,
      );
      return [];
    }
    if (!isPlainObject(value)) {
      context.error(path, "each entry must be a matcher group", '{"matcher": "…", "hooks": [{"type": "command", …}]}');
      return [];
    }
    if (!context.check(CLAUDE_GROUP, value, path, GROUP_KEYS)) return [];
    const matcher = readMatcher(event, value.matcher as string | undefined, [...path, "matcher"], context);
    if (matcher === null) return [];
    const hooks: ConfiguredHook[] = [];
    for (const [index, item] of (value.hooks as unknown[]).entries()) {
      const hook = codexHook(event, item, matcher, [...path, "hooks", index], context);
      if (hook !== null) hooks.push(hook);
    }
    return hooks;
  },
  // Codex skips a hook it cannot read: a broken one could only have failed open.
  broken(value, at) {
    const handlers = isPlainObject(value) && Array.isArray(value.hooks) ? value.hooks : [];
    const index = at[0] === "hooks" && typeof at[1] === "number" ? at[1] : 0;
    return openEntry(value, "codex", handlers[index]);
  },
});

/** The matcher as Codex reads it: `undefined` for every call, `null` when it does not compile. */
function readMatcher(
  event: HookEvent,
  matcher: string | undefined,
  path: JsonPath,
  context: EntryContext,
): string | undefined | null {
  if (matcher === undefined) return undefined;
  if (MATCHER_IGNORED.has(event) || rowOf(event).matchOn === null) {
    if (matcher !== "" && matcher !== "*") {
      context.warning(
        path,
        isHookEvent(event)
          ? `Codex ignores matchers on ${event}, so this hook runs every time`
          // Codex 0.169 ignores them on PreModelRequest too.
          : `${event} has nothing hookgate can match, so this hook runs every time`,
      );
    }
    return undefined;
  }
  try {
    compileCodexMatcher(matcher);
  } catch (error) {
    context.error(path, (error as Error).message, 'use an exact name, a list such as "Edit|Write", or a valid regex');
    return null;
  }
  return matcher;
}

function codexHook(
  event: HookEvent,
  item: unknown,
  matcher: string | undefined,
  path: JsonPath,
  context: EntryContext,
): ConfiguredHook | null {
  const value = readHandler(item, CODEX_HANDLER, HANDLER_KEYS, "Codex", path, context);
  if (value === null) return null;
  const type = (value.type as string | undefined) ?? "command";
  if (type !== "command") {
    context.warning(
      [...path, "type"],
      `Codex skips ${type} hooks (it runs command hooks only), so hookgate does not run this one either`,
    );
    return null;
  }
  if (typeof value.command !== "string") {
    context.error(path, 'a command hook needs a "command"');
    return null;
  }
  if (value.timeoutSec !== undefined && value.timeout === undefined) {
    // Codex 0.169 reads only "timeout": a hook with "timeoutSec" alone waits its default 600 seconds there.
    context.warning(
      [...path, "timeoutSec"],
      `Codex reads "timeout", not "timeoutSec", so this hook's timeout is Codex's default of ${DEFAULT_SECONDS} seconds`,
      `write "timeout": ${value.timeoutSec}`,
    );
  }
  const timeoutMs = codexTimeout(
    (value.timeout as number | undefined) ?? DEFAULT_SECONDS,
    [...path, "timeout"],
    context,
  );
  const row = rowOf(event);
  // No allowlist check: Codex runs whatever command a hook names, and so does hookgate.
  return {
    dialect: "codex",
    // Codex hooks may rewrite PreToolUse's input: all at once on the same input, the later rewrite winning.
    ...(row.canMutate ? { stage: "mutate" as const } : {}),
    timeoutMs,
    ...(matcher === undefined ? {} : { matcher }),
    command: value.command,
    // As in Codex, an async hook never holds the call and never decides: its
    // context and message come with the session's next call.
    ...(value.async === true ? { async: true } : {}),
  };
}

/**
 * A Codex timeout in milliseconds. Codex 0.169 waits as long as a hook's
 * `timeout` says (`1200` is 20 minutes), so hookgate does too, up to a
 * week; past an hour it says how long a call may wait (and that 5000 may
 * have been meant as milliseconds).
 */
function codexTimeout(seconds: number, path: JsonPath, context: EntryContext): number {
  if (!Number.isInteger(seconds)) {
    context.warning(
      path,
      `"timeout" is ${seconds}, but Codex reads whole seconds only: it cannot read this file and runs none of its hooks`,
      `write "timeout": ${Math.max(1, Math.round(seconds))}`,
    );
  }
  const ms = Math.max(1, Math.round(seconds * 1000));
  if (ms > MAX_AGENT_TIMEOUT_MS) {
    context.warning(
      path,
      `"timeout" is ${seconds} seconds (${durationText(seconds)}); the longest is a week (${
        MAX_AGENT_TIMEOUT_MS / 1000
      }), so it is capped`,
    );
    return MAX_AGENT_TIMEOUT_MS;
  }
  if (ms > LONG_TIMEOUT_MS) {
    context.warning(
      path,
      `"timeout" is ${seconds} seconds (${durationText(seconds)}): a call waits that long for this hook, as in Codex`,
      `Codex timeouts are in seconds: if you meant milliseconds, write ${Math.max(1, Math.round(seconds / 1000))}`,
    );
  }
  return ms;
}
