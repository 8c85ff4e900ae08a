/**
 * The configuration files a load considers — the user's, the project's,
 * explicit ones — and where the user's hookgate directory is.
 *
 * @module
 */

import { dirname, isAbsolute, join, resolve } from "../_internal/path.ts";
import { readGrantedEnv } from "../_internal/env.ts";
import { hookgateHome } from "../_internal/home.ts";
import { AGENT_FILES, AGENTS, type HookAgent, layerOwner } from "../trust/agent_files.ts";
import type { ConfigDialect } from "./parsed_config.ts";
import { TRUST_FILE } from "../trust/trust_store.ts";

export { AGENT_LABELS, type HookAgent, layerOwner } from "../trust/agent_files.ts";

/**
 * Where the configuration layers are looked up.
 *
 * @example The layers of one project, without the user's home
 * ```ts
 * import type { ConfigLayerOptions } from "@hookgate/core/config";
 *
 * const options: ConfigLayerOptions = { projectRoot: "/src/app", defaultLayers: true, home: "/tmp/hookgate" };
 * ```
 */
export interface ConfigLayerOptions {
  /** Explicit files (`--config`), loaded after the default layers; each must exist. */
  paths?: readonly string[];
  /**
   * The project root: the project layer is `<projectRoot>/.hookgate/config.jsonc`.
   *
   * @default {Deno.cwd()}
   */
  projectRoot?: string;
  /**
   * The user layer's directory: `<home>/config.jsonc`.
   *
   * @default {$HOOKGATE_HOME, or ~/.config/hookgate}
   */
  home?: string;
  /**
   * The user's home directory, where the agents' user settings files are
   * (`~/.gemini/settings.json`, …; see `AGENT_FILES`).
   *
   * @default {$HOME, or $USERPROFILE}
   */
  agentHome?: string;
  /**
   * Read the user and project layers (a missing default layer is no error).
   *
   * @default {true}
   */
  defaultLayers?: boolean;
  /**
   * Claude Code plugin directories (`--plugin`): each one's
   * `hooks/hooks.json`, and the hook files its `.claude-plugin/plugin.json`
   * names, are layers after every other, read in Claude's dialect. Relative
   * paths are relative to the project root. A user or explicit layer's
   * `claudePlugins` adds more.
   */
  plugins?: readonly string[];
  /**
   * The agent the load answers (`hook-run gateway` and `hook-run serve`:
   * `claude`). Layers it owns are left out — it runs their hooks itself —
   * though a project's trust still covers them. Without a caller every
   * layer counts.
   */
  caller?: HookAgent;
  /**
   * The caller's own project directory, when it is not `projectRoot` (an
   * agent started in a subdirectory of the project: Claude Code's
   * `CLAUDE_PROJECT_DIR`, whose `.claude/settings.json` is the one Claude
   * runs). What the caller runs itself is looked for there: a `--config`
   * naming it is refused, and a moved Claude hook Claude would run once
   * with its twin there is left to Claude.
   *
   * @default {projectRoot}
   */
  callerProjectDir?: string;
  /**
   * More managed directories, read after the system one
   * (`/etc/hookgate`), each one's `config.jsonc` a managed layer: they only
   * add (as `$HOOKGATE_MANAGED_DIR` does); the system one is always read.
   */
  managedDirs?: readonly string[];
}

/**
 * One configuration file that took part in a load.
 *
 * @example
 * ```ts
 * import type { ConfigLayer } from "@hookgate/core";
 *
 * const layer: ConfigLayer = { kind: "project", path: "/p/.hookgate/config.jsonc", found: true };
 * ```
 */
