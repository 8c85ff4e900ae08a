// Re-validation of a tool input that hooks rewrote, against the tool's JSON
// Schema (compiled once per schema object by zod) or a validator function.

import { z } from "zod";
import type { ToolInputValidator } from "../events/env.ts";

const compiled = new WeakMap<object, ToolInputValidator>();

/**
 * Checks `input` against `schema`: returns `undefined` when valid, else a
 * message listing every problem with its path, for the model to act on.
 */
export function validateToolInput(
  schema: Record<string, unknown> | ToolInputValidator,
  input: Record<string, unknown>,
): string | undefined {
  let validate = typeof schema === "function" ? schema : compiled.get(schema);
  if (validate === undefined) {
    validate = compileJsonSchema(schema as Record<string, unknown>);
    compiled.set(schema, validate);
  }
  try {
    const message = validate(input);
    return typeof message === "string" && message !== "" ? message : undefined;
  } catch (error) {
    return `the validator threw: ${error instanceof Error ? error.message : String(error)}`;
  }
}

function compileJsonSchema(
  schema: Record<string, unknown>,
): ToolInputValidator {
  let zodSchema: z.ZodType;
  try {
    zodSchema = z.fromJSONSchema(
      schema as Parameters<typeof z.fromJSONSchema>[0],
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // A broken schema is the host's bug; failing safe means the rewritten
    // input is not trusted.
    return () => `the tool's input schema could not be compiled (${reason})`;
  }
  return (input) => {
    const result = zodSchema.safeParse(input);
    if (result.success) return undefined;
    return result.error.issues
      .map((issue) => {
        const path = issue.path.map(String).join(".");
        return path === "" ? issue.message : `${path}: ${issue.message}`;
      })
      .join("; ");
  };
}
