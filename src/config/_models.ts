// The `models` section of a configuration file: named endpoints for prompt
// hooks and a default.

import { isPlainObject } from "../_internal/json.ts";
import type { EntryContext } from "../dialects/shared/config_types.ts";
import type { ModelEndpoint, ModelsConfig } from "../models/client.ts";
import { MODEL_ENDPOINT, MODEL_KEYS } from "./_schema.ts";

/** Reads the `models` section; `null` when it is not an object. */
export function parseModels(section: unknown, context: EntryContext): ModelsConfig | null {
  if (!isPlainObject(section)) {
    context.error(["models"], '"models" must be an object of named endpoints and a "default"');
    return null;
  }
  const models: ModelsConfig = { endpoints: {} };
  let valid = true;
  for (const [name, value] of Object.entries(section)) {
    const path = ["models", name];
    if (name === "default") {
      if (typeof value !== "string" || value === "") {
        context.error(path, '"default" must name one of the endpoints in "models"');
        valid = false;
      } else {
        models.default = value;
      }
      continue;
    }
    if (!isPlainObject(value)) {
      context.error(
        path,
        `model "${name}" must be an object`,
        '{"provider": "openai", "model": "…", "apiKeyEnv": "…"}',
      );
      valid = false;
      continue;
    }
    if (!context.check(MODEL_ENDPOINT, value, path, MODEL_KEYS)) {
      valid = false;
      continue;
    }
    const endpoint = value as unknown as ModelEndpoint;
    if (endpoint.apiKeyEnv !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(endpoint.apiKeyEnv)) {
      context.error(
        [...path, "apiKeyEnv"],
        '"apiKeyEnv" must be the name of an environment variable',
        "it names the variable that holds the key, never the key itself: keep keys out of configuration",
      );
      valid = false;
      continue;
    }
    if (endpoint.baseUrl !== undefined && !context.url(endpoint.baseUrl, false, [...path, "baseUrl"])) {
      valid = false;
      continue;
    }
    models.endpoints[name] = endpoint;
  }
  if (models.default !== undefined && valid && !Object.hasOwn(models.endpoints, models.default)) {
    context.warning(
      ["models", "default"],
      `"default" names "${models.default}", which is not defined in this file`,
      "it must be defined by another configuration layer",
    );
  }
  return models;
}
