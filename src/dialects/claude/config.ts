// Claude Code settings as a configuration layer: `{"hooks": {Event:
// [{matcher, hooks: [{type, command|url|prompt, …}]}]}}`, every other
// top-level key ignored. Timeouts are seconds; matchers are Claude's; a hook
// entry without its group wrapper (which Claude silently ignores, and with
// it the whole file) is an error here, with the fix. A handler key hookgate
// does not know (Claude and its plugins add some) is a warning: the hook
// still runs, as it does in Claude.

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
  strictObject,
  string,
  UNKNOWN,
} from "../../_internal/shape.ts";
import { LONG_TIMEOUT_MS, MAX_AGENT_TIMEOUT_MS } from "../../_internal/limits.ts";
import { durationText } from "../../_internal/text.ts";
import type { ConfiguredHook } from "../../events/configured.ts";
import type { HookEvent } from "../../events/event_map.ts";
import { compileClaudeMatcher } from "../../matchers/claude.ts";
import type { DialectConfig, EntryContext, JsonPath } from "../shared/config_types.ts";
import { scrubs } from "./env.ts";
import { rowOf } from "./events.ts";
import { claudeOnlyHandler } from "./settings.ts";
import { openEntry } from "../shared/_broken_entry.ts";
import { readHandler } from "../shared/_handler.ts";

/** A matcher group: `{"matcher": "…", "hooks": [ … ]}`. */
export const CLAUDE_GROUP: ObjectShape = strictObject({
  matcher: optional(string()),
  hooks: arrayOf(UNKNOWN),
});

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
const GROUP_KEYS: readonly string[] = keysOf(CLAUDE_GROUP);

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

/** The Claude Code dialect's configuration side. */
export const CLAUDE_CONFIG: DialectConfig = Object.freeze<DialectConfig>({
  name: "claude",
  label: "Claude Code",
  markers: new Set(),
  strictTop: false,
  securityLists: { httpAllowedUrls: "allowedHttpHookUrls" },
  models: false,
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
  entries(event, value, path, context) {
    if (!isPlainObject(value)) {
      context.error(path, "each entry must be a matcher group", '{"matcher": "…", "hooks": [{"type": "command", …}]}');
      return [];
    }
    if (!Array.isArray(value.hooks) && (value.command !== undefined || value.type !== undefined)) {
      context.error(
        path,
        "this hook is not inside a matcher group: Claude Code silently ignores such an entry (and with it every hook of the file)",
        'wrap it: {"matcher": "", "hooks": [ <this hook> ]}',
      );
      return [];
    }
    if (!context.check(CLAUDE_GROUP, value, path, GROUP_KEYS)) return [];
    const matcher = value.matcher as string | undefined;
    if (!checkMatcher(event, matcher, [...path, "matcher"], context)) return [];
    const hooks: ConfiguredHook[] = [];
    for (const [index, item] of (value.hooks as unknown[]).entries()) {
      const hook = claudeHook(event, item, matcher, [...path, "hooks", index], context);
      if (hook !== null) hooks.push(hook);
    }
    return hooks;
  },
  // Claude hooks have no failure policy: a broken one could only have failed
  // open, and Claude Code drops the group. Named by the handler at fault.
  broken(value, at) {
    const handlers = isPlainObject(value) && Array.isArray(value.hooks) ? value.hooks : [];
    const index = at[0] === "hooks" && typeof at[1] === "number" ? at[1] : 0;
    return openEntry(value, "claude", handlers[index]);
  },
});

/**
 * A Claude timeout in milliseconds. Claude waits as long as a hook's
 * `timeout` says — an approval hook may wait days for a human — so hookgate
 * does too, up to a week; past an hour it says how long a call may wait
 * (and that 5000 may have been meant as milliseconds).
 */
function claudeTimeout(seconds: number, path: JsonPath, context: EntryContext): number {
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
      `"timeout" is ${seconds} seconds (${
        durationText(seconds)
      }): a call waits that long for this hook, as in Claude Code`,
      `Claude Code timeouts are in seconds: if you meant milliseconds, write ${
        Math.max(1, Math.round(seconds / 1000))
      }`,
    );
  }
  return ms;
}

function checkMatcher(event: HookEvent, matcher: string | undefined, path: JsonPath, context: EntryContext): boolean {
  const trimmed = matcher?.trim() ?? "";
  if (rowOf(event).matchOn === null) {
    // Never read, so never compiled: Claude Code ignores it, even one that is no valid regex.
    if (trimmed !== "" && trimmed !== "*") {
      context.warning(path, `${event} hooks have nothing to match, so the matcher is ignored (as Claude Code does)`);
    }
    return true;
  }
  try {
    compileClaudeMatcher(matcher, event);
  } catch (error) {
    context.error(path, (error as Error).message, 'use an exact name, a list such as "Edit|Write", or a valid regex');
    return false;
  }
  return true;
}

function claudeHook(
  event: HookEvent,
  value: unknown,
  matcher: string | undefined,
  path: JsonPath,
  context: EntryContext,
): ConfiguredHook | null {
  if (readHandler(value, CLAUDE_HANDLER, CLAUDE_HANDLER_KEYS, "Claude Code", path, context) === null) return null;
  const h = value as Handler;
  const type = h.type ?? "command";
  const claudeOnly = claudeOnlyHandler(h as Record<string, unknown>);
  if (claudeOnly !== undefined) {
    // Not an error: in Claude's own file Claude runs it, and install and import-claude leave it there.
    context.warning(
      [...path, type === "command" ? "shell" : "type"],
      `hookgate cannot run this hook outside Claude Code (${claudeOnly}), so it does not run it`,
      "keep it in a Claude Code settings file, where Claude runs it",
    );
    return null;
  }
  const timeoutMs = claudeTimeout(h.timeout ?? defaultSeconds(event, type), [...path, "timeout"], context);
  const base: { dialect: "claude"; stage?: "mutate"; timeoutMs: number; matcher?: string; toolRule?: string } = {
    dialect: "claude" as const,
    // Claude hooks may rewrite the input: they run in the mutate stage, all
    // at the same time on the same input as in Claude (after the native
    // mutate chain), the later rewrite in configuration order winning.
    ...(rowOf(event).canMutate ? { stage: "mutate" as const } : {}),
    timeoutMs,
    ...(matcher === undefined ? {} : { matcher }),
  };
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
