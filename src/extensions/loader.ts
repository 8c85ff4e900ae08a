/**
 * Loading hook modules: resolve each path, import it, and hand its default
 * export (the factory) to an {@linkcode ExtensionHost}. A module that cannot
 * be imported, has no factory, or whose factory throws is reported in
 * `errors`; the others load.
 *
 * @module
 */

import { resolveHookPath } from "../trust/extension_paths.ts";
import * as reads from "../_internal/fs_reads.ts";
import { checkConfig, type ProjectTrust, type TrustOption } from "../config/load.ts";
import type { ConfigDiagnostic } from "../config/diagnostics.ts";
import { HookRegistry } from "../registry/registry.ts";
import { HookRunner } from "../runner/runner.ts";
import { ExtensionHost } from "./extension_host.ts";
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
  /**
   * Where the modules' handlers, commands and renderers go.
   *
   * @default {a new host over a new registry}
   */
  host?: ExtensionHost;
  /**
   * The home directory `~/…` paths start from.
   *
   * @default {$HOME}
   */
  homeDir?: string;
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
 * A load failure as a configuration diagnostic at the module's place, for
 * hosts that report it with the configuration's own problems.
 *
 * @param error The failure.
 * @returns An error diagnostic naming the module.
 *
 * @example
 * ```ts
 * import { formatDiagnostic } from "@hookgate/core";
 * import { hookLoadDiagnostic } from "@hookgate/core/extensions";
 * import { equal } from "node:assert/strict";
 *
 * const line = formatDiagnostic(hookLoadDiagnostic({ path: "/x/guard.ts", error: "the file does not exist" }));
 * equal(line.startsWith("/x/guard.ts:1:1: error: the extension module cannot be loaded: the file does not exist"), true);
 * ```
 */
export function hookLoadDiagnostic(error: HookLoadError): ConfigDiagnostic {
  return {
    severity: "error",
    file: error.path,
    line: 1,
    column: 1,
    path: [],
    message: `the extension module cannot be loaded: ${error.error}`,
    hint: 'fix the module, or remove it from "extensions" (or its extensions directory)',
  };
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
  /** The host they were loaded into (`options.host`, or the one made for the load). */
  host: ExtensionHost;
  /** A runner over the host's registry, to emit events to the loaded modules right away. */
  runner: HookRunner;
}

/**
 * Imports each module and loads its factory into `options.host`, in order.
 * The same file (by absolute, symlink-resolved path) loads once.
 *
 * @param paths The modules: absolute, `~/…`, or relative to `cwd`.
 * @param cwd What relative paths are relative to.
 * @param options The extension host (without one, a new host over a new registry).
 * @returns The loaded modules, the failures, each with its reason, the host and a runner over it.
 *
 * @example Load modules and emit to them at once
 * ```ts
 * import { loadHooks } from "@hookgate/core/extensions";
 * import { deepEqual } from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(
 *   `${dir}/guard.ts`,
 *   `export default (api) => api.on("tool_call", (event) => event.input.command === "rm -rf /" ? { block: true, reason: "no" } : undefined);`,
 * );
 * const { hooks, runner, host } = await loadHooks(["guard.ts"], dir);
 * deepEqual(hooks, [`${dir}/guard.ts`]);
 * deepEqual(await runner.preToolUse("bash", { command: "rm -rf /" }, { cwd: dir }), { block: true, reason: "no" });
 * host.unloadAll();
 * await Deno.remove(dir, { recursive: true });
 * ```
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
  options: LoadHooksOptions = {},
): Promise<LoadHooksResult> {
  const host = options.host ?? new ExtensionHost({ registry: new HookRegistry() });
  const result: LoadHooksResult = { hooks: [], errors: [], host, runner: new HookRunner({ registry: host.registry }) };
  const seen = new Set(host.loaded);
  for (const given of paths) {
    let path: string;
    try {
      path = await canonical(resolveHookPath(given, cwd, options.homeDir));
    } catch (error) {
      result.errors.push({ path: String(given), error: (error as Error).message });
      continue;
    }
    if (seen.has(path)) continue;
    seen.add(path);
    const problem = await loadOne(path, host);
    if (problem === undefined) result.hooks.push(path);
    else result.errors.push({ path, error: problem });
  }
  return result;
}

/**
 * Options of {@linkcode discoverAndLoadHooks}.
 *
 * @example Trust the project for this load
 * ```ts
 * import { HookRegistry } from "@hookgate/core";
 * import { type DiscoverHooksOptions, ExtensionHost } from "@hookgate/core/extensions";
 *
 * const options: DiscoverHooksOptions = { host: new ExtensionHost({ registry: new HookRegistry() }), trust: "all" };
 * ```
 */
