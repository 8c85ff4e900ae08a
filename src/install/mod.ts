/**
 * Routing an agent to hookgate, and the launcher it is routed through:
 * `hook-run install claude` and `uninstall claude` (Claude Code's settings
 * edited so that every event hookgate models reaches it, the user's own
 * hooks moved to hookgate's file and back), the launcher they build (the
 * bundled CLI, its start module and `bin/hook-run`, which fail closed), the
 * Deno flags a launcher with least privilege needs, and whether a launcher
 * is stale. Files are replaced whole, after a backup, keeping their mode
 * and their links, never over an edit made meanwhile.
 *
 * @module
 */

export { installClaude } from "./install_claude.ts";
export { installLauncher } from "./install_launcher.ts";
export { uninstallClaude } from "./uninstall_claude.ts";
export type {
  InstallClaudeOptions,
  InstallLauncherOptions,
  InstallReport,
  UninstallClaudeOptions,
  UninstallReport,
} from "./types.ts";
export { backUp, type JsonFile, jsonText, readJsonFile, replaceFile } from "./json_file.ts";
export { launcherFlags, launcherPaths, quote } from "./launcher.ts";
export { CLI_ENV, type FlagSet, flagWords, hookRunFlags } from "./launcher_flags.ts";
export { launcherDiagnostics } from "./launcher_state.ts";
export { claudeManagedSettingsPath, systemLauncherDir } from "./managed_claude.ts";
