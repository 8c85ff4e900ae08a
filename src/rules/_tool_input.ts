// Re-validation of a tool input that hooks rewrote, against the tool's JSON
// Schema or a validator function. A JSON Schema is compiled by zod, once
// per schema object; zod is loaded on the first one, so a process that
// never sees a tool schema (hook-run, started per tool call) never loads
// it. That first validation is the only one that waits.

import type { ToolInputValidator } from "../events/env.ts";

type JsonSchemaModule = typeof import("./_json_schema.ts");

const compiled = new WeakMap<object, ToolInputValidator>();
let jsonSchema: JsonSchemaModule | undefined;
let loading: Promise<JsonSchemaModule> | undefined;

/**
 * Checks `input` against `schema`: `undefined` when valid, else a message
 * listing every problem with its path, for the model to act on — or a
 * promise of either while zod loads for the process's first JSON Schema.
 */
export function validateToolInput(
  schema: Record<string, unknown> | ToolInputValidator,
  input: Record<string, unknown>,
): string | undefined | Promise<string | undefined> {
  if (typeof schema === "function") return run(schema, input);
  const known = compiled.get(schema);
  if (known !== undefined) return run(known, input);
  if (jsonSchema !== undefined) return run(compile(jsonSchema, schema), input);
  loading ??= import("./_json_schema.ts").then(
    (module) => jsonSchema = module,
    // No compiler (dist/hook-run/, the CLI's bundle, leaves it out: the
    // CLI never has a tool schema): a rewrite that cannot be checked is not
    // trusted, as with a schema zod cannot compile.
    (error) =>
      jsonSchema = {
        compileJsonSchema: () => () =>
          `the tool's input schema could not be compiled (${String(error?.message ?? error).split("\n")[0]})`,
      },
  );
  return loading.then((module) => run(compiled.get(schema) ?? compile(module, schema), input));
}

function compile(module: JsonSchemaModule, schema: Record<string, unknown>): ToolInputValidator {
  const validate = module.compileJsonSchema(schema);
  compiled.set(schema, validate);
  return validate;
}

function run(validate: ToolInputValidator, input: Record<string, unknown>): string | undefined {
  try {
    const message = validate(input);
    return typeof message === "string" && message !== "" ? message : undefined;
  } catch (error) {
    return `the validator threw: ${error instanceof Error ? error.message : String(error)}`;
  }
}
