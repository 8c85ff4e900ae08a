// The JSON Schema of a shape: the same description the configuration is
// checked with, written in the vocabulary editors read (JSON Schema 2020-12),
// so the published schemas never say something the code does not.

import type { Shape } from "./shape.ts";

/** A JSON Schema object. */
export type JsonSchema = Record<string, unknown>;

/** The JSON Schema of `shape`; `describe` adds a description per object field. */
export function jsonSchemaOf(shape: Shape, describe?: (key: string) => string | undefined): JsonSchema {
  switch (shape.kind) {
    case "string":
      return shape.min === undefined ? { type: "string" } : { type: "string", minLength: shape.min };
    case "number":
      return {
        type: shape.int ? "integer" : "number",
        ...(shape.min === undefined ? {} : { minimum: shape.min }),
        ...(shape.max === undefined ? {} : { maximum: shape.max }),
        ...(shape.positive ? { exclusiveMinimum: 0 } : {}),
      };
    case "boolean":
      return { type: "boolean" };
    case "unknown":
      return {};
    case "enum":
      return { enum: [...shape.values] };
    case "array":
      return { type: "array", items: jsonSchemaOf(shape.item) };
    case "record":
      return { type: "object", additionalProperties: jsonSchemaOf(shape.value) };
    case "object": {
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const [key, field] of Object.entries(shape.fields)) {
        const description = describe?.(key);
        properties[key] = description === undefined
          ? jsonSchemaOf(field.shape)
          : { description, ...jsonSchemaOf(field.shape) };
        if (!field.optional) required.push(key);
      }
      return {
        type: "object",
        properties,
        ...(required.length === 0 ? {} : { required }),
        ...(shape.strict ? { additionalProperties: false } : {}),
      };
    }
  }
}
