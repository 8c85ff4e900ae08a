// The path operations hookgate uses, without node:path on POSIX: the first
// `node:` import of a process loads Deno's Node compatibility layer, about
// 5 ms, and hook-run is started once per tool call. On POSIX these are
// Node's own posix algorithms (tests/_internal/path_test.ts compares them
// with node:path); on Windows they are node:path's win32 functions, taken
// when first needed.

/** The path segment separator of this platform. */
export const SEP: string = Deno.build.os === "windows" ? "\\" : "/";

/** Whether `path` is absolute. */
export function isAbsolute(path: string): boolean {
  return WINDOWS ? win32().isAbsolute(path) : path.length > 0 && path.charCodeAt(0) === SLASH;
}

/** The segments joined and normalized (`.` for none). */
export function join(...paths: string[]): string {
  if (WINDOWS) return win32().join(...paths);
  const joined = paths.filter((path) => path.length > 0).join("/");
  return joined === "" ? "." : normalize(joined);
}

/** The absolute, normalized path of the segments, from right to left, relative to `Deno.cwd()`. */
export function resolve(...paths: string[]): string {
  if (WINDOWS) return win32().resolve(...paths);
  let resolved = "";
  let absolute = false;
  for (let i = paths.length - 1; i >= -1 && !absolute; i--) {
    const path = i >= 0 ? paths[i]! : Deno.cwd();
    if (path.length === 0) continue;
    resolved = `${path}/${resolved}`;
    absolute = path.charCodeAt(0) === SLASH;
  }
  resolved = normalizeString(resolved, !absolute);
  if (absolute) return `/${resolved}`;
  return resolved.length > 0 ? resolved : ".";
}

/** The path from `from` to `to` (both resolved first); `""` when they are the same. */
export function relative(from: string, to: string): string {
  if (WINDOWS) return win32().relative(from, to);
  if (from === to) return "";
  from = resolve(from);
  to = resolve(to);
  if (from === to) return "";
  const fromLength = from.length - 1;
  const toLength = to.length - 1;
  const length = Math.min(fromLength, toLength);
  let lastCommonSep = -1;
  let i = 0;
  for (; i < length; i++) {
    const code = from.charCodeAt(1 + i);
    if (code !== to.charCodeAt(1 + i)) break;
    if (code === SLASH) lastCommonSep = i;
  }
  if (i === length) {
    if (toLength > length) {
      // `from` is the base of `to` (or the root).
      if (to.charCodeAt(1 + i) === SLASH) return to.slice(2 + i);
      if (i === 0) return to.slice(1 + i);
    } else if (fromLength > length) {
      // `to` is the base of `from` (or the root).
      if (from.charCodeAt(1 + i) === SLASH) lastCommonSep = i;
      else if (i === 0) lastCommonSep = 0;
    }
  }
  let out = "";
  for (i = 2 + lastCommonSep; i <= from.length; i++) {
    if (i === from.length || from.charCodeAt(i) === SLASH) out += out.length === 0 ? ".." : "/..";
  }
  return `${out}${to.slice(1 + lastCommonSep)}`;
}

/** The directory part of `path`. */
export function dirname(path: string): string {
  if (WINDOWS) return win32().dirname(path);
  if (path.length === 0) return ".";
  const hasRoot = path.charCodeAt(0) === SLASH;
  let end = -1;
  let matchedSlash = true;
  for (let i = path.length - 1; i >= 1; i--) {
    if (path.charCodeAt(i) === SLASH) {
      if (!matchedSlash) {
        end = i;
        break;
      }
    } else {
      matchedSlash = false;
    }
  }
  if (end === -1) return hasRoot ? "/" : ".";
  if (hasRoot && end === 1) return "//";
  return path.slice(0, end);
}

/** The last segment of `path`. */
export function basename(path: string): string {
  if (WINDOWS) return win32().basename(path);
  let start = 0;
  let end = -1;
  let matchedSlash = true;
  for (let i = path.length - 1; i >= 0; i--) {
    if (path.charCodeAt(i) === SLASH) {
      if (!matchedSlash) {
        start = i + 1;
        break;
      }
    } else if (end === -1) {
      matchedSlash = false;
      end = i + 1;
    }
  }
  return end === -1 ? "" : path.slice(start, end);
}

function normalize(path: string): string {
  const absolute = path.charCodeAt(0) === SLASH;
  const trailing = path.charCodeAt(path.length - 1) === SLASH;
  let normalized = normalizeString(path, !absolute);
  if (normalized.length === 0) return absolute ? "/" : trailing ? "./" : ".";
  if (trailing) normalized += "/";
  return absolute ? `/${normalized}` : normalized;
}

/** Resolves `.` and `..` segments and drops empty ones (Node's `normalizeString`). */
function normalizeString(path: string, allowAboveRoot: boolean): string {
  let out = "";
  let lastSegmentLength = 0;
  let lastSlash = -1;
  let dots = 0;
  let code = 0;
  for (let i = 0; i <= path.length; i++) {
    if (i < path.length) code = path.charCodeAt(i);
    else if (code === SLASH) break;
    else code = SLASH;
    if (code === SLASH) {
      if (lastSlash === i - 1 || dots === 1) {
        // An empty or "." segment.
      } else if (dots === 2) {
        if (
          out.length < 2 || lastSegmentLength !== 2 || out.charCodeAt(out.length - 1) !== DOT ||
          out.charCodeAt(out.length - 2) !== DOT
        ) {
          if (out.length > 2) {
            const lastSlashIndex = out.lastIndexOf("/");
            if (lastSlashIndex === -1) {
              out = "";
              lastSegmentLength = 0;
            } else {
              out = out.slice(0, lastSlashIndex);
              lastSegmentLength = out.length - 1 - out.lastIndexOf("/");
            }
            lastSlash = i;
            dots = 0;
            continue;
          } else if (out.length !== 0) {
            out = "";
            lastSegmentLength = 0;
            lastSlash = i;
            dots = 0;
            continue;
          }
        }
        if (allowAboveRoot) {
          out += out.length > 0 ? "/.." : "..";
          lastSegmentLength = 2;
        }
      } else {
        out += (out.length > 0 ? "/" : "") + path.slice(lastSlash + 1, i);
        lastSegmentLength = i - lastSlash - 1;
      }
      lastSlash = i;
      dots = 0;
    } else if (code === DOT && dots !== -1) {
      dots++;
    } else {
      dots = -1;
    }
  }
  return out;
}

const SLASH = 0x2f;
const DOT = 0x2e;
const WINDOWS = Deno.build.os === "windows";

interface Win32Path {
  isAbsolute(path: string): boolean;
  join(...paths: string[]): string;
  resolve(...paths: string[]): string;
  relative(from: string, to: string): string;
  dirname(path: string): string;
  basename(path: string): string;
}

let win32Path: Win32Path | undefined;

/** node:path's win32 functions, loaded synchronously on first use (Windows only). */
function win32(): Win32Path {
  const { process } = globalThis as unknown as { process: { getBuiltinModule(id: string): { win32: Win32Path } } };
  return win32Path ??= process.getBuiltinModule("node:path").win32;
}
