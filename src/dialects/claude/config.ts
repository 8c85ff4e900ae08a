// Claude Code settings as a configuration layer: `{"hooks": {Event:
// [{matcher, hooks: [{type, command|url|prompt, …}]}]}}`, every other
// top-level key ignored. Timeouts are seconds; matchers are Claude's; a hook
// entry without its group wrapper (which Claude silently ignores, and with
// it the whole file) is an error here, with the fix. A handler key hookgate
// does not know (Claude and its plugins add some) is a warning: the hook
// still runs, as it does in Claude.
//
// The file is read by the one reader of agents' settings files
// (../shared/_agent_settings.ts); what is here is only what differs.

import { isPlainObject } from "../../_internal/json.ts";
import {
  arrayOf,
  BOOLEAN,
  keysOf,
  looseObject,
  number,
  type ObjectShape,
  oneOf,
  optional,
  recordOf,
  string,
  UNKNOWN,
} from "../../_internal/shape.ts";
import { MAX_AGENT_TIMEOUT_MS } from "../../_internal/limits.ts";
import type { ConfiguredHook } from "../../events/configured.ts";
import type { HookEvent } from "../../events/event_map.ts";
import { compileClaudeMatcher } from "../../matchers/claude.ts";
import {
  agentHook,
  type AgentSettings,
  agentSettings,
  agentTimeout,
  MATCHER_GROUP,
  matcherCompiles,
} from "../shared/_agent_settings.ts";
import type { DialectConfig, EntryContext, JsonPath } from "../shared/config_types.ts";
import { scrubs } from "./env.ts";
import { rowOf } from "./events.ts";
import { claudeOnlyHandler } from "./settings.ts";

/** A matcher group: `{"matcher": "…", "hooks": [ … ]}`. */
export const CLAUDE_GROUP: ObjectShape = MATCHER_GROUP;

/** One hook of a matcher group (the keys hookgate knows; others are reported, not refused). */
export const CLAUDE_HANDLER: ObjectShape = looseObject({
  type: optional(oneOf(["command", "http", "prompt", "mcp_tool", "agent"])),
  command: optional(string(1)),
  args: optional(arrayOf(string())),
  shell: optional(oneOf(["bash", "powershell"])),
  async: optional(BOOLEAN),
  asyncRewake: optional(BOOLEAN),
  url: optional(string(1)),
  headers: optional(recordOf(string())),
  allowedEnvVars: optional(arrayOf(string())),
  prompt: optional(string(1)),
  model: optional(string(1)),
  continueOnBlock: optional(BOOLEAN),
  timeout: optional(number({ positive: true })),
  statusMessage: optional(string()),
  once: optional(BOOLEAN),
  if: optional(string()),
  server: optional(string()),
  tool: optional(string()),
  input: optional(UNKNOWN),
});

/** A handler that passed the check of {@linkcode CLAUDE_HANDLER}. */
interface Handler {
  type?: "command" | "http" | "prompt" | "mcp_tool" | "agent";
  command?: string;
  args?: string[];
  shell?: "bash" | "powershell";
  async?: boolean;
  asyncRewake?: boolean;
  url?: string;
  headers?: Record<string, string>;
  allowedEnvVars?: string[];
  prompt?: string;
  model?: string;
  continueOnBlock?: boolean;
  timeout?: number;
  statusMessage?: string;
  once?: boolean;
  if?: string;
  server?: string;
  tool?: string;
  input?: unknown;
}

/** Every key a Claude handler may have. */
export const CLAUDE_HANDLER_KEYS: readonly string[] = keysOf(CLAUDE_HANDLER);

/** Top-level keys only Claude Code settings have: a file with one is Claude's. */
const CLAUDE_TOP_KEYS = [
  "permissions",
  "env",
  "enabledPlugins",
  "statusLine",
  "disableAllHooks",
  "allowedHttpHookUrls",
  "httpHookAllowedEnvVars",
  "allowManagedHooksOnly",
  "outputStyle",
  "includeCoAuthoredBy",
];

/** Claude's defaults, in seconds: 600 for command and HTTP hooks (30 on UserPromptSubmit, 10 on MessageDisplay), 30 for prompts. */
function defaultSeconds(event: HookEvent, type: string): number {
  if (type === "prompt") return 30;
  return event === "UserPromptSubmit" ? 30 : event === "MessageDisplay" ? 10 : 600;
}

