/**
 * Plugins: in-process hooks with a lifecycle. A {@linkcode Plugin} registers
 * hooks in its `setup` through a {@linkcode PluginAPI}; a
 * {@linkcode PluginHost} installs plugins into a shared registry in
 * dependency order, gates hooks by declared capabilities, and on uninstall
 * (or a failed setup) removes every hook a plugin owns — configured hooks
 * are never touched.
 *
 * @example Install a plugin and run its hook
 * ```ts
 * import { HookRegistry, HookRunner, PluginHost } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const registry = new HookRegistry();
 * await using host = new PluginHost(registry);
 * await host.install([{
 *   name: "greeter",
 *   capabilities: { hooks: true },
 *   setup(api) {
 *     api.registerHook("SessionStart", undefined, () => ({ additionalContext: "Hello from a plugin" }));
 *   },
 * }]);
 * const runner = new HookRunner({ registry });
 * equal((await runner.sessionStart({ cwd: "/tmp" })).additionalContext, "Hello from a plugin");
 * ```
 *
 * @module
 */

export type { Plugin, PluginAPI, PluginCapabilities, PluginTeardownContext } from "./plugin.ts";
export { PluginHost, type PluginHostOptions, type PluginUninstallOptions } from "./plugin_host.ts";
export type {
  PluginFailure,
  PluginFailureKind,
  PluginInstallReport,
  PluginTeardownProblem,
  PluginTeardownProblemKind,
  PluginUninstallReport,
} from "./report.ts";
