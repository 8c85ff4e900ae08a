// The log of what a configuration's loading reads: files (fs_reads.ts) and
// environment variables (env.ts). The gateway opens it around a load, and
// keeps what was noted when the load ran no hook for its call: the next
// such call is answered without loading again while every read finds the
// same (src/memo/).

/** What a read asked: a file-system call, or an environment variable. */
export type ReadKind = "stat" | "lstat" | "realPath" | "readLink" | "readFile" | "readTextFile" | "readDir" | "env";

/** One read: what it asked, of which path or variable (as given), and what it found. */
export type LoggedRead = readonly [kind: ReadKind, path: string, found: string];

let log: LoggedRead[] | undefined;

/** Starts noting every read (a log already open is dropped). */
export function openReadLog(): void {
  log = [];
}

/** Whether a log is open. */
export function readLogOpen(): boolean {
  return log !== undefined;
}

/** Notes one read, when a log is open. */
export function noteRead(kind: ReadKind, path: string, found: string): void {
  log?.push([kind, path, found]);
}

/** What a variable read found: its value, or that it is unset (or not granted). */
export function envFound(value: string | undefined): string {
  return value === undefined ? "!unset" : `=${value}`;
}

/**
 * The reads noted since {@linkcode openReadLog}, each asked once (the first
 * answer counts), and no more noting; `undefined` when none was open.
 */
export function closeReadLog(): LoggedRead[] | undefined {
  const taken = log;
  log = undefined;
  if (taken === undefined) return undefined;
  const seen = new Set<string>();
  return taken.filter(([kind, path]) => {
    const key = `${kind}\0${path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
