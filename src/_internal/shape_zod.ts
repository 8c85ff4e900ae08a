// The zod schema of a shape: the validator of record, whose issues become
// the configuration's diagnostics. Loaded only when the quick check of
// `shape.ts` did not accept a value, so a clean configuration never pays
// for zod's start-up. Built with zod/mini, zod's tree-shakable API over the
// same core (the same checks, the same issues): each call below is what
// the classic method of the same name adds (`.min(n)` on a string is
// `minLength(n)`, `.int()` the `int()` format check, `.positive()` is
// `gt(0)`), and a bundle carries a few dozen kilobytes of zod instead of
// all of it.

import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";
import type { Shape } from "./shape.ts";

// English messages unless the process chose a locale, as classic zod does.
if (z.config().localeError === undefined) z.config(en());

const built = new WeakMap<Shape, z.ZodMiniType>();

/** The zod schema of `shape`, built once per shape object. */
export function zodOf(shape: Shape): z.ZodMiniType {
  let schema = built.get(shape);
  if (schema === undefined) {
    schema = build(shape);
    built.set(shape, schema);
  }
  return schema;
}

function build(shape: Shape): z.ZodMiniType {
  switch (shape.kind) {
    case "string":
      return shape.min === undefined ? z.string() : z.string().check(z.minLength(shape.min));
    case "number": {
      const checks: z.core.$ZodCheck<number>[] = [];
      if (shape.int) checks.push(z.int() as unknown as z.core.$ZodCheck<number>);
      if (shape.min !== undefined) checks.push(z.gte(shape.min));
      if (shape.max !== undefined) checks.push(z.lte(shape.max));
      if (shape.positive) checks.push(z.gt(0));
      return checks.length === 0 ? z.number() : z.number().check(...checks);
    }
    case "boolean":
      return z.boolean();
    case "unknown":
      return z.unknown();
    case "enum":
      return z.enum(shape.values as [string, ...string[]]);
    case "array":
      return z.array(zodOf(shape.item));
    case "record":
      return z.record(z.string(), zodOf(shape.value));
    case "object": {
      const fields: Record<string, z.ZodMiniType> = {};
      for (const [key, field] of Object.entries(shape.fields)) {
        fields[key] = field.optional ? z.optional(zodOf(field.shape)) : zodOf(field.shape);
      }
      return shape.strict ? z.strictObject(fields) : z.object(fields);
    }
  }
}