/** What Claude Code's settings say differently from the other agents' settings. */
const CLAUDE_SETTINGS: AgentSettings = {
  name: "claude",
  label: "Claude Code",
  agent: "Claude Code",
  securityLists: { httpAllowedUrls: "allowedHttpHookUrls" },
  groups: {
    noun: "matcher group",
    ungrouped: "Claude Code silently ignores such an entry (and with it every hook of the file)",
  },
  hook: CLAUDE_HANDLER,
  // Claude waits as long as a hook's `timeout` says — an approval hook may
  // wait days for a human — so hookgate does too, up to a week.
  timeout: { unit: "seconds", longestMs: MAX_AGENT_TIMEOUT_MS },
  matcher: (event, matcher, path, context) => checkMatcher(event, matcher, path, context) ? matcher : null,
  skip(entry, path) {
    const claudeOnly = claudeOnlyHandler(entry);
    if (claudeOnly === undefined) return undefined;
    // Not an error: in Claude's own file Claude runs it, and install and import-claude leave it there.
    return {
      path: [...path, (entry.type ?? "command") === "command" ? "shell" : "type"],
      message: `hookgate cannot run this hook outside Claude Code (${claudeOnly}), so it does not run it`,
      hint: "keep it in a Claude Code settings file, where Claude runs it",
    };
  },
  read: claudeHook,
  // Claude's own switch, set in the settings' env for the whole session.
  sanitizesEnv: (root) => isPlainObject(root.env) && scrubs(root.env.CLAUDE_CODE_SUBPROCESS_ENV_SCRUB),
  detects(root) {
    if (CLAUDE_TOP_KEYS.some((key) => Object.hasOwn(root, key))) return true;
    if (!isPlainObject(root.hooks)) return false;
    return Object.values(root.hooks).some((list) =>
      Array.isArray(list) && list.some((entry) => isPlainObject(entry) && Array.isArray(entry.hooks))
    );
  },
  disabled: (root) =>
    root.disableAllHooks === true
      ? '"disableAllHooks" is true, so none of this file\'s hooks are loaded (Claude Code would run none of them either)'
      : undefined,
};

/** The Claude Code dialect's configuration side. */
export const CLAUDE_CONFIG: DialectConfig = agentSettings(CLAUDE_SETTINGS);

function checkMatcher(event: HookEvent, matcher: string | undefined, path: JsonPath, context: EntryContext): boolean {
  const trimmed = matcher?.trim() ?? "";
  if (rowOf(event).matchOn === null) {
    // Never read, so never compiled: Claude Code ignores it, even one that is no valid regex.
    if (trimmed !== "" && trimmed !== "*") {
      context.warning(path, `${event} hooks have nothing to match, so the matcher is ignored (as Claude Code does)`);
    }
    return true;
  }
  return matcherCompiles(() => compileClaudeMatcher(matcher, event), path, context);
}

function claudeHook(
  event: HookEvent,
  value: Record<string, unknown>,
  matcher: string | undefined,
  path: JsonPath,
  context: EntryContext,
): ConfiguredHook | null {
  const h = value as Handler;
  const type = h.type ?? "command";
  const timeoutMs = agentTimeout(
    CLAUDE_SETTINGS,
    h.timeout ?? defaultSeconds(event, type),
    [...path, "timeout"],
    context,
  );
  // Claude hooks may rewrite the input: they run in the mutate stage, after the native mutate chain.
  const base: ReturnType<typeof agentHook> & { toolRule?: string } = agentHook("claude", event, timeoutMs, matcher);
  if (h.continueOnBlock !== undefined && type !== "prompt") {
    context.warning([...path, "continueOnBlock"], `"continueOnBlock" applies to prompt hooks only; it is ignored here`);
  }
  if (h.if !== undefined) {
    if (!context.toolRule(event, h.if, [...path, "if"])) return null;
    base.toolRule = h.if;
  }
  const forbidden = FORBIDDEN[type] ?? [];
  for (const key of forbidden) {
    if (h[key as keyof Handler] !== undefined) {
      context.error([...path, key], `"${key}" does not apply to a ${type} hook`, undefined, true);
      return null;
    }
  }
  switch (type) {
    case "http":
      if (h.url === undefined) {
        context.error(path, 'an HTTP hook needs a "url"');
        return null;
      }
      if (!context.url(h.url, false, [...path, "url"])) return null;
      return {
        ...base,
        type: "http",
        url: h.url,
        ...(h.headers ? { headers: h.headers } : {}),
        ...(h.allowedEnvVars ? { allowedEnvVars: h.allowedEnvVars } : {}),
      };
    case "prompt":
      if (h.prompt === undefined) {
        context.error(path, 'a prompt hook needs a "prompt" (the instruction; $ARGUMENTS stands for the event JSON)');
        return null;
      }
      return {
        ...base,
        type: "prompt",
        prompt: h.prompt,
        ...(h.model ? { model: h.model } : {}),
        ...(h.continueOnBlock === true ? { continueOnBlock: true } : {}),
      };
    default: {
      if (h.command === undefined) {
        context.error(path, 'a command hook needs a "command"');
        return null;
      }
      // As in Claude, an async hook (asyncRewake implies it) never holds the
      // call and never decides; what it says comes with the session's next call.
      const rewake = h.asyncRewake === true;
      const async = h.async === true || rewake;
      // Claude runs shell-form commands through bash when "shell" says so.
      const form = h.args !== undefined
        ? { command: h.command, args: h.args }
        : h.shell === "bash"
        ? { command: "bash", args: ["-c", h.command] }
        : { command: h.command };
      // No allowlist check: Claude runs whatever command a hook names, and so does hookgate.
      return { ...base, ...form, ...(async ? { async: true } : {}), ...(rewake ? { rewake: true } : {}) };
    }
  }
}

const FORBIDDEN: Record<string, readonly string[]> = {
  command: ["url", "headers", "allowedEnvVars", "prompt", "model", "server", "tool", "input"],
  http: ["command", "args", "shell", "async", "asyncRewake", "prompt", "model", "server", "tool", "input"],
  prompt: [
    "command",
    "args",
    "shell",
    "async",
    "asyncRewake",
    "url",
    "headers",
    "allowedEnvVars",
    "server",
    "tool",
    "input",
  ],
};
