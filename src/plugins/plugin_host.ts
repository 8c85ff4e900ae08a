/**
 * The plugin host: installs plugins into a shared {@linkcode HookRegistry}
 * in dependency order and removes them — every hook included — in reverse.
 *
 * @module
 */

import {
  DEFAULT_PLUGIN_SETUP_TIMEOUT_MS,
  DEFAULT_PLUGIN_TEARDOWN_TIMEOUT_MS,
  MAX_TIMEOUT_MS,
} from "../_internal/limits.ts";
import type { Logger } from "../events/env.ts";
import type { HookRegistry } from "../registry/registry.ts";
import { type CheckedPlugin, checkPlugins, shown } from "./_check.ts";
import { installOrder } from "./_order.ts";
import type { PluginScope } from "./_scope.ts";
import { blockedBy, setUpPlugin } from "./_setup.ts";
import { type LifecycleContext, tearDownPlugin } from "./_teardown.ts";
import type { Plugin } from "./plugin.ts";
import type { PluginInstallReport, PluginUninstallReport } from "./report.ts";

// The WrongStack-compatible API gives teardown 10 s; setup gets the same so that one hung plugin
// cannot hold an agent's start-up for longer than it may hold its shutdown.

/**
 * Options of {@linkcode PluginHost}.
 *
 * @example A strict host for CI
 * ```ts
 * import type { PluginHostOptions } from "@hookgate/core";
 *
 * const options: PluginHostOptions = { enforceCapabilities: true, teardownTimeoutMs: 2000 };
 * ```
 */
export interface PluginHostOptions {
  /** Where setup failures, teardown problems and capability warnings go. */
  logger?: Logger;
  /**
   * Refuse `registerHook` (it throws, so the plugin's setup fails) for a
   * plugin that declares `capabilities` without `hooks: true`, instead of
   * warning and registering the hook anyway.
   *
   * @default {false}
   */
  enforceCapabilities?: boolean;
  /**
   * How long one plugin's `setup` may take, in milliseconds (1 – 600 000).
   * When it passes, `api.signal` aborts and the plugin fails with kind
   * `"timeout"`.
   *
   * @default {10000}
   */
  setupTimeoutMs?: number;
  /**
   * How long one plugin's `teardown` and asynchronous cleanups may take
   * together, in milliseconds (1 – 600 000). When it passes, the teardown's
   * signal aborts and the host stops waiting; the hooks are removed anyway.
   *
   * @default {10000}
   */
  teardownTimeoutMs?: number;
}

/**
 * Options of {@linkcode PluginHost.uninstall}.
 *
 * @example Take the dependents along
 * ```ts
 * import type { PluginUninstallOptions } from "@hookgate/core";
 *
 * const options: PluginUninstallOptions = { withDependents: true };
 * ```
 */
export interface PluginUninstallOptions {
  /**
   * Tear down the installed plugins that depend on this one (through
   * `dependsOn`, transitively) first, instead of refusing.
   *
   * @default {false}
   */
  withDependents?: boolean;
}

interface Installed {
  readonly checked: CheckedPlugin;
  readonly scope: PluginScope;
}

/**
 * Installs and uninstalls plugins on a shared registry, at any time.
 *
 * - **Install** checks the whole batch first — shapes, unique names, every
 *   `dependsOn` installed or in the batch, no cycle — and throws a
 *   `TypeError` before any setup when it is wrong. Plugins are then set up
 *   one at a time in dependency order (ties keep the given order). A setup
 *   that throws, rejects or overruns `setupTimeoutMs` leaves no hook behind,
 *   and plugins that depend on it are not set up; both are reported, the
 *   rest install.
 * - **Uninstall** tears down in reverse setup order: `teardown(api,
 *   {signal})` under `teardownTimeoutMs`, then the cleanup stack (each hook's
 *   unsubscribe, then `onCleanup` functions), then
 *   `registry.drainByOwner(name)` as the backstop. Problems are reported,
 *   never thrown. A plugin that others depend on is refused unless
 *   `withDependents: true`. Configured hooks are never touched.
 * - Operations run one after another, in call order. A runner call already
 *   in flight finishes on the registry snapshot it started with.
 *
 * @example Install, run, uninstall
 * ```ts
 * import { HookRegistry, HookRunner, PluginHost } from "@hookgate/core";
 * import { deepEqual } from "node:assert/strict";
 *
 * const registry = new HookRegistry();
 * const host = new PluginHost(registry);
 * const report = await host.install([{
 *   name: "lint-after-edit",
 *   capabilities: { hooks: true },
 *   setup(api) {
 *     api.registerHook("PostToolUse", "edit|write", () => ({ additionalContext: "Lint: clean" }));
 *   },
 * }]);
 * deepEqual(report, { installed: ["lint-after-edit"], failed: [] });
 *
 * const runner = new HookRunner({ registry });
 * const result = await runner.postToolUse("edit", { path: "a.ts" }, { content: "ok", isError: false }, { cwd: "/tmp" });
 * deepEqual(result.additionalContext, "Lint: clean");
 *
 * await host.uninstall("lint-after-edit");
 * deepEqual(registry.has("PostToolUse"), false);
 * ```
 */
