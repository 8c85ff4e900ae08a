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
//
// The file is read by the one reader of agents' settings files
// (../shared/_agent_settings.ts); what is here is only what differs.

import { BOOLEAN, looseObject, number, type ObjectShape, oneOf, optional, string } from "../../_internal/shape.ts";
import { MAX_AGENT_TIMEOUT_MS, MAX_TIMEOUT_MS } from "../../_internal/limits.ts";
import { isHookEvent } from "../../events/table.ts";
import { compileCodexMatcher } from "../../matchers/codex.ts";
import {
  agentHook,
  type AgentSettings,
  agentSettings,
  agentTimeout,
  matcherCompiles,
} from "../shared/_agent_settings.ts";
import { rowOf } from "../shared/_later_event.ts";
import type { DialectConfig } from "../shared/config_types.ts";
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

/** Codex's default timeout, in seconds. */
const DEFAULT_SECONDS = MAX_TIMEOUT_MS / 1000;

/** What Codex's hooks.json says differently from the other agents' settings. */
const CODEX_SETTINGS: AgentSettings = {
  name: "codex",
  label: "OpenAI Codex",
  agent: "Codex",
  fires: CODEX_EVENTS,
  // Claude Code's matcher groups.
  groups: { noun: "matcher group" },
  hook: CODEX_HANDLER,
  // Codex 0.169 waits as long as a hook's `timeout` says (`1200` is 20 minutes), so hookgate does too, up to a week.
  timeout: { unit: "seconds", longestMs: MAX_AGENT_TIMEOUT_MS, whole: true },
  // As Codex reads it: none for every call, and none on an event whose matchers it never reads.
  matcher(event, matcher, path, context) {
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
    return matcherCompiles(() => compileCodexMatcher(matcher), path, context) ? matcher : null;
  },
  skip(entry, path) {
    const type = (entry.type as string | undefined) ?? "command";
    if (type === "command") return undefined;
    return {
      path: [...path, "type"],
      message: `Codex skips ${type} hooks (it runs command hooks only), so hookgate does not run this one either`,
    };
  },
  read(event, value, matcher, path, context) {
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
    const seconds = (value.timeout as number | undefined) ?? DEFAULT_SECONDS;
    // No allowlist check: Codex runs whatever command a hook names, and so does hookgate.
    return {
      ...agentHook("codex", event, agentTimeout(CODEX_SETTINGS, seconds, [...path, "timeout"], context), matcher),
      command: value.command,
      // As in Codex, an async hook never holds the call and never decides: its
      // context and message come with the session's next call.
      ...(value.async === true ? { async: true } : {}),
    };
  },
};

/** The OpenAI Codex dialect's configuration side. */
export const CODEX_CONFIG: DialectConfig = agentSettings(CODEX_SETTINGS);
