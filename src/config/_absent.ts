// Whether a file a read could not find is absent — nothing is there — or
// broken: a link that leads nowhere, itself or a directory on its way. Only
// an absent default layer is "no configuration"; a broken one stands for
// what it might have held, and fails closed.

import { dirname, resolve } from "../_internal/path.ts";

/**
 * Why `path`, which a read found missing (NotFound), is not simply absent,
 * as a clause (`it is a link to /x/y, which does not exist`); `undefined`
 * when nothing is there (lstat finds nothing, and the directories on its way
 * are real ones).
 */
export async function brokenReason(path: string): Promise<string | undefined> {
  let current = resolve(path);
  for (let depth = 0;; depth++) {
    let info: Deno.FileInfo;
    try {
      info = await Deno.lstat(current);
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) {
        // Not allowed to look, or cannot: the read's own NotFound is all there is to go on.
        return error instanceof Deno.errors.NotCapable ? undefined : `${what(depth, current)}: ${message(error)}`;
      }
      const parent = dirname(current);
      if (parent === current) return undefined;
      current = parent;
      continue;
    }
    if (!info.isSymlink) return undefined;
    // A link: absent only if it leads somewhere that exists (then the file below it is simply not there).
    try {
      await Deno.stat(current);
      // Found now, missing when read: it changed meanwhile, and what was read cannot be known.
      return depth === 0 ? "it was missing when read, and is there now" : undefined;
    } catch {
      // It leads nowhere: say where it points.
    }
    let target: string;
    try {
      target = await Deno.readLink(current);
    } catch (error) {
      return `${what(depth, current)} is a link that cannot be read: ${message(error)}`;
    }
    const shown = resolve(dirname(current), target);
    return `${what(depth, current)} is a link to ${shown}, which ${
      await leadsOn(shown) ? "leads nowhere" : "does not exist"
    }`;
  }
}

/** Whether something (a further link) is at `path`. */
async function leadsOn(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch {
    return false;
  }
}

function what(depth: number, path: string): string {
  return depth === 0 ? "it" : `its directory ${path}`;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
