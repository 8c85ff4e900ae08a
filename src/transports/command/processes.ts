/**
 * The live process groups of command hooks, tracked per owner (a runner,
 * or the default set of standalone calls), so that one runner never kills
 * another's hooks — and {@linkcode killRunningHooks} for a host's signal
 * handler, which kills them all.
 *
 * @module
 */

import { type HostGuard, startHostGuard } from "./_host_guard.ts";

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
  /** The group leader's pid (also the group and session id). */
  readonly pid?: number;
  /** Kills the whole group; resolves once it is signalled. */
  kill(): Promise<void>;
}

/** Every live group in the process, for {@linkcode killRunningHooks} only. */
const everyGroup = new Set<HookProcessGroup>();

/**
 * How many command hooks one owner runs at once by default. Each running
 * hook holds three pipe descriptors in this process (more while it is being
 * spawned, and a `kill` spawn at its end under a scoped `--allow-run`), so
 * 32 stay well under the smallest common soft limit (`ulimit -n` 256 on
 * macOS) with room for the host's own files and sockets; and more than a
 * few dozen processes at once only contend for CPU without finishing sooner.
 */
export const DEFAULT_MAX_RUNNING_HOOKS = 32;

/**
 * Options of {@linkcode HookProcesses}.
 *
 * @example A tighter bound
 * ```ts
 * import { HookProcesses, type HookProcessesOptions } from "@hookgate/core/transports";
 *
 * const options: HookProcessesOptions = { maxRunning: 8 };
 * const processes = new HookProcesses(options);
 * ```
 */
export interface HookProcessesOptions {
  /**
   * At most this many hook processes run at once; more wait in line, in
   * order, and a hook whose deadline passes while it waits times out
   * without ever starting. Bounding spawns keeps a burst of calls from
   * exhausting the process's file descriptors (EMFILE).
   *
   * @default {32}
   */
  maxRunning?: number;
  /**
   * Make the hooks die with the host: a watchdog process (Linux, when
   * `--allow-run` covers `setsid` and `sh`) kills every running hook's
   * group and session when this process dies, even by SIGKILL. Close it
   * with {@linkcode HookProcesses.close}.
   *
   * @default {false}
   */
  dieWithHost?: boolean;
}

/** A hook waiting for a slot. */
interface Waiter {
  grant(): void;
}

/**
 * The running hook processes of one owner. A {@linkcode HookRunner} has
 * one; standalone transport calls share a default one. It also bounds how
 * many run at once ({@linkcode HookProcessesOptions.maxRunning}).
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
  #maxRunning: number;
  #slots = 0;
  // A Set keeps insertion order (first come, first served) and drops a
  // waiter whose deadline passed in O(1).
  #waiting = new Set<Waiter>();
  #guard: HostGuard | null = null;
  // Started with the first hook, so a host that runs none pays nothing.
  #guardWanted: boolean;

  /**
   * An empty set of running hooks.
   *
   * @param options The bound on hooks running at once.
   * @throws {RangeError} When `maxRunning` is not a positive integer.
   */
  constructor(options: HookProcessesOptions = {}) {
    const max = options.maxRunning ?? DEFAULT_MAX_RUNNING_HOOKS;
    if (!Number.isInteger(max) || max < 1) {
      throw new RangeError(`Cannot bound hook processes: maxRunning must be a positive integer, got ${max}`);
    }
    this.#maxRunning = max;
    this.#guardWanted = options.dieWithHost === true;
  }

  /** How many hook process groups are running. */
  get size(): number {
    return this.#groups.size;
  }

  /** How many hooks may run at once. */
  get maxRunning(): number {
    return this.#maxRunning;
  }

  /** How many hooks wait for a slot. */
  get waiting(): number {
    return this.#waiting.size;
  }

  /**
   * Takes a slot for a hook about to start, if one is free. Every slot
   * taken (here or by {@linkcode HookProcesses.acquire}) must be given
   * back with {@linkcode HookProcesses.release}.
   *
   * @returns Whether a slot was free (and is now taken).
   */
  tryAcquire(): boolean {
    if (this.#slots >= this.#maxRunning) return false;
    this.#slots++;
    return true;
  }

  /**
   * Waits in line for a slot.
   *
   * @param signal Gives up waiting when it fires (the hook's deadline or
   * the caller's abort); the wait is then dropped from the line.
   * @returns `true` once the slot is taken, `false` if `signal` fired first.
   */
  acquire(signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return Promise.resolve(false);
    if (this.tryAcquire()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        grant: () => {
          signal.removeEventListener("abort", onAbort);
          resolve(true);
        },
      };
      const onAbort = () => {
        this.#waiting.delete(waiter);
        resolve(false);
      };
      signal.addEventListener("abort", onAbort, { once: true });
      this.#waiting.add(waiter);
    });
  }

  /** Gives a slot back: the first hook in line gets it. */
  release(): void {
    if (this.#waiting.size === 0) {
      this.#slots--;
      return;
    }
    for (const waiter of this.#waiting) {
      // The slot passes straight on, so no newcomer can jump the line.
      this.#waiting.delete(waiter);
      waiter.grant();
      return;
    }
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
    if (this.#guardWanted) {
      this.#guardWanted = false;
      this.#guard = startHostGuard();
    }
    if (group.pid !== undefined) this.#guard?.add(group.pid);
    return () => {
      this.#groups.delete(group);
      everyGroup.delete(group);
      if (group.pid !== undefined) this.#guard?.remove(group.pid);
    };
  }

  /**
   * Stops the host watchdog ({@linkcode HookProcessesOptions.dieWithHost});
   * hooks still running are not killed by this (see {@linkcode killAll}).
   *
   * @returns When the watchdog has exited.
   */
  async close(): Promise<void> {
    const guard = this.#guard;
    this.#guard = null;
    await guard?.close();
  }

  /**
   * Kills every group this owner started. Hooks still waiting for a slot
   * are not running and are left to their deadlines.
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
