// `hook-run uninstall claude`: remove exactly the routing to hookgate that
// install wrote from Claude Code's settings — marked, or exactly what an
// earlier install wrote, never a hook of the user's — and move the hooks
// install moved into hookgate's file back, after a backup.

import { CLAUDE_HOOKS_FILE } from "../config/mod.ts";
import { addClaudeHooks, type ClaudeHooks, type ClaudeSettings, splitClaudeSettings } from "../dialects/mod.ts";
import { printable } from "../_internal/printable.ts";
import { inOrderOf, installedRouting } from "./_claude_plan.ts";
import { changedMeanwhile, readSettings, settingsValue, WRITE_ATTEMPTS, writeSettings } from "./_settings_file.ts";
import { removeFile } from "./json_file.ts";
import { launcherPaths } from "./launcher.ts";
import type { UninstallClaudeOptions, UninstallReport } from "./types.ts";

/**
 * Takes the routing to hookgate out of Claude's settings and puts the hooks
 * install moved back where they were; everything else in the file stays,
 * and the launcher too.
 *
 * @throws {CliError} When a file is not one Claude could read, or Claude's settings kept changing while it was
 * written.
 */
export async function uninstallClaude(options: UninstallClaudeOptions): Promise<UninstallReport> {
  const { home, settingsPath } = options;
  const movedPath = `${home}/${CLAUDE_HOOKS_FILE}`;
  for (let attempt = 1; attempt <= WRITE_ATTEMPTS; attempt++) {
    const settings = await readSettings(settingsPath, "the Claude settings file");
    const moved = await readSettings(movedPath, "hookgate's file of moved Claude hooks");
    const split = splitClaudeSettings(settingsValue(settings), { routes: installedRouting(home), move: () => false });
    const back = (settingsValue(moved).hooks ?? {}) as ClaudeHooks;
    const next = inOrderOf(settingsValue(settings), addClaudeHooks(split.settings, back));
    // The hooks key install added to a file that had none goes again.
    if (Object.keys(next.hooks as ClaudeHooks).length === 0 && settings?.value !== undefined) {
      if (!Object.hasOwn(settings.value as ClaudeSettings, "hooks")) delete next.hooks;
    }
    const count = Object.values(back).flat().reduce<number>(
      (n, group) => n + ((group as ClaudeSettings).hooks as unknown[]).length,
      0,
    );
    const settingsChanged = settings !== undefined && JSON.stringify(settings.value) !== JSON.stringify(next);
    if (!settingsChanged && moved === undefined) {
      return { changed: false, lines: [] };
    }
    const lines: string[] = [];
    if ((settingsChanged || count > 0) && !await writeSettings({ settingsPath, settings, next, lines })) continue;
    if (split.routingCount > 0) lines.push(`  removed   ${split.routingCount} routing entries`);
    if (moved !== undefined) {
      // Only once Claude's file holds them again.
      await removeFile(movedPath);
      lines.push(
        `  restored  ${count === 1 ? "1 hook" : `${count} hooks`} from ${
          printable(movedPath)
        } (removed): Claude runs them again`,
      );
    }
    const { bin, bundle, lib } = launcherPaths(home);
    lines.push(
      `  launcher  ${printable(bin)}, ${printable(bundle)} and ${
        printable(lib)
      }/ stay: delete them if nothing else uses them`,
    );
    return { changed: true, lines };
  }
  throw changedMeanwhile("uninstall", settingsPath);
}
