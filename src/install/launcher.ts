// The launcher `hook-run install` builds in the hookgate home: the CLI
// bundled (what `deno task bundle` builds: an entry and the chunks it loads,
// in `lib/<build>/`, behind the fixed entry `hook-run.js`; see bundle.ts), a
// small start module (`hook-run-start.js`) that loads it, and `bin/hook-run`,
// a shell script that runs them with Deno and fixed permission flags. One
// `deno run` of bundled JavaScript: no task runner, no module graph to
// resolve, no type check per tool call.
//
// The launcher is part of the guard: an agent reads a hook's exit code 1 or
// 127 as "go ahead", and those are what Deno and sh exit with when they
// cannot start hook-run. So whatever keeps hook-run from answering ends in
// exit code 2 with one line on stderr: the script checks that Deno and both
// files are there before it starts Deno; the start module checks Deno's
// version, loads the bundle and catches what it throws; and hook-run's own
// exit codes leave the start module as codes Deno never uses (3 for 1, 4 for
// 130), so that the script can tell "hook-run answered" from "Deno failed"
// and turns everything else into 2.

import { AGENT_FILES } from "../trust/agent_files.ts";
import { bundleDigest } from "./bundle.ts";
import { fastPathLines } from "./fast_path.ts";
import { type FlagSet, parseFlagWords } from "./launcher_flags.ts";

/** The exit codes hook-run's own 1 and 130 leave the start module as; Deno exits 1 when it fails. */
export const START_EXIT_CODES: Readonly<Record<1 | 130, number>> = Object.freeze({ 1: 3, 130: 4 });

/**
 * V8's flags for a process that answers one call and ends (every launch but
 * `serve`). `--no-lazy` compiles each module whole when it is first loaded:
 * Deno keeps V8's code cache of a module as it was compiled, so the
 * functions V8 would compile only when first called were compiled again by
 * every call; now they come from the cache. `--single-threaded` spares
 * starting V8's helper threads, which such a process has no time to use.
 * Together they cut about 5 ms of each call's start (BENCHMARKS.md). The
 * server, long-running and busy, keeps V8's defaults.
 */
export const ONE_CALL_V8_FLAGS: readonly string[] = ["--no-lazy", "--single-threaded"];

/**
 * The variable that has Deno load a module's dynamic imports when they run,
 * not all of them before it starts: a call loads the few chunks of the
 * bundle it needs (a call the gateway's memo answers, 10 of 60). An
 * unstable switch of Deno's, as a variable: a Deno without it ignores it.
 * The server keeps loading every chunk at its start, so that a build an
 * install removed later never leaves it without one.
 */
export const LAZY_IMPORTS = "DENO_UNSTABLE_LAZY_DYNAMIC_IMPORTS=1";

/**
 * {@linkcode ONE_CALL_V8_FLAGS}, when the Deno at `deno` takes them (one
 * that refused a V8 flag would fail every call), else none.
 */
