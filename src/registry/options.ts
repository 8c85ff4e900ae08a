/**
 * The options of {@linkcode HookRegistry}: the event table it accepts, and
 * how configured hooks are loaded into it.
 *
 * @module
 */

import type { PlaceholderHook } from "../events/configured.ts";
import type { EventTable } from "./entry.ts";

/**
 * Options of {@linkcode HookRegistry}.
 *
 * @example A registry for the built-in events
 * ```ts
 * import { HookRegistry, type HookRegistryOptions } from "@hookgate/core";
 *
 * const options: HookRegistryOptions = {};
 * const registry = new HookRegistry(options);
 * ```
 */
export interface HookRegistryOptions {
  /**
   * The event table: which events exist and their rules. A host with its
   * own events passes the built-in table plus its rows.
   *
   * @default {ALL_EVENTS} (the hook events and the extension events)
   */
  events?: EventTable;
}

/**
 * Options of {@linkcode HookRegistry.loadShellHooks} and
 * {@linkcode HookRegistry.replaceShellHooks}.
 *
 * @example Load only policy hooks
 * ```ts
 * import type { LoadShellHooksOptions } from "@hookgate/core";
 *
 * const options: LoadShellHooksOptions = { policyOnly: true };
 * ```
 */
export interface LoadShellHooksOptions {
  /**
   * Register only entries marked `policy: true` (for `--no-hooks`).
   *
   * @default {false}
   */
  policyOnly?: boolean;
  /**
   * Configured hooks that could not be built (see `placeholderHook`). Those
   * that deny (`placeholderDenies`: closed or policy, on an event that gates
   * an action) are registered after the event's configured hooks and
   * replaced with them; the others are not registered.
   *
   * @default {[]}
   */
  placeholders?: readonly PlaceholderHook[];
}
