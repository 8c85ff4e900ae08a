// Whether a managed file may be read: an administrator's file must be
// owned by root and writable by nobody else, and so must every directory
// above it (as Gemini CLI checks its system settings); anyone else who can
// write it could plant hooks that run without a trust prompt and cannot be
// turned off. A directory added for tests or by an administrator
// ($HOOKGATE_MANAGED_DIR) may instead be the current user's own, closed to
// everyone else (mode 0700). A file that is not there is left to the read.

import { dirname } from "../_internal/path.ts";
import * as reads from "../_internal/fs_reads.ts";
import type { ConfigLayer } from "./layers.ts";

/** Why `layer` (a managed layer) is refused, or `undefined` when it may be read. */
export async function managedRefusal(layer: ConfigLayer): Promise<string | undefined> {
  if (Deno.build.os === "windows") return undefined;
  let file: Deno.FileInfo;
  try {
    file = await reads.stat(layer.path);
  } catch {
    // Missing, a link that leads nowhere, or not readable: the read says which.
    return undefined;
  }
  const me = currentUid();
  const fileProblem = unsafe(file, layer.managedExtra === true ? me : undefined);
  if (fileProblem !== undefined) return `it ${fileProblem}`;
  const dir = dirname(layer.path);
  if (layer.managedExtra === true) {
    const info = await statOrUndefined(dir);
    if (info === undefined) return undefined;
    if (unsafe(info, undefined) === undefined) return undefined;
    if (me !== undefined && info.uid === me && ((info.mode ?? 0) & 0o077) === 0) return undefined;
    return `its directory ${dir} ${unsafe(info, undefined)}, and is not yours with mode 0700`;
  }
  for (let current = dir;; current = dirname(current)) {
    const info = await statOrUndefined(current);
    const problem = info === undefined ? undefined : unsafe(info, undefined);
    if (problem !== undefined) return `its directory ${current} ${problem}`;
    if (dirname(current) === current) return undefined;
  }
}

/** What is wrong with `info` for a managed file or directory: not root's (or `owner`'s), or writable by others. */
function unsafe(info: Deno.FileInfo, owner: number | undefined): string | undefined {
  const uid = info.uid;
  if (uid !== null && uid !== 0 && uid !== owner) return `is owned by uid ${uid}, not by root`;
  const mode = info.mode ?? 0;
  if ((mode & 0o022) !== 0) {
    return `is writable by ${(mode & 0o020) !== 0 ? "its group" : "others"} (mode ${(mode & 0o777).toString(8)})`;
  }
  return undefined;
}

async function statOrUndefined(path: string): Promise<Deno.FileInfo | undefined> {
  try {
    return await reads.stat(path);
  } catch {
    return undefined;
  }
}

/** The current user's id, when Deno grants asking (`--allow-sys=uid`). */
function currentUid(): number | undefined {
  try {
    if (Deno.permissions.querySync({ name: "sys", kind: "uid" }).state !== "granted") return undefined;
    return Deno.uid() ?? undefined;
  } catch {
    return undefined;
  }
}
