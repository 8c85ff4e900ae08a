// The files a module imports by a path, as written in its text: static
// `import … from "./x.ts"`, `import "./x.ts"`, `export … from "./x.ts"`
// and `import("./x.ts")` with a literal. Trust hashes them (and theirs) with
// the module. Bare, `npm:`, `jsr:` and URL specifiers are packages, not
// files of the project; a specifier computed at run time cannot be known.

import { dirname, isAbsolute, resolve } from "../_internal/path.ts";

const STATIC = /(?:^|[^\w$.])(?:import|export)\s*(?:[\w*${}\s,]+?\s*from\s*)?(["'])([^"'\n]+)\1/g;
const DYNAMIC = /(?:^|[^\w$.])import\s*\(\s*(["'`])([^"'`\n$]+)\1\s*[,)]/g;

/**
 * The absolute paths that the module at `path` (its real path: Deno
 * resolves imports from there) imports by a relative, absolute or `file:`
 * specifier.
 */
export function moduleImports(text: string, path: string): string[] {
  const found = new Set<string>();
  for (const pattern of [STATIC, DYNAMIC]) {
    for (const match of text.matchAll(pattern)) {
      const resolved = importedFile(match[2]!, dirname(path));
      if (resolved !== undefined) found.add(resolved);
    }
  }
  return [...found];
}

function importedFile(specifier: string, dir: string): string | undefined {
  if (specifier.startsWith("file:")) {
    try {
      return decodeURIComponent(new URL(specifier).pathname);
    } catch {
      return undefined;
    }
  }
  if (specifier.startsWith("./") || specifier.startsWith("../")) return resolve(dir, specifier);
  return isAbsolute(specifier) ? resolve(specifier) : undefined;
}
