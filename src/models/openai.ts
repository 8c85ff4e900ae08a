/**
 * The built-in client for OpenAI-compatible `chat/completions` endpoints
 * (OpenAI, and local servers such as llama.cpp, vLLM or Ollama).
 *
 * @module
 */

import { apiKey, base, postModelJson } from "./_request.ts";
import { modelBaseUrl } from "./_base_url.ts";
import { type ModelClient, ModelClientError, type ModelClientOptions, type ModelEndpoint } from "./client.ts";

/**
 * Creates a client that POSTs `{model, messages, temperature: 0}` to
 * `<baseUrl>/chat/completions` with `authorization: Bearer <key>` (when
 * `apiKeyEnv` is set) and returns `choices[0].message.content`.
 *
 * @param endpoint The endpoint (`provider` is not checked here).
 * @param options How to read the key variable.
 * @returns The client.
 *
 * @example
 * ```ts
 * import { createOpenAiClient } from "@hookgate/core/models";
 *
 * const client = createOpenAiClient({ provider: "openai", baseUrl: "http://127.0.0.1:8080/v1", model: "local" });
 * void client;
 * ```
 */
export function createOpenAiClient(endpoint: ModelEndpoint, options: ModelClientOptions = {}): ModelClient {
  const url = `${base(modelBaseUrl(endpoint))}/chat/completions`;
  return {
    async complete(request) {
      const key = apiKey(endpoint, options);
      const messages = [
        ...(request.system === undefined ? [] : [{ role: "system", content: request.system }]),
        { role: "user", content: request.prompt },
      ];
      const answer = await postModelJson(
        url,
        key === undefined ? {} : { authorization: `Bearer ${key}` },
        { model: request.model, messages, temperature: 0 },
        request.signal,
        endpoint.maxOutputBytes,
      );
      const content = (answer as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]?.message?.content;
      if (typeof content !== "string") {
        throw new ModelClientError("error", "the chat/completions answer has no choices[0].message.content");
      }
      return content;
    },
  };
}
