// The shapes of the configuration file's own sections (the top level and
// `models`); each dialect owns its entry shape. zod schemas are built from
// them only when a value needs zod's word (see src/_internal/shape.ts).

import { MAX_OUTPUT_BYTES } from "../_internal/limits.ts";
import {
  arrayOf,
  BOOLEAN,
  keysOf,
  looseObject,
  number,
  type ObjectShape,
  oneOf,
  optional,
  strictObject,
  string,
  UNKNOWN,
} from "../_internal/shape.ts";

const stringList = arrayOf(string());

/** One entry of the `models` section. */
export const MODEL_ENDPOINT: ObjectShape = strictObject({
  provider: oneOf(["openai", "anthropic"]),
  baseUrl: optional(string(1)),
  model: string(1),
  apiKeyEnv: optional(string(1)),
  maxOutputBytes: optional(number({ int: true, min: 1, max: MAX_OUTPUT_BYTES })),
});

/** Every key a model endpoint may have. */
export const MODEL_KEYS: readonly string[] = keysOf(MODEL_ENDPOINT);

/** The top-level keys of a native file besides `hooks`. */
export const NATIVE_TOP: ObjectShape = looseObject({
  $schema: optional(string()),
  dialect: optional(string()),
  hooks: optional(UNKNOWN),
  models: optional(UNKNOWN),
  commandAllowlist: optional(stringList),
  httpAllowedUrls: optional(stringList),
  extensions: optional(arrayOf(string(1))),
  claudePlugins: optional(arrayOf(string(1))),
  hookGrants: optional(oneOf(["forward", "refuse"])),
  sanitizeEnv: optional(BOOLEAN),
  // Read only in a managed layer (/etc/hookgate/config.jsonc): the other layers do not load.
  managedOnly: optional(BOOLEAN),
  // Read by the policy room (readRules), which places every problem of it.
  rules: optional(UNKNOWN),
});

/** Every top-level key of a native file. */
export const TOP_KEYS: readonly string[] = keysOf(NATIVE_TOP);
