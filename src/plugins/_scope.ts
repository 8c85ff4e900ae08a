// One plugin's stay in a host: the API it is given, the stack of cleanups
// (each hook's unsubscribe, and whatever it passed to `onCleanup`), and the
// signal that tells its long-running work to stop. The registry records the
// plugin's name as each hook's owner, so `drainByOwner` can remove any hook
// this stack missed.

import type { Logger } from "../events/env.ts";
import type { RegistryEvent } from "../events/extension_map.ts";
import type { HookMatcher, HookRegistrationOptions, InProcessHookFor } from "../events/hooks.ts";
import { shown } from "./_check.ts";
import type { HookRegistry } from "../registry/registry.ts";
import type { HookGate } from "./_gate.ts";
import { errorText, isThenable, settleWithin } from "./_settle.ts";
import type { PluginAPI } from "./plugin.ts";

/** A cleanup to run; an object so the same function may be registered twice. */
interface Cleanup {
  readonly run: () => unknown;
}

/** What went wrong with one cleanup, for the host's report. */
export type CleanupProblem = (kind: "cleanup" | "timeout", cause: unknown) => void;

/** A plugin's API, cleanup stack and lifetime signal. */
export class PluginScope {
  /** What `setup` and `teardown` receive. */
  readonly api: PluginAPI;
  #name: string;
  #registry: HookRegistry;
  #gate: HookGate | null;
  #logger: Logger;
  // A Set keeps insertion order and lets an early unsubscribe drop its own
  // entry, so a plugin that registers and removes hooks all day does not grow
  // its stack.
  #cleanups = new Set<Cleanup>();
  #lifetime = new AbortController();
  #closed = false;
  #stopped = false;

  constructor(name: string, registry: HookRegistry, gate: HookGate | null, logger: Logger) {
    this.#name = name;
    this.#registry = registry;
    this.#gate = gate;
    this.#logger = logger;
    this.api = Object.freeze({
      name,
      signal: this.#lifetime.signal,
      registerHook: <E extends RegistryEvent>(
        event: E,
        matcher: HookMatcher | undefined,
        hook: InProcessHookFor<E>,
        options?: HookRegistrationOptions,
      ) => this.#register(event, matcher, hook, options),
      onCleanup: (cleanup: () => void | PromiseLike<void>) => this.#onCleanup(cleanup),
    });
  }

  /** Refuses further hooks: the plugin is leaving. */
  close(): void {
    this.#closed = true;
  }

  /** Aborts `api.signal`. */
  abort(reason: unknown): void {
    this.#lifetime.abort(reason);
  }

  /**
   * Runs every cleanup, last registered first. Each one starts even when an
   * earlier one failed or the deadline passed; asynchronous ones are awaited
   * one at a time until `deadlineAt`, and are left running after it.
   */
  async runCleanups(deadlineAt: number, problem: CleanupProblem): Promise<void> {
    this.#closed = true;
    this.#stopped = true;
    const stack = [...this.#cleanups].reverse();
    this.#cleanups.clear();
    for (const cleanup of stack) {
      let result: unknown;
      try {
        result = cleanup.run();
      } catch (error) {
        problem("cleanup", error);
        continue;
      }
      if (!isThenable(result)) continue;
      const settled = await settleWithin(result, deadlineAt - Date.now(), (error) => this.#late(error));
      if (settled.kind === "threw") problem("cleanup", settled.error);
      else if (settled.kind === "timeout") problem("timeout", undefined);
    }
  }

  #register<E extends RegistryEvent>(
    event: E,
    matcher: HookMatcher | undefined,
    hook: InProcessHookFor<E>,
    options: HookRegistrationOptions | undefined,
  ): () => void {
    if (this.#closed) {
      throw new Error(
        `Cannot register hook "${event}" for plugin "${this.#name}": the plugin is not installed (its setup failed, or it is being uninstalled)`,
      );
    }
    this.#gate?.(event);
    const off = this.#registry.registerInProcess(event, matcher, hook, this.#name, options);
    const cleanup: Cleanup = { run: off };
    this.#cleanups.add(cleanup);
    return () => {
      this.#cleanups.delete(cleanup);
      off();
    };
  }

  #onCleanup(run: () => unknown): () => void {
    if (typeof run !== "function") {
      throw new TypeError(
        `Cannot register cleanup for plugin "${this.#name}": expected a function, got ${shown(run)}`,
      );
    }
    if (this.#stopped) {
      // The plugin already stopped (a setup that outlived its deadline, say):
      // release the resource now rather than never.
      try {
        const result = run();
        if (isThenable(result)) Promise.resolve(result).then(undefined, (error) => this.#late(error));
      } catch (error) {
        this.#late(error);
      }
      return () => {};
    }
    const cleanup: Cleanup = { run };
    this.#cleanups.add(cleanup);
    return () => void this.#cleanups.delete(cleanup);
  }

  #late(error: unknown): void {
    this.#logger.warn?.(`Cleanup of plugin "${this.#name}" failed after it stopped: ${errorText(error)}`);
  }
}
