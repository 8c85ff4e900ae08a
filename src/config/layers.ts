/**
 * The configuration files a load considers — the user's, the project's,
 * explicit ones — and where the user's hookgate directory is.
 *
 * @module
 */

import { isAbsolute, join, resolve } from "../_internal/path.ts";
import { readGrantedEnv } from "../_internal/env.ts";
import type { ConfigDialect } from "./parse.ts";
import { TRUST_FILE } from "./trust_store.ts";

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
   * Read the user and project layers (a missing default layer is no error).
   *
   * @default {true}
   */
  defaultLayers?: boolean;
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
  /** Which layer. */
  kind: "user" | "project" | "explicit";
  /** The absolute path. */
  path: string;
  /** Whether the file exists. */
  found: boolean;
  /** Its dialect: known in advance (`.claude/settings.json`), or found when parsed. */
  dialect?: ConfigDialect;
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
 * const layers = configLayers({ projectRoot: "/p", home: "/h", paths: ["x.jsonc"] });
 * // The project's own file, then its Claude Code settings (settings.json, settings.local.json).
 * equal(layers.map((l) => l.kind).join(), "user,project,project,project,explicit");
 * equal(layers[1]?.path, "/p/.hookgate/config.jsonc");
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
    }
    layers.push({
      kind: "project",
      path: join(resolve(root), ".hookgate", "config.jsonc"),
      found: false,
    });
    // A project's Claude Code settings count too (after hookgate's own),
    // under the same trust: a cloned repository's .claude/ runs nothing
    // until trusted.
    for (const name of CLAUDE_SETTINGS) {
      layers.push({ kind: "project", path: join(resolve(root), ".claude", name), found: false, dialect: "claude" });
    }
  }
  for (const path of options.paths ?? []) {
    layers.push({
      kind: "explicit",
      path: isAbsolute(path) ? path : resolve(root, path),
      found: false,
    });
  }
  return layers;
}

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

/** The project's Claude Code settings files, in Claude's order (local overrides last). */
const CLAUDE_SETTINGS = ["settings.json", "settings.local.json"];

/** `$HOOKGATE_HOME`, else `~/.config/hookgate`; `undefined` when no home directory is known. */
export function defaultHome(): string | undefined {
  const explicit = readGrantedEnv("HOOKGATE_HOME");
  if (explicit) return explicit;
  const home = readGrantedEnv("HOME") ?? readGrantedEnv("USERPROFILE");
  return home ? join(home, ".config", "hookgate") : undefined;
}
