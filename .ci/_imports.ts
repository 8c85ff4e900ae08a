// What the layer and cycle checks both read: every source file under a
// folder, and the relative imports of a file (static, re-exports, type-only
// and dynamic `import("./…")`), resolved to absolute paths.

import { dirname, join, resolve } from "node:path";

const IMPORT = /(?:import|export)\s[^'"]*?from\s*["'](\.[^"']+)["']|import\(\s*["'](\.[^"']+)["']\s*\)/g;

/** Every `.ts` file under `dir`. */
export async function* sourceFiles(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) yield* sourceFiles(path);
    else if (entry.name.endsWith(".ts")) yield path;
  }
}

/** The files `file` imports by a relative path, absolute. */
export async function relativeImports(file: string): Promise<string[]> {
  const text = await Deno.readTextFile(file);
  return [...text.matchAll(IMPORT)].map((match) => resolve(dirname(file), match[1] ?? match[2]!));
}
