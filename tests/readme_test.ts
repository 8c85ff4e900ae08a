import { deepEqual } from "node:assert/strict";
import { formatDiagnostic } from "../mod.ts";
import { parseHooksConfig } from "../src/config/mod.ts";

Deno.test("README.md: every jsonc configuration example validates without errors", async () => {
  const readme = await Deno.readTextFile(new URL("../README.md", import.meta.url));
  const blocks = [...readme.matchAll(/```jsonc\n([\s\S]*?)```/g)].map((match) => match[1]!);
  deepEqual(blocks.length >= 2, true, "the README shows a native and a Wuu example");
  for (const [index, block] of blocks.entries()) {
    const config = parseHooksConfig(block, { path: `README.md jsonc block ${index + 1}` });
    const errors = config.diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic);
    deepEqual(errors, []);
  }
});
