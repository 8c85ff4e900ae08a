// deno-lint-ignore-file no-console
// The layer check: data flows one way. Each folder of src/ is a room with a
// rank; a module may import its own room or a room of lower rank, never a
// higher one, so no import cycle between rooms can exist. The CLI uses the
// public API only: mod.ts and each room's mod.ts entry point (the rooms it
// drives, such as the server, the installer and the courier, have one for
// it), besides src/_internal/, the plain helpers every room may use. The
// rooms below it are the library: they may import any file of a lower room.
// Run by `deno task ok`; ARCHITECTURE.md draws the same picture.

import { dirname, join, relative, resolve } from "node:path";
import { relativeImports, sourceFiles } from "./_imports.ts";

/** Lower ranks are imported by higher ones, never the other way. */
export const RANKS: Readonly<Record<string, number>> = {
  _internal: 0,
  events: 1,
  shell: 1,
  memo: 1,
  matchers: 2,
  permissions: 2,
  dialects: 3,
  models: 3,
  registry: 4,
  policy: 4,
  rules: 5,
  transports: 5,
  telemetry: 5,
  runner: 6,
  trust: 7,
  config: 8,
  plugins: 8,
  replay: 8,
  extensions: 9,
  host: 10,
  server: 11,
  install: 11,
  courier: 12,
  cli: 13,
};

/** One import that breaks the layering. */
export interface LayerViolation {
  file: string;
  imported: string;
  why: string;
}

/** Every violation under `root` (the repository). */
export async function checkLayers(root: string): Promise<LayerViolation[]> {
  const src = join(root, "src");
  const violations: LayerViolation[] = [];
  for await (const file of sourceFiles(src)) {
    const room = roomOf(src, file);
    if (room === null) continue;
    for (const target of await relativeImports(file)) {
      const shown = { file: relative(root, file), imported: relative(root, target) };
      const other = target.startsWith(src + "/") ? roomOf(src, target) : null;
      if (room === "cli") {
        // The bundled example configuration is data, imported as text.
        const publicApi = target === join(root, "mod.ts") || target.startsWith(join(root, "examples") + "/") ||
          other === "cli" || other === "_internal" || (other !== null && target === join(src, other, "mod.ts"));
        if (!publicApi) {
          violations.push({
            ...shown,
            why: "the CLI may use the public API only (mod.ts, src/<room>/mod.ts, src/_internal/)",
          });
        }
        continue;
      }
      if (!target.startsWith(src + "/")) {
        violations.push({ ...shown, why: "src/ may not import from outside src/" });
        continue;
      }
      if (other === null || other === room) continue;
      if (RANKS[other]! >= RANKS[room]!) {
        violations.push({
          ...shown,
          why: `room "${room}" (rank ${RANKS[room]}) may not import room "${other}" (rank ${RANKS[other]})`,
        });
      }
    }
  }
  return violations;
}

function roomOf(src: string, file: string): string | null {
  const first = relative(src, file).split("/")[0]!;
  if (first.endsWith(".ts")) return null;
  if (!Object.hasOwn(RANKS, first)) {
    throw new Error(`src/${first}/ is not a known room; add it to RANKS in .ci/layers.ts`);
  }
  return first;
}

if (import.meta.main) {
  const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
  const violations = await checkLayers(root);
  for (const v of violations) console.error(`${v.file}: imports ${v.imported}: ${v.why}`);
  if (violations.length > 0) {
    console.error(`layers: ${violations.length} import(s) break the one-way layering (see ARCHITECTURE.md)`);
    Deno.exit(1);
  }
  console.log(`layers: ok (${Object.keys(RANKS).length} rooms, data flows one way)`);
}
