// What `hook-run install claude` writes into Claude Code's settings: the
// routing of every event hookgate models to the launcher (or to hook-run
// serve), and the user's own hooks on those events moved into hookgate's
// file, so that hookgate runs each of them once — but what only Claude can
// run, or what calls a local /hooks URL, stays where Claude runs it.

import { CLAUDE_HOOKS_FILE, hookgateRoute } from "../config/mod.ts";
import {
  addClaudeHooks,
  type ClaudeHooks,
  claudeOnlyHandler,
  type ClaudeRoute,
  claudeRoutedEvents,
  claudeRoutingGroup,
  type ClaudeSettings,
  type ClaudeSettingsSplit,
  claudeTimeouts,
  isClaudeRouting,
  routingTimeout,
  splitClaudeSettings,
  type SplitClaudeSettingsOptions,
} from "../dialects/mod.ts";
import { readGrantedEnv } from "../_internal/env.ts";
import type { JsonFile } from "./json_file.ts";
import { fastPathCommand, fastPathMaxTime } from "./fast_path.ts";
import { launcherPaths, quote } from "./launcher.ts";
import { readSettings, settingsValue } from "./_settings_file.ts";
import type { InstallClaudeOptions } from "./types.ts";

/** What one attempt of install writes into the two settings files, from the files as they are now. */
export interface ClaudePlan {
  settings: JsonFile | undefined;
  moved: JsonFile | undefined;
  /** hookgate's file of the hooks install moved. */
  movedPath: string;
  split: ClaudeSettingsSplit;
  movedNext: ClaudeSettings;
  next: ClaudeSettings;
  routed: string[];
  route: ClaudeRoute;
  movedChanged: boolean;
  settingsChanged: boolean;
  /** What install says about the hooks it left where they were. */
  notes: string[];
}

/**
 * What install writes into Claude's settings and hookgate's file of moved
 * hooks, from both files as they are now: the routing to the launcher (or
 * the server), the user's hooks that move, and what it says of those that
 * stay.
 */
