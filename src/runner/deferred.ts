/**
 * What hooks the call does not wait for leave for later: their results,
 * kept per session until the session's next call delivers them (Claude
 * Code's `async` hooks reach the agent on its next turn), and the rule of
 * that delivery.
 *
 * @module
 */

import {
  DEFERRED_IDLE_MS,
  MAX_DEFERRED_CHARS,
  MAX_DEFERRED_PER_SESSION,
  MAX_DEFERRED_SESSIONS,
  MAX_RESULT_CHARS,
} from "../_internal/limits.ts";
import { truncate } from "../_internal/text.ts";
import type { AnyHookEventResult } from "../events/event_map.ts";
import type { Logger } from "../events/env.ts";
import type { HookEventInfo } from "../events/table.ts";

/**
 * What a hook the call did not wait for left for its session's next call:
 * context for the agent, a message for the user, or — from a hook that
 * wakes the agent (Claude's `asyncRewake`) and exited with code 2 — the
 * text to wake it with.
 *
 * @example Context an async linter left
 * ```ts
 * import type { DeferredHookResult } from "@hookgate/core";
 *
 * const result: DeferredHookResult = {
 *   id: "1",
 *   sessionId: "s-1",
 *   hookName: "lint",
 *   event: "PostToolUse",
 *   at: Date.now(),
 *   additionalContext: "lint: 2 warnings in a.ts",
 * };
 * ```
 */
export interface DeferredHookResult {
  /** Unique among the session's results (a front end that keeps them in files names them by it). */
  id: string;
  /** The session whose next call delivers it. */
  sessionId: string;
  /** The hook that left it. */
  hookName: string;
  /** The event it ran on. */
  event: string;
  /** When it finished, in `Date.now()` milliseconds. */
  at: number;
  /** Context for the agent. */
  additionalContext?: string;
  /** A message for the user. */
  systemMessage?: string;
  /** What wakes the agent: delivered as the block of its next stop, or as context. */
  wake?: string;
}

/** Options of {@linkcode DeferredResults}. */
export interface DeferredResultsOptions {
  /** Where dropping a result is said. */
  logger?: Logger;
  /**
   * The clock, in `Date.now()` milliseconds.
   *
   * @default {Date.now}
   */
  now?: () => number;
}

/**
 * The results waiting for their sessions' next calls, bounded: at most
 * {@linkcode MAX_DEFERRED_PER_SESSION} per session, {@linkcode MAX_DEFERRED_SESSIONS}
 * sessions and {@linkcode MAX_DEFERRED_CHARS} characters together, none
 * older than a day; past a bound the oldest goes, with a warning.
 *
 * @example Keep a result, see it wait
 * ```ts
 * import { DeferredResults } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const results = new DeferredResults();
 * results.add({ id: "1", sessionId: "s", hookName: "lint", event: "PostToolUse", at: Date.now(), additionalContext: "ok" });
 * equal(results.pending("s").length, 1);
 * ```
 */
export class DeferredResults {
  /** Per session, oldest first; sessions in order of last touch (a Map keeps insertion order). */
  #sessions = new Map<string, DeferredHookResult[]>();
  #chars = 0;
  #size = 0;
  #logger: Logger | undefined;
  #now: () => number;

  /**
   * Creates an empty store.
   *
   * @param options Where drops are said, and the clock.
   */
  constructor(options: DeferredResultsOptions = {}) {
    this.#logger = options.logger;
    this.#now = options.now ?? Date.now;
  }

  /** How many results wait, in every session. */
  get size(): number {
    return this.#size;
  }

  /**
   * Keeps a result for its session's next call (its text cut to what a
   * result may carry).
   *
   * @param result The result.
   */
  add(result: DeferredHookResult): void {
    const kept: DeferredHookResult = { ...result };
    for (const key of ["additionalContext", "systemMessage", "wake"] as const) {
      if (kept[key] !== undefined) kept[key] = truncate(kept[key], MAX_RESULT_CHARS);
    }
    const list = this.#sessions.get(kept.sessionId) ?? [];
    this.#sessions.delete(kept.sessionId);
    this.#sessions.set(kept.sessionId, list);
    list.push(kept);
    this.#size++;
    this.#chars += charsOf(kept);
    if (list.length > MAX_DEFERRED_PER_SESSION) this.#drop(list, "that session has too many waiting");
    this.#expire();
    while (this.#sessions.size > MAX_DEFERRED_SESSIONS || this.#chars > MAX_DEFERRED_CHARS) {
      const [, oldest] = this.#sessions.entries().next().value!;
      this.#drop(oldest, "too many results wait in all sessions");
    }
  }

