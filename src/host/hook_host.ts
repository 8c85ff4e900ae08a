/**
 * One runner set-up for every host: configuration layers → registry →
 * runner, optionally kept live by hot reload. The CLI's `run` (and any
 * agent embedding hookgate) gets a ready runner from one call.
 *
 * @module
 */

import { resolve } from "../_internal/path.ts";
import { checkConfig, type LoadConfigOptions, type LoadedConfig } from "../config/load.ts";
import { HookConfigError, liveWithErrors } from "../config/diagnostics.ts";
import { ExtensionHost } from "../extensions/extension_host.ts";
import { hookLoadDiagnostic, loadHooks } from "../extensions/loader.ts";
import type { ExtensionSession, HookUIContext } from "../extensions/types.ts";
import { type ConfigWatcher, watchConfig, type WatchConfigOptions } from "../config/watch.ts";
import type { Logger } from "../events/env.ts";
import type { ModelClient } from "../models/client.ts";
import { DEFAULT_COMMAND_ALLOWLIST } from "../permissions/command_line.ts";
import { HookRegistry } from "../registry/registry.ts";
import { HookRunner } from "../runner/runner.ts";
import { type PolicyHooks, policyHooks } from "./_policy_hooks.ts";
import type { CommandGate, HookGrants, HookInvocationRecord, HookRunnerOptions } from "../runner/types.ts";

/**
 * Options of {@linkcode openHookHost}: where configuration comes from and
 * how the runner reports.
 *
 * @example A host that traces every invocation
 * ```ts
 * import type { HookHostOptions } from "@hookgate/core";
 *
 * const options: HookHostOptions = {
 *   projectRoot: "/abs/project",
 *   onInvocation: (record) => console.log(record.hookName),
 * };
 * ```
 */
export interface HookHostOptions extends LoadConfigOptions {
  /**
   * Run only hooks marked `policy: true` (`--no-hooks`).
   *
   * @default {false}
   */
  noHooks?: boolean;
  /**
   * Keep the registry in step with the files (hot reload) until
   * {@linkcode HookHost.close}.
   *
   * @default {false}
   */
  watch?: boolean;
  /**
   * Use this configuration instead of loading the layers (for example a
   * bundled default); `watch` is ignored then. Its errors are the caller's
   * to report: its good hooks and its placeholders are registered.
   */
  config?: LoadedConfig;
  /** Where warnings (and, with `watch`, reload messages) go. */
  logger?: Logger;
  /** With `watch`: called after every reload that changed the hooks. */
  onReload?: WatchConfigOptions["onReload"];
  /** With `watch`: called when an edit left the configuration with errors. */
  onReloadError?: WatchConfigOptions["onError"];
  /** Called after every invocation. */
  onInvocation?: (record: HookInvocationRecord) => void;
  /** Include prompt hooks' prompts and answers in invocation records. */
  traceModelIO?: boolean;
  /** A host's model client for prompt hooks. */
  modelClient?: ModelClient;
  /** The Stop loop guard's cap (`0`: none). */
  stopBlockCap?: number;
  /**
   * What to do with permissions hooks grant (see `HookGrants`): `"refuse"`
   * drops them whatever the configuration says; otherwise the
   * configuration's `hookGrants` decides (any layer's `"refuse"` refuses).
   *
   * @default {"forward"}
   */
  hookGrants?: HookGrants;
  /** Make command hooks die with this process, even by SIGKILL (see `HookRunnerOptions.dieWithHost`). */
  dieWithHost?: boolean;
  /** Take each call's async hooks instead of the runner (see `HookRunnerOptions.handOffAsyncHooks`). */
  handOffAsyncHooks?: HookRunnerOptions["handOffAsyncHooks"];
  /** OpenTelemetry spans and metrics (see `HookRunnerOptions.telemetry`). */
  telemetry?: HookRunnerOptions["telemetry"];
  /**
   * More extension modules to load (`--extension`), after the configured
   * and discovered ones; relative paths are relative to `Deno.cwd()`.
   */
  extensions?: readonly string[];
  /** The user interface extension handlers get (headless without one). */
  ui?: HookUIContext;
  /** Where extensions' `sendMessage` and `appendEntry` go. */
  session?: ExtensionSession;
}

/**
 * A configured runner and what it was made from.
 *
 * @example Run an event and close
 * ```ts
 * import { openHookHost } from "@hookgate/core";
 * import { deepEqual } from "node:assert/strict";
 *
 * const host = await openHookHost({ defaultLayers: false });
 * deepEqual(await host.runner.stop({ cwd: Deno.cwd() }), {});
 * await host.close();
 * ```
 */
export interface HookHost extends AsyncDisposable {
  /** The registry, holding the configured hooks (add in-process ones freely). */
  readonly registry: HookRegistry;
  /** The runner. */
  readonly runner: HookRunner;
  /** The configuration now live (it follows reloads when watching). */
  readonly config: LoadedConfig;
  /** The project root the layers were looked up in (absolute). */
  readonly projectRoot: string;
  /**
   * The extension modules loaded into the registry (configured,
   * discovered, given), with their commands, renderers and statuses.
   */
  readonly extensions: ExtensionHost;
  /** Waits for background hooks, kills running ones, stops watching. */
  close(): Promise<void>;
}

