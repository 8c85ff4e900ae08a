// The path operations hookgate uses, without node:path on POSIX: the first
// `node:` import of a process loads Deno's Node compatibility layer, about
// 5 ms, and hook-run is started once per tool call. On POSIX they work on
// `/`-separated segments (tests/_internal/path_test.ts holds them to
// node:path's answers for the paths hookgate meets); on Windows they are
// node:path's win32 functions, taken when first needed.

/** The path segment separator of this platform. */
export const SEP: string = Deno.build.os === "windows" ? "\\" : "/";

/** Whether `path` is absolute. */
export function isAbsolute(path: string): boolean {
  return WINDOWS ? win32().isAbsolute(path) : path.startsWith("/");
}

/** The non-empty paths joined with `/` and normalized (`.` for none); a trailing `/` stays. */
export function join(...paths: string[]): string {
  if (WINDOWS) return win32().join(...paths);
  const joined = paths.filter((path) => path !== "").join("/");
  if (joined === "") return ".";
  const absolute = joined.startsWith("/");
  const segments = normalizeSegments(joined.split("/"), absolute);
  const body = (absolute ? "/" : "") + segments.join("/");
  if (body === "" || body === "/") return body === "/" ? "/" : joined.endsWith("/") ? "./" : ".";
  return joined.endsWith("/") ? `${body}/` : body;
}

/** The absolute, normalized path of the segments, the last absolute one first, else from `Deno.cwd()`. */
export function resolve(...paths: string[]): string {
  if (WINDOWS) return win32().resolve(...paths);
  let start = paths.length;
  while (start > 0 && !paths[start - 1]!.startsWith("/")) start--;
  const base = start === 0 ? [Deno.cwd()] : [];
  const from = start === 0 ? paths : paths.slice(start - 1);
  const segments = normalizeSegments([...base, ...from].join("/").split("/"), true);
  return `/${segments.join("/")}`;
}

/** The path from `from` to `to` (both resolved first); `""` when they are the same. */
export function relative(from: string, to: string): string {
  if (WINDOWS) return win32().relative(from, to);
  const source = resolve(from).split("/").filter((segment) => segment !== "");
  const target = resolve(to).split("/").filter((segment) => segment !== "");
  let common = 0;
  while (common < source.length && common < target.length && source[common] === target[common]) common++;
  return [...source.slice(common).map(() => ".."), ...target.slice(common)].join("/");
}

/** The directory part of `path`: everything before its last segment (`.` or `/` when none). */
export function dirname(path: string): string {
  if (WINDOWS) return win32().dirname(path);
  const trimmed = trimTrailingSlashes(path);
  const last = trimmed.lastIndexOf("/");
  if (last === -1) return path.startsWith("/") ? "/" : ".";
  const dir = trimTrailingSlashes(trimmed.slice(0, last));
  return dir === "" ? "/" : dir;
}

/** The last segment of `path` (`""` for the root). */
export function basename(path: string): string {
  if (WINDOWS) return win32().basename(path);
  const trimmed = trimTrailingSlashes(path);
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}

/** Drops empty and `.` segments and resolves `..` (above the root only for a relative path). */
function normalizeSegments(segments: string[], absolute: boolean): string[] {
  const out: string[] = [];
  for (const segment of segments) {
    if (segment === "" || segment === ".") continue;
    if (segment !== "..") out.push(segment);
    else if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
    else if (!absolute) out.push("..");
  }
  return out;
}

/** `path` without trailing slashes, but the root stays `/`. */
function trimTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 1 && path[end - 1] === "/") end--;
  return path.slice(0, end);
}

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
