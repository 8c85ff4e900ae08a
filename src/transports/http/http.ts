/**
 * The HTTP transport: the payload is POSTed as JSON, the response body is
 * the outcome.
 *
 * @module
 */

import { readGrantedEnv } from "../../_internal/env.ts";
import { readBody } from "../../_internal/http_body.ts";
import { MAX_OUTPUT_BYTES, timeoutProblem } from "../../_internal/limits.ts";
import { redactUrls, urlForMessage } from "../../_internal/url_text.ts";
import { dialectOf } from "../../dialects/dialects.ts";
import type { Logger } from "../../events/env.ts";
import type { HttpHook } from "../../events/configured.ts";
import type { HookFailure, HookRunResult } from "../../events/outcome.ts";
import type { HookInput } from "../../events/payload.ts";
import { envPermissionProblem, netPermissionProblem } from "../../permissions/preflight.ts";
import { httpUrlProblem } from "../../permissions/url_policy.ts";
import { deadlineSignal, detailedResult, outputCap, timedOut } from "../shared/_call.ts";

/**
 * Options of {@linkcode runHttpHookDetailed}.
 *
 * @example Only one policy service may be called
 * ```ts
 * import type { RunHttpHookOptions } from "@hookgate/core";
 *
 * const options: RunHttpHookOptions = {
 *   signal: AbortSignal.timeout(1000),
 *   allowedUrls: ["https://policy.example.com/*"],
 * };
 * ```
 */
export interface RunHttpHookOptions {
  /** Cancels the request (and the body read). */
  signal?: AbortSignal;
  /**
   * The deadline in `Date.now()` ms. When both `signal` and `deadlineAt`
   * are given (as the runner does), the signal is trusted to fire at the
   * deadline; otherwise a timer is armed for it.
   *
   * @default {Date.now() + hook.timeoutMs}
   */
  deadlineAt?: number;
  /** Where warnings go (header values are never logged). */
  logger?: Logger;
  /**
   * URL patterns every HTTP hook must match (`*` is a wildcard); `[]`
   * refuses all.
   */
  allowedUrls?: readonly string[];
  /**
   * Reads environment variables for header interpolation.
   *
   * @default {Deno.env.get} where `--allow-env` permits
   */
  getEnv?: (name: string) => string | undefined;
}

/**
 * The detailed result of an HTTP hook.
 *
 * @example Report the status
 * ```ts
 * import type { HttpHookResult } from "@hookgate/core";
 *
 * function describe(result: HttpHookResult): string {
 *   return result.status === null ? "no response" : `HTTP ${result.status}`;
 * }
 * ```
 */
export interface HttpHookResult extends HookRunResult {
  /** The response status, or `null` when there was none. */
  status: number | null;
  /**
   * Whether the body carried more than the cap: the body was cancelled
   * there and the hook failed (`invalid_output`); a prefix never decides.
   */
  bodyTruncated: boolean;
  /** Wall time, in milliseconds. */
  durationMs: number;
}

/**
 * POSTs the payload to an HTTP hook and classifies the answer. Never
 * throws.
 *
 * - The URL must pass {@linkcode httpUrlProblem} and Deno's `--allow-net`,
 *   or the hook is `rejected` before any connection is made.
 * - 2xx with an empty body allows; 2xx with one JSON object is the outcome;
 *   2xx with anything else is `invalid_output`. A status code alone never
 *   blocks: any other status is an `error` failure, and so is a redirect
 *   (never followed; the failure names the target's scheme, host and port).
 * - The body is read as a stream and capped (64 KiB default, ≤ 1 MiB) on
 *   its decoded bytes, after any gzip or brotli `content-encoding`, whatever
 *   Content-Length declares. At the cap the body is cancelled and the hook
 *   fails with `invalid_output` at once: a prefix is never parsed, and a
 *   body that never ends costs no more than the cap. Every body is
 *   consumed or cancelled.
 * - `$VAR` / `${VAR}` in header values expand only for names in
 *   `allowedEnvVars`; others become empty. Header values never appear in
 *   messages, and URLs appear only as scheme, host and port.
 *
 * @param hook The HTTP hook.
 * @param input The payload.
 * @param options Cancellation, deadline, URL allowlist and logging.
 * @returns The outcome or failure, with the status.
 *
 * @example A refused URL never connects
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
export function runHttpHookDetailed(
  hook: Omit<HttpHook, "type"> & { type?: "http" },
  input: HookInput,
  options: RunHttpHookOptions = {},
): Promise<HttpHookResult> {
  return sendHttpHook(hook, undefined, input, options);
}

/**
 * Checks an HTTP hook's URL against the https/loopback rules and the
 * allowlist, Deno's `--allow-net`, and — unless the caller reads variables
 * itself (`checkEnv: false`) — that `--allow-env` grants the variables its
 * headers may use: everything that depends only on the hook, done once per
 * hook by the runner rather than once per call.
 *
 * @returns `null` when the hook may be called, else the rejection.
 */
