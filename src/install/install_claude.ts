// `hook-run install claude`: route Claude Code's events to hookgate from the
// user's ~/.claude/settings.json, through a launcher built in the hookgate
// home, and move the user's own Claude hooks into a hookgate-owned file so
// that hookgate runs each of them once. What is written, and in which
// order, so that no hook is ever lost and no edit made meanwhile is
// overwritten; what is written is planned by _claude_plan.ts (the settings)
// and _launcher_plan.ts (the launcher).

import { CLAUDE_HOOKS_FILE } from "../config/mod.ts";
import { printable } from "../_internal/printable.ts";
import { planClaudeSettings } from "./_claude_plan.ts";
import { planLauncher } from "./_launcher_plan.ts";
import { changedMeanwhile, PRIVATE, readSettings, WRITE_ATTEMPTS, writeSettings } from "./_settings_file.ts";
import { jsonText, removeFile, replaceFile } from "./json_file.ts";
import { bundledCli } from "./bundle.ts";
import { launcherPaths } from "./launcher.ts";
import { writeLauncher } from "./install_launcher.ts";
import { launcherStaleness } from "./launcher_state.ts";
import type { InstallClaudeOptions, InstallReport } from "./types.ts";

/**
 * Routes Claude Code to hookgate: builds the launcher, moves the user's
 * hooks hookgate runs into its own file, and writes the routing into
 * Claude's settings after a backup. Running it again changes nothing.
 *
 * @throws {CliError} When a file is not one Claude could read (nothing is changed), the launcher cannot be
 * built, or Claude's settings kept changing while it was written.
 */
export async function installClaude(options: InstallClaudeOptions): Promise<InstallReport> {
  const { home, settingsPath } = options;
  const movedPath = `${home}/${CLAUDE_HOOKS_FILE}`;
  const paths = launcherPaths(home);

  // Read and check everything first: a refusal changes nothing.
  await readSettings(settingsPath, "the Claude settings file");
  await readSettings(movedPath, "hookgate's file of moved Claude hooks");
  // Bundled before the files are read for good: it takes most of a second,
  // and an edit made to the settings meanwhile must be in what is written.
  const bundle = await bundledCli();
  const stale = await launcherStaleness(home);
  for (let attempt = 1; attempt <= WRITE_ATTEMPTS; attempt++) {
    const claude = await planClaudeSettings(options);
    const plan = { ...claude, ...await planLauncher(options, bundle, claude.movedNext) };
    const { settings, moved, movedNext, split } = plan;
    if (
      !plan.bundleChanged && !plan.startChanged && !plan.scriptChanged && !plan.movedChanged && !plan.settingsChanged
    ) {
      return { changed: false, bin: paths.bin, lines: [] };
    }

    // Written in the order that never loses a hook: the moved hooks exist in
    // hookgate's file before Claude's file stops holding them.
    const lines: string[] = [];
    lines.push(...await writeLauncher(paths, bundle, plan, stale));
    if (options.leastPrivilege && plan.flags.includes("--allow-env")) {
      lines.push(
        "  env       --allow-env has no list: the Claude hooks hookgate runs inherit the agent's whole environment, " +
          'as Claude\'s own do ("sanitizeEnv": true gives them the sanitized one)',
      );
    }
    // What holds hooks (and their headers) is readable by its owner only.
    const movedText = jsonText(movedNext);
    if (plan.movedChanged) {
      if (!await replaceFile(movedPath, movedText, { ...PRIVATE, expect: moved?.text ?? null })) continue;
      lines.push(
        `  moved     ${split.movedCount === 1 ? "1 hook" : `${split.movedCount} hooks`} on ${
          Object.keys(split.moved).join(", ")
        } to ${printable(movedPath)}: hookgate runs them now, once`,
      );
    }
    lines.push(...plan.notes);
    const newMode = options.managed ? 0o644 : 0o600;
    if (!await writeSettings({ settingsPath, settings, next: plan.next, lines, newMode })) {
      // Claude's file changed since it was read: the moved hooks go back as they were, and it is read again.
      if (plan.movedChanged) {
        if (moved === undefined) await removeFile(movedPath);
        else await replaceFile(movedPath, moved.text, { ...PRIVATE, expect: movedText });
      }
      continue;
    }
    const target = options.socket !== undefined
      ? `hook-run serve on ${options.socket}, else the gateway (${plan.route.command})`
      : options.serve
      ? `http://127.0.0.1:${options.port}/hooks/<Event> (SessionStart, Setup: the gateway)`
      : plan.route.command;
    lines.push(`  routing   ${plan.routed.length} events → ${printable(target)}: ${plan.routed.join(", ")}`);
    if (split.routingCount > 0 && plan.settingsChanged) {
      lines.push(`  replaced  ${split.routingCount} earlier routing entries`);
    }
    return { changed: true, bin: paths.bin, lines };
  }
  throw changedMeanwhile("install", settingsPath);
}
