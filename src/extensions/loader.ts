/**
 * Loading hook modules: resolve each path, import it, and hand its default
 * export (the factory) to an {@linkcode ExtensionHost}. A module that cannot
 * be imported, has no factory, or whose factory throws is reported in
 * `errors`; the others load.
 *
 * @module
 */

import { isAbsolute, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { readGrantedEnv } from "../_internal/env.ts";
import type { ExtensionHost } from "./extension_host.ts";
import type { HookFactory } from "./types.ts";

/**
 * Options of {@linkcode loadHooks}.
 *
 * @example
 * ```ts
 * import { HookRegistry } from "@hookgate/core";
 * import { ExtensionHost, type LoadHooksOptions } from "@hookgate/core/extensions";
 *
 * const options: LoadHooksOptions = { host: new ExtensionHost({ registry: new HookRegistry() }) };
 * ```
 */
export interface LoadHooksOptions {
  /** Where the modules' handlers, commands and renderers go. */
  host: ExtensionHost;
  /**
   * The home directory `~/…` paths start from.
   *
   * @default {$HOME}
   */
  home?: string;
}

/**
 * A module that could not be loaded, and why.
 *
 * @example
 * ```ts
 * import type { HookLoadError } from "@hookgate/core/extensions";
 *
 * const line = (e: HookLoadError) => `${e.path}: ${e.error}`;
 * ```
 */
export interface HookLoadError {
  /** The module's absolute path. */
  path: string;
  /** What went wrong, with what to do about it. */
  error: string;
}

/**
 * What {@linkcode loadHooks} did.
 *
 * @example
 * ```ts
 * import type { LoadHooksResult } from "@hookgate/core/extensions";
 *
 * const ok = (result: LoadHooksResult) => result.errors.length === 0;
 * ```
 */
export interface LoadHooksResult {
  /** The modules loaded, in load order (absolute paths). */
  hooks: string[];
  /** The modules that failed, in order; nothing of theirs stays registered. */
  errors: HookLoadError[];
}

/**
 * The absolute path of a hook module: absolute paths as they are, `~/…`
 * under the home directory, anything else relative to `cwd`.
 *
 * @param path The configured path.
 * @param cwd What relative paths are relative to.
 * @param home The home directory for `~` (default `$HOME`).
 * @returns The absolute path.
 * @throws {TypeError} When the path is empty, or starts with `~` and no home is known.
 *
 * @example
 * ```ts
 * import { resolveHookPath } from "@hookgate/core/extensions";
 * import { equal } from "node:assert/strict";
 *
 * equal(resolveHookPath("/abs/guard.ts", "/repo"), "/abs/guard.ts");
 * equal(resolveHookPath("hooks/guard.ts", "/repo"), "/repo/hooks/guard.ts");
 * equal(resolveHookPath("~/guard.ts", "/repo", "/home/me"), "/home/me/guard.ts");
 * ```
 */
export function resolveHookPath(path: string, cwd: string, home?: string): string {
  if (typeof path !== "string" || path.trim() === "") {
    throw new TypeError(`Cannot load extension ${JSON.stringify(path)}: expected a file path`);
  }
  if (path === "~" || path.startsWith("~/")) {
    const dir = home ?? readGrantedEnv("HOME") ?? readGrantedEnv("USERPROFILE");
    if (dir === undefined) throw new TypeError(`Cannot load extension "${path}": no home directory is known for "~"`);
    return join(dir, path.slice(1));
  }
  return isAbsolute(path) ? resolve(path) : resolve(cwd, path);
}

/**
 * Imports each module and loads its factory into `options.host`, in order.
 * The same file (by absolute, symlink-resolved path) loads once.
 *
 * @param paths The modules: absolute, `~/…`, or relative to `cwd`.
 * @param cwd What relative paths are relative to.
 * @param options The extension host.
 * @returns The loaded modules and the failures, each with its reason.
 *
 * @example Load a module from a file
 * ```ts
 * import { HookRegistry } from "@hookgate/core";
 * import { ExtensionHost, loadHooks } from "@hookgate/core/extensions";
 * import { deepEqual } from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/hello.ts`, `export default (api) => api.on("session_start", () => {});`);
 * const host = new ExtensionHost({ registry: new HookRegistry() });
 * const result = await loadHooks(["hello.ts", "missing.ts"], dir, { host });
 * deepEqual(result.hooks, [`${dir}/hello.ts`]);
 * deepEqual(result.errors.map((e) => e.error), ["the file does not exist"]);
 * host.unloadAll();
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function loadHooks(
  paths: readonly string[],
  cwd: string,
  options: LoadHooksOptions,
): Promise<LoadHooksResult> {
  const result: LoadHooksResult = { hooks: [], errors: [] };
  const seen = new Set(options.host.loaded);
  for (const given of paths) {
    let path: string;
    try {
      path = await canonical(resolveHookPath(given, cwd, options.home));
    } catch (error) {
      result.errors.push({ path: String(given), error: (error as Error).message });
      continue;
    }
    if (seen.has(path)) continue;
    seen.add(path);
    const problem = await loadOne(path, options.host);
    if (problem === undefined) result.hooks.push(path);
    else result.errors.push({ path, error: problem });
  }
  return result;
}

/** Loads one module; returns why it failed, or `undefined`. */
async function loadOne(path: string, host: ExtensionHost): Promise<string | undefined> {
  try {
    const info = await Deno.stat(path);
    if (!info.isFile) return "not a file";
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return "the file does not exist";
    return `the file cannot be read: ${(error as Error).message}`;
  }
  let module: { default?: unknown };
  try {
    module = await import(pathToFileURL(path).href);
  } catch (error) {
    return `cannot be imported: ${firstLine(error)}`;
  }
  if (typeof module.default !== "function") {
    return module.default === undefined
      ? "it has no default export; export a factory: export default function (api) { … }"
      : `its default export is a ${typeof module.default}, not a factory function`;
  }
  try {
    await host.load(module.default as HookFactory, path);
  } catch (error) {
    return `its factory failed: ${firstLine(error)}`;
  }
  return undefined;
}

/** The symlink-resolved path when the file exists, so one file loads once. */
async function canonical(path: string): Promise<string> {
  try {
    return await Deno.realPath(path);
  } catch {
    return path;
  }
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.split("\n")[0]!;
}
