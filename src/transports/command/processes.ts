/**
 * The live process groups of command hooks, tracked per owner (a runner,
 * or the default set of standalone calls), so that one runner never kills
 * another's hooks — and {@linkcode killRunningHooks} for a host's signal
 * handler, which kills them all.
 *
 * @module
 */

/**
 * A running hook's process group, as {@linkcode HookProcesses} tracks it.
 *
 * @example
 * ```ts
 * import type { HookProcessGroup } from "@hookgate/core/transports";
 *
 * const group: HookProcessGroup = { kill: () => Promise.resolve() };
 * ```
 */
export interface HookProcessGroup {
  /** Kills the whole group; resolves once it is signalled. */
  kill(): Promise<void>;
}

/** Every live group in the process, for {@linkcode killRunningHooks} only. */
const everyGroup = new Set<HookProcessGroup>();

/**
 * The running hook processes of one owner. A {@linkcode HookRunner} has
 * one; standalone transport calls share a default one.
 *
 * @example Kill what one owner started
 * ```ts
 * import { HookProcesses } from "@hookgate/core/transports";
 * import { equal } from "node:assert/strict";
 *
 * const processes = new HookProcesses();
 * equal(processes.size, 0);
 * equal(await processes.killAll(), 0);
 * ```
 */
export class HookProcesses {
  #groups = new Set<HookProcessGroup>();

  /** How many hook process groups are running. */
  get size(): number {
    return this.#groups.size;
  }

  /**
   * Tracks a running group until the returned function is called.
   *
   * @param group How to kill it.
   * @returns Stops tracking it.
   */
  track(group: HookProcessGroup): () => void {
    this.#groups.add(group);
    everyGroup.add(group);
    return () => {
      this.#groups.delete(group);
      everyGroup.delete(group);
    };
  }

  /**
   * Kills every group this owner started.
   *
   * @returns How many groups were signalled, once they all were.
   */
  async killAll(): Promise<number> {
    const groups = [...this.#groups];
    await Promise.all(groups.map((group) => group.kill()));
    return groups.length;
  }
}

/** The owner of standalone `runShellHookDetailed` calls. */
export const STANDALONE_PROCESSES: HookProcesses = new HookProcesses();

/**
 * Kills every running command hook's process group in this process, whoever
 * started it — for a host's SIGINT/SIGTERM handler: `Deno.exit()` does not
 * kill children, and hooks run detached in their own sessions. A runner's
 * own hooks are killed with `runner.killRunningHooks()`.
 *
 * @returns How many groups were signalled, once they all were.
 *
 * @example From a signal handler
 * ```ts
 * import { killRunningHooks } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * equal(await killRunningHooks(), 0);
 * ```
 */
export async function killRunningHooks(): Promise<number> {
  const groups = [...everyGroup];
  await Promise.all(groups.map((group) => group.kill()));
  return groups.length;
}
