// deno-lint-ignore-file no-console
// Writes the published JSON Schemas (schema/*.schema.json) from the shapes
// the code validates configuration with: `deno task schema`. A test fails
// when a file is out of date.

import { CONFIG_SCHEMA_KINDS, configJsonSchema } from "../src/config/mod.ts";

for (const kind of CONFIG_SCHEMA_KINDS) {
  const path = new URL(`../schema/${kind}.schema.json`, import.meta.url);
  await Deno.writeTextFile(path, JSON.stringify(configJsonSchema(kind), null, 2) + "\n");
  console.log(`wrote schema/${kind}.schema.json`);
}
