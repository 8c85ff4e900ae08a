import { deepEqual } from "node:assert/strict";
import { join } from "node:path";
import { checkCycles, MAX_LINES } from "../.ci/cycles.ts";

Deno.test("checkCycles() finds no import circle and no long file in src/", async () => {
  const root = new URL("..", import.meta.url).pathname;
  deepEqual(await checkCycles(root), []);
});

Deno.test("checkCycles() reports a file circle through a type-only import, a folder circle and a long file", async () => {
  const root = await Deno.makeTempDir();
  try {
    await Deno.mkdir(join(root, "src/a/sub"), { recursive: true });
    await Deno.mkdir(join(root, "src/b"), { recursive: true });
    // a/x.ts ↔ a/y.ts, the way back type-only.
    await Deno.writeTextFile(join(root, "src/a/x.ts"), 'import { y } from "./y.ts";\nexport const x = y;\n');
    await Deno.writeTextFile(join(root, "src/a/y.ts"), 'import type { X } from "./x.ts";\nexport const y = 1;\n');
    // The folder a imports a/sub, whose file imports a file directly in a: a folder circle, no file circle.
    await Deno.writeTextFile(join(root, "src/a/z.ts"), 'import { s } from "./sub/s.ts";\nexport const z = s;\n');
    await Deno.writeTextFile(join(root, "src/a/sub/s.ts"), 'import { w } from "../w.ts";\nexport const s = w;\n');
    await Deno.writeTextFile(join(root, "src/a/w.ts"), "export const w = 1;\n");
    await Deno.writeTextFile(join(root, "src/b/long.ts"), "export const n = 1;\n".repeat(MAX_LINES + 1));
    deepEqual(await checkCycles(root), [
      { kind: "file circle", what: "src/a/x.ts ↔ src/a/y.ts" },
      { kind: "folder circle", what: "src/a ↔ src/a/sub" },
      { kind: "long file", what: `src/b/long.ts (${MAX_LINES + 1} lines)` },
    ]);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
