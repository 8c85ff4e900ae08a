// The zod schemas of the configuration file's own sections (the top level
// and `models`); each dialect owns its entry schema. Internal: exported
// types are plain interfaces (JSR's doc lint rejects zod types).

import { z } from "zod";
import { MAX_OUTPUT_BYTES } from "../_internal/limits.ts";

const stringList = z.array(z.string());

/** One entry of the `models` section. */
export const modelEndpoint = z.strictObject({
  provider: z.enum(["openai", "anthropic"]),
  baseUrl: z.string().min(1).optional(),
  model: z.string().min(1),
  apiKeyEnv: z.string().min(1).optional(),
  maxOutputBytes: z.number().int().min(1).max(MAX_OUTPUT_BYTES).optional(),
});

/** Every key a model endpoint may have. */
export const MODEL_KEYS: readonly string[] = Object.keys(modelEndpoint.shape);

/** The top-level keys of a native file besides `hooks`. */
export const nativeTop = z.object({
  $schema: z.string().optional(),
  dialect: z.string().optional(),
  hooks: z.unknown().optional(),
  models: z.unknown().optional(),
  commandAllowlist: stringList.optional(),
  httpAllowedUrls: stringList.optional(),
  extensions: z.array(z.string().min(1)).optional(),
});

/** Every top-level key of a native file. */
export const TOP_KEYS: readonly string[] = Object.keys(nativeTop.shape);
