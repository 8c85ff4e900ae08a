/**
 * The HTTP transport: the payload is POSTed as JSON, the response body is
 * the outcome.
 *
 * @module
 */

import { normalizeOutcome } from "../outcome.ts";
import { clampTimeout } from "../registry.ts";
import type { HookInput, HookRunResult, HttpHook, Logger } from "../types.ts";

/**
 * Options of {@linkcode runHttpHookDetailed}.
 *
 * @example Run under a caller's signal
 * ```ts
 * import type { RunHttpHookOptions } from "@hookgate/core";
 *
 * const options: RunHttpHookOptions = { signal: AbortSignal.timeout(1000) };
 * ```
 */
export interface RunHttpHookOptions {
  /** Cancels the request. */
  signal?: AbortSignal;
  /** The deadline in `Date.now()` ms; defaults to now + `hook.timeoutMs`. */
  deadlineAt?: number;
  /** Where warnings go. */
  logger?: Logger;
}

/**
 * POSTs the payload to an HTTP hook and classifies the answer.
 *
 * @param hook The HTTP hook.
 * @param input The payload.
 * @param options Cancellation, deadline and logging.
 * @returns The outcome, or a failure; never throws.
 *
 * @example A refused URL
 * ```ts
 * import { runHttpHookDetailed } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const result = await runHttpHookDetailed(
 *   { type: "http", url: "http://example.com/hook" },
 *   { event: "Stop", cwd: "/tmp" },
 * );
 * equal(result.failure?.kind, "rejected");
 * ```
 */
export async function runHttpHookDetailed(
  hook: Omit<HttpHook, "type"> & { type?: "http" },
  input: HookInput,
  options: RunHttpHookOptions = {},
): Promise<HookRunResult> {
  const url = new URL(hook.url);
  if (
    url.protocol !== "https:" &&
    !["127.0.0.1", "localhost", "[::1]"].includes(url.hostname)
  ) {
    return {
      outcome: null,
      failure: {
        kind: "rejected",
        message: "plain http is only allowed to loopback",
      },
    };
  }
  const deadlineAt = options.deadlineAt ??
    Date.now() + clampTimeout(hook.timeoutMs);
  const timeout = AbortSignal.timeout(Math.max(0, deadlineAt - Date.now()));
  const signal = options.signal
    ? AbortSignal.any([options.signal, timeout])
    : timeout;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...hook.headers },
      body: JSON.stringify(input),
      redirect: "manual",
      signal,
    });
    const text = await response.text();
    if (!response.ok) {
      return {
        outcome: null,
        failure: { kind: "error", message: `status ${response.status}` },
      };
    }
    if (text.trim() === "") return { outcome: { action: "allow" } };
    const outcome = normalizeOutcome(JSON.parse(text));
    return typeof outcome === "string"
      ? { outcome: null, failure: { kind: "invalid_output", message: outcome } }
      : { outcome };
  } catch (error) {
    if (signal.aborted) {
      return {
        outcome: null,
        failure: { kind: "timeout", message: "did not answer in time" },
      };
    }
    return {
      outcome: null,
      failure: { kind: "error", message: String(error) },
    };
  }
}