export interface DiscoverHooksOptions extends LoadHooksOptions {
  /**
   * The project whose `.hookgate/extensions/` is searched.
   *
   * @default {cwd}
   */
  projectRoot?: string;
  /**
   * The user's hookgate directory: its `extensions/` is searched, its
   * `trust.json` decides whether the project is trusted.
   *
   * @default {$HOOKGATE_HOME, or ~/.config/hookgate}
   */
  home?: string;
  /**
   * Whether the project's modules load: `"require"` only when the trust
   * file records the project's current digest (its configuration and
   * extension code), `"all"` for this load, or a function per project.
   *
   * @default {"require"}
   */
  trust?: TrustOption;
}

/**
 * What {@linkcode discoverAndLoadHooks} did.
 *
 * @example
 * ```ts
 * import type { DiscoverHooksResult } from "@hookgate/core/extensions";
 *
 * const untrusted = (result: DiscoverHooksResult) => result.skipped.length > 0;
 * ```
 */
export interface DiscoverHooksResult extends LoadHooksResult {
  /** The project's extension files that did not load because it is not trusted. */
  skipped: string[];
  /** The project's trust state, when it has configuration or extension modules. */
  project?: ProjectTrust;
}

/**
 * Finds the modules a session loads — the user's `<home>/extensions/`, the
 * `extensions` lists of the configuration layers, the project's
 * `.hookgate/extensions/` once it is trusted — adds `configuredPaths`, and
 * loads them all with {@linkcode loadHooks}: in that order, each file once,
 * failures collected in `errors` (a broken configuration file too) while
 * the rest load.
 *
 * @param configuredPaths More modules (e.g. `--extension`), relative to `cwd`.
 * @param cwd The working directory.
 * @param options The host (without one, a new host over a new registry), project root, hookgate home and trust.
 * @returns The loaded modules, the failures, what an untrusted project held back, the host and a runner over it.
 *
 * @example A project's modules wait for trust
 * ```ts
 * import { HookRegistry } from "@hookgate/core";
 * import { discoverAndLoadHooks, ExtensionHost } from "@hookgate/core/extensions";
 * import { deepEqual } from "node:assert/strict";
 *
 * const project = await Deno.makeTempDir();
 * await Deno.mkdir(`${project}/.hookgate/extensions`, { recursive: true });
 * await Deno.writeTextFile(`${project}/.hookgate/extensions/guard.ts`, "export default () => {};");
 * const host = new ExtensionHost({ registry: new HookRegistry() });
 * const home = await Deno.makeTempDir();
 * const result = await discoverAndLoadHooks([], project, { host, home });
 * deepEqual([result.hooks, result.skipped], [[], [".hookgate/extensions/guard.ts"]]);
 * await Deno.remove(project, { recursive: true });
 * await Deno.remove(home, { recursive: true });
 * ```
 */
export async function discoverAndLoadHooks(
  configuredPaths: readonly string[],
  cwd: string,
  options: DiscoverHooksOptions = {},
): Promise<DiscoverHooksResult> {
  const config = await checkConfig({
    projectRoot: options.projectRoot ?? cwd,
    ...(options.home === undefined ? {} : { home: options.home }),
    ...(options.trust === undefined ? {} : { trust: options.trust }),
  });
  const loaded = await loadHooks([...config.extensions, ...configuredPaths], cwd, options);
  const configErrors = config.diagnostics.filter((d) => d.severity === "error")
    .map((d) => ({ path: d.file, error: `the configuration has an error: ${d.message}` }));
  return {
    ...loaded,
    errors: [...configErrors, ...loaded.errors],
    skipped: config.project?.skippedExtensions ?? [],
    ...(config.project === undefined ? {} : { project: config.project }),
  };
}

/** Loads one module; returns why it failed, or `undefined`. */
async function loadOne(path: string, host: ExtensionHost): Promise<string | undefined> {
  try {
    const info = await reads.stat(path);
    if (!info.isFile) return "not a file";
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return "the file does not exist";
    return `the file cannot be read: ${(error as Error).message}`;
  }
  let module: { default?: unknown };
  try {
    // node:url only when there is a module to load: the first `node:` import
    // of a process costs hook-run's start-up about 5 ms.
    const { pathToFileURL } = await import("node:url");
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
    return await reads.realPath(path);
  } catch {
    return path;
  }
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.split("\n")[0]!;
}
