// The launcher `hook-run install` builds in the hookgate home: the CLI as one
// bundled file (`hook-run.js`, what `deno task bundle` builds) and
// `bin/hook-run`, a shell script that runs it with this Deno and fixed
// permission flags. One `deno run` of one file: no task runner, no module
// graph to resolve, no type check per tool call.

import { CliError, printable } from "./_io.ts";
import { type FlagSet, parseFlagWords } from "./_launcher_flags.ts";

/** What `deno task bundle` passes to `deno bundle` (tests keep the two in step). */
export const BUNDLE_OPTIONS: readonly string[] = ["--platform=deno", "--external", "*/_json_schema.ts"];

/** Where the launcher's two files live. */
export interface LauncherPaths {
  /** `<home>/bin/hook-run`, the command Claude's settings name. */
  bin: string;
  /** `<home>/hook-run.js`, the bundled CLI. */
  bundle: string;
}

export function launcherPaths(home: string): LauncherPaths {
  return { bin: `${home}/bin/hook-run`, bundle: `${home}/hook-run.js` };
}

/**
 * The CLI as one file: bundled from the source this process runs, or — when
 * it runs from a bundle already (a launcher rebuilding itself) — that file.
 */
export async function bundledCli(): Promise<Uint8Array> {
  const self = import.meta.url;
  if (!self.endsWith(".ts")) {
    if (!self.startsWith("file:")) throw new CliError(`cannot build the launcher from ${self}: not a local file`);
    return await Deno.readFile(new URL(self));
  }
  const entry = new URL("./main.ts", self);
  const out = await Deno.makeTempFile({ prefix: "hook-run-", suffix: ".js" });
  try {
    // Run where the source's deno.json is, for its import map and lock file.
    const root = entry.protocol === "file:" ? new URL("../../", entry) : undefined;
    const built = await new Deno.Command(Deno.execPath(), {
      args: ["bundle", "--quiet", ...BUNDLE_OPTIONS, "-o", out, entry.href],
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
    return await Deno.readFile(out);
  } finally {
    await Deno.remove(out).catch(() => {});
  }
}

/** What the launcher script says and runs. */
export interface LauncherScript {
  home: string;
  bundle: string;
  /** The permission flags, as words. */
  flags: readonly string[];
  /** The command that rebuilds it, for a launcher with fixed flags (named in permission errors). */
  rebuild?: string;
}

/** The launcher script's text. */
export function launcherScript(script: LauncherScript): string {
  const env = [
    `HOOKGATE_HOME=${quote(script.home)}`,
    "DENO_NO_UPDATE_CHECK=1",
    ...(script.rebuild === undefined ? [] : [`HOOKGATE_LAUNCHER=${quote(script.rebuild)}`]),
  ];
  // --no-config: a project's deno.json (import map, lock file) is not the CLI's.
  // --no-prompt: a permission it lacks is an error naming the flag, never a prompt.
  const run = ["run", "--quiet", "--no-config", "--no-prompt", ...script.flags, script.bundle].map(quote);
  return [
    "#!/bin/sh",
    '# hook-run, as built by "hook-run install claude": the bundled CLI beside this',
    "# directory, run by this Deno with these permissions. Running install again",
    "# rebuilds it; changes made here are lost then.",
    `# flags: ${script.flags.join(" ")}`,
    `${env.join(" ")} exec ${quote(Deno.execPath())} ${run.join(" ")} "$@"`,
    "",
  ].join("\n");
}

/** The flags an existing launcher script was built with (its `# flags:` line), or `undefined`. */
export function launcherFlags(text: string): FlagSet | undefined {
  const line = /^# flags: (.*)$/m.exec(text);
  return line === null ? undefined : parseFlagWords(line[1]!.split(" "));
}

/** `text` quoted for sh when it needs it. */
export function quote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
