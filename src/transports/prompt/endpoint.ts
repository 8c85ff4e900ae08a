// The endpoint a prompt hook's model is reached at: the `models`
// configuration's, else its dialect's agent's own default (Claude Code's
// prompt hooks ask a fast Claude model when nothing names one). Shared by
// running the hook and by deriving the permissions it needs.

import { readGrantedEnv } from "../../_internal/env.ts";
import { dialectOf } from "../../dialects/dialects.ts";
import type { PromptHook } from "../../events/configured.ts";
import type { ModelEndpoint, ModelsConfig } from "../../models/client.ts";
import { modelEndpointFor } from "../../models/resolve.ts";

/**
 * The endpoint of the model a prompt hook asks when neither the `models`
 * configuration nor a host's client serves it: its dialect's default (the
 * hook's `model`, if any, as the model name), or `undefined`.
 */
export function defaultPromptEndpoint(
  hook: Pick<PromptHook, "dialect" | "model">,
  getEnv: (name: string) => string | undefined = readGrantedEnv,
): ModelEndpoint | undefined {
  const fallback = dialectOf(hook.dialect).defaultPromptModel?.(getEnv);
  return fallback === undefined ? undefined : { ...fallback, model: hook.model ?? fallback.model };
}

/**
 * The endpoint a prompt hook reaches: the one `models` names for it (or its
 * default), else — with no `models` at all — its dialect's default, else
 * `undefined`.
 */
export function promptEndpoint(
  hook: Pick<PromptHook, "dialect" | "model">,
  models: ModelsConfig | undefined,
): ModelEndpoint | undefined {
  if (Object.keys(models?.endpoints ?? {}).length > 0) return modelEndpointFor(models, hook.model);
  return defaultPromptEndpoint(hook);
}
