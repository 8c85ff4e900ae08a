// The launcher alone: `hook-run install launcher` builds it in the hookgate
// home for agents whose settings are written by hand (Codex, Gemini CLI,
// Cursor: their pages name it), and `install claude` writes it the same
// way — the build first, then the entry that runs it, the start module and
// the script, so that a call never finds a file without what it loads.

import { printable } from "../_internal/printable.ts";
import { buildDir, type BundledCli, bundledCli, pruneBuilds, writeBuild } from "./bundle.ts";
import { replaceFile } from "./json_file.ts";
import { type LauncherPaths, launcherPaths } from "./launcher.ts";
import { type LauncherStaleness, launcherStaleness } from "./launcher_state.ts";
import { type LauncherPlan, planLauncher } from "./_launcher_plan.ts";
import type { InstallLauncherOptions, InstallReport } from "./types.ts";

/**
 * Writes what of the launcher `plan` changes; the lines that say what it
 * wrote (and what was stale).
 */
export async function writeLauncher(
  paths: LauncherPaths,
  bundle: BundledCli,
  plan: LauncherPlan,
  stale: LauncherStaleness,
): Promise<string[]> {
  if (plan.bundleChanged) {
    await writeBuild(paths.lib, bundle, 0o644);
    await replaceFile(paths.bundle, plan.stub, { mode: 0o644, keepMode: false });
  }
  if (plan.startChanged) await replaceFile(paths.start, plan.start, { mode: 0o644, keepMode: false });
  if (plan.scriptChanged) await replaceFile(paths.bin, plan.script, { mode: 0o755, keepMode: false });
  if (plan.bundleChanged) await pruneBuilds(paths.lib, bundle.digest);
  return [
    `  bundle    ${printable(paths.bundle)}, ${printable(buildDir(paths.lib, bundle.digest))}/ (${
      plan.bundleChanged ? "written" : "unchanged"
    })`,
    `  launcher  ${printable(paths.bin)} (${plan.scriptChanged || plan.startChanged ? "written" : "unchanged"}): ${
      printable(plan.deno)
    } ${plan.flags.join(" ")}`,
    ...stale.problems.length > 0 ? [`  stale     it was stale, and is rebuilt: ${stale.problems.join("; ")}`] : [],
  ];
}

/**
 * Builds the launcher in `options.home` and nothing else: no agent's
 * settings are read or written. Running it again changes nothing.
 *
 * @throws {CliError} When the launcher cannot be built.
 */
export async function installLauncher(options: InstallLauncherOptions): Promise<InstallReport> {
  const paths = launcherPaths(options.home);
  const bundle = await bundledCli();
  const stale = await launcherStaleness(options.home);
  const plan = await planLauncher(
    {
      serve: false,
      port: 0,
      tokenEnv: undefined,
      leastPrivilege: options.leastPrivilege,
      keepHooks: true,
      home: options.home,
      settingsPath: "",
      settingsFlag: false,
      cwd: options.cwd,
      launcherOnly: true,
    },
    bundle,
    {},
  );
  if (!plan.bundleChanged && !plan.startChanged && !plan.scriptChanged) {
    return { changed: false, bin: paths.bin, lines: [] };
  }
  return { changed: true, bin: paths.bin, lines: await writeLauncher(paths, bundle, plan, stale) };
}
