/**
 * The entry that routes an agent's events into hookgate — `hook-run
 * gateway` as a Claude-style agent's command hook, or a call to `hook-run
 * serve` — is not a hook. Loaded as a layer (the agent's settings file read
 * as a project's .claude/settings.json, say), it would start hookgate again
 * for every event it answers. It is left out where it is read, with a
 * warning that `hook-run check` shows and `hook-run list` notes; `hook-run
 * install` recognises it to replace or remove it.
 *
 * @module
 */

import { basename } from "../_internal/path.ts";
import type { ConfiguredHook, ConfiguredHooks } from "../events/configured.ts";
import type { HookEvent } from "../events/event_map.ts";
import { commandWords } from "../trust/hook_files.ts";
import type { ConfigDiagnostic } from "./diagnostics.ts";
import type { ParsedHooksConfig } from "./parsed_config.ts";

/**
 * An entry left out because it routes the agent's events to hookgate.
 *
 * @example The gateway, as Claude Code's settings route to it
 * ```ts
 * import type { RoutingEntry } from "@hookgate/core";
 *
 * const entry: RoutingEntry = { event: "PreToolUse", target: "hook-run gateway", source: "/p/.claude/settings.json" };
 * ```
 */
export interface RoutingEntry {
  /** The event it was configured for. */
  event: HookEvent;
  /** Its command or URL. */
  target: string;
  /** The file it is in. */
  source: string;
}

/** Programs that are hookgate's command line: a launcher, the bundle's entry, a compiled binary (and `hook-run/main.js`, `deno task bundle`'s). */
const PROGRAMS = new Set(["hook-run", "hookgate", "hook-run.js", "hookgate.js", "hook-run.exe", "hookgate.exe"]);

/**
 * `parsed` without the entries that route to hookgate; each one left out
 * is an entry in `routing` and, unless `agentsOwn` (the file is an agent's
 * own settings, where its routing belongs: Cursor's `~/.cursor/hooks.json`),
 * a warning in `diagnostics`.
 */
export function withoutRouting(
  parsed: ParsedHooksConfig,
  path: string,
  diagnostics: ConfigDiagnostic[],
  routing: RoutingEntry[],
  agentsOwn = false,
): ParsedHooksConfig {
  let hooks: ConfiguredHooks | undefined;
  for (const [event, list] of Object.entries(parsed.hooks) as [HookEvent, ConfiguredHook[]][]) {
    const kept = list.filter((hook, index) => {
      const target = hookgateRoute(hook);
      if (target === undefined) return true;
      routing.push({ event, target, source: path });
      if (agentsOwn) return false;
      diagnostics.push({
        severity: "warning",
        file: path,
        line: 1,
        column: 1,
        path: ["hooks", event, index],
        message: `this ${event} entry routes the agent's events to hookgate (${JSON.stringify(target)}); ` +
          "it is not run as a hook, which would start hookgate again for every event it answers",
        hint: "keep the routing in the agent's own settings, and load a file without it as a hookgate layer",
      });
      return false;
    });
    if (kept.length !== list.length) (hooks ??= { ...parsed.hooks })[event] = kept;
  }
  return hooks === undefined ? parsed : { ...parsed, hooks };
}

/**
 * The command or URL of a hook that routes an agent's events to hookgate
 * (`hook-run gateway` run by a launcher, the bundle or a binary named
 * `hook-run` or `hookgate`, or a call to hook-run serve's `/hooks`), or
 * `undefined` for any other hook.
 *
 * @param hook The hook.
 * @returns What it routes to, or `undefined`.
 *
 * @example
 * ```ts
 * import { hookgateRoute } from "@hookgate/core/config";
 * import { equal } from "node:assert/strict";
 *
 * equal(hookgateRoute({ command: "'/h/bin/hook-run' gateway" }), "'/h/bin/hook-run' gateway");
 * equal(hookgateRoute({ command: "jq -r .tool_name" }), undefined);
 * ```
 */
export function hookgateRoute(hook: ConfiguredHook): string | undefined {
  if (hook.type === "prompt") return undefined;
  if (hook.type === "http") {
    // A Claude settings file's HTTP handler for hook-run serve; a native
    // HTTP hook is someone's policy service, whatever its path.
    return hook.dialect === "claude" && servesHooks(hook.url) ? hook.url : undefined;
  }
  const text = [hook.command, ...hook.args ?? []].join(" ");
  // Most commands mention neither: they never pay for the words.
  if (!text.includes("gateway") && !text.includes("/hooks")) return undefined;
  const words = commandWords(hook);
  const program = words.findIndex((word) => {
    const name = basename(word);
    return PROGRAMS.has(name) || word.endsWith("src/cli/main.ts") || word.endsWith("hook-run/main.js") ||
      word.startsWith("jsr:@hookgate/core");
  });
  if (program !== -1 && words.slice(program + 1).includes("gateway")) return text;
  const client = words.findIndex((word) => basename(word) === "curl" || basename(word) === "wget");
  if (client !== -1 && words.slice(client + 1).some(servesHooks)) return text;
  return undefined;
}

/** Whether `text` is a loopback URL of hook-run serve's `/hooks` or `/hooks/<Event>`. */
function servesHooks(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  const loopback = url.hostname === "localhost" || url.hostname === "[::1]" ||
    /^127\.\d+\.\d+\.\d+$/.test(url.hostname);
  return (url.protocol === "http:" || url.protocol === "https:") && loopback &&
    /^\/hooks(?:\/[A-Za-z]+)?\/?$/.test(url.pathname);
}
