// Reading and replacing the JSON files hook-run install edits: read whole,
// refused when malformed (nothing is changed then), written through a
// temporary file and a rename so that a reader never sees half a file, and
// backed up before a change.

import { CliError, printable } from "./_io.ts";
import { parentDir } from "./_path.ts";

/** A JSON file's value and text, or `undefined` when the file does not exist. */
export interface JsonFile {
  value: unknown;
  text: string;
}

/** Reads `path`; a file that is not JSON is refused with its place. */
export async function readJsonFile(path: string, what: string): Promise<JsonFile | undefined> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw new CliError(`cannot read ${what} ${printable(path)}: ${(error as Error).message}; nothing was changed`);
  }
  try {
    return { value: JSON.parse(text), text };
  } catch (error) {
    throw new CliError(
      `${what} ${printable(path)} is not valid JSON (${(error as Error).message}); fix it first: nothing was changed`,
    );
  }
}

/** The text a JSON file is written with: two-space indents and a final newline. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, null, 2) + "\n";
}

/** Replaces `path` with `data` in one rename, creating its directory; `mode` for an executable. */
export async function replaceFile(path: string, data: string | Uint8Array, mode?: number): Promise<void> {
  try {
    await Deno.mkdir(parentDir(path), { recursive: true });
    const temporary = `${path}.hookgate-${crypto.randomUUID().slice(0, 8)}.tmp`;
    try {
      if (typeof data === "string") await Deno.writeTextFile(temporary, data, mode ? { mode } : {});
      else await Deno.writeFile(temporary, data, mode ? { mode } : {});
      if (mode !== undefined) await Deno.chmod(temporary, mode);
      await Deno.rename(temporary, path);
    } catch (error) {
      await Deno.remove(temporary).catch(() => {});
      throw error;
    }
  } catch (error) {
    throw writeError(path, error);
  }
}

/** Copies `path` to a timestamped backup beside it; returns the backup's path. */
export async function backUp(path: string): Promise<string> {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const backup = `${path}.hookgate-backup-${stamp}`;
  try {
    await Deno.copyFile(path, backup);
  } catch (error) {
    throw writeError(backup, error);
  }
  return backup;
}

/** Removes `path`; a missing file is fine. */
export async function removeFile(path: string): Promise<void> {
  try {
    await Deno.remove(path);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw writeError(path, error);
  }
}

function writeError(path: string, error: unknown): CliError {
  const denied = error instanceof Deno.errors.NotCapable || error instanceof Deno.errors.PermissionDenied;
  return new CliError(
    `cannot write ${printable(path)}: ${(error as Error).message}${
      denied ? "; run hook-run install with --allow-all (deno task hook-run install claude)" : ""
    }`,
  );
}
