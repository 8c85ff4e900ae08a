// Which model a prompt hook asks: the `models` configuration (or the host's
// client), else its dialect's agent's own default — Claude Code's prompt
// hooks ask a fast Claude model when nothing names one. Loaded with the
// first prompt hook a process runs.

import { readGrantedEnv } from "../../_internal/env.ts";
import type { PromptHook } from "../../events/configured.ts";
import type { HookFailure } from "../../events/outcome.ts";
import type { ModelClient, ModelsConfig } from "../../models/client.ts";
import { createModelClient } from "../../models/create.ts";
import { resolveModel } from "../../models/resolve.ts";
import { defaultPromptEndpoint } from "./endpoint.ts";

/** What a prompt hook's run knows about models. */
export interface PromptModelOptions {
  models?: ModelsConfig;
  client?: ModelClient;
  getEnv?: (name: string) => string | undefined;
}

/**
 * The client and model a prompt hook asks, or the failure that says why
 * there is none — naming the variable to set when the dialect's default
 * needs a key that is not there (the hook then fails by its policy, as
 * every hook that cannot run: open skips, closed denies).
 */
export function resolvePromptModel(
  hook: Pick<PromptHook, "dialect" | "model">,
  options: PromptModelOptions,
): { client: ModelClient; model: string } | HookFailure {
  const env = options.getEnv ? { getEnv: options.getEnv } : {};
  const resolved = resolveModel(hook.model, options.models, options.client, env);
  if (typeof resolved !== "string") return resolved;
  // Nothing configured serves the hook: its agent's own default may.
  const models = options.models?.endpoints ?? {};
  const configured = Object.keys(models).length > 0 || options.client !== undefined;
  const endpoint = configured ? undefined : defaultPromptEndpoint(hook, options.getEnv);
  if (endpoint === undefined) return { kind: "error", message: resolved };
  const key = (options.getEnv ?? readGrantedEnv)(endpoint.apiKeyEnv!);
  if (key === undefined || key === "") {
    return {
      kind: "rejected",
      message:
        `no model is configured for this prompt hook, and ${endpoint.apiKeyEnv} is not set (or not readable), so it cannot ask its agent's default model (${endpoint.model}): set ${endpoint.apiKeyEnv} in the environment hook-run runs in, or add a "models" section`,
    };
  }
  return { client: createModelClient(endpoint, env), model: endpoint.model };
}
