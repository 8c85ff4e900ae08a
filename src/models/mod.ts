/**
 * Model clients for prompt hooks: an OpenAI-compatible and an Anthropic
 * Messages client over `fetch`, under the HTTP hooks' URL rules and caps,
 * and the interface a host implements to bring its own.
 *
 * @example A client for a local OpenAI-compatible server
 * ```ts
 * import { createModelClient } from "@hookgate/core/models";
 *
 * const client = createModelClient({ provider: "openai", baseUrl: "http://127.0.0.1:11434/v1", model: "llama3" });
 * ```
 *
 * @module
 */

export {
  type ModelClient,
  ModelClientError,
  type ModelClientOptions,
  type ModelEndpoint,
  type ModelProvider,
  type ModelRequest,
  type ModelsConfig,
} from "./client.ts";
export { createModelClient } from "./create.ts";
export { createOpenAiClient } from "./openai.ts";
export { ANTHROPIC_VERSION, createAnthropicClient } from "./anthropic.ts";
export { DEFAULT_BASE_URLS } from "./_base_url.ts";
