// The CLI as the launcher runs it: `deno bundle --code-splitting` of
// src/cli/main.ts, a directory holding the entry (main.js) and the chunks it
// loads, each when first needed — so a gateway call that needs little loads
// little (one file of all of it cost every call about 7 ms to load). The
// launcher keeps each build in a directory of its own named by the build's
// digest, `lib/<digest>/`, behind a small fixed entry, `hook-run.js`: a
// process that started from an earlier build finds its chunks where they
// were, and every path that names the launcher's bundle stays the same.

import { CliError } from "../_internal/cli_error.ts";
import { printable } from "../_internal/printable.ts";

/** What `deno task bundle` passes to `deno bundle` besides `--outdir` (tests keep the two in step). */
export const BUNDLE_OPTIONS: readonly string[] = [
  "--platform=deno",
  "--code-splitting",
  "--external",
  "*/_json_schema.ts",
];

/** A bundle directory's entry: `deno bundle --outdir` names it after src/cli/main.ts. */
export const BUNDLE_ENTRY = "main.js";

/** How many earlier builds an install keeps beside the current one, for the processes still running them. */
export const KEPT_BUILDS = 2;

/** The CLI bundled: its files by name (the entry and every chunk it loads), and their digest. */
export interface BundledCli {
  readonly files: ReadonlyMap<string, Uint8Array>;
  /** SHA-256, hex, of every file's name and bytes, in name order. */
  readonly digest: string;
}

/**
 * The CLI bundled from the source this process runs, or — when it runs
 * from a bundle already (a launcher rebuilding itself) — that bundle's
 * files.
 */
export async function bundledCli(): Promise<BundledCli> {
  const self = import.meta.url;
  if (!self.endsWith(".ts")) {
    if (!self.startsWith("file:")) throw new CliError(`cannot build the launcher from ${self}: not a local file`);
    // This module is one of the bundle's chunks: the bundle is its directory.
    return await readBundle(decodeURIComponent(new URL(".", self).pathname));
  }
  const entry = new URL("../cli/main.ts", self);
  const out = await Deno.makeTempDir({ prefix: "hook-run-" });
  try {
    // Run where the source's deno.json is, for its import map and lock file.
    const root = entry.protocol === "file:" ? new URL("../../", entry) : undefined;
    const built = await new Deno.Command(Deno.execPath(), {
      args: ["bundle", "--quiet", ...BUNDLE_OPTIONS, "--outdir", out, entry.href],
      ...(root ? { cwd: root } : {}),
      stdin: "null",
      stdout: "null",
      stderr: "piped",
    }).output();
    if (!built.success) {
      const why = new TextDecoder().decode(built.stderr).trim().split("\n").slice(0, 3).join("; ");
      throw new CliError(
        `cannot build the launcher: deno bundle failed (${printable(why)}); run hook-run install from a checkout ` +
          `(deno task hook-run install claude)`,
      );
    }
    return await readBundle(out);
  } finally {
    await Deno.remove(out, { recursive: true }).catch(() => {});
  }
}

/**
 * The bundle in `dir`: its entry and every chunk the files load (what
 * else is in the directory is not the bundle's).
 *
 * @throws {CliError} When the entry or a chunk it loads is missing or unreadable.
 */
export async function readBundle(dir: string): Promise<BundledCli> {
  const files = new Map<string, Uint8Array>();
  const decoder = new TextDecoder();
  for (const waiting = [BUNDLE_ENTRY]; waiting.length > 0;) {
    const name = waiting.pop()!;
    if (files.has(name)) continue;
    let bytes: Uint8Array;
    try {
      bytes = await Deno.readFile(`${dir}/${name}`);
    } catch (error) {
      throw new CliError(
        `the bundle in ${printable(dir)} is incomplete: cannot read ${name} (${(error as Error).message})`,
      );
    }
    files.set(name, bytes);
    waiting.push(...chunksLoadedBy(decoder.decode(bytes)));
  }
  return { files, digest: await bundleDigest(files) };
}

/**
 * The chunks a bundle file loads: the `./<name>.js` of its `import`s,
 * static and dynamic. (Examples in the documentation comments the bundle
 * keeps import `.ts` files, or packages: never a chunk's name.)
 */
export function chunksLoadedBy(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/\b(?:from|import)\s*\(?\s*"\.\/([\w.-]+\.js)"/g)) names.add(match[1]!);
  return [...names];
}

