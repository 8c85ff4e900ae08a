/**
 * The built-in client for the Anthropic Messages API.
 *
 * @module
 */

import { apiKey, base, postModelJson } from "./_request.ts";
import { modelBaseUrl } from "./_base_url.ts";
import { type ModelClient, ModelClientError, type ModelClientOptions, type ModelEndpoint } from "./client.ts";

/** The Messages API version sent in `anthropic-version`. */
export const ANTHROPIC_VERSION = "2023-06-01";

/**
 * Creates a client that POSTs `{model, max_tokens, system, messages}` to
 * `<baseUrl>/messages` with `x-api-key: <key>` (when `apiKeyEnv` is set)
 * and `anthropic-version`, and returns the answer's text blocks joined.
 *
 * @param endpoint The endpoint; `baseUrl` includes the version path
 * (default `https://api.anthropic.com/v1`).
 * @param options How to read the key variable.
 * @returns The client.
 *
 * @example
 * ```ts
 * import { createAnthropicClient } from "@hookgate/core/models";
 *
 * const client = createAnthropicClient({ provider: "anthropic", model: "claude-haiku-4-5", apiKeyEnv: "ANTHROPIC_API_KEY" });
 * void client;
 * ```
 */
export function createAnthropicClient(endpoint: ModelEndpoint, options: ModelClientOptions = {}): ModelClient {
  const url = `${base(modelBaseUrl(endpoint))}/messages`;
  return {
    async complete(request) {
      const key = apiKey(endpoint, options);
      const answer = await postModelJson(
        url,
        { "anthropic-version": ANTHROPIC_VERSION, ...(key === undefined ? {} : { "x-api-key": key }) },
        {
          model: request.model,
          // A verdict is one short line, but newer models think first, and
          // thinking counts toward the cap: room for both.
          max_tokens: 2048,
          ...(request.system === undefined ? {} : { system: request.system }),
          messages: [{ role: "user", content: request.prompt }],
        },
        request.signal,
        endpoint.maxOutputBytes,
      );
      const blocks = (answer as { content?: { type?: unknown; text?: unknown }[] })?.content;
      if (!Array.isArray(blocks)) throw new ModelClientError("error", "the Messages answer has no content blocks");
      const text = blocks.filter((b) => b?.type === "text" && typeof b.text === "string").map((b) => b.text).join("");
      if (text === "") throw new ModelClientError("error", "the Messages answer has no text");
      return text;
    },
  };
}
