/**
 * What {@linkcode PluginHost.install} and {@linkcode PluginHost.uninstall}
 * report: plugin failures are data, not exceptions thrown at the host.
 *
 * @module
 */

/**
 * Why a plugin was not installed: its `setup` threw or rejected
 * (`"setup"`), overran the setup deadline (`"timeout"`), or a plugin it
 * depends on was not installed (`"dependency"`).
 *
 * @example Retry only plugins that failed on their own
 * ```ts
 * import type { PluginFailureKind } from "@hookgate/core";
 *
 * const ownFault = (kind: PluginFailureKind) => kind !== "dependency";
 * ```
 */
export type PluginFailureKind = "setup" | "timeout" | "dependency";

/**
 * A plugin that was not installed. None of its hooks remain.
 *
 * @example Log failures
 * ```ts
 * import type { PluginFailure } from "@hookgate/core";
 *
 * function log(failure: PluginFailure) {
 *   console.error(failure.error.message, failure.error.cause);
 * }
 * ```
 */
export interface PluginFailure {
  /** The plugin. */
  name: string;
  /** Why. */
  kind: PluginFailureKind;
  /**
   * `Cannot install plugin "name": …`; its `cause` is what `setup` threw,
   * or the failed dependency's error.
   */
  error: Error;
  /** For `"dependency"`: the dependency that was not installed. */
  dependency?: string;
}

/**
 * The result of {@linkcode PluginHost.install}.
 *
 * @example Fail the boot when any plugin failed
 * ```ts
 * import type { PluginInstallReport } from "@hookgate/core";
 *
 * function check(report: PluginInstallReport) {
 *   if (report.failed.length > 0) throw report.failed[0]!.error;
 * }
 * ```
 */
export interface PluginInstallReport {
  /** The plugins set up, in setup order. */
  installed: string[];
  /** The plugins not installed, in setup order. */
  failed: PluginFailure[];
}

/**
 * What went wrong while a plugin was torn down: its `teardown` threw or
 * rejected (`"teardown"`), it or an asynchronous cleanup overran the
 * teardown deadline (`"timeout"`), or a cleanup function failed
 * (`"cleanup"`). The plugin is removed regardless, hooks included.
 *
 * @example
 * ```ts
 * import type { PluginTeardownProblemKind } from "@hookgate/core";
 *
 * const kind: PluginTeardownProblemKind = "timeout";
 * ```
 */
export type PluginTeardownProblemKind = "teardown" | "timeout" | "cleanup";

/**
 * One problem of a teardown. Each is also reported to the host's logger.
 *
 * @example
 * ```ts
 * import type { PluginTeardownProblem } from "@hookgate/core";
 *
 * const problem: PluginTeardownProblem = {
 *   name: "slow",
 *   kind: "timeout",
 *   error: new Error('Cannot tear down plugin "slow" cleanly: teardown did not finish within 10000 ms'),
 * };
 * ```
 */
export interface PluginTeardownProblem {
  /** The plugin. */
  name: string;
  /** What went wrong. */
  kind: PluginTeardownProblemKind;
  /** `Cannot tear down plugin "name" cleanly: …`, with the thrown value as `cause`. */
  error: Error;
}

/**
 * The result of {@linkcode PluginHost.uninstall} and
 * {@linkcode PluginHost.uninstallAll}.
 *
 * @example
 * ```ts
 * import type { PluginUninstallReport } from "@hookgate/core";
 *
 * const report: PluginUninstallReport = { uninstalled: ["b", "a"], problems: [] };
 * ```
 */
export interface PluginUninstallReport {
  /** The plugins removed, in teardown order (dependents first). */
  uninstalled: string[];
  /** What did not go cleanly; the plugins are removed all the same. */
  problems: PluginTeardownProblem[];
}
