/**
 * Model clients for prompt hooks: the interface a host can supply, and the
 * configuration of the built-in ones.
 *
 * @module
 */

/**
 * One completion request.
 *
 * @example
 * ```ts
 * import type { ModelRequest } from "@hookgate/core";
 *
 * const request: ModelRequest = {
 *   model: "gpt-4o-mini",
 *   system: "Answer with JSON.",
 *   prompt: "Is `ls` read-only?",
 *   signal: AbortSignal.timeout(30_000),
 * };
 * ```
 */
export interface ModelRequest {
  /** The model name the endpoint knows. */
  model: string;
  /** The system instruction. */
  system?: string;
  /** The user prompt. */
  prompt: string;
  /** Cancels the request (deadline or the caller's abort). */
  signal: AbortSignal;
}

/**
 * A model a prompt hook can ask: hosts may supply their own (an SDK, a
 * cache, a fake in tests); hookgate ships one for OpenAI-compatible
 * `chat/completions` endpoints and one for the Anthropic Messages API.
 *
 * @example A host-supplied client
 * ```ts
 * import type { ModelClient } from "@hookgate/core";
 *
 * const alwaysOk: ModelClient = {
 *   complete: () => Promise.resolve('{"ok": true}'),
 * };
 * ```
 */
export interface ModelClient {
  /**
   * Sends the request and resolves with the model's text answer. Rejects
   * on failure (a {@linkcode ModelClientError} says which kind).
   */
  complete(request: ModelRequest): Promise<string>;
}

/**
 * Which API a built-in client speaks.
 *
 * @example
 * ```ts
 * import type { ModelProvider } from "@hookgate/core";
 *
 * const provider: ModelProvider = "anthropic";
 * ```
 */
export type ModelProvider = "openai" | "anthropic";

/**
 * One entry of the `models` configuration. The API key is never in the
 * configuration: `apiKeyEnv` names the environment variable that holds it.
 *
 * @example A local OpenAI-compatible server
 * ```ts
 * import type { ModelEndpoint } from "@hookgate/core";
 *
 * const fast: ModelEndpoint = {
 *   provider: "openai",
 *   baseUrl: "http://127.0.0.1:8080/v1",
 *   model: "gpt-4o-mini",
 *   apiKeyEnv: "OPENAI_API_KEY",
 * };
 * ```
 */
export interface ModelEndpoint {
  /** The API. */
  provider: ModelProvider;
  /**
   * The API's base URL (`https://`, or `http://` to loopback for local
   * servers).
   *
   * @default {"https://api.openai.com/v1"} or `"https://api.anthropic.com/v1"`
   */
  baseUrl?: string;
  /** The model name. */
  model: string;
  /** The environment variable holding the API key; no key is sent without it. */
  apiKeyEnv?: string;
  /**
   * The cap for the response body, in bytes (≤ 1 MiB).
   *
   * @default {65536}
   */
  maxOutputBytes?: number;
}

/**
 * The `models` configuration: named endpoints and the default one.
 *
 * @example
 * ```ts
 * import type { ModelsConfig } from "@hookgate/core";
 *
 * const models: ModelsConfig = {
 *   default: "fast",
 *   endpoints: {
 *     fast: { provider: "openai", model: "gpt-4o-mini", apiKeyEnv: "OPENAI_API_KEY" },
 *     careful: { provider: "anthropic", model: "claude-sonnet-4-5", apiKeyEnv: "ANTHROPIC_API_KEY" },
 *   },
 * };
 * ```
 */
export interface ModelsConfig {
  /** The endpoint used when a hook names no configured endpoint. */
  default?: string;
  /** Endpoints by name. */
  endpoints: Record<string, ModelEndpoint>;
}

/**
 * Why a model request failed: `rejected` before anything was sent (URL
 * rule, permission, missing key variable), `error` after (connection,
 * status, malformed response).
 *
 * @example Tell the kinds apart
 * ```ts
 * import { ModelClientError } from "@hookgate/core/models";
 * import { equal } from "node:assert/strict";
 *
 * const error = new ModelClientError("rejected", 'environment variable "OPENAI_API_KEY" is not set');
 * equal(error.kind, "rejected");
 * ```
 */
export class ModelClientError extends Error {
  /** The failure kind. */
  readonly kind: "rejected" | "error";
  /** The HTTP status, when there was a response. */
  readonly status: number | undefined;

  /**
   * Creates the error.
   *
   * @param kind `rejected` (nothing sent) or `error`.
   * @param message What went wrong; never a key or a prompt.
   * @param status The HTTP status, if any.
   */
  constructor(kind: "rejected" | "error", message: string, status?: number) {
    super(message);
    this.name = "ModelClientError";
    this.kind = kind;
    this.status = status;
  }
}

/**
 * Options of the built-in clients.
 *
 * @example
 * ```ts
 * import type { ModelClientOptions } from "@hookgate/core/models";
 *
 * const options: ModelClientOptions = { getEnv: (name) => name === "KEY" ? "k" : undefined };
 * ```
 */
export interface ModelClientOptions {
  /**
   * Reads the API key variable.
   *
   * @default {Deno.env.get} where `--allow-env` permits
   */
  getEnv?: (name: string) => string | undefined;
}