  /**
   * The results waiting for `sessionId`, oldest first.
   *
   * @param sessionId The session.
   * @returns The results (a copy).
   */
  pending(sessionId: string): DeferredHookResult[] {
    this.#expire();
    return [...this.#sessions.get(sessionId) ?? []];
  }

  /**
   * Takes out the results of `sessionId` that `accepts` delivers, oldest
   * first; the others keep waiting.
   *
   * @param sessionId The session.
   * @param accepts Whether a result is delivered now.
   * @returns The results taken.
   */
  take(sessionId: string, accepts: (result: DeferredHookResult) => boolean): DeferredHookResult[] {
    this.#expire();
    const list = this.#sessions.get(sessionId);
    if (list === undefined) return [];
    const taken = list.filter(accepts);
    if (taken.length === 0) return taken;
    const left = list.filter((result) => !taken.includes(result));
    for (const result of taken) this.#forget(result);
    if (left.length === 0) this.#sessions.delete(sessionId);
    else this.#sessions.set(sessionId, left);
    return taken;
  }

  /** Drops the oldest result of `list`, saying why. */
  #drop(list: DeferredHookResult[], why: string): void {
    const dropped = list.shift()!;
    this.#forget(dropped);
    if (list.length === 0) this.#sessions.delete(dropped.sessionId);
    try {
      this.#logger?.warn?.(
        `What hook "${dropped.hookName}" left for the next call of session "${dropped.sessionId}" was dropped: ${why}`,
      );
    } catch {
      // A broken logger must not break the run.
    }
  }

  #forget(result: DeferredHookResult): void {
    this.#size--;
    this.#chars -= charsOf(result);
  }

  /** Forgets what waited longer than a day, oldest sessions first. */
  #expire(): void {
    const before = this.#now() - DEFERRED_IDLE_MS;
    let expired = 0;
    for (const [session, list] of this.#sessions) {
      while (list.length > 0 && list[0]!.at < before) {
        this.#forget(list.shift()!);
        expired++;
      }
      if (list.length === 0) this.#sessions.delete(session);
      else break;
    }
    if (expired === 0) return;
    try {
      this.#logger?.warn?.(
        `${expired} result(s) of async hooks were dropped: their sessions made no call for ${
          DEFERRED_IDLE_MS / 3600_000
        } hours`,
      );
    } catch {
      // A broken logger must not break the run.
    }
  }
}

function charsOf(result: DeferredHookResult): number {
  return (result.additionalContext?.length ?? 0) + (result.systemMessage?.length ?? 0) + (result.wake?.length ?? 0);
}

/**
 * Whether a call of an event with row `info`, whose own result is
 * `result`, delivers a waiting result: only where the event takes context
 * and its result neither halts nor blocks (a refused prompt would lose it).
 * On a stop, context would keep the agent going, so only a wake is
 * delivered there — as the stop's block.
 */
export function deliversDeferred(
  info: HookEventInfo,
  result: AnyHookEventResult,
  waiting: DeferredHookResult,
): boolean {
  if (!info.context || result.halt) return false;
  if (info.loopGuard) return waiting.wake !== undefined;
  return !result.block;
}

/**
 * A call's result with the waiting results it delivers: their context
 * before the call's own, their messages before its messages; on a stop, a
 * wake refuses it, its text the instruction to go on.
 */
export function withDeferred(
  info: HookEventInfo,
  result: AnyHookEventResult,
  taken: readonly DeferredHookResult[],
): AnyHookEventResult {
  if (taken.length === 0) return result;
  const next: AnyHookEventResult = { ...result };
  const messages = taken.flatMap((r) => r.systemMessage === undefined ? [] : [r.systemMessage]);
  if (messages.length > 0) next.systemMessage = join([...messages, result.systemMessage]);
  const wakes = taken.flatMap((r) => r.wake === undefined ? [] : [r.wake]);
  if (info.loopGuard) {
    if (wakes.length > 0) {
      next.block = true;
      next.reason = join([result.block ? result.reason : undefined, ...wakes]);
    }
    return next;
  }
  const contexts = taken.flatMap((r) => r.wake ?? r.additionalContext ?? []);
  if (contexts.length > 0) {
    next.additionalContext = join([...contexts, result.additionalContext]);
    if (info.denyAsFeedback) next.contextAs ??= "context";
  }
  return next;
}

function join(parts: readonly (string | undefined)[]): string {
  return truncate(parts.filter((part) => part !== undefined).join("\n"), MAX_RESULT_CHARS);
}
