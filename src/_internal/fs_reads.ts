// The file-system reads a configuration's loading makes — finding the
// project, reading every layer, the managed layer's owner, the trust file,
// the project code trust hashes, the extension directories — go through
// here, and nowhere else (tests/memo/reads_test.ts holds the loading to
// it): while a read log is open (read_log.ts), each is noted with what it
// found. With none open, each is the Deno call itself.

import { grantedEnv } from "./env.ts";
import { envFound, type LoggedRead, noteRead, type ReadKind, readLogOpen } from "./read_log.ts";

/** `Deno.stat`. */
export function stat(path: string): Promise<Deno.FileInfo> {
  return noted("stat", path, () => Deno.stat(path), infoFound);
}

/** `Deno.lstat`. */
export function lstat(path: string): Promise<Deno.FileInfo> {
  return noted("lstat", path, () => Deno.lstat(path), infoFound);
}

/** `Deno.realPath`. */
export function realPath(path: string): Promise<string> {
  return noted("realPath", path, () => Deno.realPath(path), String);
}

/** `Deno.readLink`. */
export function readLink(path: string): Promise<string> {
  return noted("readLink", path, () => Deno.readLink(path), String);
}

/** `Deno.readTextFile`. */
export function readTextFile(path: string): Promise<string> {
  return noted("readTextFile", path, () => Deno.readTextFile(path), textFound);
}

/** Every entry of `Deno.readDir`. */
export function readDir(path: string): Promise<Deno.DirEntry[]> {
  return noted("readDir", path, () => Array.fromAsync(Deno.readDir(path)), entriesFound);
}

/** `Deno.statSync`. */
export function statSync(path: string): Deno.FileInfo {
  return notedSync("stat", path, () => Deno.statSync(path), infoFound);
}

/** `Deno.lstatSync`. */
export function lstatSync(path: string): Deno.FileInfo {
  return notedSync("lstat", path, () => Deno.lstatSync(path), infoFound);
}

/** `Deno.realPathSync`. */
export function realPathSync(path: string): string {
  return notedSync("realPath", path, () => Deno.realPathSync(path), String);
}

/** `Deno.readLinkSync`. */
export function readLinkSync(path: string): string {
  return notedSync("readLink", path, () => Deno.readLinkSync(path), String);
}

/** `Deno.readFileSync`. */
export function readFileSync(path: string): Uint8Array<ArrayBuffer> {
  return notedSync("readFile", path, () => Deno.readFileSync(path), bytesFound);
}

/** Every entry of `Deno.readDirSync`. */
export function readDirSync(path: string): Deno.DirEntry[] {
  return notedSync("readDir", path, () => [...Deno.readDirSync(path)], entriesFound);
}

/**
 * What `read` finds now, asked again (synchronously): equal to the
 * read's own `found` exactly when the answer the load got would be the same.
 */
export function foundNow(read: LoggedRead): string {
  const [kind, path] = read;
  try {
    switch (kind) {
      case "env":
        return envFound(grantedEnv(path));
      case "stat":
        return infoFound(Deno.statSync(path));
      case "lstat":
        return infoFound(Deno.lstatSync(path));
      case "realPath":
        return Deno.realPathSync(path);
      case "readLink":
        return Deno.readLinkSync(path);
      case "readFile":
        return bytesFound(Deno.readFileSync(path));
      case "readTextFile":
        return textFound(Deno.readTextFileSync(path));
      case "readDir":
        return entriesFound([...Deno.readDirSync(path)]);
    }
  } catch (error) {
    return failureFound(error);
  }
}

async function noted<T>(kind: ReadKind, path: string, read: () => Promise<T>, found: (value: T) => string): Promise<T> {
  if (!readLogOpen()) return await read();
  try {
    const value = await read();
    noteRead(kind, path, found(value));
    return value;
  } catch (error) {
    noteRead(kind, path, failureFound(error));
    throw error;
  }
}

function notedSync<T>(kind: ReadKind, path: string, read: () => T, found: (value: T) => string): T {
  if (!readLogOpen()) return read();
  try {
    const value = read();
    noteRead(kind, path, found(value));
    return value;
  } catch (error) {
    noteRead(kind, path, failureFound(error));
    throw error;
  }
}

/**
 * What a load can tell from a stat: the kind, owner, mode, identity and
 * (but for a directory, which grows as it is used) size. Not the times: a
 * file's content counts where it is read, and a directory's times move
 * with everything done in it (`.git`, with every git command).
 */
function infoFound(info: Deno.FileInfo): string {
  const kind = info.isSymlink ? "l" : info.isDirectory ? "d" : info.isFile ? "f" : "o";
  const size = kind === "d" ? "" : `:${info.size}`;
  return `${kind}:${info.mode}:${info.uid}:${info.gid}:${info.dev}:${info.ino}${size}`;
}

function failureFound(error: unknown): string {
  return `!${error instanceof Error ? error.name : typeof error}`;
}

const ENCODER = new TextEncoder();

function bytesFound(bytes: Uint8Array): string {
  return `#${bytes.length}:${hash(bytes)}`;
}

function textFound(text: string): string {
  return `"${text.length}:${hash(ENCODER.encode(text))}`;
}

function entriesFound(entries: Deno.DirEntry[]): string {
  const names = entries.map((entry) => `${entry.isSymlink ? "l" : entry.isDirectory ? "d" : "f"}${entry.name}`).sort();
  return `[${entries.length}:${hash(ENCODER.encode(names.join("\0")))}`;
}

/**
 * FNV-1a over the bytes, twice with different offsets: 64 bits that tell a
 * changed file from the one read (no defence against someone who chooses
 * the change, who could edit the configuration itself).
 */
function hash(bytes: Uint8Array): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index]!;
    a = Math.imul(a ^ byte, 0x01000193);
    b = Math.imul(b ^ byte, 0x01000193);
  }
  return `${(a >>> 0).toString(16)}${(b >>> 0).toString(16)}`;
}