export interface ConfigLayer {
  /**
   * Which layer: an administrator's system-wide file is a `managed` one, a
   * Claude Code plugin's hook file is a `plugin` layer, the user's choice as
   * an explicit one is.
   */
  kind: "managed" | "user" | "project" | "explicit" | "plugin";
  /** The absolute path. */
  path: string;
  /**
   * Whether the file is there: read, or there but unreadable (then
   * `unreadable` says why). A missing default layer is not found.
   */
  found: boolean;
  /**
   * Why a file that is there cannot be read (`it is a link to /x, which does
   * not exist`, `permission denied`): the layer then stands for what it
   * might have held, denying the gating events (see `checkConfig`).
   */
  unreadable?: string;
  /** Its dialect: known in advance (`.claude/settings.json`), or found when parsed. */
  dialect?: ConfigDialect;
  /**
   * The agent whose own settings file this is (`claude` for a
   * `.claude/settings.json` or `.claude/settings.local.json`, the project's
   * or the user's): that agent runs its hooks itself. Absent for hookgate's
   * own files.
   */
  owner?: HookAgent;
  /**
   * Set when the load's caller owns the file (see
   * {@linkcode ConfigLayerOptions.caller}): it was read for the project's
   * trust, but its hooks are left to the caller, which runs them itself.
   */
  runByCaller?: true;
  /**
   * The directory its command hooks run in, when its agent runs them in a
   * fixed one other than the project root (Cursor's user hooks:
   * `~/.cursor/`); a project layer's run in the project root.
   */
  hookCwd?: string;
  /**
   * Set on an explicit layer (`--config`) that names a file the load's
   * caller runs itself: why it is not run. The load has an error for it;
   * it is never run twice, nor dropped in silence.
   */
  refused?: string;
  /** For a plugin layer: the plugin it belongs to. */
  plugin?: ClaudePlugin;
  /**
   * Set on a managed layer from a directory added beside the system one
   * (`managedDirs`, `$HOOKGATE_MANAGED_DIR`): it may be the current user's
   * own, mode 0700, where the system one must be root's.
   */
  managedExtra?: true;
  /** A layer that may be missing without an error (a plugin's `hooks/hooks.json`: a plugin may have no hooks). */
  optional?: true;
}

/**
 * A Claude Code plugin whose hooks a load reads.
 *
 * @example
 * ```ts
 * import type { ClaudePlugin } from "@hookgate/core/config";
 *
 * const plugin: ClaudePlugin = {
 *   root: "/home/me/plugins/guard",
 *   name: "guard",
 *   data: "/home/me/.claude/plugins/data/guard-inline",
 * };
 * ```
 */
export interface ClaudePlugin {
  /** The plugin's directory: `${CLAUDE_PLUGIN_ROOT}`. */
  root: string;
  /** Its name: the manifest's `name`, else the directory's. */
  name: string;
  /** Its data directory, as Claude Code names it: `${CLAUDE_PLUGIN_DATA}`. */
  data: string;
}

/**
 * The files a load considers, in order: user, project, explicit.
 *
 * @param options Where to look.
 * @returns One entry per file (`found` is not checked yet).
 *
 * @example
 * ```ts
 * import { configLayers } from "@hookgate/core/config";
 * import { equal } from "node:assert/strict";
 *
 * const layers = configLayers({ projectRoot: "/p", home: "/h", agentHome: "/u", paths: ["x.jsonc"] });
 * // hookgate's own: the user's two files (the second holds the hooks
 * // hook-run install moved out of Claude's settings), the project's file,
 * // then the explicit file.
 * const own = layers.filter((l) => l.owner === undefined);
 * equal(own.map((l) => l.kind).join(), "user,user,project,explicit");
 * equal(own[2]?.path, "/p/.hookgate/config.jsonc");
 * // The agents' own files, after hookgate's of the same kind.
 * equal(layers.find((l) => l.owner === "claude")?.path, "/p/.claude/settings.json");
 * equal(layers.find((l) => l.owner === "gemini")?.path, "/u/.gemini/settings.json");
 * equal(layers.find((l) => l.owner === "codex")?.path, "/u/.codex/hooks.json");
 * equal(layers.find((l) => l.path === "/u/.cursor/hooks.json")?.hookCwd, "/u/.cursor");
 * ```
 */
