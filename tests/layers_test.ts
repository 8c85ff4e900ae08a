import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { checkLayers } from "../.ci/layers.ts";

Deno.test("checkLayers() finds no import against the one-way layering in src/", async () => {
  const root = new URL("..", import.meta.url).pathname;
  deepEqual(await checkLayers(root), []);
});

Deno.test("checkLayers() reports an import from a lower room into a higher one, and a CLI reaching past the API", async () => {
  const root = await Deno.makeTempDir();
  try {
    await Deno.mkdir(join(root, "src/events"), { recursive: true });
    await Deno.mkdir(join(root, "src/runner"), { recursive: true });
    await Deno.mkdir(join(root, "src/cli"), { recursive: true });
    await Deno.writeTextFile(join(root, "src/runner/runner.ts"), 'import { x } from "../events/table.ts";\n');
    await Deno.writeTextFile(join(root, "src/events/table.ts"), 'import type { R } from "../runner/runner.ts";\n');
    await Deno.writeTextFile(join(root, "src/cli/main.ts"), 'import { y } from "../runner/runner.ts";\n');
    const violations = await checkLayers(root);
    equal(violations.length, 2);
    match(
      violations.find((v) => v.file === "src/events/table.ts")!.why,
      /room "events" \(rank 1\) may not import room "runner"/,
    );
    match(violations.find((v) => v.file === "src/cli/main.ts")!.why, /public API only/);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
