// Calling plugin code that may be synchronous or asynchronous, under a
// deadline. When the deadline passes the host stops waiting; the call itself
// cannot be stopped (only asked to, through a signal), so whatever it
// rejects with later goes to `late` instead of becoming an unhandled
// rejection.

import { describe } from "../_internal/json.ts";
import { truncate } from "../_internal/text.ts";

/** How a call ended. */
export type Settlement =
  | { readonly kind: "done" }
  | { readonly kind: "threw"; readonly error: unknown }
  | { readonly kind: "timeout" };

const DONE: Settlement = Object.freeze({ kind: "done" });
const TIMEOUT: Settlement = Object.freeze({ kind: "timeout" });

/** Calls `run` and waits for its result up to `timeoutMs`. */
export function callWithin(
  run: () => unknown,
  timeoutMs: number,
  late?: (error: unknown) => void,
): Promise<Settlement> {
  let result: unknown;
  try {
    result = run();
  } catch (error) {
    return Promise.resolve({ kind: "threw", error });
  }
  return settleWithin(result, timeoutMs, late);
}

/** Waits for `value` (when it is a promise) up to `timeoutMs`. */
export async function settleWithin(
  value: unknown,
  timeoutMs: number,
  late?: (error: unknown) => void,
): Promise<Settlement> {
  if (!isThenable(value)) return DONE;
  let timedOut = false;
  const settled = Promise.resolve(value).then(
    () => DONE,
    (error): Settlement => {
      if (timedOut) late?.(error);
      return { kind: "threw", error };
    },
  );
  if (timeoutMs <= 0) {
    timedOut = true;
    return TIMEOUT;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<Settlement>((resolve) => {
    timer = setTimeout(() => {
      timedOut = true;
      resolve(TIMEOUT);
    }, timeoutMs);
  });
  try {
    return await Promise.race([settled, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether `value` is a promise or another thenable. */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === "object" || typeof value === "function") && value !== null &&
    typeof (value as { then?: unknown }).then === "function";
}

/** What a thrown value says, for messages: an error's message, a string, or its type. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return truncate(error.message || error.name, 500);
  if (typeof error === "string") return truncate(error, 500);
  return `${describe(error)} was thrown`;
}
