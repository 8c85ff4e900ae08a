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

Deno.test("checkLayers() lets the CLI use the rooms' mod.ts and src/_internal/, and the rooms it drives only what is below them", async () => {
  const root = await Deno.makeTempDir();
  try {
    for (const room of ["_internal", "host", "server", "install", "courier", "cli"]) {
      await Deno.mkdir(join(root, "src", room), { recursive: true });
    }
    await Deno.writeTextFile(
      join(root, "src/cli/serve.ts"),
      'import { a } from "../server/mod.ts";\nimport { b } from "../_internal/printable.ts";\n' +
        'import { c } from "../server/_handler.ts";\n',
    );
    await Deno.writeTextFile(
      join(root, "src/courier/courier.ts"),
      'import { d } from "../install/launcher.ts";\nimport { e } from "../host/agent_call.ts";\n',
    );
    await Deno.writeTextFile(join(root, "src/server/mod.ts"), 'import { f } from "../cli/_io.ts";\n');
    await Deno.writeTextFile(join(root, "src/install/mod.ts"), 'import { g } from "../server/mod.ts";\n');
    const violations = await checkLayers(root);
    deepEqual(violations.map((v) => [v.file, v.imported]).sort(), [
      ["src/cli/serve.ts", "src/server/_handler.ts"],
      ["src/install/mod.ts", "src/server/mod.ts"],
      ["src/server/mod.ts", "src/cli/_io.ts"],
    ]);
    match(violations.find((v) => v.file === "src/cli/serve.ts")!.why, /public API only/);
    match(
      violations.find((v) => v.file === "src/server/mod.ts")!.why,
      /room "server" \(rank 11\) may not import room "cli"/,
    );
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
