// The HTTP side of the built-in model clients: the same URL rules, Deno
// permission preflight, byte cap and cancellation as HTTP hooks, and
// messages that never carry a key, a prompt or an answer.

import { readGrantedEnv } from "../_internal/env.ts";
import { clampOutputBytes } from "../_internal/limits.ts";
import { readBody } from "../_internal/http_body.ts";
import { redactUrls } from "../_internal/url_text.ts";
import { envPermissionProblem, netPermissionProblem } from "../permissions/preflight.ts";
import { httpUrlProblem } from "../permissions/url_policy.ts";
import { ModelClientError, type ModelClientOptions, type ModelEndpoint } from "./client.ts";

/** Reads the endpoint's key variable; throws `rejected` when it is unset. */
export function apiKey(endpoint: ModelEndpoint, options: ModelClientOptions): string | undefined {
  const name = endpoint.apiKeyEnv;
  if (name === undefined) return undefined;
  // Set but not granted is not "unset": the message names the flag.
  const denied = options.getEnv === undefined ? envPermissionProblem([name]) : undefined;
  if (denied !== undefined) throw new ModelClientError("rejected", denied);
  const value = (options.getEnv ?? readGrantedEnv)(name);
  if (value === undefined || value === "") {
    throw new ModelClientError(
      "rejected",
      `environment variable "${name}" (apiKeyEnv of model "${endpoint.model}") is not set or empty; set it in the environment hook-run runs in`,
    );
  }
  return value;
}

/** POSTs JSON and returns the parsed JSON answer; throws ModelClientError. */
export async function postModelJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  signal: AbortSignal,
  maxOutputBytes: number | undefined,
): Promise<unknown> {
  const refusal = httpUrlProblem(url) ?? netPermissionProblem(url);
  if (refusal !== undefined) throw new ModelClientError("rejected", refusal);
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(body),
      redirect: "manual",
      signal,
    });
  } catch (error) {
    throw failed(error, url, signal);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ModelClientError(
      "error",
      `the model API answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`,
      response.status,
    );
  }
  const cap = clampOutputBytes(maxOutputBytes);
  let text: string, truncated: boolean;
  try {
    ({ text, truncated } = await readBody(response, cap));
  } catch (error) {
    throw failed(error, url, signal);
  }
  if (truncated) throw new ModelClientError("error", `the model API's answer exceeded the ${cap}-byte cap`);
  try {
    return JSON.parse(text);
  } catch {
    throw new ModelClientError("error", "the model API's answer is not JSON");
  }
}

/**
 * A failed request as a ModelClientError whose message names the URL by
 * scheme, host and port only (Deno's fetch errors repeat it whole); a
 * cancelled one unchanged, for the caller to tell timeout from abort.
 */
function failed(error: unknown, url: string, signal: AbortSignal): unknown {
  if (signal.aborted || !(error instanceof Error)) return error;
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return new ModelClientError("error", `the model API request failed: ${redactUrls(`${error.message}${cause}`, url)}`);
}

/** The base URL without a trailing slash. */
export function base(url: string): string {
  return url.replace(/\/+$/, "");
}
