/**
 * Where `hook-run install claude --managed` writes: Claude Code's managed
 * settings file, which no user, project or local setting overrides (not
 * even their `disableAllHooks`), and the system directory of the launcher
 * it routes to, readable by every user who runs Claude.
 *
 * @module
 */

/**
 * Claude Code's managed settings file: `/etc/claude-code/managed-settings.json`
 * on Linux, `/Library/Application Support/ClaudeCode/managed-settings.json`
 * on macOS, `C:\Program Files\ClaudeCode\managed-settings.json` on Windows.
 *
 * @param os The operating system (`Deno.build.os`).
 * @returns The path.
 *
 * @example
 * ```ts
 * import { claudeManagedSettingsPath } from "./managed_claude.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(claudeManagedSettingsPath("linux"), "/etc/claude-code/managed-settings.json");
 * ```
 */
export function claudeManagedSettingsPath(os: typeof Deno.build.os = Deno.build.os): string {
  if (os === "darwin") return "/Library/Application Support/ClaudeCode/managed-settings.json";
  if (os === "windows") return "C:\\Program Files\\ClaudeCode\\managed-settings.json";
  return "/etc/claude-code/managed-settings.json";
}

/**
 * Where a managed install builds the launcher: `/usr/local/lib/hookgate`
 * (`C:\Program Files\hookgate` on Windows). Root's, readable by everyone:
 * a launcher a user could edit would let that user switch hookgate off.
 *
 * @param os The operating system (`Deno.build.os`).
 * @returns The directory.
 *
 * @example
 * ```ts
 * import { systemLauncherDir } from "./managed_claude.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(systemLauncherDir("linux"), "/usr/local/lib/hookgate");
 * ```
 */
export function systemLauncherDir(os: typeof Deno.build.os = Deno.build.os): string {
  return os === "windows" ? "C:\\Program Files\\hookgate" : "/usr/local/lib/hookgate";
}
