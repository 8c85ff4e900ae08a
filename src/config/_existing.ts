// Where a watcher can look: whether a path exists, and the nearest directory
// that does (a layer whose directory is not there yet is watched from above).

import { dirname } from "../_internal/path.ts";
import * as reads from "../_internal/fs_reads.ts";

/** Whether `path` exists; an unreadable file does (its read reports why). */
export async function exists(path: string): Promise<boolean> {
  try {
    await reads.stat(path);
    return true;
  } catch (error) {
    return !(error instanceof Deno.errors.NotFound);
  }
}

/** The nearest directory at or above `dir` that exists, or `null`. */
export function existingAncestor(dir: string): string | null {
  let current = dir;
  for (;;) {
    try {
      if (reads.statSync(current).isDirectory) return current;
    } catch {
      // Missing: try the parent.
    }
    const parent = dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}
