/**
 * The typed extension API (xcsh-style): hook modules whose default export is a
 * factory `(api) => void`, loaded into the shared registry so their handlers
 * run through the one runner with every other hook; the tool wrapper that
 * runs `tool_call` before a tool and `tool_result` after it; the headless UI
 * and the status line.
 *
 * @example Block unsafe bash from a module built in code
 * ```ts
 * import { HookRegistry, HookRunner } from "@hookgate/core";
 * import { ExtensionHost } from "@hookgate/core/extensions";
 * import { equal } from "node:assert/strict";
 *
 * const registry = new HookRegistry();
 * const host = new ExtensionHost({ registry });
 * await host.load((api) => {
 *   api.on("tool_call", (event) => {
 *     if (event.toolName === "bash" && String(event.input.command).includes("rm -rf")) {
 *       return { block: true, reason: "rm -rf blocked (no UI)" };
 *     }
 *   });
 * }, "block-unsafe-bash");
 * const result = await new HookRunner({ registry }).preToolUse("bash", { command: "rm -rf /" }, { cwd: "/tmp" });
 * equal(result.block, true);
 * host.unloadAll();
 * ```
 *
 * @module
 */

export * from "./types.ts";
export { ExtensionHost, type ExtensionHostOptions } from "./extension_host.ts";
export {
  discoverAndLoadHooks,
  type DiscoverHooksOptions,
  type DiscoverHooksResult,
  hookLoadDiagnostic,
  type HookLoadError,
  loadHooks,
  type LoadHooksOptions,
  type LoadHooksResult,
} from "./loader.ts";
export { discoverHookModules, resolveHookPath } from "../trust/extension_paths.ts";
export { HEADLESS_UI } from "./headless_ui.ts";
export { sanitizeStatus, StatusLine } from "./status_line.ts";
// The one tool-result shape: what a wrapped tool returns, and what PostToolUse hooks see.
export type { ToolResult } from "../events/payload.ts";
export { HookToolWrapper, type HookToolWrapperOptions, ToolBlockedError, type WrappableTool } from "./tool_wrapper.ts";
