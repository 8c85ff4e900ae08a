/**
 * The managed layer: the system-wide configuration an administrator writes
 * (`/etc/hookgate/config.jsonc` on Linux, its Library equivalent on macOS),
 * read before every other layer. Its hooks always run and its rules rank
 * above every other layer's; nothing a user or a project sets removes it.
 *
 * @module
 */

import { join, resolve } from "../_internal/path.ts";
import { readGrantedEnv } from "../_internal/env.ts";
import type { ConfigLayer } from "./layers.ts";
import { systemManagedDir } from "../_internal/system_dirs.ts";

/**
 * The environment variable that adds managed directories beside the
 * system one (the path-list separator between several): for tests and
 * administrators. It only adds: the system directory is always read.
 *
 * @example
 * ```ts
 * import { MANAGED_DIR_VARIABLE } from "@hookgate/core/config";
 * import { equal } from "node:assert/strict";
 *
 * equal(MANAGED_DIR_VARIABLE, "HOOKGATE_MANAGED_DIR");
 * ```
 */
export const MANAGED_DIR_VARIABLE = "HOOKGATE_MANAGED_DIR";

/** The file a managed directory holds. */
const MANAGED_FILE = "config.jsonc";

export { systemManagedDir };

/**
 * The managed layers a load reads first: the system directory's
 * `config.jsonc`, then that of each directory `extra` names and of each
 * `$HOOKGATE_MANAGED_DIR` names. More directories only add layers; none
 * replaces the system one.
 *
 * @param extra More managed directories (the library's `managedDirs`).
 * @returns One layer per file, `found` not checked yet; the system one
 * first, without repeats.
 *
 * @example
 * ```ts
 * import { managedLayers } from "@hookgate/core/config";
 * import { equal } from "node:assert/strict";
 *
 * const layers = managedLayers(["/opt/policy"]);
 * equal(layers[0]?.kind, "managed");
 * equal(layers.at(-1)?.path, "/opt/policy/config.jsonc");
 * ```
 */
export function managedLayers(extra: readonly string[] = []): ConfigLayer[] {
  const fromEnv = (readGrantedEnv(MANAGED_DIR_VARIABLE) ?? "").split(Deno.build.os === "windows" ? ";" : ":");
  const system = systemManagedDir();
  const dirs = [system, ...extra, ...fromEnv].filter((dir) => dir !== "").map((dir) => resolve(dir));
  return [...new Set(dirs)].map((dir) => ({
    kind: "managed" as const,
    path: join(dir, MANAGED_FILE),
    found: false,
    ...(dir === resolve(system) ? {} : { managedExtra: true as const }),
  }));
}
