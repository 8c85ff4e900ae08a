// hook-run serve's Unix domain socket: the file mode is its gate, so the
// directory it lives in is made (or found) readable by its owner alone
// before anything listens there — a socket created inside a 0700 directory
// cannot be reached by another user even in the moment between bind and
// chmod. A socket file left by a server that died (SIGKILL, a crash) is
// unlinked once a connect finds nobody behind it; one that answers belongs
// to a live server and is refused, never taken over.

import { CliError } from "../_internal/cli_error.ts";
import { dirname } from "../_internal/path.ts";

/** The socket's file mode once it listens: its owner alone may connect. */
const SOCKET_MODE = 0o600;
/** The directory's mode: its owner alone may enter it. */
const DIRECTORY_MODE = 0o700;

/**
 * Makes sure `path`'s directory is its owner's alone (made 0700 when it is
 * missing) and that no live server listens at `path`, unlinking a stale
 * socket file.
 *
 * @throws {CliError} When the directory is wider than 0700, another user's or no directory, when `path` is
 * something other than a socket, or when a server answers there.
 */
export async function prepareSocket(path: string): Promise<void> {
  // sun_path holds 108 bytes with its terminating NUL.
  if (new TextEncoder().encode(path).length > 107) {
    throw new CliError(`cannot listen on ${path}: a socket path may have at most 107 bytes; give a shorter one`);
  }
  const dir = dirname(path);
  let info: Deno.FileInfo | undefined;
  try {
    info = await Deno.lstat(dir);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) {
      throw new CliError(`cannot use the socket directory ${dir}: ${why(error)}`);
    }
  }
  if (info === undefined) {
    await Deno.mkdir(dirname(dir), { recursive: true });
    await Deno.mkdir(dir, { mode: DIRECTORY_MODE });
    // mkdir's mode is masked by the umask: set it as meant.
    await Deno.chmod(dir, DIRECTORY_MODE);
    info = await Deno.lstat(dir);
  }
  if (info.isSymlink || !info.isDirectory) {
    throw new CliError(`cannot listen on ${path}: ${dir} is not a directory (a symbolic link is refused too)`);
  }
  const uid = Deno.uid();
  if (uid !== null && info.uid !== uid) {
    throw new CliError(
      `cannot listen on ${path}: ${dir} belongs to user ${info.uid}, not to you (${uid}); ` +
        `use a directory of your own (--socket-path)`,
    );
  }
  const mode = (info.mode ?? 0) & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new CliError(
      `cannot listen on ${path}: ${dir} has mode ${octal(mode)}, so other users could reach the socket; ` +
        `run "chmod 700 ${dir}"`,
    );
  }
  let socket: Deno.FileInfo;
  try {
    socket = await Deno.lstat(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return;
    throw new CliError(`cannot listen on ${path}: ${why(error)}`);
  }
  if (socket.isSocket !== true) {
    throw new CliError(`cannot listen on ${path}: a file that is not a socket is there; remove it`);
  }
  if (await answers(path)) {
    throw new CliError(`another hook-run serve listens on ${path}; stop it first, or give this one --socket-path`);
  }
  // Nobody behind it: a server that died left it.
  await Deno.remove(path).catch((error) => {
    if (!(error instanceof Deno.errors.NotFound)) {
      throw new CliError(`cannot remove the stale socket ${path}: ${why(error)}`);
    }
  });
}

/**
 * Listens on `path` (prepared by {@linkcode prepareSocket}) and narrows the
 * socket to its owner before it is announced.
 */
export function listenOnSocket(path: string): Deno.UnixListener {
  const listener = Deno.listen({ transport: "unix", path });
  try {
    Deno.chmodSync(path, SOCKET_MODE);
  } catch (error) {
    listener.close();
    throw error;
  }
  return listener;
}

/** Removes the socket file of a listener that closed, if it is still the one it made. */
export async function removeSocket(path: string, made: Deno.FileInfo | undefined): Promise<void> {
  const now = await Deno.lstat(path).catch(() => undefined);
  if (now === undefined || now.isSocket !== true) return;
  // Another server that took the path since is left alone.
  if (made !== undefined && (now.ino !== made.ino || now.dev !== made.dev)) return;
  await Deno.remove(path).catch(() => {});
}

/** Whether a server accepts a connection at `path`. */
async function answers(path: string): Promise<boolean> {
  try {
    const conn = await Deno.connect({ transport: "unix", path });
    conn.close();
    return true;
  } catch {
    return false;
  }
}

function octal(mode: number): string {
  return `0${mode.toString(8).padStart(3, "0")}`;
}

function why(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
