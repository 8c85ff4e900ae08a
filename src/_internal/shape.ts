// The shapes of configuration entries, described once as plain data and
// read two ways. zod stays the validator of record: `shape_zod.ts` builds
// the zod schema that checks a value and words every problem. `accepts`
// below is a quick yes that never loads zod: it says yes only to values the
// zod schema accepts (shape_test.ts pins that), so a file with nothing wrong
// is read without zod, and anything it does not accept goes through zod.
// hook-run starts once per tool call, and building zod costs more than the
// whole hook run of a small configuration.

import { isPlainObject } from "./json.ts";

/** What a value must be. */
export type Shape =
  | { readonly kind: "string"; readonly min?: number }
  | {
    readonly kind: "number";
    readonly int?: boolean;
    readonly min?: number;
    readonly max?: number;
    readonly positive?: boolean;
  }
  | { readonly kind: "boolean" }
  | { readonly kind: "unknown" }
  | { readonly kind: "enum"; readonly values: readonly string[] }
  | { readonly kind: "array"; readonly item: Shape }
  | { readonly kind: "record"; readonly value: Shape }
  | ObjectShape;

/** An object: its fields, and whether keys it does not list are errors. */
export interface ObjectShape {
  readonly kind: "object";
  readonly strict: boolean;
  readonly fields: Readonly<Record<string, Field>>;
}

/** One field of an object shape. */
export interface Field {
  readonly shape: Shape;
  readonly optional: boolean;
}

/** A string (zod: `z.string()`, with `min`: `.min(min)`). */
export function string(min?: number): Shape {
  return min === undefined ? { kind: "string" } : { kind: "string", min };
}

/** A number (zod: `z.number()`, then `.int()`, `.min()`, `.max()`, `.positive()` as given). */
export function number(options: { int?: boolean; min?: number; max?: number; positive?: boolean } = {}): Shape {
  return { kind: "number", ...options };
}

/** A boolean. */
export const BOOLEAN: Shape = Object.freeze({ kind: "boolean" });

/** Anything. */
export const UNKNOWN: Shape = Object.freeze({ kind: "unknown" });

/** One of the strings (zod: `z.enum(values)`). */
export function oneOf(values: readonly string[]): Shape {
  return { kind: "enum", values };
}

/** An array of `item`. */
export function arrayOf(item: Shape): Shape {
  return { kind: "array", item };
}

/** An object of string keys to `value` (zod: `z.record(z.string(), value)`). */
export function recordOf(value: Shape): Shape {
  return { kind: "record", value };
}

/** A field that may be left out (zod: `.optional()`). */
export function optional(shape: Shape): Field {
  return { shape, optional: true };
}

/** An object that refuses keys it does not list (zod: `z.strictObject`). */
export function strictObject(fields: Record<string, Shape | Field>): ObjectShape {
  return { kind: "object", strict: true, fields: asFields(fields) };
}

/** An object that ignores keys it does not list (zod: `z.object`). */
export function looseObject(fields: Record<string, Shape | Field>): ObjectShape {
  return { kind: "object", strict: false, fields: asFields(fields) };
}

// Loops here are for…in over plain literals, not Object.entries: these run
// while hook-run starts, where the first calls of the entries builtins cost
// a few hundred microseconds.
function asFields(fields: Record<string, Shape | Field>): Record<string, Field> {
  const out: Record<string, Field> = {};
  for (const key in fields) {
    if (!Object.hasOwn(fields, key)) continue;
    const value = fields[key]!;
    out[key] = "kind" in value ? { shape: value, optional: false } : value;
  }
  return out;
}

/**
 * Whether `value` certainly has the shape — only ever `true` where the zod
 * schema of the shape accepts it; `false` means "let zod decide", not
 * "invalid". Objects must be plain and have no own `__proto__` key.
 */
export function accepts(shape: Shape, value: unknown): boolean {
  switch (shape.kind) {
    case "string":
      return typeof value === "string" && (shape.min === undefined || value.length >= shape.min);
    case "number":
      return typeof value === "number" && Number.isFinite(value) &&
        (shape.int !== true || Number.isSafeInteger(value)) &&
        (shape.min === undefined || value >= shape.min) &&
        (shape.max === undefined || value <= shape.max) &&
        (shape.positive !== true || value > 0);
    case "boolean":
      return typeof value === "boolean";
    case "unknown":
      return true;
    case "enum":
      return typeof value === "string" && shape.values.includes(value);
    case "array":
      return Array.isArray(value) && value.every((item) => accepts(shape.item, item));
    case "record":
      if (!plain(value)) return false;
      // An inherited enumerable key (a polluted prototype) is left to zod.
      for (const key in value) if (!Object.hasOwn(value, key) || !accepts(shape.value, value[key])) return false;
      return true;
    case "object": {
      if (!plain(value)) return false;
      if (shape.strict) {
        for (const key in value) if (!Object.hasOwn(value, key) || !Object.hasOwn(shape.fields, key)) return false;
      }
      for (const key in shape.fields) {
        if (!Object.hasOwn(shape.fields, key)) continue;
        const field = shape.fields[key]!;
        const item = Object.hasOwn(value, key) ? value[key] : undefined;
        if (item === undefined ? !field.optional : !accepts(field.shape, item)) return false;
      }
      return true;
    }
  }
}

function plain(value: unknown): value is Record<string, unknown> {
  return isPlainObject(value) && !Object.hasOwn(value, "__proto__");
}

/** The keys an object shape lists, in order (for "did you mean" hints). */
export function keysOf(shape: ObjectShape): readonly string[] {
  return Object.keys(shape.fields);
}
