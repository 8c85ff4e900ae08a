// Whether the launcher `hook-run install` built still starts, and runs what
// this hook-run would build: its Deno, start module and bundle there, the
// bundle the one install wrote, built from this source (or this bundle).
// `hook-run check` reports a stale launcher as an error with the command
// that rebuilds it; `hook-run install` says it rebuilt one.

import type { ConfigDiagnostic } from "../config/mod.ts";
import { printable } from "../_internal/printable.ts";
import { buildDir, bundleStub, readBundle } from "./bundle.ts";
import { launcherBuild, launcherDeno, launcherPaths, quote, sourceDigest, startModule } from "./launcher.ts";

/** The command that rebuilds a launcher when its script does not say. */
export const INSTALL_FIX = "deno task hook-run install claude";

/** Why the launcher in `home` is stale (none: it is not, or there is none), and the command that rebuilds it. */
export interface LauncherStaleness {
  problems: string[];
  fix: string;
}

/**
 * What is wrong with the launcher in `home`. With no launcher there,
 * nothing — unless the Claude settings file `settings` routes to it.
 */
export async function launcherStaleness(home: string, settings?: string): Promise<LauncherStaleness> {
  const { bin, bundle, start, lib } = launcherPaths(home);
  let text: string;
  try {
    text = await Deno.readTextFile(bin);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) {
      return { problems: [`it cannot be read (${(error as Error).message})`], fix: INSTALL_FIX };
    }
    const routed = settings !== undefined && await routesTo(settings, bin);
    return {
      problems: routed
        ? [
          `it is missing, and ${
            printable(settings)
          } routes Claude's hooks to it: every call exits 127, which Claude reads as "go ahead"`,
        ]
        : [],
      fix: INSTALL_FIX,
    };
  }
  const fix = launcherFix(text) ?? INSTALL_FIX;
  const built = launcherBuild(text);
  if (built === undefined) {
    return {
      problems: [
        'it was built by an earlier hook-run install, whose launcher lets a missing bundle or Deno read as "go ahead"',
      ],
      fix,
    };
  }
  const problems: string[] = [];
  const deno = launcherDeno(text);
  if (deno !== undefined && !await executable(deno)) {
    problems.push(`its Deno ${printable(deno)} is missing (it runs the deno on PATH instead, if there is one)`);
  }
  const startText = await Deno.readTextFile(start).catch(() => undefined);
  if (startText === undefined) problems.push(`its start module ${printable(start)} is missing or unreadable`);
  else if (startText !== startModule({ bundle, deno: built.deno, fix })) {
    problems.push(`its start module ${printable(start)} is not the one install wrote`);
  }
  const stub = await Deno.readTextFile(bundle).catch(() => undefined);
  const build = await readBundle(buildDir(lib, built.bundle)).catch((error: Error) => error);
  if (stub === undefined) problems.push(`its bundle ${printable(bundle)} is missing or unreadable`);
  else if (stub !== bundleStub(built.bundle)) {
    problems.push(`its bundle ${printable(bundle)} is not the one install wrote`);
  } else if (build instanceof Error) problems.push(`its bundle's build: ${build.message}`);
  else if (build.digest !== built.bundle) {
    problems.push(`its bundle's build ${printable(buildDir(lib, built.bundle))} is not the one install wrote`);
  } else {
    // What this hook-run is, where it may read itself (else nothing to compare).
    const own = await ownBuild().catch(() => undefined);
    if (own?.source !== undefined && own.source !== built.source) {
      problems.push("it was built from another version of hookgate's source than this one");
    } else if (own?.bundle !== undefined && own.bundle !== built.bundle) {
      problems.push(`its bundle is not this hook-run's (${printable(own.path)})`);
    }
  }
  return { problems, fix };
}

/** {@linkcode launcherStaleness} as `hook-run check`'s diagnostics: one error, or none. */
export async function launcherDiagnostics(home: string, settings?: string): Promise<ConfigDiagnostic[]> {
  const { problems, fix } = await launcherStaleness(home, settings);
  if (problems.length === 0) return [];
  return [{
    severity: "error",
    file: launcherPaths(home).bin,
    line: 1,
    column: 1,
    path: [],
    message: `the launcher hook-run install built is stale: ${problems.join("; ")}`,
    hint: `rebuild it: run "${fix}" in a hookgate checkout`,
  }];
}

/** What this process runs: its source's digest, or its bundle's. */
async function ownBuild(): Promise<{ source?: string; bundle?: string; path: string }> {
  const self = new URL(import.meta.url);
  const path = decodeURIComponent(self.pathname);
  if (self.protocol !== "file:") return { path };
  const source = await sourceDigest();
  if (source !== undefined) return { source, path };
  // A chunk of a bundle: the bundle is its directory.
  const dir = decodeURIComponent(new URL(".", self).pathname);
  return { bundle: (await readBundle(dir)).digest, path: dir };
}

/** The rebuild command an existing launcher script names in its failures. */
function launcherFix(text: string): string | undefined {
  const line = /^ {2}printf .* "\$1" (.*) >&2$/m.exec(text);
  if (line === null) return undefined;
  const word = line[1]!;
  return word.startsWith("'") ? word.slice(1, -1).replaceAll(`'\\''`, "'") : word;
}

/** Whether the Claude settings file routes to `bin`. */
async function routesTo(settings: string, bin: string): Promise<boolean> {
  const text = await Deno.readTextFile(settings).catch(() => "");
  const command = `${quote(bin)} gateway`;
  if (!text.includes(bin)) return false;
  try {
    const hooks = (JSON.parse(text) as { hooks?: Record<string, { hooks?: { command?: unknown }[] }[]> }).hooks;
    return Object.values(hooks ?? {}).some((groups) =>
      Array.isArray(groups) &&
      groups.some((group) => Array.isArray(group?.hooks) && group.hooks.some((hook) => hook?.command === command))
    );
  } catch {
    return false;
  }
}

async function executable(path: string): Promise<boolean> {
  try {
    const info = await Deno.stat(path);
    return info.isFile && (info.mode === null || (info.mode & 0o111) !== 0);
  } catch {
    return false;
  }
}