/**
 * Loads the configuration layers, registers their hooks and builds the
 * runner with the configuration's allowlist, URL patterns and models.
 *
 * A configuration with errors still opens: what is good runs, and each
 * broken entry is a placeholder that runs nothing — where it was closed or
 * policy, it denies on its gating event (PreToolUse, PermissionRequest,
 * UserPromptSubmit) every call it could have matched; a file that cannot be
 * parsed at all denies every call there. The errors go to `logger.error`
 * (and stay in `config.diagnostics`); `hook-run check` fails on them.
 *
 * @param options Where configuration comes from, and runner reporting.
 * @returns The host.
 * @throws {HookConfigError} When an extension module cannot be loaded
 * (every diagnostic attached): a guard that failed to load must not leave
 * the host running without it.
 *
 * @example A host from explicit files only
 * ```ts
 * import { openHookHost } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/hooks.jsonc`, '{"hooks": {"Stop": [{"command": "true"}]}}');
 * const host = await openHookHost({ paths: [`${dir}/hooks.jsonc`], defaultLayers: false });
 * equal(host.runner.has("Stop"), true);
 * await host.close();
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function openHookHost(options: HookHostOptions = {}): Promise<HookHost> {
  const projectRoot = resolve(options.projectRoot ?? Deno.cwd());
  const loadOptions: LoadConfigOptions = { ...options, projectRoot };
  const registry = new HookRegistry();
  const policyOnly = options.noHooks === true;
  let watcher: ConfigWatcher | null = null;
  let config: LoadedConfig;
  // The policy rules, before the configured hooks: they run first among the validators.
  let policy: PolicyHooks | undefined;
  const rulesOf = () => (watcher?.config ?? config).rules;
  if (options.config !== undefined) {
    config = options.config;
    policy = policyHooks(registry, rulesOf, projectRoot);
    registry.loadShellHooks(config.hooks, { policyOnly, placeholders: config.placeholders ?? [] });
  } else if (options.watch) {
    const onReload = options.onReload;
    watcher = await watchConfig({
      ...loadOptions,
      registry,
      policyOnly,
      ...(options.logger ? { logger: options.logger } : {}),
      // A reload that brings the first rules registers them.
      onReload: (next) => {
        policy?.update(next.rules);
        onReload?.(next);
      },
      ...(options.onReloadError ? { onError: options.onReloadError } : {}),
    });
    config = watcher.config;
    policy = policyHooks(registry, rulesOf, projectRoot);
  } else {
    config = await checkConfig(loadOptions);
    policy = policyHooks(registry, rulesOf, projectRoot);
    registry.loadShellHooks(config.hooks, { policyOnly, placeholders: config.placeholders ?? [] });
    if (!config.ok) options.logger?.error?.(liveWithErrors(config.diagnostics));
  }
  const current = () => watcher?.config ?? config;
  // The project's trust guard, checked before each of its command hooks
  // starts. After a reload that leaves the project untrusted, the last
  // guard stays: a call still holding the old hooks must not run them.
  let guard = config.project?.guard;
  const commandGate: CommandGate | undefined = options.watch !== true && guard === undefined
    ? undefined
    : (hook) => (guard = current().project?.guard ?? guard)?.check(hook);
  const runnerOptions: HookRunnerOptions = {
    registry,
    allowNonPolicy: !policyOnly,
    commandAllowlist: [...DEFAULT_COMMAND_ALLOWLIST, ...config.commandAllowlist],
    ...(config.httpAllowedUrls ? { httpAllowedUrls: config.httpAllowedUrls } : {}),
    // Functions, so that hot reload reaches prompt hooks' endpoints and the environment switch.
    models: () => current().models,
    sanitizeEnv: () => current().sanitizeEnv === true,
    projectDir: projectRoot,
    ...(commandGate ? { commandGate } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.onInvocation ? { onInvocation: options.onInvocation } : {}),
    ...(options.traceModelIO ? { traceModelIO: true } : {}),
    ...(options.modelClient ? { modelClient: options.modelClient } : {}),
    ...(options.stopBlockCap !== undefined ? { stopBlockCap: options.stopBlockCap } : {}),
    // Read when a hook grants, so that hot reload reaches it.
    hookGrants: options.hookGrants === "refuse" ? "refuse" : () => current().hookGrants,
    ...(options.dieWithHost ? { dieWithHost: true } : {}),
    ...(options.handOffAsyncHooks ? { handOffAsyncHooks: options.handOffAsyncHooks } : {}),
    ...(options.telemetry !== undefined ? { telemetry: options.telemetry } : {}),
  };
  const runner = new HookRunner(runnerOptions);
  const extensions = new ExtensionHost({
    registry,
    ...(options.ui ? { ui: options.ui } : {}),
    ...(options.session ? { session: options.session } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  let closed: Promise<void> | null = null;
  const close = () =>
    closed ??= (async () => {
      await watcher?.close();
      await runner.close();
      extensions.unloadAll();
    })();
  // Extension modules are ordinary automation: --no-hooks leaves them out.
  if (!policyOnly) {
    const loaded = await loadHooks([...config.extensions, ...options.extensions ?? []], Deno.cwd(), {
      host: extensions,
    });
    if (loaded.errors.length > 0) {
      // A guard that failed to load must not leave the host running without it.
      await close();
      throw new HookConfigError(loaded.errors.map(hookLoadDiagnostic));
    }
  }
  return {
    registry,
    runner,
    get config() {
      return current();
    },
    projectRoot,
    extensions,
    close,
    [Symbol.asyncDispose]: close,
  };
}
