// OpenAI Codex's hooks.json as a configuration layer: Claude Code's shape
// (`{"hooks": {Event: [{matcher, hooks: [{type: "command", command,
// timeout, statusMessage}]}]}}`), timeouts in seconds (600 by default),
// matchers as Codex reads them, and only Codex's events. Codex runs command
// hooks only: its prompt and agent hooks are skipped, here as there. The
// file's shape is Claude's, so it is never detected: it is Codex's where it
// is (`.codex/hooks.json`) or when it says `"dialect": "codex"`.

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
import { MAX_TIMEOUT_MS } from "../../_internal/limits.ts";
import type { ConfiguredHook } from "../../events/configured.ts";
import type { HookEvent } from "../../events/event_map.ts";
import { HOOK_EVENTS } from "../../events/table.ts";
import { compileCodexMatcher } from "../../matchers/codex.ts";
import { openEntry } from "../_broken_entry.ts";
import { readHandler } from "../_handler.ts";
import { CLAUDE_GROUP } from "../claude/config.ts";
import type { DialectConfig, EntryContext, JsonPath } from "../config_types.ts";
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

/** Codex's default, and the longest a hook may run here, in seconds. */
const MAX_SECONDS = MAX_TIMEOUT_MS / 1000;

/** The OpenAI Codex dialect's configuration side. */
export const CODEX_CONFIG: DialectConfig = Object.freeze<DialectConfig>({
  name: "codex",
  label: "OpenAI Codex",
  markers: new Set(),
  strictTop: false,
  securityLists: {},
  models: false,
  entries(event, value, path, context) {
    if (!CODEX_EVENTS.has(event)) {
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
  if (MATCHER_IGNORED.has(event) || HOOK_EVENTS[event].matchOn === null) {
    if (matcher !== "" && matcher !== "*") {
      context.warning(path, `Codex ignores matchers on ${event}, so this hook runs every time`);
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
  const seconds = (value.timeout ?? value.timeoutSec ?? MAX_SECONDS) as number;
  let timeoutMs = Math.max(1, Math.round(seconds * 1000));
  if (seconds > MAX_SECONDS) {
    context.warning(
      [...path, value.timeout === undefined ? "timeoutSec" : "timeout"],
      `"timeout" is ${seconds} seconds; the longest is ${MAX_SECONDS}, so it is capped`,
      seconds >= 1000
        ? `Codex timeouts are in seconds: if you meant milliseconds, write ${Math.round(seconds / 1000)}`
        : undefined,
    );
    timeoutMs = MAX_TIMEOUT_MS;
  }
  if (value.async === true) {
    context.warning(
      [...path, "async"],
      `Codex skips async hooks (it does not support them yet), so hookgate does not run this one either`,
    );
    return null;
  }
  const row = HOOK_EVENTS[event];
  // No allowlist check: Codex runs whatever command a hook names, and so does hookgate.
  return {
    dialect: "codex",
    // Codex hooks may rewrite PreToolUse's input: all at once on the same input, the later rewrite winning.
    ...(row.canMutate ? { stage: "mutate" as const } : {}),
    timeoutMs,
    ...(matcher === undefined ? {} : { matcher }),
    command: value.command,
  };
}
