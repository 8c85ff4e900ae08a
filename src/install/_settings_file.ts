// The two files install and uninstall edit — Claude Code's settings and
// hookgate's file of the hooks install moved out of it — read and checked
// as Claude reads them (a file Claude could not read is refused, nothing
// changed), and Claude's written after a backup, never over an edit made
// meanwhile.

import { CliError } from "../_internal/cli_error.ts";
import { printable } from "../_internal/printable.ts";
import { type ClaudeSettings, claudeSettingsProblem } from "../dialects/mod.ts";
import {
  backUp,
  changedSince,
  type JsonFile,
  jsonText,
  readJsonFile,
  removeFile,
  replaceFile,
  writeTarget,
} from "./json_file.ts";

/** How often install and uninstall read the settings again when they changed before they were written. */
export const WRITE_ATTEMPTS = 3;

/** The mode of a file holding hooks and their headers, whatever it had. */
export const PRIVATE = { mode: 0o600, keepMode: false } as const;

/** What a run decided to write, and what it says about it. */
export interface SettingsWrite {
  settingsPath: string;
  settings: JsonFile | undefined;
  next: ClaudeSettings;
  lines: string[];
  /**
   * The mode of a file this write creates: 0600 (its owner's only), or
   * 0644 for Claude's managed settings, which every user's Claude reads.
   */
  newMode?: number;
}

/**
 * Writes the settings after a backup, when they changed; says what it did in
 * `lines`. False, having written nothing, when the file is no longer what
 * `settings` read: an edit made meanwhile is never overwritten.
 */
export async function writeSettings(plan: SettingsWrite): Promise<boolean> {
  const { settingsPath, settings, next, lines } = plan;
  if (settings !== undefined && JSON.stringify(settings.value) === JSON.stringify(next)) {
    lines.push(`  settings  ${printable(settingsPath)} (unchanged)`);
    return true;
  }
  if (await changedSince(settingsPath, settings)) return false;
  const backup = settings === undefined ? undefined : await backUp(settingsPath);
  // A new file holds hooks (and maybe their headers): its owner's only. An existing one keeps its mode.
  const mode = plan.newMode ?? 0o600;
  if (!await replaceFile(settingsPath, jsonText(next), { mode, expect: settings?.text ?? null })) {
    if (backup !== undefined) await removeFile(backup);
    return false;
  }
  if (backup !== undefined) lines.push(`  backup    ${printable(backup)}`);
  const target = await writeTarget(settingsPath);
  lines.push(
    `  settings  ${printable(settingsPath)} (written${
      target === settingsPath ? "" : `: to ${printable(target)}, where its link points`
    })`,
  );
  return true;
}

/** The refusal when a file kept changing between reading it and writing it. */
export function changedMeanwhile(command: string, path: string): CliError {
  return new CliError(
    `${printable(path)} changed while hook-run ${command} was writing it, ${WRITE_ATTEMPTS} times: it is left as it ` +
      `is now; run hook-run ${command} claude again`,
  );
}

export async function readSettings(path: string, what: string): Promise<JsonFile | undefined> {
  const file = await readJsonFile(path, what);
  const problem = file === undefined ? undefined : claudeSettingsProblem(file.value);
  if (problem !== undefined) {
    throw new CliError(`${what} ${printable(path)} cannot be read as Claude reads it: ${problem}; nothing was changed`);
  }
  return file;
}

export function settingsValue(file: JsonFile | undefined): ClaudeSettings {
  return (file?.value ?? {}) as ClaudeSettings;
}