export async function planClaudeSettings(options: InstallClaudeOptions): Promise<ClaudePlan> {
  const { serve, port, tokenEnv, keepHooks, home, settingsPath } = options;
  const movedPath = `${home}/${CLAUDE_HOOKS_FILE}`;
  const paths = launcherPaths(home);
  const settings = await readSettings(settingsPath, "the Claude settings file");
  const moved = await readSettings(movedPath, "hookgate's file of moved Claude hooks");
  const routed = claudeRoutedEvents();
  // What hookgate cannot run outside Claude stays in Claude's file, where Claude runs it.
  let leftToClaude = 0;
  // A user's hook to a local /hooks URL: hookgate's layers would take it for its own routing and leave it out.
  let callsUrl = 0;
  // Routing to hookgate written by hand: it moves (hookgate leaves it out), and uninstall puts it back.
  let ownRouting = 0;
  const split = splitClaudeSettings(settingsValue(settings), {
    routes: installedRouting(home),
    move: (event, hook, handler) => {
      if (keepHooks || !routed.includes(event)) return false;
      if (claudeOnlyHandler(handler) !== undefined) {
        leftToClaude++;
        return false;
      }
      if (hook !== undefined && hookgateRoute(hook) !== undefined) {
        if (callsHooksUrl(handler)) {
          callsUrl++;
          return false;
        }
        ownRouting++;
      }
      return true;
    },
  });
  const movedNext = addClaudeHooks(settingsValue(moved), split.moved);
  const movedHooks = (movedNext.hooks ?? {}) as ClaudeHooks;
  const route: ClaudeRoute = {
    command: `${quote(paths.bin)} gateway`,
    ...(serve && options.socket === undefined ? { url: `http://127.0.0.1:${port}/hooks` } : {}),
    ...(tokenEnv === undefined ? {} : { tokenEnv }),
  };
  const timeouts = claudeTimeouts(movedHooks);
  const next = inOrderOf(
    settingsValue(settings),
    addClaudeHooks(
      split.settings,
      Object.fromEntries(routed.map((e) => {
        const timeout = routingTimeout(e, timeouts);
        const socket = options.socket;
        // The fast path: a command hook to the server's socket, the gateway when none answers.
        const to = socket === undefined
          ? route
          : { command: fastPathCommand(quote(paths.bin), quote(socket), fastPathMaxTime(timeout)) };
        return [e, [claudeRoutingGroup(e, to, timeout)]];
      })),
    ),
  );

  const notes: string[] = [];
  const kept = Object.keys((split.settings.hooks ?? {}) as ClaudeHooks).filter((event) =>
    keepHooks || !routed.includes(event)
  );
  if (kept.length > 0) {
    notes.push(
      `  kept      the hooks on ${kept.join(", ")} stay in Claude's file: Claude runs them${
        keepHooks ? " (--keep-hooks)" : " (events hookgate does not model)"
      }`,
    );
  }
  if (leftToClaude > 0) {
    notes.push(
      `  kept      ${leftToClaude === 1 ? "1 hook" : `${leftToClaude} hooks`} hookgate cannot run outside Claude ` +
        "(mcp_tool, agent, PowerShell) stay in Claude's file: Claude runs them beside the routing",
    );
  }
  if (callsUrl > 0) {
    notes.push(
      `  kept      ${callsUrl === 1 ? "1 hook" : `${callsUrl} hooks`} calling a local /hooks URL (an HTTP hook, ` +
        "curl or wget) stay in Claude's file: Claude runs them beside the routing, as before (hookgate would take " +
        "them for its own routing)",
    );
  }
  if (ownRouting > 0) {
    notes.push(
      `  note      ${ownRouting === 1 ? "1 moved hook routes" : `${ownRouting} moved hooks route`} to hookgate ` +
        "itself (hook-run gateway, written by hand): hookgate leaves it out, since it would start hookgate " +
        "again (hook-run check says so); uninstall puts it back",
    );
  }
  return {
    settings,
    moved,
    movedPath,
    split,
    movedNext,
    next,
    routed,
    route,
    movedChanged: split.movedCount > 0,
    settingsChanged: settings === undefined || JSON.stringify(settings.value) !== JSON.stringify(next),
    notes,
  };
}

/** `next` with its events in the order `before` had them (where the routing stood), the rest after. */
export function inOrderOf(before: ClaudeSettings, next: ClaudeSettings): ClaudeSettings {
  const hooks = (next.hooks ?? {}) as ClaudeHooks;
  const order = [...Object.keys((before.hooks ?? {}) as ClaudeHooks), ...Object.keys(hooks)];
  const sorted: ClaudeHooks = {};
  for (const event of order) {
    if (Object.hasOwn(hooks, event) && !Object.hasOwn(sorted, event)) sorted[event] = hooks[event]!;
  }
  return { ...next, hooks: sorted };
}

/** Whether a handler is routing install wrote: marked, or exactly what an earlier install wrote for this home. */
export function installedRouting(home: string): SplitClaudeSettingsOptions["routes"] {
  const homes = [
    home,
    ...[readGrantedEnv("HOME")].flatMap((dir) => dir === undefined ? [] : [`${dir}/.config/hookgate`]),
  ];
  const earlierCommands = homes.map((dir) => `${quote(launcherPaths(dir).bin)} gateway`);
  return (_hook, handler, event) => isClaudeRouting(handler, event, { earlierCommands });
}

/** Whether a handler calls a URL (an HTTP hook, curl or wget) rather than running hook-run gateway. */
function callsHooksUrl(handler: ClaudeSettings): boolean {
  if (handler.type === "http") return true;
  const words = [handler.command, ...Array.isArray(handler.args) ? handler.args : []].join(" ");
  return /(?:^|[\s/;&|(])(?:curl|wget)(?:\s|$)/.test(words);
}
