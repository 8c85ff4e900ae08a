// A tool's JSON Schema as a validator, by zod. Loaded by `_tool_input.ts`
// only when a tool schema is given.

import { z } from "zod";
import type { ToolInputValidator } from "../events/env.ts";

/** Compiles `schema`; a schema zod cannot compile yields a validator that always refuses. */
export function compileJsonSchema(schema: Record<string, unknown>): ToolInputValidator {
  let zodSchema: z.ZodType;
  try {
    zodSchema = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
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
