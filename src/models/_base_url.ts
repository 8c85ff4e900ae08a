// The default base URL of each provider, defined once.

import type { ModelEndpoint, ModelProvider } from "./client.ts";

/** The base URL of each provider's API when an endpoint gives none. */
export const DEFAULT_BASE_URLS: Readonly<Record<ModelProvider, string>> = Object.freeze({
  openai: "https://api.openai.com/v1",
  anthropic: "https://api.anthropic.com/v1",
});

/** The endpoint's base URL, or its provider's default. */
export function modelBaseUrl(endpoint: ModelEndpoint): string {
  return endpoint.baseUrl ?? DEFAULT_BASE_URLS[endpoint.provider];
}