export async function oneCallV8Flags(deno: string): Promise<readonly string[]> {
  try {
    const { success } = await new Deno.Command(deno, {
      args: ["eval", "--quiet", `--v8-flags=${ONE_CALL_V8_FLAGS.join(",")}`, "0"],
      env: { DENO_NO_UPDATE_CHECK: "1" },
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).output();
    return success ? ONE_CALL_V8_FLAGS : [];
  } catch {
    return [];
  }
}

/** Where the launcher's files live. */
export interface LauncherPaths {
  /** `<home>/bin/hook-run`, the command Claude's settings name. */
  bin: string;
  /** `<home>/hook-run.js`, the bundled CLI's entry: it runs the current build in `lib`. */
  bundle: string;
  /** `<home>/hook-run-start.js`, what the launcher runs: it loads the bundle. */
  start: string;
  /** `<home>/lib`, a directory per build of the bundled CLI (see `writeBuild`). */
  lib: string;
}

export function launcherPaths(home: string): LauncherPaths {
  return {
    bin: `${home}/bin/hook-run`,
    bundle: `${home}/hook-run.js`,
    start: `${home}/hook-run-start.js`,
    lib: `${home}/lib`,
  };
}

/**
 * The Deno the launcher names: this one, by a name on PATH that leads to
 * this very binary where there is one (`/usr/bin/deno`, a link an upgrade
 * moves along), since the binary's own path may be a versioned directory an
 * upgrade removes.
 */
export async function stableDenoPath(path: string | undefined): Promise<string> {
  const self = Deno.execPath();
  const real = await Deno.realPath(self).catch(() => self);
  for (const dir of (path ?? "").split(":")) {
    if (!dir.startsWith("/")) continue;
    const candidate = `${dir.replace(/\/+$/, "")}/deno`;
    if (await Deno.realPath(candidate).catch(() => undefined) === real) return candidate;
  }
  return self;
}

/** What a launcher was built with: written into its script, read back by {@linkcode launcherBuild}. */
export interface LauncherBuild {
  /** The Deno version that built the bundle: the oldest the launcher runs with. */
  deno: string;
  /** The bundle's SHA-256, hex. */
  bundle: string;
  /** The SHA-256 of the source it was bundled from, when it was (not copied from a bundle). */
  source?: string;
}

/** What the launcher script says and runs. */
export interface LauncherScript {
  home: string;
  /**
   * A system launcher (`install claude --managed`), run by every user: it
   * sets no `HOOKGATE_HOME`, so each user keeps their own.
   */
  system?: boolean;
  /** The Deno it runs (else the one on PATH). */
  deno: string;
  /** The permission flags, as words. */
  flags: readonly string[];
  /** V8's flags for a call's process, as {@linkcode oneCallV8Flags} found them (none when its Deno refuses them). */
  v8Flags?: readonly string[];
  /** What it was built with. */
  build: LauncherBuild;
  /** The command that rebuilds it, named when it cannot start. */
  fix: string;
  /** The command that rebuilds it, for a launcher with fixed flags (named in permission errors). */
  rebuild?: string;
}

/** The launcher script's text. */
export function launcherScript(script: LauncherScript): string {
  const { bundle, start } = launcherPaths(script.home);
  const env = [
    ...(script.system ? [] : [`HOOKGATE_HOME=${quote(script.home)}`]),
    "DENO_NO_UPDATE_CHECK=1",
    ...(script.rebuild === undefined ? [] : [`HOOKGATE_LAUNCHER=${quote(script.rebuild)}`]),
  ];
  // --no-config: a project's deno.json (import map, lock file) is not the CLI's.
  // --no-prompt: a permission it lacks is an error naming the flag, never a prompt.
  const run = ["run", "--quiet", "--no-config", "--no-prompt", ...script.flags].map(quote).join(" ");
  // A call's process, not the server's: see ONE_CALL_V8_FLAGS and LAZY_IMPORTS.
  const v8 = script.v8Flags ?? [];
  const call = [run, ...v8.length === 0 ? [] : [quote(`--v8-flags=${v8.join(",")}`)]].join(" ");
  const fix = quote(script.fix);
  return [
    "#!/bin/sh",
    '# hook-run, as built by "hook-run install claude": the bundled CLI beside this',
    "# directory, run by Deno with these permissions. Running install again",
    "# rebuilds it; changes made here are lost then. Whatever keeps hook-run from",
    "# answering (no Deno, a bundle missing or unreadable, a Deno too old for it,",
    "# a crash) ends in exit code 2 and one line on stderr: an agent reads that as",
    '# a block, never as "go ahead".',
    `# flags: ${script.flags.join(" ")}`,
    `# built: ${buildLine(script.build)}`,
    `deno=${quote(script.deno)}`,
    `bundle=${quote(bundle)}`,
    `start=${quote(start)}`,
    "fail() {",
    `  printf 'hook-run: cannot start the gateway: %s; run "%s" again\\n' "$1" ${fix} >&2`,
    "  exit 2",
    "}",
    ...fastPathLines(projectVariables()),
    "# The Deno install found, by a name that survives its upgrades; else the one on PATH.",
    '[ -x "$deno" ] || { named=$deno; deno=$(command -v deno) || fail "Deno is neither at $named nor on PATH"; }',
    '[ -r "$bundle" ] || fail "cannot read the bundle $bundle"',
    '[ -r "$start" ] || fail "cannot read $start"',
    `export ${env.join(" ")}`,
    'if [ "$1" = serve ]; then',
    "  # A server, under a supervisor: its signals go to Deno itself.",
    `  exec "$deno" ${run} "$bundle" "$@"`,
    "fi",
    'if [ -n "$fast" ]; then',
    `  printf '%s' "$event" | ${LAZY_IMPORTS} "$deno" ${call} "$start" "$@"`,
    "else",
    `  ${LAZY_IMPORTS} "$deno" ${call} "$start" "$@"`,
    "fi",
    "code=$?",
    `# The start module exits ${START_EXIT_CODES[1]} for hook-run's 1 and ${
      START_EXIT_CODES[130]
    } for its 130: any other code is Deno's own failure.`,
    "case $code in",
    "0 | 2) exit $code ;;",
    `${START_EXIT_CODES[1]}) exit 1 ;;`,
    `${START_EXIT_CODES[130]}) exit 130 ;;`,
    "esac",
    `printf 'hook-run: the gateway failed: Deno exited with code %s before hook-run answered; run "%s" again\\n' "$code" ${fix} >&2`,
    "exit 2",
    "",
  ].join("\n");
}

/** The start module's text: it runs the bundle at `bundle`, built by Deno `deno`. */
export function startModule(options: { bundle: string; deno: string; fix: string }): string {
  const fix = `run ${JSON.stringify(options.fix)} again`;
  return `// hook-run's start, as built by "hook-run install claude": bin/hook-run runs
// this file, which loads the bundled CLI beside it and runs it. A bundle Deno
// cannot load, a Deno older than the one that built it, or a crash ends in
// exit code 2 and one line on stderr; hook-run's own exit codes 1 and 130
// leave as ${START_EXIT_CODES[1]} and ${START_EXIT_CODES[130]}, so that bin/hook-run can tell them from Deno's own
// failures (exit code 1). Running install again rebuilds it.
const bundle = ${JSON.stringify(options.bundle)};
const url = ${JSON.stringify(fileUrl(options.bundle))};
const built = ${JSON.stringify(options.deno)};
const fix = ${JSON.stringify(fix)};
function say(line) {
  Deno.stderr.writeSync(new TextEncoder().encode("hook-run: " + line.replace(/[\\u0000-\\u001f\\u007f]/g, " ") + "\\n"));
}
function why(error) {
  return (error instanceof Error ? error.name + ": " + error.message : String(error)).split("\\n")[0];
}
function older(version, than) {
  const a = version.split(/[.+-]/).map(Number);
  const b = than.split(/[.+-]/).map(Number);
  for (let i = 0; i < 3; i++) if ((a[i] || 0) !== (b[i] || 0)) return (a[i] || 0) < (b[i] || 0);
  return false;
}
if (older(Deno.version.deno, built)) {
  say("cannot start the gateway: Deno " + Deno.version.deno + " is older than Deno " + built + ", which built it; " + fix);
  Deno.exit(2);
}
let cli;
try {
  cli = await import(url);
} catch (error) {
  say("cannot start the gateway: Deno cannot load the bundle " + bundle + ": " + why(error) + "; " + fix);
  Deno.exit(2);
}
if (typeof cli.main !== "function") {
  say("cannot start the gateway: the bundle " + bundle + " is not hook-run's (it has no main); " + fix);
  Deno.exit(2);
}
function crash(event) {
  event.preventDefault();
  say("the gateway failed: " + why(event.error ?? event.reason));
  Deno.exit(2);
}
addEventListener("error", crash);
addEventListener("unhandledrejection", crash);
const code = await cli.main(Deno.args);
Deno.exit(code === 0 || code === 2 ? code : code === 130 ? ${START_EXIT_CODES[130]} : ${START_EXIT_CODES[1]});
`;
}

/** The flags an existing launcher script was built with (its `# flags:` line), or `undefined`. */
export function launcherFlags(text: string): FlagSet | undefined {
  const line = /^# flags: (.*)$/m.exec(text);
  return line === null ? undefined : parseFlagWords(line[1]!.split(" "));
}

/** What an existing launcher script was built with (its `# built:` line), or `undefined` for an earlier one. */
export function launcherBuild(text: string): LauncherBuild | undefined {
  const line = /^# built: Deno (\S+), bundle sha256:([0-9a-f]{64})(?:, source sha256:([0-9a-f]{64}))?$/m.exec(text);
  if (line === null) return undefined;
  return { deno: line[1]!, bundle: line[2]!, ...(line[3] === undefined ? {} : { source: line[3] }) };
}

/** The Deno an existing launcher script names (its `deno=` line), or `undefined`. */
export function launcherDeno(text: string): string | undefined {
  const line = /^deno=(.*)$/m.exec(text);
  return line === null ? undefined : unquote(line[1]!);
}

/** SHA-256 of `data`, hex. */
export async function sha256(data: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The SHA-256 of the source this process would bundle (`src/`, `mod.ts`,
 * `deno.json` of its checkout), or `undefined` when it runs from a bundle.
 */
export async function sourceDigest(): Promise<string | undefined> {
  const self = new URL(import.meta.url);
  if (!self.pathname.endsWith(".ts") || self.protocol !== "file:") return undefined;
  const root = decodeURIComponent(new URL("../../", self).pathname).replace(/\/$/, "");
  const files: string[] = ["mod.ts", "deno.json"];
  const walk = async (dir: string) => {
    for await (const entry of Deno.readDir(`${root}/${dir}`)) {
      if (entry.isDirectory) await walk(`${dir}/${entry.name}`);
      else if (entry.isFile) files.push(`${dir}/${entry.name}`);
    }
  };
  await walk("src");
  const contents = new Map<string, Uint8Array>();
  for (const file of files) contents.set(file, await Deno.readFile(`${root}/${file}`).catch(() => new Uint8Array()));
  return await bundleDigest(contents);
}

/** Each agent's project variable, by agent (those that set none are left out). */
function projectVariables(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(AGENT_FILES).flatMap(([agent, files]) =>
      files?.projectDirVar === undefined ? [] : [[agent, files.projectDirVar]]
    ),
  );
}

/** `text` quoted for sh when it needs it. */
export function quote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The file: URL of an absolute path. */
function fileUrl(path: string): string {
  return `file://${path.split("/").map(encodeURIComponent).join("/")}`;
}

/** `text` as {@linkcode quote} wrote it. */
function unquote(text: string): string {
  return text.startsWith("'") && text.endsWith("'") ? text.slice(1, -1).replaceAll(`'\\''`, "'") : text;
}

function buildLine(build: LauncherBuild): string {
  return `Deno ${build.deno}, bundle sha256:${build.bundle}${
    build.source === undefined ? "" : `, source sha256:${build.source}`
  }`;
}
