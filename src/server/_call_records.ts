// Which hook invocations belong to which call, while serve runs many at
// once: the runner reports every invocation to one listener, and the
// asynchronous context of the call that started the run tells them apart.
// Loaded only for the audit log (node:async_hooks costs start-up time).

import type { HookInvocationRecord } from "../runner/types.ts";
import type { DecisionKind } from "./_metrics.ts";

/** Collects the invocations of each call run through {@linkcode CallRecords.collect}. */
export interface CallRecords {
  /** The runner's listener: files the record under the call it ran for. */
  note(record: HookInvocationRecord): void;
  /** Runs `fn`, the invocations it causes filed in `records`. */
  collect<T>(records: HookInvocationRecord[], fn: () => Promise<T>): Promise<T>;
}

/** The most invocations one call keeps: enough for any configuration, bounded for a broken one. */
const MAX_RECORDS_PER_CALL = 1000;

/** A collector over node:async_hooks' AsyncLocalStorage. */
export async function callRecords(): Promise<CallRecords> {
  const { AsyncLocalStorage } = await import("node:async_hooks");
  const storage = new AsyncLocalStorage<HookInvocationRecord[]>();
  return {
    note(record) {
      const records = storage.getStore();
      if (records !== undefined && records.length < MAX_RECORDS_PER_CALL) records.push(record);
    },
    collect: (records, fn) => storage.run(records, fn),
  };
}

/**
 * The hook that decided: the first (in the order they settled) whose answer
 * is the decision, or for a deny or block without one, the first that
 * failed (a closed hook's failure denies).
 */
export function decidingHook(records: readonly HookInvocationRecord[], decision: DecisionKind): string | undefined {
  return decidingRecord(records, decision)?.hookName;
}

/** The record of the hook that decided (see {@linkcode decidingHook}): its `rule` says which policy rule did. */
export function decidingRecord(
  records: readonly HookInvocationRecord[],
  decision: DecisionKind,
): HookInvocationRecord | undefined {
  if (decision === "none") return undefined;
  // A call allowed outright was granted by a hook (or a rule).
  const action = decision === "block" ? "deny" : decision === "allow" ? "grant" : decision;
  return records.find((record) => !record.background && record.failure === undefined && record.action === action) ??
    (action === "deny" ? records.find((record) => !record.background && record.failure !== undefined) : undefined);
}
