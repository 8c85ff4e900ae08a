/**
 * Registry entries: a registered hook with its resolved controls,
 * discriminated by transport.
 *
 * @module
 */

import type { RegistryEvent } from "../events/extension_map.ts";
import type { FailurePolicy, HookMatcher, HookStage, InProcessHook } from "../events/hooks.ts";
import type { HttpHook, PlaceholderHook, PromptHook, ShellHook } from "../events/configured.ts";
import type { HookFailure } from "../events/outcome.ts";

/**
 * The fields every registry entry has, whatever its transport. Values are
 * resolved: defaults applied, timeouts rounded to whole milliseconds.
 *
 * @example Read an entry's controls
 * ```ts
 * import { HookRegistry, type HookEntryBase } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const registry = new HookRegistry();
 * registry.registerInProcess("Stop", "*", () => {}, "demo");
 * const entry: HookEntryBase = registry.list("Stop")[0]!;
 * equal(entry.timeoutMs, 5000);
 * ```
 */
export interface HookEntryBase {
  /** Unique, increasing with registration: the order of hooks. */
  readonly id: number;
  /** The event the entry belongs to. */
  readonly event: RegistryEvent;
  /** A display name. */
  readonly name: string;
  /** The matcher as given (`"*"` when omitted). */
  readonly matcher: HookMatcher;
  /** The PreToolUse stage. */
  readonly stage: HookStage;
  /** Whether it runs together with the event's other hooks (`HookRegistrationOptions.concurrent`); omitted: as its dialect says. */
  readonly concurrent?: boolean;
  /** The deadline per invocation, in milliseconds. */
  readonly timeoutMs: number;
  /** What a failure means. */
  readonly failurePolicy: FailurePolicy;
  /** Whether the hook survives `allowNonPolicy: false`. */
  readonly policy: boolean;
  /** Whether the hook runs fire-and-forget. */
  readonly background: boolean;
  /** The plugin that registered it, for `drainByOwner`. */
  readonly owner?: string;
  /** Whether the entry came from `loadShellHooks`/`replaceShellHooks`. */
  readonly configured: boolean;
}

/**
 * A registered in-process hook.
 *
 * @example Recognise an in-process entry
 * ```ts
 * import type { HookEntry, InProcessHookEntry } from "@hookgate/core";
 *
 * function isInProcess(entry: HookEntry): entry is InProcessHookEntry {
 *   return entry.transport === "in-process";
 * }
 * ```
 */
export interface InProcessHookEntry extends HookEntryBase {
  /** The transport. */
  readonly transport: "in-process";
  /** The function. */
  readonly hook: InProcessHook;
}

/**
 * A registered command hook.
 *
 * @example Read the command
 * ```ts
 * import type { CommandHookEntry } from "@hookgate/core";
 *
 * function describe(entry: CommandHookEntry): string {
 *   return entry.hook.command;
 * }
 * ```
 */
export interface CommandHookEntry extends HookEntryBase {
  /** The transport. */
  readonly transport: "command";
  /** The command hook as registered. */
  readonly hook: ShellHook;
}

/**
 * A registered HTTP hook.
 *
 * @example Read the URL
 * ```ts
 * import type { HttpHookEntry } from "@hookgate/core";
 *
 * function describe(entry: HttpHookEntry): string {
 *   return entry.hook.url;
 * }
 * ```
 */
export interface HttpHookEntry extends HookEntryBase {
  /** The transport. */
  readonly transport: "http";
  /** The HTTP hook as registered. */
  readonly hook: HttpHook;
}

/**
 * A registered prompt (model) hook.
 *
 * @example Read the template
 * ```ts
 * import type { PromptHookEntry } from "@hookgate/core";
 *
 * function describe(entry: PromptHookEntry): string {
 *   return entry.hook.prompt;
 * }
 * ```
 */
export interface PromptHookEntry extends HookEntryBase {
  /** The transport. */
  readonly transport: "prompt";
  /** The prompt hook as registered. */
  readonly hook: PromptHook;
}

/**
 * A registered placeholder: a configured hook that could not be built,
 * closed or policy, on an event that gates an action. It runs nothing and
 * fails every call its matcher selects with `failure`; its failure policy is
 * always `"closed"`, so the runner denies.
 *
 * @example Say why a placeholder denies
 * ```ts
 * import type { PlaceholderHookEntry } from "@hookgate/core";
 *
 * function why(entry: PlaceholderHookEntry): string {
 *   return `${entry.hook.source}:${entry.hook.line}: ${entry.hook.reason}`;
 * }
 * ```
 */
export interface PlaceholderHookEntry extends HookEntryBase {
  /** The transport. */
  readonly transport: "placeholder";
  /** The placeholder as registered. */
  readonly hook: PlaceholderHook;
  /** What every call it matches fails with (`rejected`). */
  readonly failure: HookFailure;
}

/**
 * A registry entry, discriminated by `transport`.
 *
 * @example Describe any entry
 * ```ts
 * import type { HookEntry } from "@hookgate/core";
 *
 * function target(entry: HookEntry): string {
 *   switch (entry.transport) {
 *     case "in-process":
 *       return entry.owner ?? entry.name;
 *     case "command":
 *       return entry.hook.command;
 *     case "http":
 *       return entry.hook.url;
 *     case "prompt":
 *       return entry.hook.model ?? "default model";
 *     case "placeholder":
 *       return entry.hook.source;
 *   }
 * }
 * ```
 */
export type HookEntry =
  | InProcessHookEntry
  | CommandHookEntry
  | HttpHookEntry
  | PromptHookEntry
  | PlaceholderHookEntry;
