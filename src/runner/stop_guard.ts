// The Stop loop guard: while the agent keeps going because a Stop (or
// SubagentStop) hook blocked, the payload says so (`stopHookActive`), and
// after `cap` consecutive blocks the stop is allowed anyway. Which events it
// applies to, and which events start a new turn (and so reset it), are
// columns of the event table.
//
// A runner behind a long-running server (hook-run serve) sees sessions come
// and go for weeks, and a session that ends in the middle of a loop never
// sends the Stop that would end it. So what the guard remembers is bounded:
// at most `maxLoops` loops, the least recently touched forgotten first, and
// none older than `idleMs`. Forgetting a loop only restarts its count; the
// agent's own `stop_hook_active` still tells the hooks that the loop goes on.

import type { AnyHookEventFields, AnyHookEventResult } from "../events/event_map.ts";
import type { RegistryEvent } from "../events/extension_map.ts";
import type { Logger } from "../events/env.ts";

/** How many loops the guard remembers at most, by default. */
export const DEFAULT_MAX_LOOPS = 10_000;
/** How long an untouched loop is remembered, by default: an hour. */
export const DEFAULT_LOOP_IDLE_MS = 60 * 60 * 1000;

/** Bounds of what a {@linkcode StopGuard} remembers. */
export interface StopGuardOptions {
  /**
   * The most loops (session × event × subagent) remembered; past it the
   * least recently touched is forgotten.
   *
   * @default {DEFAULT_MAX_LOOPS}
   */
  maxLoops?: number;
  /**
   * A loop not touched for this long (ms) is forgotten.
   *
   * @default {DEFAULT_LOOP_IDLE_MS}
   */
  idleMs?: number;
  /**
   * The clock, in milliseconds (monotonic, so the order of touches is the
   * order of the map).
   *
   * @default {performance.now}
   */
  now?: () => number;
}

interface Loop {
  blocks: number;
  touched: number;
}

/** Consecutive blocks per loop (session, event, subagent), for one runner. */
export class StopGuard {
  #cap: number;
  #maxLoops: number;
  #idleMs: number;
  #now: () => number;
  /** Only loops with at least one block; in order of last touch (a Map keeps insertion order). */
  #loops = new Map<string, Loop>();

  /** `cap` 0 means no cap. */
  constructor(cap: number, options: StopGuardOptions = {}) {
    this.#cap = Math.max(0, cap);
    this.#maxLoops = Math.max(1, options.maxLoops ?? DEFAULT_MAX_LOOPS);
    this.#idleMs = Math.max(0, options.idleMs ?? DEFAULT_LOOP_IDLE_MS);
    this.#now = options.now ?? (() => performance.now());
  }

  /** How many loops are remembered now. */
  get size(): number {
    return this.#loops.size;
  }

  /** The key of one loop: the session, the event, and the subagent when there is one. */
  key(event: RegistryEvent, sessionId: string, fields: AnyHookEventFields): string {
    return `${sessionId}\u0000${event}\u0000${fields.agentId ?? ""}`;
  }

  /** Whether the loop is already continuing because of a block. */
  active(key: string): boolean {
    return this.#blocks(key) > 0;
  }

  /**
   * Counts a result: a block extends the loop, anything else ends it; past
   * the cap the block is dropped with a warning.
   */
  settle(
    key: string,
    event: RegistryEvent,
    result: AnyHookEventResult,
    blockers: readonly string[],
    logger: Logger | undefined,
  ): AnyHookEventResult {
    const blocks = this.#blocks(key);
    if (!result.block) {
      this.#loops.delete(key);
      return result;
    }
    if (this.#cap > 0 && blocks >= this.#cap) {
      this.#loops.delete(key);
      try {
        const names = [...new Set(blockers)].map((name) => `"${name}"`).join(", ");
        logger?.warn?.(
          `${event} hooks blocked ${blocks} consecutive times (cap ${this.#cap}); allowing the stop this time${
            names === "" ? "" : `; blocked by ${names}`
          }`,
        );
      } catch {
        // A broken logger must not break the run.
      }
      const { block: _block, reason: _reason, ...rest } = result;
      return rest;
    }
    this.#touch(key, blocks + 1);
    return result;
  }

  /**
   * A new turn: the session's loops start over (every loop, without a
   * session).
   */
  reset(sessionId?: string): void {
    if (this.#loops.size === 0) return;
    if (sessionId === undefined) {
      this.#loops.clear();
      return;
    }
    const prefix = `${sessionId}\u0000`;
    for (const key of this.#loops.keys()) {
      if (key.startsWith(prefix)) this.#loops.delete(key);
    }
  }

  /** The loop's count, forgetting it when it went idle too long. */
  #blocks(key: string): number {
    const loop = this.#loops.get(key);
    if (loop === undefined) return 0;
    if (this.#now() - loop.touched > this.#idleMs) {
      this.#loops.delete(key);
      return 0;
    }
    return loop.blocks;
  }

  /**
   * Records a count as the most recent touch, then forgets what is over
   * the bounds: idle loops and the oldest past `maxLoops`, all at the front.
   */
  #touch(key: string, blocks: number): void {
    const now = this.#now();
    this.#loops.delete(key);
    this.#loops.set(key, { blocks, touched: now });
    for (const [oldest, loop] of this.#loops) {
      if (this.#loops.size <= this.#maxLoops && now - loop.touched <= this.#idleMs) break;
      this.#loops.delete(oldest);
    }
  }
}
