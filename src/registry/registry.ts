/**
 * The hook registry: one ordered list of entries per event, shared by every
 * transport and every owner (runtime configuration, plugins, extensions).
 * `HookRegistry` here holds the ways in — the registration overloads, the
 * configured set's load and atomic reload; its base `HookStore` (store.ts)
 * the snapshots they land in, read by the runner and drained by owner.
 *
 * @module
 */

import type { RegistryEvent } from "../events/extension_map.ts";
import type { ConfiguredHook, ConfiguredHooks, HttpHook, PromptHook, ShellHook } from "../events/configured.ts";
import type { HookMatcher, HookRegistrationOptions, InProcessHook, InProcessHookFor } from "../events/hooks.ts";
import { buildConfigured, type BuiltHooks, countBuilt, spliceConfigured } from "./_configured.ts";
import type { Snapshots } from "./_snapshots.ts";
import { configuredEntry, type EventTable, inProcessEntry } from "./entry.ts";
import type { HookRegistryOptions, LoadShellHooksOptions } from "./options.ts";
import { HookStore, snapshotsOf } from "./store.ts";
import type { HookEntry } from "./types.ts";

export type { EventTable, HookRegistryOptions, LoadShellHooksOptions };

/**
 * The ordered set of registered hooks.
 *
 * Entries of one event run in registration order, whatever their
 * transport. Each event's list is an immutable snapshot replaced on every
 * change, so the runner iterates without copying and a registration made
 * while an event runs takes effect from the next run.
 *
 * Configured entries (from {@linkcode loadShellHooks}) belong to the
 * runtime: {@linkcode replaceShellHooks} swaps them atomically and
 * {@linkcode drainByOwner} never touches them.
 *
 * @example Register and remove an in-process hook
 * ```ts
 * import { HookRegistry } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const registry = new HookRegistry();
 * const off = registry.registerInProcess("PostToolUse", "edit|write", () => ({
 *   additionalContext: "remember to run the linter",
 * }), "lint-plugin");
 * equal(registry.has("PostToolUse"), true);
 * off();
 * equal(registry.has("PostToolUse"), false);
 * ```
 */
export class HookRegistry extends HookStore {
  #snapshots: Snapshots;
  #nextId = 1;

  /**
   * Creates an empty registry.
   *
   * @param options The event table (the built-in events by default).
   */
  constructor(options: HookRegistryOptions = {}) {
    super(options);
    this.#snapshots = snapshotsOf(this);
  }

  /**
   * Registers an in-process hook for every call of its event — the form for
   * events without tools (`Stop`, `SessionStart`, …), where a matcher means
   * nothing.
   *
   * @param event The event (a hook event or an extension event).
   * @param hook The function.
   * @param owner The plugin that owns it, for {@linkcode drainByOwner}.
   * @param options Name, deadline, failure policy, stage, policy marker.
   * @returns A function that removes exactly this registration.
   * @throws {TypeError} On an unknown event or a hook that is not a function.
   * @throws {RangeError} As the form with a matcher.
   *
   * @example A Stop hook, no matcher
   * ```ts
   * import { HookRegistry } from "@hookgate/core";
   * import { equal } from "node:assert/strict";
   *
   * const registry = new HookRegistry();
   * registry.registerInProcess("Stop", () => ({ action: "allow" }), "my-plugin");
   * equal(registry.countByOwner("my-plugin"), 1);
   * ```
   */
  registerInProcess<E extends RegistryEvent>(
    event: E,
    hook: InProcessHookFor<E>,
    owner?: string,
    options?: HookRegistrationOptions,
  ): () => void;
  /**
   * Registers an in-process hook.
   *
   * @param event The event (a hook event or an extension event).
   * @param matcher Which tools it applies to (`undefined` or `"*"`: all).
   * @param hook The function: for an extension event it answers with the
   * event's own result.
   * @param owner The plugin that owns it, for {@linkcode drainByOwner}.
   * @param options Name, deadline, failure policy, stage, policy marker.
   * @returns A function that removes exactly this registration.
   * @throws {TypeError} On an unknown event or a hook that is not a function.
   * @throws {RangeError} When `timeoutMs` is not a positive, finite number of milliseconds up to 10 minutes,
   * or a background hook is given for an event that can block.
   *
   * @example A mutate-stage rewrite
   * ```ts
   * import { HookRegistry } from "@hookgate/core";
   *
   * const registry = new HookRegistry();
   * registry.registerInProcess("PreToolUse", "bash", (input) => ({
   *   action: "mutate",
   *   input: { ...input.toolInput, timeout_ms: 30_000 },
   * }), "my-plugin", { name: "bash-timeout" });
   * ```
   */
  registerInProcess<E extends RegistryEvent>(
    event: E,
    matcher: HookMatcher | undefined,
    hook: InProcessHookFor<E>,
    owner?: string,
    options?: HookRegistrationOptions,
  ): () => void;
  registerInProcess<E extends RegistryEvent>(
    event: E,
    first: HookMatcher | undefined | InProcessHookFor<E>,
    second?: InProcessHookFor<E> | string,
    third?: string | HookRegistrationOptions,
    fourth?: HookRegistrationOptions,
  ): () => void {
    const bare = typeof first === "function";
    const matcher = bare ? undefined : first;
    const hook = (bare ? first : second) as InProcessHookFor<E>;
    const owner = (bare ? second : third) as string | undefined;
    const options = ((bare ? third : fourth) ?? {}) as HookRegistrationOptions;
    const entry = inProcessEntry(this.events, this.#nextId, event, matcher, hook as InProcessHook, owner, options);
    this.#nextId++;
    return this.#snapshots.add(entry);
  }

  /**
   * Registers a command hook outside configuration (it is not replaced by
   * {@linkcode replaceShellHooks}).
   *
   * @param event The event.
   * @param hook The command hook.
   * @returns A function that removes exactly this registration.
   * @throws {TypeError} When the hook is malformed.
   * @throws {RangeError} When `timeoutMs` is not a positive, finite number of milliseconds up to 10 minutes,
   * or a background hook is given for an event that can block.
   *
   * @example Run a script on Stop
   * ```ts
   * import { HookRegistry } from "@hookgate/core";
   *
   * const registry = new HookRegistry();
   * const off = registry.registerShell("Stop", { command: "true" });
   * off();
   * ```
   */
  registerShell(event: RegistryEvent, hook: ShellHook): () => void {
    return this.#snapshots.add(
      this.#configured(event, { ...hook, type: "command" }),
    );
  }

