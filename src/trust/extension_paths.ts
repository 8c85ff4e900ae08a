/**
 * Where extension modules come from, as paths: a configured path resolved
 * (absolute, `~/…`, relative), and the modules found in an extensions
 * directory (the user's `<home>/extensions/`, a project's
 * `.hookgate/extensions/`). Nothing here imports a module.
 *
 * @module
 */

import { brokenReason } from "../_internal/absent.ts";
import * as reads from "../_internal/fs_reads.ts";
import { isAbsolute, join, resolve } from "../_internal/path.ts";
import { readGrantedEnv } from "../_internal/env.ts";

/**
 * A project's extensions directory, relative to its root: its modules load
 * once the project is trusted.
 *
 * @example
 * ```ts
 * import { PROJECT_EXTENSIONS_DIR } from "@hookgate/core/config";
 * import { equal } from "node:assert/strict";
 *
 * equal(PROJECT_EXTENSIONS_DIR, ".hookgate/extensions");
 * ```
 */
export const PROJECT_EXTENSIONS_DIR = ".hookgate/extensions";

/**
 * The absolute path of a hook module: absolute paths as they are, `~/…`
 * under the home directory, anything else relative to `base`.
 *
 * @param path The configured path.
 * @param base What relative paths are relative to (a working directory, or
 * the directory of the configuration file that lists the path).
 * @param home The home directory for `~` (default `$HOME`).
 * @returns The absolute path.
 * @throws {TypeError} When the path is empty, or starts with `~` and no home is known.
 *
 * @example
 * ```ts
 * import { resolveHookPath } from "@hookgate/core/config";
 * import { equal } from "node:assert/strict";
 *
 * equal(resolveHookPath("/abs/guard.ts", "/repo"), "/abs/guard.ts");
 * equal(resolveHookPath("hooks/guard.ts", "/repo"), "/repo/hooks/guard.ts");
 * equal(resolveHookPath("~/guard.ts", "/repo", "/home/me"), "/home/me/guard.ts");
 * ```
 */
export function resolveHookPath(path: string, base: string, home?: string): string {
  if (typeof path !== "string" || path.trim() === "") {
    throw new TypeError(`Cannot load extension ${JSON.stringify(path)}: expected a file path`);
  }
  if (path === "~" || path.startsWith("~/")) {
    const dir = home ?? readGrantedEnv("HOME") ?? readGrantedEnv("USERPROFILE");
    if (dir === undefined) throw new TypeError(`Cannot load extension "${path}": no home directory is known for "~"`);
    return join(dir, path.slice(1));
  }
  return isAbsolute(path) ? resolve(path) : resolve(base, path);
}

/**
 * The modules of an extensions directory: its `*.ts` and `*.js` files (not
 * `*.d.ts`, not hidden files, not subdirectories, which may hold a module's
 * helpers), sorted by name.
 *
 * @param dir The directory.
 * @returns Absolute paths; empty when nothing is at `dir`.
 * @throws {Deno.errors.NotCapable} When Deno's `--allow-read` does not cover it.
 * @throws {Error} When the directory exists but cannot be read, or is a
 * link that leads nowhere.
 *
 * @example
 * ```ts
 * import { discoverHookModules } from "@hookgate/core/config";
 * import { deepEqual } from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * for (const name of ["b.ts", "a.js", "types.d.ts", ".#a.ts", "notes.md"]) await Deno.writeTextFile(`${dir}/${name}`, "");
 * deepEqual(await discoverHookModules(dir), [`${dir}/a.js`, `${dir}/b.ts`]);
 * deepEqual(await discoverHookModules(`${dir}/missing`), []);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function discoverHookModules(dir: string): Promise<string[]> {
  const names: string[] = [];
  try {
    for (const entry of await reads.readDir(dir)) {
      if (!entry.isFile && !entry.isSymlink) continue;
      const name = entry.name;
      if (name.startsWith(".") || name.endsWith(".d.ts") || !/\.(ts|js)$/.test(name)) continue;
      names.push(name);
    }
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      // A link that leads nowhere may have held guards: it is no empty directory.
      const broken = await brokenReason(dir);
      if (broken === undefined) return [];
      throw new Error(`Cannot list extension modules in ${dir}: ${broken}`);
    }
    if (error instanceof Deno.errors.NotADirectory) return [];
    // Deno's own permission refusal is rethrown as it is, for the caller to word.
    if (error instanceof Deno.errors.NotCapable) throw error;
    throw new Error(`Cannot list extension modules in ${dir}: ${(error as Error).message}`);
  }
  return names.sort().map((name) => join(dir, name));
}