export function configLayers(options: ConfigLayerOptions = {}): ConfigLayer[] {
  const layers: ConfigLayer[] = [];
  const root = options.projectRoot ?? Deno.cwd();
  if (options.defaultLayers !== false) {
    const home = options.home ?? defaultHome();
    if (home !== undefined) {
      layers.push({
        kind: "user",
        path: join(home, "config.jsonc"),
        found: false,
      });
      // Hooks moved out of ~/.claude/settings.json by hook-run install
      // claude: hookgate's own file now, in Claude's dialect.
      layers.push({ kind: "user", path: join(home, CLAUDE_HOOKS_FILE), found: false, dialect: "claude" });
    }
    const agentHome = options.agentHome ?? readGrantedEnv("HOME") ?? readGrantedEnv("USERPROFILE");
    if (agentHome) {
      for (const agent of AGENTS) {
        const files = AGENT_FILES[agent]!;
        for (const file of files.userFiles) {
          const path = join(agentHome, file);
          layers.push({
            kind: "user",
            path,
            found: false,
            dialect: files.dialect,
            owner: agent,
            ...(files.userHooksInFileDir ? { hookCwd: dirname(path) } : {}),
          });
        }
      }
    }
    layers.push({
      kind: "project",
      path: join(resolve(root), ".hookgate", "config.jsonc"),
      found: false,
    });
    // The agents' project settings count too (after hookgate's own), under
    // the same trust: a cloned repository's .claude/ runs nothing until
    // trusted.
    for (const agent of AGENTS) {
      const files = AGENT_FILES[agent]!;
      for (const file of files.projectFiles) {
        layers.push({
          kind: "project",
          path: join(resolve(root), file),
          found: false,
          dialect: files.dialect,
          owner: agent,
        });
      }
    }
  }
  for (const path of options.paths ?? []) {
    const absolute = isAbsolute(path) ? path : resolve(root, path);
    const owner = layerOwner(absolute);
    // An agent's own file is in its dialect wherever it is named from: a
    // Codex hooks.json has Claude's shape, so only its place tells them apart.
    layers.push({
      kind: "explicit",
      path: absolute,
      found: false,
      ...(owner ? { owner, dialect: AGENT_FILES[owner]!.dialect } : {}),
    });
  }
  if (options.caller !== undefined) {
    // An explicit file is the user's choice: run, or refused by the load when the caller runs it itself.
    for (const layer of layers) {
      if (layer.owner === options.caller && layer.kind !== "explicit") layer.runByCaller = true;
    }
  }
  return layers;
}

/**
 * The file in the hookgate home that holds the Claude Code hooks `hook-run
 * install claude` moved out of `~/.claude/settings.json`, so that hookgate
 * runs them, once: a user layer in Claude's dialect, after `config.jsonc`.
 *
 * @example
 * ```ts
 * import { CLAUDE_HOOKS_FILE } from "@hookgate/core/config";
 * import { equal } from "node:assert/strict";
 *
 * equal(CLAUDE_HOOKS_FILE, "claude-hooks.json");
 * ```
 */
export const CLAUDE_HOOKS_FILE = "claude-hooks.json";

/**
 * The user's trust file: `<home>/trust.json`, `home` defaulting to
 * `$HOOKGATE_HOME` or `~/.config/hookgate`.
 *
 * @param home The user's hookgate directory.
 * @returns The path, or `undefined` when no home directory is known.
 *
 * @example
 * ```ts
 * import { trustFilePath } from "@hookgate/core/config";
 * import { equal } from "node:assert/strict";
 *
 * equal(trustFilePath("/h"), "/h/trust.json");
 * ```
 */
export function trustFilePath(home?: string): string | undefined {
  const dir = home ?? defaultHome();
  return dir === undefined ? undefined : join(dir, TRUST_FILE);
}

/**
 * The user's hookgate directory: `$HOOKGATE_HOME`, else
 * `~/.config/hookgate`. It holds the user layers, the trust file, the
 * user's extension modules and what `hook-run install` builds.
 *
 * @returns The directory, or `undefined` when no home directory is known.
 *
 * @example Where the trust file is
 * ```ts
 * import { defaultHome } from "@hookgate/core/config";
 * import { ok } from "node:assert/strict";
 *
 * const home = defaultHome();
 * ok(home === undefined || home.length > 0);
 * const trustFile = home === undefined ? undefined : `${home}/trust.json`;
 * ```
 */
export function defaultHome(): string | undefined {
  return hookgateHome();
}
