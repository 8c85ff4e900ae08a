// Which endpoint and model a prompt hook uses: the one place that resolves
// the `models` configuration, for running prompt hooks and for deriving the
// permissions they need.

import { modelBaseUrl } from "./_base_url.ts";
import type { ModelClient, ModelClientOptions, ModelEndpoint, ModelsConfig } from "./client.ts";
import { createModelClient } from "./create.ts";

export { modelBaseUrl };

/**
 * The endpoint a hook's `model` names, else the default endpoint, else
 * `undefined`.
 */
export function modelEndpointFor(
  models: ModelsConfig | undefined,
  requested: string | undefined,
): ModelEndpoint | undefined {
  const endpoints = models?.endpoints ?? {};
  if (requested !== undefined && Object.hasOwn(endpoints, requested)) return endpoints[requested];
  const defaultName = models?.default;
  return defaultName !== undefined && Object.hasOwn(endpoints, defaultName) ? endpoints[defaultName] : undefined;
}

/**
 * The client and model name a prompt hook uses, or why there is none: a
 * named endpoint; else the default endpoint (the hook's `model`, if any, is
 * passed to it as the model name; a host's client serves it when given);
 * else the host's client alone.
 */
export function resolveModel(
  requested: string | undefined,
  models: ModelsConfig | undefined,
  client: ModelClient | undefined,
  options: ModelClientOptions,
): { client: ModelClient; model: string } | string {
  const endpoints = models?.endpoints ?? {};
  if (requested !== undefined && Object.hasOwn(endpoints, requested)) {
    const endpoint = endpoints[requested]!;
    return { client: createModelClient(endpoint, options), model: endpoint.model };
  }
  const fallback = modelEndpointFor(models, undefined);
  if (fallback !== undefined) {
    return { client: client ?? createModelClient(fallback, options), model: requested ?? fallback.model };
  }
  if (client !== undefined) return { client, model: requested ?? "" };
  return requested === undefined
    ? 'no model client is configured: add a "models" section with a "default" entry, or give the runner a modelClient'
    : `no model "${requested}" is configured and there is no default: add it to "models", or set "models.default"`;
}
