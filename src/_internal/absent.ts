// Whether a file a read could not find is absent — nothing is there — or
// broken: a link that leads nowhere, itself or a directory on its way. Only
// an absent default layer is "no configuration"; a broken one stands for
// what it might have held, and fails closed.
//
// A load probes many paths (a dozen layers, most of them missing) once per
// tool call, and a failed file-system call costs a thrown error: a
// `PathProbe` asks about each directory once (synchronously: a failed
// synchronous lookup costs half an asynchronous one), and reads no file
// whose directory is not there.

import { dirname, resolve } from "./path.ts";
import * as reads from "./fs_reads.ts";

/** What is at a path: nothing, something to read, or why it cannot be read. */
export type PathState = { absent: true } | { absent: false; broken?: string };

/** What is at a directory's path, as far as reading a file in it goes. */
type DirState = "absent" | "there" | { broken: string };

const ABSENT: PathState = Object.freeze({ absent: true });
const THERE: PathState = Object.freeze({ absent: false });

/** Answers for one load: each directory looked at once. */
export class PathProbe {
  #dirs = new Map<string, DirState>();

  /**
   * Whether a file at `path` could be there to read: `absent` when its
   * directory is not (nothing to read), `broken` when that directory is a
   * link leading nowhere. Otherwise reading it tells; a NotFound then goes
   * to {@linkcode PathProbe.afterNotFound}.
   */
  async before(path: string): Promise<PathState> {
    const dir = await this.#dir(dirname(resolve(path)));
    if (dir === "absent") return ABSENT;
    if (dir === "there") return THERE;
    return { absent: false, broken: dir.broken };
  }

  /** What is at directory `dir` itself: nothing, a directory (or something a read will say more of), or a link that leads nowhere. */
  async directory(dir: string): Promise<PathState> {
    const state = await this.#dir(resolve(dir));
    if (state === "absent") return ABSENT;
    if (state === "there") return THERE;
    return { absent: false, broken: state.broken };
  }

  /** After a read of `path` found nothing: absent, or a link that leads nowhere. */
  async afterNotFound(path: string): Promise<PathState> {
    const absolute = resolve(path);
    try {
      const info = reads.lstatSync(absolute);
      return {
        absent: false,
        broken: info.isSymlink ? await danglingLink(absolute, "it") : "it was missing when read",
      };
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return ABSENT;
      return { absent: false, broken: `it cannot be looked at: ${message(error)}` };
    }
  }

  async #dir(dir: string): Promise<DirState> {
    const known = this.#dirs.get(dir);
    if (known !== undefined) return known;
    const state = await this.#lookAt(dir);
    this.#dirs.set(dir, state);
    return state;
  }

  async #lookAt(dir: string): Promise<DirState> {
    // Below a directory already known not to be there, nothing is.
    const parentKnown = this.#dirs.get(dirname(dir));
    if (parentKnown !== undefined && parentKnown !== "there") return parentKnown;
    let info: Deno.FileInfo;
    try {
      info = reads.lstatSync(dir);
    } catch (error) {
      // Anything but NotFound: the read will say what.
      if (!(error instanceof Deno.errors.NotFound)) return "there";
      // Not there: absent, unless a directory above is a link that leads nowhere.
      const parent = dirname(dir);
      if (parent === dir) return "absent";
      const above = await this.#dir(parent);
      return above === "there" ? "absent" : above;
    }
    // Found, so every directory above it leads somewhere; a link here must too.
    if (!info.isSymlink) return "there";
    try {
      reads.statSync(dir);
      return "there";
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) return "there";
      return { broken: await danglingLink(dir, `its directory ${dir}`) };
    }
  }
}

/**
 * Why `path`, which a read found missing (NotFound), is not simply absent,
 * as a clause (`it is a link to /x/y, which does not exist`); `undefined`
 * when nothing is there (lstat finds nothing, and the directories on its
 * way are real ones or links that lead somewhere).
 */
export async function brokenReason(path: string): Promise<string | undefined> {
  const probe = new PathProbe();
  const before = await probe.before(path);
  if (before.absent) return undefined;
  if (before.broken !== undefined) return before.broken;
  const after = await probe.afterNotFound(path);
  return after.absent ? undefined : after.broken;
}

/** `<what> is a link to <target>, which does not exist` (or leads nowhere, through more links). */
async function danglingLink(path: string, what: string): Promise<string> {
  let target: string;
  try {
    target = resolve(dirname(path), await reads.readLink(path));
  } catch (error) {
    return `${what} is a link that cannot be read: ${message(error)}`;
  }
  let further = false;
  try {
    await reads.lstat(target);
    further = true;
  } catch {
    // Nothing there.
  }
  return `${what} is a link to ${target}, which ${further ? "leads nowhere" : "does not exist"}`;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
