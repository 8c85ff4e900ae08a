/**
 * What a plugin is: a name, what it declares it touches, what it depends on,
 * and a `setup` that registers in-process hooks through a {@linkcode PluginAPI}.
 *
 * @module
 */

import type { HookMatcher, HookRegistrationOptions, InProcessHookFor } from "../events/hooks.ts";
import type { RegistryEvent } from "../events/extension_map.ts";

/**
 * The subsystems a plugin declares it will use (the WrongStack-compatible shape). hookgate
 * gates only `hooks`; the other fields are carried for the agent, which gates
 * its own tools, providers, pipelines, slash commands and MCP servers.
 *
 * Gating is opt-in: a plugin without `capabilities` is not gated. A plugin
 * that declares capabilities but not `hooks: true` and still calls
 * {@linkcode PluginAPI.registerHook} gets a warning, or an error under the
 * host's `enforceCapabilities: true`.
 *
 * @example A plugin that only adds hooks
 * ```ts
 * import type { PluginCapabilities } from "@hookgate/core";
 *
 * const capabilities: PluginCapabilities = { hooks: true, tools: false };
 * ```
 */
export interface PluginCapabilities {
  /** Registers tools. */
  tools?: boolean;
  /** Registers model providers. */
  providers?: boolean;
  /** The pipelines it joins, by name. */
  pipelines?: string[];
  /** Registers slash commands. */
  slashCommands?: boolean;
  /** Starts or connects MCP servers. */
  mcp?: boolean;
  /** The tools whose input it may rewrite, by name. */
  toolMutateCapabilities?: string[];
  /** Calls {@linkcode PluginAPI.registerHook}. */
  hooks?: boolean;
}

/**
 * What a plugin's `setup` and `teardown` receive: the way to register hooks
 * owned by the plugin, and to tie other resources to its lifetime.
 *
 * Its functions are bound: destructuring (`const { registerHook } = api`)
 * is fine.
 *
 * @example Register a hook and a cleanup
 * ```ts
 * import type { PluginAPI } from "@hookgate/core";
 *
 * function setup(api: PluginAPI) {
 *   api.registerHook("Stop", undefined, () => ({ additionalContext: "bye" }));
 *   const timer = setInterval(() => {}, 60_000);
 *   api.onCleanup(() => clearInterval(timer));
 * }
 * ```
 */
export interface PluginAPI {
  /** The plugin's name: the owner of every hook it registers. */
  readonly name: string;
  /**
   * Aborted when the plugin stops: after its teardown on uninstall, or as
   * soon as its setup fails or overruns its deadline (reason: a
   * `TimeoutError`). Long-running work started in `setup` should listen to it.
   */
  readonly signal: AbortSignal;
  /**
   * Registers an in-process hook owned by the plugin. It is removed when the
   * plugin is uninstalled or its setup fails; the returned function removes
   * it earlier.
   *
   * @param event The event (a hook event or an extension event).
   * @param matcher Which tools it applies to (`undefined` or `"*"`: all).
   * @param hook The function, typed by the event.
   * @param options Name, deadline, failure policy, stage, policy marker.
   * @returns A function that removes exactly this hook.
   * @throws {TypeError} On an unknown event or a hook that is not a function.
   * @throws {RangeError} On an out-of-range `timeoutMs` or `background`.
   * @throws {Error} When the plugin is no longer installed, or it lacks
   * `capabilities.hooks: true` under `enforceCapabilities: true`.
   */
  registerHook<E extends RegistryEvent>(
    event: E,
    matcher: HookMatcher | undefined,
    hook: InProcessHookFor<E>,
    options?: HookRegistrationOptions,
  ): () => void;
  /**
   * Runs `cleanup` when the plugin stops, after its teardown; cleanups run
   * last-registered first, like a stack. A returned promise is awaited
   * within the plugin's teardown deadline. Errors are reported, never
   * thrown. Called after the plugin stopped, `cleanup` runs at once.
   *
   * @param cleanup The function to run.
   * @returns A function that unregisters `cleanup` without running it.
   */
  onCleanup(cleanup: () => void | PromiseLike<void>): () => void;
}

/**
 * What a plugin's `teardown` receives besides the API.
 *
 * @example Stop waiting when the deadline passes
 * ```ts
 * import type { PluginTeardownContext } from "@hookgate/core";
 *
 * async function teardown(_api: unknown, { signal }: PluginTeardownContext) {
 *   await fetch("http://127.0.0.1:9/flush", { signal }).catch(() => {});
 * }
 * ```
 */
export interface PluginTeardownContext {
  /** Aborted (reason: a `TimeoutError`) when the teardown deadline passes. */
  readonly signal: AbortSignal;
}

/**
 * An in-process plugin. `setup` registers its hooks through the API; the
 * host removes every one of them when the plugin is uninstalled or its setup
 * fails, whatever the plugin does.
 *
 * @example A plugin that adds context after edits
 * ```ts
 * import type { Plugin } from "@hookgate/core";
 *
 * const plugin: Plugin = {
 *   name: "lint-after-edit",
 *   capabilities: { hooks: true },
 *   dependsOn: ["linter"],
 *   setup(api) {
 *     api.registerHook("PostToolUse", "edit|write", () => ({ additionalContext: "Lint: clean" }));
 *   },
 * };
 * ```
 */
export interface Plugin {
  /** A unique, non-empty name; it owns the plugin's hooks in the registry. */
  readonly name: string;
  /**
   * What the plugin declares it uses.
   *
   * @default {undefined} (not gated)
   */
  readonly capabilities?: PluginCapabilities;
  /**
   * Plugins that must be set up first; each must be installed already or
   * installed in the same call. If one fails, this plugin is not set up.
   *
   * @default {[]}
   */
  readonly dependsOn?: readonly string[];
  /**
   * Plugins that are set up first when they are installed in the same call;
   * absent or failed ones are fine.
   *
   * @default {[]}
   */
  readonly optionalDeps?: readonly string[];
  /**
   * Registers the plugin's hooks. A throw or rejection fails the install of
   * this plugin (and of those that depend on it), leaving no hook behind.
   */
  setup(api: PluginAPI): void | PromiseLike<void>;
  /**
   * Releases what `setup` acquired, within the host's teardown deadline.
   * Hooks need no teardown: they are removed anyway.
   */
  teardown?(api: PluginAPI, context: PluginTeardownContext): void | PromiseLike<void>;
}