/** SHA-256, hex, of each file's name, length and bytes, in name order. */
export async function bundleDigest(files: ReadonlyMap<string, Uint8Array>): Promise<string> {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  for (const name of [...files.keys()].sort()) {
    const bytes = files.get(name)!;
    parts.push(encoder.encode(`${name}\0${bytes.length}\0`), bytes);
  }
  const all = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", all));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The directory of the build with `digest` in the launcher's `lib`. */
export function buildDir(lib: string, digest: string): string {
  return `${lib}/${digest.slice(0, 16)}`;
}

/**
 * The launcher's fixed entry (`hook-run.js`): it runs the build in
 * `lib/<digest>/`, and gives whoever imports it that build's `main`.
 */
export function bundleStub(digest: string): string {
  const entry = `./lib/${digest.slice(0, 16)}/${BUNDLE_ENTRY}`;
  return [
    '// hook-run, as built by "hook-run install claude": the bundled CLI is the',
    `// build ${digest} in ${entry.slice(0, -BUNDLE_ENTRY.length - 1)}.`,
    "// Running install again rebuilds it; changes made here are lost then.",
    `import { main } from ${JSON.stringify(entry)};`,
    "export { main };",
    "if (import.meta.main) Deno.exit(await main(Deno.args));",
    "",
  ].join("\n");
}

/** The digest a launcher's entry names (`bundleStub`'s), or `undefined` when it is not one. */
export function stubDigest(text: string): string | undefined {
  return /^\/\/ build ([0-9a-f]{64}) in /m.exec(text)?.[1];
}

/**
 * Writes the build into `lib/<digest>/` unless it is there whole: into a
 * directory of its own first, renamed into place, so that no process ever
 * loads half of it. Returns whether it wrote.
 */
export async function writeBuild(lib: string, bundle: BundledCli, mode: number): Promise<boolean> {
  const dir = buildDir(lib, bundle.digest);
  const there = await readBundle(dir).catch(() => undefined);
  if (there?.digest === bundle.digest) return false;
  // Readable by whoever runs the launcher (every user, for a managed install), whatever the umask.
  await Deno.mkdir(lib, { recursive: true, mode: 0o755 });
  await Deno.chmod(lib, 0o755);
  const temporary = `${lib}/.${bundle.digest.slice(0, 16)}.${crypto.randomUUID()}.tmp`;
  await Deno.mkdir(temporary, { mode: 0o755 });
  try {
    for (const [name, bytes] of bundle.files) {
      await Deno.writeFile(`${temporary}/${name}`, bytes, { mode });
      await Deno.chmod(`${temporary}/${name}`, mode);
    }
    await Deno.chmod(temporary, 0o755);
    // A directory there that is not this build (cut short, or edited) goes first.
    await Deno.remove(dir, { recursive: true }).catch(() => {});
    await Deno.rename(temporary, dir).catch(async (error) => {
      // Another install put the same build there meanwhile.
      if ((await readBundle(dir).catch(() => undefined))?.digest !== bundle.digest) throw error;
      await Deno.remove(temporary, { recursive: true }).catch(() => {});
    });
  } catch (error) {
    await Deno.remove(temporary, { recursive: true }).catch(() => {});
    throw error;
  }
  return true;
}

/**
 * Removes the builds in `lib` but `current` and the {@linkcode KEPT_BUILDS}
 * most recent others (a gateway or a server that started from one of those
 * may still load its chunks), and what an interrupted write left. Never
 * throws.
 */
export async function pruneBuilds(lib: string, current: string): Promise<void> {
  const keep = buildDir(lib, current).slice(lib.length + 1);
  const builds: { name: string; at: number }[] = [];
  const left: string[] = [];
  const hourAgo = Date.now() - 3_600_000;
  try {
    for await (const entry of Deno.readDir(lib)) {
      if (!entry.isDirectory || entry.name === keep) continue;
      const at = (await Deno.stat(`${lib}/${entry.name}`).catch(() => undefined))?.mtime?.getTime() ?? 0;
      // An install's directory being written is its own until renamed; one an hour old was left.
      if (entry.name.startsWith(".")) {
        if (at < hourAgo) left.push(entry.name);
      } else builds.push({ name: entry.name, at });
    }
  } catch {
    return;
  }
  builds.sort((a, b) => b.at - a.at);
  for (const name of [...builds.slice(KEPT_BUILDS).map((build) => build.name), ...left]) {
    await Deno.remove(`${lib}/${name}`, { recursive: true }).catch(() => {});
  }
}
