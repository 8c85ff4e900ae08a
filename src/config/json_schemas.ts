/**
 * The JSON Schemas of the configuration files hookgate reads — its own
 * file (`.hookgate/config.jsonc`, in each of its dialects) and Claude Code's
 * settings — generated from the shapes the code validates them with, so an
 * editor completes and checks exactly what `hook-run check` accepts. The
 * package publishes them as `schema/*.schema.json`.
 *
 * @module
 */

import { type JsonSchema, jsonSchemaOf } from "../_internal/shape_json_schema.ts";
import type { ObjectShape } from "../_internal/shape.ts";
import { CLAUDE_GROUP, CLAUDE_HANDLER } from "../dialects/claude/config.ts";
import { NATIVE_ENTRY } from "../dialects/native/config.ts";
import { WUU_ENTRY } from "../dialects/wuu/config.ts";
import { HOOK_EVENT_NAMES } from "../events/table.ts";
import { MODEL_ENDPOINT, NATIVE_TOP } from "./_schema.ts";
import { COMMAND_RULE_JSON_SCHEMA } from "../matchers/command_rule.ts";
import { SHIPPED_SETS } from "../policy/_structured.ts";

/**
 * A configuration file kind with a published schema: hookgate's own file,
 * or Claude Code's settings.
 *
 * @example
 * ```ts
 * import type { ConfigSchemaKind } from "@hookgate/core/config";
 *
 * const kind: ConfigSchemaKind = "claude-settings";
 * ```
 */
export type ConfigSchemaKind = "hookgate" | "claude-settings";

/** Every kind, in the order the schema files are written. */
export const CONFIG_SCHEMA_KINDS: readonly ConfigSchemaKind[] = Object.freeze(["hookgate", "claude-settings"]);

const DRAFT = "https://json-schema.org/draft/2020-12/schema";

/**
 * The JSON Schema (2020-12) of a configuration file kind, as published in
 * `schema/<kind>.schema.json`.
 *
 * @param kind The file kind.
 * @returns The schema, a plain JSON object.
 *
 * @example Point an editor at it
 * ```ts
 * import { configJsonSchema } from "@hookgate/core/config";
 * import { equal } from "node:assert/strict";
 *
 * const schema = configJsonSchema("hookgate");
 * equal(schema.$id, "hookgate.schema.json");
 * ```
 */
export function configJsonSchema(kind: ConfigSchemaKind): Record<string, unknown> {
  return kind === "hookgate" ? hookgateSchema() : claudeSettingsSchema();
}

function hookgateSchema(): JsonSchema {
  const top = jsonSchemaOf(NATIVE_TOP);
  const properties = top.properties as Record<string, JsonSchema>;
  properties.dialect = { enum: ["native", "wuu", "claude"] };
  properties.hooks = { type: "object" };
  properties.models = {
    type: "object",
    properties: {
      default: { description: "The endpoint prompt hooks use when they name none", type: "string", minLength: 1 },
    },
    additionalProperties: jsonSchemaOf(MODEL_ENDPOINT),
  };
  properties.rules = rulesSchema();
  return {
    $schema: DRAFT,
    $id: "hookgate.schema.json",
    title: "hookgate configuration",
    description: "A hookgate configuration file (.hookgate/config.jsonc, $HOOKGATE_HOME/config.jsonc, --config).",
    ...top,
    // The dialect a file names decides its entries' shape; a file that
    // names none is read in the dialect its entries have.
    allOf: [
      dialectCase("native", hooksOf(NATIVE_ENTRY)),
      dialectCase("wuu", hooksOf(WUU_ENTRY)),
      dialectCase("claude", claudeHooks()),
      {
        if: { not: { required: ["dialect"] } },
        then: { properties: { hooks: { anyOf: [hooksOf(NATIVE_ENTRY), hooksOf(WUU_ENTRY), claudeHooks()] } } },
      },
    ],
  };
}

function claudeSettingsSchema(): JsonSchema {
  return {
    $schema: DRAFT,
    $id: "claude-settings.schema.json",
    title: "Claude Code settings: hooks",
    description: "The hooks section of a Claude Code settings file, as hookgate reads it (other keys are Claude's).",
    type: "object",
    properties: { hooks: claudeHooks() },
  };
}

/** `hooks`: each event (of the table) to a list of entries. */
function hooksOf(entry: ObjectShape): JsonSchema {
  return {
    type: "object",
    propertyNames: { enum: [...HOOK_EVENT_NAMES] },
    additionalProperties: { type: "array", items: jsonSchemaOf(entry) },
  };
}

/** Claude's `hooks`: any event name (Claude adds events), each a list of matcher groups of handlers. */
function claudeHooks(): JsonSchema {
  const group = jsonSchemaOf(CLAUDE_GROUP);
  (group.properties as Record<string, JsonSchema>).hooks = { type: "array", items: jsonSchemaOf(CLAUDE_HANDLER) };
  return { type: "object", additionalProperties: { type: "array", items: group } };
}

function dialectCase(dialect: string, hooks: JsonSchema): JsonSchema {
  return {
    if: { properties: { dialect: { const: dialect } }, required: ["dialect"] },
    then: { properties: { hooks } },
  };
}

/** `rules`: shipped sets by name, and deny, ask and allow lists of permission rules or command rules. */
function rulesSchema(): JsonSchema {
  const list = (what: string): JsonSchema => ({
    description: what,
    type: "array",
    items: {
      anyOf: [
        {
          description:
            'A permission rule in Claude Code\'s syntax: "Bash(git push *)", "Edit(/src/**)", "WebFetch(domain:example.com)", "mcp__server"',
          type: "string",
          minLength: 1,
        },
        COMMAND_RULE_JSON_SCHEMA as JsonSchema,
      ],
    },
  });
  const names = Object.keys(SHIPPED_SETS);
  return {
    description: "Policy rules, decided in process before the hooks: deny beats ask beats allow across all layers",
    type: "object",
    additionalProperties: false,
    properties: {
      sets: {
        description: "Shipped rule sets to add, by name",
        type: "array",
        items: names.length === 0 ? { type: "string", minLength: 1 } : { enum: names },
      },
      deny: list("Rules that block a call"),
      ask: list("Rules that have the agent ask the user"),
      allow: list("Rules that let a call run without asking (a project's only once it is trusted)"),
    },
  };
}
