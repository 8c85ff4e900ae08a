// The CLI's path operations, without
// node:path: the first `node:` import of a process costs about 5 ms, and
// hook-run is started once per tool call (what the rooms below share is
// src/_internal/path.ts).

/** node:path's `resolve(path)`: absolute and normalized, relative to the working directory. */
export async function absolutePath(path: string): Promise<string> {
  if (Deno.build.os === "windows") return (await import("node:path")).resolve(path);
  const segments: string[] = [];
  for (const segment of (path.startsWith("/") ? path : `${Deno.cwd()}/${path}`).split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join("/")}`;
}
