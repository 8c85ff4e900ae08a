/**
 * Picking the built-in client for a configured endpoint.
 *
 * @module
 */

import { createAnthropicClient } from "./anthropic.ts";
import type { ModelClient, ModelClientOptions, ModelEndpoint } from "./client.ts";
import { createOpenAiClient } from "./openai.ts";

/**
 * Creates the built-in client for an endpoint.
 *
 * @param endpoint The configured endpoint.
 * @param options How to read the key variable.
 * @returns A client.
 *
 * @example
 * ```ts
 * import { createModelClient } from "@hookgate/core/models";
 *
 * const client = createModelClient({ provider: "openai", baseUrl: "http://127.0.0.1:8080/v1", model: "m" });
 * void client;
 * ```
 */
export function createModelClient(endpoint: ModelEndpoint, options: ModelClientOptions = {}): ModelClient {
  return endpoint.provider === "anthropic"
    ? createAnthropicClient(endpoint, options)
    : createOpenAiClient(endpoint, options);
}