export class PluginHost {
  #context: LifecycleContext;
  // Insertion order is setup order.
  #installed = new Map<string, Installed>();
  #queue: Promise<unknown> = Promise.resolve();

  /**
   * Creates a host with no plugins.
   *
   * @param registry The registry plugins register their hooks in.
   * @param options Logger, capability enforcement, deadlines.
   * @throws {TypeError} When `registry` is not a registry or a deadline is not a number.
   * @throws {RangeError} When a deadline is not 1 – 600 000 ms.
   */
  constructor(registry: HookRegistry, options: PluginHostOptions = {}) {
    const shape = registry as Partial<HookRegistry> | null;
    if (typeof shape?.registerInProcess !== "function" || typeof shape.drainByOwner !== "function") {
      throw new TypeError(`Cannot create plugin host: expected a HookRegistry, got ${shown(registry)}`);
    }
    this.#context = Object.freeze({
      registry,
      logger: options.logger ?? {},
      enforceCapabilities: options.enforceCapabilities === true,
      setupTimeoutMs: deadline(options.setupTimeoutMs, "setupTimeoutMs", DEFAULT_PLUGIN_SETUP_TIMEOUT_MS),
      teardownTimeoutMs: deadline(options.teardownTimeoutMs, "teardownTimeoutMs", DEFAULT_PLUGIN_TEARDOWN_TIMEOUT_MS),
    });
  }

  /**
   * The installed plugins, in setup order.
   *
   * @returns Their names (a copy).
   *
   * @example
   * ```ts
   * import { HookRegistry, PluginHost } from "@hookgate/core";
   * import { deepEqual } from "node:assert/strict";
   *
   * const host = new PluginHost(new HookRegistry());
   * await host.install([{ name: "b", dependsOn: ["a"], setup() {} }, { name: "a", setup() {} }]);
   * deepEqual(host.installed, ["a", "b"]);
   * ```
   */
  get installed(): string[] {
    return [...this.#installed.keys()];
  }

  /**
   * Whether a plugin is installed.
   *
   * @param name The plugin's name.
   * @returns `true` once its setup succeeded, until its uninstall starts.
   *
   * @example
   * ```ts
   * import { HookRegistry, PluginHost } from "@hookgate/core";
   * import { equal } from "node:assert/strict";
   *
   * equal(new PluginHost(new HookRegistry()).has("a"), false);
   * ```
   */
  has(name: string): boolean {
    return this.#installed.has(name);
  }

  /**
   * Installs a batch of plugins (see {@linkcode PluginHost} for the rules).
   *
   * @param plugins The plugins, in the order ties should keep.
   * @returns Which plugins were installed and which failed, and why.
   * @throws {TypeError} (as a rejection) When the batch is malformed, a name
   * is given twice or already taken, a `dependsOn` is neither installed nor
   * in the batch, or dependencies form a cycle; nothing is installed then.
   *
   * @example One plugin fails, its dependent is skipped, the other installs
   * ```ts
   * import { HookRegistry, PluginHost } from "@hookgate/core";
   * import { deepEqual, equal } from "node:assert/strict";
   *
   * const registry = new HookRegistry();
   * const host = new PluginHost(registry);
   * const report = await host.install([
   *   {
   *     name: "a",
   *     setup(api) {
   *       api.registerHook("Stop", undefined, () => {});
   *       throw new Error("no config");
   *     },
   *   },
   *   { name: "b", dependsOn: ["a"], setup() {} },
   *   { name: "c", setup() {} },
   * ]);
   * deepEqual(report.installed, ["c"]);
   * deepEqual(report.failed.map((f) => [f.name, f.kind]), [["a", "setup"], ["b", "dependency"]]);
   * equal(report.failed[0]!.error.message, 'Cannot install plugin "a": setup failed: no config');
   * equal(registry.has("Stop"), false);
   * ```
   */
  install(plugins: readonly Plugin[]): Promise<PluginInstallReport> {
    return this.#serial(() => this.#install(plugins));
  }

  /**
   * Uninstalls one plugin: teardown, cleanups, then every hook it owns.
   *
   * @param name The plugin's name.
   * @param options Whether to take its dependents along.
   * @returns The plugins removed (dependents first) and any teardown problems.
   * @throws {TypeError} (as a rejection) When it is not installed, or other
   * installed plugins depend on it and `withDependents` is not set.
   *
   * @example Refused while a dependent is installed
   * ```ts
   * import { HookRegistry, PluginHost } from "@hookgate/core";
   * import { deepEqual, rejects } from "node:assert/strict";
   *
   * const host = new PluginHost(new HookRegistry());
   * await host.install([{ name: "a", setup() {} }, { name: "b", dependsOn: ["a"], setup() {} }]);
   * await rejects(host.uninstall("a"), TypeError);
   * const report = await host.uninstall("a", { withDependents: true });
   * deepEqual(report.uninstalled, ["b", "a"]);
   * ```
   */
  uninstall(name: string, options: PluginUninstallOptions = {}): Promise<PluginUninstallReport> {
    return this.#serial(() => {
      if (!this.#installed.has(name)) {
        throw new TypeError(`Cannot uninstall plugin "${name}": it is not installed`);
      }
      const leaving = this.#dependentsOf(name);
      if (leaving.size > 1 && options.withDependents !== true) {
        const direct = this.installed.filter((other) => this.#installed.get(other)!.checked.dependsOn.includes(name));
        const list = direct.map((other) => `"${other}"`).join(", ");
        throw new TypeError(
          `Cannot uninstall plugin "${name}": ${list} ${direct.length === 1 ? "depends" : "depend"} on it; uninstall ${
            direct.length === 1 ? "it" : "them"
          } first, or pass {withDependents: true}`,
        );
      }
      return this.#tearDown(this.installed.reverse().filter((other) => leaving.has(other)));
    });
  }

  /**
   * Uninstalls every plugin, in reverse setup order (session teardown).
   *
   * @returns The plugins removed and any teardown problems.
   *
   * @example
   * ```ts
   * import { HookRegistry, PluginHost } from "@hookgate/core";
   * import { deepEqual } from "node:assert/strict";
   *
   * const host = new PluginHost(new HookRegistry());
   * await host.install([{ name: "a", setup() {} }, { name: "b", setup() {} }]);
   * deepEqual((await host.uninstallAll()).uninstalled, ["b", "a"]);
   * ```
   */
  uninstallAll(): Promise<PluginUninstallReport> {
    return this.#serial(() => this.#tearDown(this.installed.reverse()));
  }

  /**
   * Uninstalls every plugin, for `await using`.
   *
   * @example
   * ```ts
   * import { HookRegistry, PluginHost } from "@hookgate/core";
   *
   * const registry = new HookRegistry();
   * {
   *   await using host = new PluginHost(registry);
   *   await host.install([{ name: "a", setup() {} }]);
   * }
   * ```
   */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.uninstallAll();
  }

  // One operation at a time: a batch is checked against the plugins that
  // are installed when its turn comes, never against a half-finished one.
  #serial<T>(run: () => T | Promise<T>): Promise<T> {
    const result = this.#queue.then(run);
    this.#queue = result.then(() => {}, () => {});
    return result;
  }

  async #install(plugins: readonly Plugin[]): Promise<PluginInstallReport> {
    const batch = checkPlugins(plugins, (name) => this.#taken(name));
    const order = installOrder(batch, new Set(this.#installed.keys()));
    const report: PluginInstallReport = { installed: [], failed: [] };
    const failures = new Map<string, Error>();
    for (const checked of order) {
      const blocked = blockedBy(checked, failures);
      const outcome = blocked === undefined ? await setUpPlugin(checked, this.#context) : { failure: blocked };
      if ("scope" in outcome) {
        this.#installed.set(checked.name, { checked, scope: outcome.scope });
        report.installed.push(checked.name);
        continue;
      }
      failures.set(checked.name, outcome.failure.error);
      report.failed.push(outcome.failure);
      this.#context.logger.error?.(outcome.failure.error.message);
    }
    return report;
  }

  #taken(name: string): string | undefined {
    if (this.#installed.has(name)) return "a plugin of that name is already installed; uninstall it first";
    // Uninstall drains by owner, so the name must own nothing else.
    if (this.#context.registry.countByOwner(name) > 0) {
      return `the registry already holds hooks owned by "${name}", which uninstalling the plugin would remove`;
    }
    return undefined;
  }

  async #tearDown(names: readonly string[]): Promise<PluginUninstallReport> {
    const report: PluginUninstallReport = { uninstalled: [], problems: [] };
    for (const name of names) {
      const { checked, scope } = this.#installed.get(name)!;
      this.#installed.delete(name);
      report.problems.push(...await tearDownPlugin(checked, scope, this.#context));
      report.uninstalled.push(name);
    }
    return report;
  }

  /** The plugin and every installed plugin that depends on it, transitively. */
  #dependentsOf(name: string): Set<string> {
    const leaving = new Set([name]);
    // Setup order is topological: a dependent always comes after what it
    // depends on, so one pass finds them all.
    for (const [other, { checked }] of this.#installed) {
      if (checked.dependsOn.some((dependency) => leaving.has(dependency))) leaving.add(other);
    }
    return leaving;
  }
}

function deadline(value: unknown, key: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number") {
    throw new TypeError(`Cannot create plugin host: "${key}" must be a number of milliseconds, got ${shown(value)}`);
  }
  if (!Number.isFinite(value) || value <= 0 || value > MAX_TIMEOUT_MS) {
    throw new RangeError(
      `Cannot create plugin host: "${key}" must be a positive number of milliseconds (1 – ${MAX_TIMEOUT_MS}), got ${value}`,
    );
  }
  return Math.max(1, Math.round(value));
}
