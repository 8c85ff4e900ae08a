// The Stop loop guard: while the agent keeps going because a Stop (or
// SubagentStop) hook blocked, the payload says so (`stopHookActive`), and
// after `cap` consecutive blocks the stop is allowed anyway. Which events it
// applies to, and which events start a new turn (and so reset it), are
// columns of the event table.

import type { AnyHookEventFields, AnyHookEventResult } from "../events/event_map.ts";
import type { RegistryEvent } from "../events/extension_map.ts";
import type { Logger } from "../events/env.ts";

/** Consecutive blocks per loop (event, subagent), for one runner. */
export class StopGuard {
  #cap: number;
  #blocks = new Map<string, number>();

  /** `cap` 0 means no cap. */
  constructor(cap: number) {
    this.#cap = Math.max(0, cap);
  }

  /** The key of one loop: the session, the event, and the subagent when there is one. */
  key(event: RegistryEvent, sessionId: string, fields: AnyHookEventFields): string {
    return `${sessionId}\u0000${event}\u0000${fields.agentId ?? ""}`;
  }

  /** Whether the loop is already continuing because of a block. */
  active(key: string): boolean {
    return (this.#blocks.get(key) ?? 0) > 0;
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
    const blocks = this.#blocks.get(key) ?? 0;
    if (!result.block) {
      this.#blocks.delete(key);
      return result;
    }
    if (this.#cap > 0 && blocks >= this.#cap) {
      this.#blocks.delete(key);
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
    this.#blocks.set(key, blocks + 1);
    return result;
  }

  /** A new turn: every loop starts over. */
  reset(): void {
    if (this.#blocks.size > 0) this.#blocks.clear();
  }
}
