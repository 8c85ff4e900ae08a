// Reading what a project's trust digest covers: files, links (their text
// and what they resolve to, inside the project or not) and directory trees
// (links to directories followed, each real directory once), within one
// budget of files and bytes. Every stat it takes is remembered as a
// signature, so a long-lived host can tell in microseconds whether anything
// it hashed may have changed. The file system calls are synchronous: each
// costs a few microseconds that way and some fifty as a promise, and this
// runs at a trusted project's every start-up (a re-read in a long-lived
// host happens only after something changed).

import { MAX_TRUST_BYTES, MAX_TRUST_FILES } from "../_internal/limits.ts";
import * as reads from "../_internal/fs_reads.ts";
import { dirname, isAbsolute, join, relative, SEP } from "../_internal/path.ts";
import type { ProjectFile } from "./types.ts";

/**
 * The project's trusted code reaches past a bound of the digest: it cannot
 * be trusted until the directory named is slimmed.
 */
export class TrustBoundError extends RangeError {
  /** The directory (absolute) being read when the bound was passed. */
  readonly dir: string;
  /** The directory as shown: relative to the project root, or absolute outside it. */
  readonly shown: string;

  constructor(dir: string, shown: string, what: string) {
    super(
      `the project's trusted code reaches more than ${what}: the trust digest stopped in "${shown}" ` +
        `(every file in the directory of a project hook script, and all extension code, is hashed)`,
    );
    this.name = "TrustBoundError";
    this.dir = dir;
    this.shown = shown;
  }
}

/**
 * What changes when a file, link or directory does: inode, size, modification
 * and change times, kind. `absent` when there is nothing there.
 */
export function signatureOf(info: Deno.FileInfo): string {
  const kind = info.isSymlink ? "l" : info.isDirectory ? "d" : "f";
  return `${kind}:${info.dev}:${info.ino}:${info.size}:${info.mtime?.getTime()}:${info.ctime?.getTime()}`;
}

/**
 * How recent a change may be for its stat to prove nothing: Deno reports
 * times in milliseconds, and change times in whole seconds, so a second
 * change within that window could leave every field as it was.
 */
const RACY_MS = 2000;

/**
 * Whether a stat is too recent to tell a later change by (as git's "racily
 * clean" entries): its signature is then marked so that the first check
 * compares the content instead.
 */
function racy(info: Deno.FileInfo): boolean {
  const changed = Math.max(info.mtime?.getTime() ?? Infinity, info.ctime?.getTime() ?? Infinity);
  return changed > Date.now() - RACY_MS;
}

/** The signature of a read, taken now: `l:` reads take `lstat`, `s:` reads `stat`. */
export function currentSignature(read: string): string {
  const path = read.slice(2);
  try {
    return signatureOf(read.startsWith("l:") ? reads.lstatSync(path) : reads.statSync(path));
  } catch (error) {
    return error instanceof Deno.errors.NotFound || error instanceof Deno.errors.NotADirectory
      ? "absent"
      : `error:${(error as Error).name}`;
  }
}

/** One file read: its entry, and its bytes when asked for. */
export interface ReadFile {
  entry: ProjectFile;
  bytes?: Uint8Array;
}

/** What one part of a project (a hook, its extension code) covers: its entries and the stats they took. */
export class Coverage {
  /** The entries, by shown path. */
  readonly files = new Map<string, ProjectFile>();
  /** The stats taken (`l:<path>` or `s:<path>`). */
  readonly reads = new Set<string>();

  /** Adds everything `other` covers. */
  merge(other: Coverage): void {
    for (const [path, file] of other.files) this.files.set(path, file);
    for (const read of other.reads) this.reads.add(read);
  }
}

/** Reads and hashes a project's files within one budget; see the module comment. */
export class DigestReader {
  /** The project root, as given and with every link resolved. */
  readonly root: string;
  readonly realRoot: string;
  /** Every entry, by shown path. */
  readonly files = new Map<string, ProjectFile>();
  /** Every stat taken (`l:<path>` or `s:<path>`) and its signature then. */
  readonly reads = new Map<string, string>();
  #hashes = new Map<string, { sha256: string; size: number }>();
  #trees = new Map<string, Coverage>();
  #bytes = 0;

  constructor(root: string, realRoot: string) {
    this.root = root;
    this.realRoot = realRoot;
  }

  /** How a path is shown: relative to the root, `/`-separated, or absolute outside the project. */
  shown(path: string): { path: string; outside: boolean } {
    // Paths here are built by join and resolve: normalized, so a prefix says it.
    for (const base of [this.root, this.realRoot]) {
      if (SEP === "/" && path.startsWith(base) && path[base.length] === "/") {
        return { path: path.slice(base.length + 1), outside: false };
      }
    }
    for (const base of [this.root, this.realRoot]) {
      const inside = relative(base, path);
      if (inside !== "" && !inside.startsWith("..") && !isAbsolute(inside)) {
        return { path: inside.split(SEP).join("/"), outside: false };
      }
      if (inside === "") return { path: ".", outside: false };
    }
    return { path, outside: true };
  }

  /** Whether `path` lies inside the project, by its text. */
  inside(path: string): boolean {
    return !this.shown(path).outside;
  }

