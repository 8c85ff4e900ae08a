// Extension modules for the commands that inspect configuration (check,
// list, permissions): import them into a throwaway registry, so their
// handlers can be listed and their failures reported with their place.
// Their factories run: that is what checking a module means.

import { type ConfigDiagnostic, type HookEntry, HookRegistry } from "../../mod.ts";
import { ExtensionHost, hookLoadDiagnostic, loadHooks } from "../extensions/mod.ts";
import type { CliConfig } from "./_config.ts";
import { absolutePath } from "./_path.ts";

export interface CliExtensions {
  /** The registry holding only the modules' handlers. */
  registry: HookRegistry;
  /** The modules that loaded (absolute paths). */
  modules: string[];
  /** Their handlers' registry entries, in registration order (kept after `close`). */
  entries: HookEntry[];
  /** Every module that failed, as an error diagnostic. */
  diagnostics: ConfigDiagnostic[];
  /** Unloads them again. */
  close(): void;
}

/** The modules of the configuration and of --extension (relative to the process's directory). */
export async function extensionPaths(config: CliConfig, extensions: readonly string[]): Promise<string[]> {
  return [...new Set([...config.extensions, ...await Promise.all(extensions.map(absolutePath))])];
}

export async function loadCliExtensions(config: CliConfig, extensions: readonly string[]): Promise<CliExtensions> {
  const registry = new HookRegistry();
  const host = new ExtensionHost({ registry });
  const loaded = await loadHooks(await extensionPaths(config, extensions), Deno.cwd(), { host });
  return {
    registry,
    modules: loaded.hooks,
    entries: registry.all(),
    diagnostics: loaded.errors.map(hookLoadDiagnostic),
    close: () => void host.unloadAll(),
  };
}
