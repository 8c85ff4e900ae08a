// The HTTP side of the built-in model clients: the same URL rules, Deno
// permission preflight, byte cap and cancellation as HTTP hooks, and
// messages that never carry a key, a prompt or an answer.

import { readGrantedEnv } from "../_internal/env.ts";
import { clampOutputBytes } from "../_internal/limits.ts";
import { readBody } from "../_internal/http_body.ts";
import { netPermissionProblem } from "../permissions/preflight.ts";
import { httpUrlProblem } from "../permissions/url_policy.ts";
import { ModelClientError, type ModelClientOptions, type ModelEndpoint } from "./client.ts";

/** Reads the endpoint's key variable; throws `rejected` when it is unset. */
export function apiKey(endpoint: ModelEndpoint, options: ModelClientOptions): string | undefined {
  const name = endpoint.apiKeyEnv;
  if (name === undefined) return undefined;
  const value = (options.getEnv ?? readGrantedEnv)(name);
  if (value === undefined || value === "") {
    throw new ModelClientError(
      "rejected",
      `environment variable "${name}" (apiKeyEnv of model "${endpoint.model}") is not set or not readable; set it, or allow it with --allow-env=${name}`,
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
  const response = await fetch(url, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body),
    redirect: "manual",
    signal,
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new ModelClientError(
      "error",
      `the model API answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`,
      response.status,
    );
  }
  const cap = clampOutputBytes(maxOutputBytes);
  const { text, truncated } = await readBody(response, cap);
  if (truncated) throw new ModelClientError("error", `the model API's answer exceeded the ${cap}-byte cap`);
  try {
    return JSON.parse(text);
  } catch {
    throw new ModelClientError("error", "the model API's answer is not JSON");
  }
}

/** The base URL without a trailing slash. */
export function base(url: string): string {
  return url.replace(/\/+$/, "");
}