export function prepareHttpHook(
  hook: Pick<HttpHook, "url" | "allowMetadataHosts" | "timeoutMs" | "allowedEnvVars" | "dialect">,
  allowedUrls: readonly string[] | undefined,
  checkEnv = true,
): HookFailure | null {
  const refusal = timeoutProblem(hook.timeoutMs, dialectOf(hook.dialect).maxTimeoutMs)?.message ??
    httpUrlProblem(hook.url, {
      ...(allowedUrls ? { allowedUrls } : {}),
      ...(hook.allowMetadataHosts === true ? { allowMetadataHosts: true } : {}),
    }) ?? netPermissionProblem(hook.url) ?? (checkEnv ? envPermissionProblem(hook.allowedEnvVars ?? []) : undefined);
  return refusal === undefined ? null : { kind: "rejected", message: refusal };
}

/**
 * Calls an HTTP hook; `prepared` is the result of
 * {@linkcode prepareHttpHook}, or `undefined` to check here. Never throws.
 */
export async function sendHttpHook(
  hook: Omit<HttpHook, "type"> & { type?: "http" },
  prepared: HookFailure | null | undefined,
  input: HookInput,
  options: RunHttpHookOptions,
): Promise<HttpHookResult> {
  const { result, finish } = detailedResult<HttpHookResult>({
    outcome: null,
    status: null,
    bodyTruncated: false,
    durationMs: 0,
  });

  const refusal = prepared === undefined
    ? prepareHttpHook(hook, options.allowedUrls, options.getEnv === undefined)
    : prepared;
  if (refusal !== null) return finish(refusal);

  // A plain object, not Headers: fetch copies it anyway, and building a
  // Headers costs ~10 µs per call. Values are checked here instead.
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(hook.headers ?? {})) {
    const expanded = interpolate(
      value,
      hook.allowedEnvVars ?? [],
      options.getEnv ?? readGrantedEnv,
    );
    if (!HEADER_NAME.test(name) || /[\r\n\0]/.test(expanded)) {
      return finish({
        kind: "rejected",
        message: "a header name or value is invalid (check for line breaks)",
      });
    }
    headers[name.toLowerCase()] = expanded;
  }
  headers["content-type"] = "application/json";

  const dialect = dialectOf(hook.dialect);
  const cap = outputCap(hook);
  const { signal, dispose } = deadlineSignal(hook.timeoutMs, options, dialectOf(hook.dialect).maxTimeoutMs);
  let response: Response | undefined;
  try {
    response = await fetch(hook.url, {
      method: "POST",
      headers,
      body: JSON.stringify(dialect.encodeInput(input, hook.wireEvent)),
      redirect: "manual",
      signal,
    });
    result.status = response.status;
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get("location");
      await response.body?.cancel();
      return finish({
        kind: "error",
        message: `answered ${response.status} redirecting to ${describeLocation(location, hook.url)}; ` +
          "redirects are not followed: configure the final URL",
      });
    }
    if (!response.ok) {
      await response.body?.cancel();
      return finish({
        kind: "error",
        message: `answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`,
      });
    }
    // At the cap the body is cancelled: a prefix never decides, and unlike a
    // command hook's exit code nothing that could still come after the body
    // would count, so reading on would only wait (for an endless stream, until
    // the deadline).
    const body = await readBody(response, cap, { onCap: () => result.bodyTruncated = true });
    if (body.truncated) {
      return finish({
        kind: "invalid_output",
        message:
          `the body exceeded the ${cap}-byte cap, so its answer does not count (answer less, or raise maxOutputBytes, at most ${MAX_OUTPUT_BYTES})`,
      });
    }
    const decoded = dialect.decodeOutput(
      input.event,
      { source: "body", text: body.text.trim(), stderr: "", exitCode: null },
      input,
      hook.wireEvent,
    );
    if ("failure" in decoded) return finish(decoded.failure, decoded.lenient);
    result.outcome = decoded.outcome;
    return finish();
  } catch (error) {
    await response?.body?.cancel().catch(() => {});
    if (signal.aborted) {
      const note = result.bodyTruncated ? ` (its body had already exceeded the ${cap}-byte cap)` : "";
      return finish(
        timedOut(signal)
          ? { kind: "timeout", message: `did not answer before its deadline; the request was cancelled${note}` }
          : { kind: "aborted", message: `cancelled by the caller; the request was cancelled${note}` },
      );
    }
    return finish({
      kind: "error",
      // Deno's fetch errors repeat the whole URL, secrets in its path or
      // query included.
      message: `request failed: ${redactUrls(describeError(error), hook.url)}`,
    });
  } finally {
    dispose();
  }
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const VARIABLE = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;

/** Expands `$VAR`/`${VAR}`: listed names from the environment, others empty. */
function interpolate(
  value: string,
  allowed: readonly string[],
  getEnv: (name: string) => string | undefined,
): string {
  return value.replace(
    VARIABLE,
    (_match, braced: string | undefined, bare: string | undefined) => {
      const name = (braced ?? bare)!;
      return allowed.includes(name) ? getEnv(name) ?? "" : "";
    },
  );
}

/**
 * A redirect target by its scheme, host and port only (a `Location` may
 * carry a token), resolved against the hook's URL when it is relative.
 */
function describeLocation(location: string | null, base: string): string {
  if (location === null) return "nowhere";
  let target: URL;
  try {
    target = new URL(location, base);
  } catch {
    return "an invalid Location";
  }
  return `"${urlForMessage(target)}" (path and query not shown)`;
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return `${error.message}${cause}`;
  }
  return String(error);
}
