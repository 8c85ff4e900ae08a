// A small JSON Schema (2020-12) validator for the keywords hookgate's
// published schemas use, so tests can check files against them without a
// dependency (zod's fromJSONSchema, which tool input schemas use, has no
// if/then/else). Returns the problems, each with its JSON pointer.

type Schema = Record<string, unknown>;

export function validate(schema: Schema, value: unknown, at = ""): string[] {
  const problems: string[] = [];
  const fail = (message: string) => problems.push(`${at || "/"}: ${message}`);
  if ("type" in schema && !hasType(value, schema.type as string)) {
    fail(`expected ${schema.type}, got ${JSON.stringify(value)}`);
    return problems;
  }
  if ("const" in schema && value !== schema.const) fail(`expected ${JSON.stringify(schema.const)}`);
  if ("enum" in schema && !(schema.enum as unknown[]).includes(value)) {
    fail(`not one of ${JSON.stringify(schema.enum)}`);
  }
  if (typeof value === "string" && typeof schema.minLength === "number" && value.length < schema.minLength) {
    fail(`shorter than ${schema.minLength}`);
  }
  if (typeof value === "number") {
    if (typeof schema.minimum === "number" && value < schema.minimum) fail(`below ${schema.minimum}`);
    if (typeof schema.maximum === "number" && value > schema.maximum) fail(`above ${schema.maximum}`);
    if (typeof schema.exclusiveMinimum === "number" && value <= schema.exclusiveMinimum) {
      fail(`not above ${schema.exclusiveMinimum}`);
    }
  }
  if (Array.isArray(value) && schema.items !== undefined) {
    value.forEach((item, index) => problems.push(...validate(schema.items as Schema, item, `${at}/${index}`)));
  }
  if (isObject(value)) {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const key of (schema.required ?? []) as string[]) if (!(key in value)) fail(`missing "${key}"`);
    for (const [key, item] of Object.entries(value)) {
      const where = `${at}/${key}`;
      if (schema.propertyNames !== undefined) {
        problems.push(...validate(schema.propertyNames as Schema, key, where).map((p) => `${p} (as a key)`));
      }
      if (key in properties) problems.push(...validate(properties[key]!, item, where));
      else if (schema.additionalProperties === false) problems.push(`${where}: not allowed`);
      else if (isObject(schema.additionalProperties)) {
        problems.push(...validate(schema.additionalProperties, item, where));
      }
    }
  }
  for (const part of (schema.allOf ?? []) as Schema[]) problems.push(...validate(part, value, at));
  if (
    schema.anyOf !== undefined && !(schema.anyOf as Schema[]).some((part) => validate(part, value, at).length === 0)
  ) {
    fail("matches none of anyOf");
  }
  if (schema.not !== undefined && validate(schema.not as Schema, value, at).length === 0) fail("matches not");
  if (schema.if !== undefined) {
    const branch = validate(schema.if as Schema, value, at).length === 0 ? schema.then : schema.else;
    if (branch !== undefined) problems.push(...validate(branch as Schema, value, at));
  }
  return problems;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case "object":
      return isObject(value);
    case "array":
      return Array.isArray(value);
    case "integer":
      return Number.isInteger(value);
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number";
    case "boolean":
      return typeof value === "boolean";
    default:
      return false;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
