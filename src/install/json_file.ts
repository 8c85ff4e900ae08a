// Reading and replacing the files hook-run install edits: read whole,
// refused when malformed (nothing is changed then), written through a
// temporary file and a rename so that a reader never sees half a file, and
// backed up before a change. A file keeps what the user gave it: its mode
// (a settings file holding API keys stays 0600), and its place behind a
// symbolic link (a dotfiles repository's link stays a link: the file it
// points to is replaced, beside itself). A write can require the file to be
// unchanged since it was read, so that an edit made meanwhile is never lost.

import { CliError } from "../_internal/cli_error.ts";
import { printable } from "../_internal/printable.ts";
import { dirname } from "../_internal/path.ts";

/** A JSON file's value and text, or `undefined` when the file does not exist. */
export interface JsonFile {
  value: unknown;
  text: string;
}

/** Reads `path`; a file that is not JSON is refused with its place. */
export async function readJsonFile(path: string, what: string): Promise<JsonFile | undefined> {
  const target = await writeTarget(path, what);
  let text: string;
  try {
    text = await Deno.readTextFile(target);
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

/**
 * The file a write of `path` replaces: `path`, or the file its symbolic
 * link (or chain of them) points to. A link to nothing is refused: writing
 * would replace the link.
 */
export async function writeTarget(path: string, what = "the file"): Promise<string> {
  let link: Deno.FileInfo;
  try {
    link = await Deno.lstat(path);
  } catch {
    return path;
  }
  if (!link.isSymlink) return path;
  try {
    return await Deno.realPath(path);
  } catch (error) {
    const to = await Deno.readLink(path).catch(() => "?");
    throw new CliError(
      `${what} ${printable(path)} is a symbolic link to ${printable(to)}, which cannot be read (${
        (error as Error).message
      }); create the file it points to or remove the link: nothing was changed`,
    );
  }
}

/** Options of {@linkcode replaceFile}. */
export interface ReplaceOptions {
  /** The mode of a new file (default: what the umask gives), and of an existing one with `keepMode: false`. */
  mode?: number;
  /** Whether an existing file keeps its own mode (default true). */
  keepMode?: boolean;
  /**
   * The text the file must still have (`null`: it must still not exist),
   * checked right before the rename: when it changed, nothing is written and
   * {@linkcode replaceFile} returns false.
   */
  expect?: string | null;
}

/**
 * Replaces `path` (through its symbolic link) with `data` in one rename,
 * creating its directory. The temporary file of a file with a mode is
 * readable by its owner only until it gets that mode, just before the
 * rename. Returns false, having
 * written nothing, when `expect` is given and the file changed.
 */
export async function replaceFile(
  path: string,
  data: string | Uint8Array,
  options: ReplaceOptions = {},
): Promise<boolean> {
  const target = await writeTarget(path);
  const current = await Deno.stat(target).catch(() => undefined);
  const mode = current?.mode !== null && current?.mode !== undefined && options.keepMode !== false
    ? current.mode & 0o7777
    : options.mode;
  try {
    await Deno.mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.hookgate-${crypto.randomUUID().slice(0, 8)}.tmp`;
    try {
      // Private until it has its mode: a reader never sees a secret file's text readable by others.
      const file = await Deno.open(temporary, {
        write: true,
        createNew: true,
        mode: mode === undefined ? 0o666 : 0o600,
      });
      try {
        const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
        for (let written = 0; written < bytes.length;) written += await file.write(bytes.subarray(written));
      } finally {
        file.close();
      }
      if (mode !== undefined) await Deno.chmod(temporary, mode);
      if (options.expect !== undefined && await currentText(target) !== options.expect) {
        await Deno.remove(temporary);
        return false;
      }
      await Deno.rename(temporary, target);
    } catch (error) {
      await Deno.remove(temporary).catch(() => {});
      throw error;
    }
  } catch (error) {
    throw writeError(path, error);
  }
  return true;
}

/** Whether `path` no longer holds what `before` read (`undefined`: that it did not exist). */
export async function changedSince(path: string, before: JsonFile | undefined): Promise<boolean> {
  return await currentText(await writeTarget(path)) !== (before?.text ?? null);
}

/** Copies `path` (what its link points to) to a timestamped backup beside it, with its mode; returns the backup's path. */
export async function backUp(path: string): Promise<string> {
  const target = await writeTarget(path);
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const backup = `${target}.hookgate-backup-${stamp}`;
  try {
    await Deno.copyFile(target, backup);
    const { mode } = await Deno.stat(target);
    if (mode !== null) await Deno.chmod(backup, mode & 0o7777);
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

/** The file's text, or `null` when it does not exist. */
async function currentText(path: string): Promise<string | null> {
  try {
    return await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return null;
    throw error;
  }
}

function writeError(path: string, error: unknown): CliError {
  if (error instanceof CliError) return error;
  const denied = error instanceof Deno.errors.NotCapable || error instanceof Deno.errors.PermissionDenied;
  return new CliError(
    `cannot write ${printable(path)}: ${(error as Error).message}${
      denied ? "; run hook-run install with --allow-all (deno task hook-run install claude)" : ""
    }`,
  );
}