  /**
   * Hashes the file at `path` (absolute), through links: the entry records
   * the link's text and where it resolves when that is elsewhere. Nothing
   * (but the stat, for later checks) when there is no file there.
   *
   * @param into Collects the entry and the reads it took.
   */
  async file(path: string, into: Coverage, keepBytes = false): Promise<ReadFile | undefined> {
    const own = this.#stat(`l:${path}`, into);
    if (own === undefined || own.isDirectory) return undefined;
    const shown = this.shown(path);
    if (this.files.size >= MAX_TRUST_FILES && !this.files.has(shown.path)) {
      throw new TrustBoundError(dirname(path), this.shown(dirname(path)).path, `${MAX_TRUST_FILES} files`);
    }
    let link: string | undefined;
    let real: string;
    try {
      if (own.isSymlink) link = reads.readLinkSync(path);
      real = reads.realPathSync(path);
    } catch {
      // A dangling link: its text is what the project ships.
      return link === undefined
        ? undefined
        : { entry: this.#add(shown, { sha256: "", link, target: "(missing)" }, into) };
    }
    // A plain file reached by its own path: its lstat was the stat.
    const info = !own.isSymlink && real === path ? own : this.#stat(`s:${real}`, into);
    if (info === undefined || !info.isFile) return undefined;
    const hashed = await this.#hash(real, info, dirname(path));
    const shownReal = real === path ? shown : this.shown(real);
    const target = shownReal.path === shown.path ? undefined : shownReal.path;
    const entry = this.#add(shown, {
      sha256: hashed.sha256,
      ...(link === undefined ? {} : { link }),
      ...(target === undefined ? {} : { target }),
    }, into);
    return keepBytes ? { entry, bytes: hashed.bytes ?? reads.readFileSync(real) } : { entry };
  }

  /**
   * Hashes every file in `dir` (absolute): recursively, links to
   * directories followed (each real directory once), or only its own files.
   *
   * @param into Collects the entries and the reads the walk took.
   */
  async tree(dir: string, recursive: boolean, into: Coverage): Promise<void> {
    const key = `${recursive ? "r" : "f"}:${dir}`;
    let walked = this.#trees.get(key);
    if (walked === undefined) {
      walked = new Coverage();
      await this.#walk(dir, recursive, walked, new Set());
      this.#trees.set(key, walked);
    }
    into.merge(walked);
  }

  async #walk(dir: string, recursive: boolean, into: Coverage, seen: Set<string>): Promise<void> {
    this.#stat(`l:${dir}`, into);
    const info = this.#stat(`s:${dir}`, into);
    if (info === undefined || !info.isDirectory) return;
    let real: string;
    let entries: Deno.DirEntry[];
    try {
      real = reads.realPathSync(dir);
      entries = reads.readDirSync(dir);
    } catch (error) {
      throw new Error(`Cannot read ${this.shown(dir).path} for the trust digest: ${(error as Error).message}`);
    }
    // A link back up the tree would walk forever.
    if (seen.has(real)) return;
    seen.add(real);
    entries.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory) {
        if (recursive) await this.#walk(path, true, into, seen);
        continue;
      }
      if (entry.isSymlink && recursive) {
        let target: Deno.FileInfo | undefined;
        try {
          target = reads.statSync(path);
        } catch {
          // Dangling: hashed as a link below.
        }
        if (target?.isDirectory) {
          await this.#walk(path, true, into, seen);
          continue;
        }
      }
      await this.file(path, into);
    }
    seen.delete(real);
  }

  #stat(read: string, into: Coverage): Deno.FileInfo | undefined {
    into.reads.add(read);
    const path = read.slice(2);
    try {
      const info = read.startsWith("l:") ? reads.lstatSync(path) : reads.statSync(path);
      // The first signature counts: it was taken before the content was read.
      if (!this.reads.has(read)) this.reads.set(read, signatureOf(info) + (racy(info) ? ":racy" : ""));
      return info;
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound || error instanceof Deno.errors.NotADirectory)) throw error;
      if (!this.reads.has(read)) this.reads.set(read, "absent");
      return undefined;
    }
  }

  async #hash(real: string, info: Deno.FileInfo, dir: string): Promise<{ sha256: string; bytes?: Uint8Array }> {
    const known = this.#hashes.get(real);
    if (known !== undefined) return known;
    if (this.#bytes + info.size > MAX_TRUST_BYTES) {
      throw new TrustBoundError(dir, this.shown(dir).path, `${MAX_TRUST_BYTES / 1024 / 1024} MiB`);
    }
    const bytes = reads.readFileSync(real);
    this.#bytes += bytes.length;
    const sha256 = await sha256Hex(bytes);
    this.#hashes.set(real, { sha256, size: bytes.length });
    return { sha256, bytes };
  }

  #add(shown: { path: string; outside: boolean }, fields: Omit<ProjectFile, "path">, into: Coverage): ProjectFile {
    const entry: ProjectFile = { path: shown.path, ...fields, ...(shown.outside ? { outside: true } : {}) };
    this.files.set(entry.path, entry);
    into.files.set(entry.path, entry);
    return entry;
  }
}

/** The SHA-256 of `bytes`, hex. */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