  /**
   * Registers an HTTP hook outside configuration.
   *
   * @param event The event.
   * @param hook The HTTP hook.
   * @returns A function that removes exactly this registration.
   * @throws {TypeError} When the hook is malformed.
   * @throws {RangeError} When `timeoutMs` is not a positive, finite number of milliseconds up to 10 minutes,
   * or a background hook is given for an event that can block.
   *
   * @example A local policy service
   * ```ts
   * import { HookRegistry } from "@hookgate/core";
   *
   * const registry = new HookRegistry();
   * registry.registerHttp("PreToolUse", {
   *   type: "http",
   *   url: "http://127.0.0.1:8787/hook",
   * });
   * ```
   */
  registerHttp(event: RegistryEvent, hook: HttpHook): () => void {
    return this.#snapshots.add(
      this.#configured(event, { ...hook, type: "http" }),
    );
  }

  /**
   * Registers a prompt (model) hook outside configuration.
   *
   * @param event The event.
   * @param hook The prompt hook.
   * @returns A function that removes exactly this registration.
   * @throws {TypeError} When the hook is malformed.
   * @throws {RangeError} When `timeoutMs` is not a positive, finite number of milliseconds up to 10 minutes,
   * or a background hook is given for an event that can block.
   *
   * @example A model check on PreToolUse
   * ```ts
   * import { HookRegistry } from "@hookgate/core";
   *
   * const registry = new HookRegistry();
   * registry.registerPrompt("PreToolUse", {
   *   type: "prompt",
   *   matcher: "bash",
   *   prompt: "Is this command read-only? $ARGUMENTS",
   * });
   * ```
   */
  registerPrompt(event: RegistryEvent, hook: PromptHook): () => void {
    return this.#snapshots.add(this.#configured(event, { ...hook, type: "prompt" }));
  }

  /**
   * Adds configured hooks after the existing entries, each event's denying
   * placeholders after its hooks.
   *
   * @param hooks Configured hooks per event.
   * @param options `policyOnly` keeps only `policy: true` entries;
   * `placeholders` stand in for hooks that could not be built.
   * @returns How many entries were registered.
   * @throws {TypeError} When any hook is malformed; nothing is registered then.
   * @throws {RangeError} When any hook's `timeoutMs` or `background` is out of range; nothing is registered then.
   *
   * @example Load hooks at boot
   * ```ts
   * import { HookRegistry } from "@hookgate/core";
   * import { equal } from "node:assert/strict";
   *
   * const registry = new HookRegistry();
   * const count = registry.loadShellHooks({
   *   SessionStart: [{ command: "echo '{}'" }],
   *   Stop: [{ command: "true", policy: true }],
   * }, { policyOnly: true });
   * equal(count, 1);
   * ```
   */
  loadShellHooks(
    hooks: ConfiguredHooks,
    options: LoadShellHooksOptions = {},
  ): number {
    const built = this.#build(hooks, options);
    for (const [event, entries] of built) this.#snapshots.append(event, entries);
    return countBuilt(built);
  }

  /**
   * Atomically replaces every configured entry: the new set is built (and
   * validated) first, and only then swapped in. In-process and
   * {@linkcode registerShell}/{@linkcode registerHttp} entries are untouched.
   * The new entries take the place of the old ones in each event's order.
   *
   * @param hooks The new configured hooks per event.
   * @param options `policyOnly` keeps only `policy: true` entries;
   * `placeholders` stand in for hooks that could not be built.
   * @returns How many entries are now configured.
   * @throws {TypeError} When any hook is malformed; the old set stays live.
   * @throws {RangeError} When any hook's `timeoutMs` or `background` is out of range; the old set stays live.
   *
   * @example Hot reload
   * ```ts
   * import { HookRegistry } from "@hookgate/core";
   * import { equal } from "node:assert/strict";
   *
   * const registry = new HookRegistry();
   * registry.loadShellHooks({ Stop: [{ command: "true" }] });
   * registry.replaceShellHooks({ SessionEnd: [{ command: "true" }] });
   * equal(registry.has("Stop"), false);
   * equal(registry.has("SessionEnd"), true);
   * ```
   */
  replaceShellHooks(
    hooks: ConfiguredHooks,
    options: LoadShellHooksOptions = {},
  ): number {
    const built = this.#build(hooks, options);
    for (const event of built.keys()) this.#snapshots.learn(event);
    this.#snapshots.update((event, current) => spliceConfigured(current, built.get(event) ?? []));
    return countBuilt(built);
  }

  #build(hooks: ConfiguredHooks, options: LoadShellHooksOptions): BuiltHooks {
    // Ids are taken only once the whole set is valid.
    const { built, nextId } = buildConfigured(this.events, this.#nextId, hooks, options);
    this.#nextId = nextId;
    return built;
  }

  #configured(event: RegistryEvent, hook: ConfiguredHook): HookEntry {
    const entry = configuredEntry(this.events, this.#nextId, event, hook, false);
    this.#nextId++;
    return entry;
  }
}
