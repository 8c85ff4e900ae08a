// Where hook-run gateway keeps what a session's async hooks left until the
// session's next call: one file per result under
// $HOOKGATE_HOME/async/<sha-256 of the session id>/, written whole (a temporary
// file renamed), read by the next gateway call of the session and deleted
// once its answer delivered it. Bounded: at most MAX_DEFERRED_PER_SESSION
// files a session (the oldest go first), each at most 4 MiB, none kept past
// DEFERRED_IDLE_MS, and sessions idle that long are swept.

import { asyncRoot, sessionResultsDir } from "../_internal/async_dirs.ts";
import { DEFERRED_IDLE_MS, MAX_DEFERRED_PER_SESSION } from "../_internal/limits.ts";
import type { DeferredHookResult } from "../runner/deferred.ts";

/** The largest result file read back: a result carries at most a few MiB of text. */
const MAX_FILE_BYTES = 4 * 1024 * 1024;
/** The most session directories one sweep looks at: a sweep runs in the background, but stays short. */
const MAX_SWEEP = 200;

const SESSION_DIR = /^[0-9a-f]{64}$/;

/** One session's results on disk. */
export class AsyncSpool {
  readonly dir: string;
  /** The files read, by result id. */
  #files = new Map<string, string>();

  constructor(dir: string) {
    this.dir = dir;
  }

  /** The results waiting, oldest first; a file that cannot be read as one is removed. Never throws. */
  async read(sessionId: string): Promise<DeferredHookResult[]> {
    let names: string[];
    try {
      names = [];
      for await (const entry of Deno.readDir(this.dir)) {
        if (entry.isFile && entry.name.endsWith(".json")) names.push(entry.name);
      }
    } catch {
      return []; // No directory: nothing waits (the common case).
    }
    const results: DeferredHookResult[] = [];
    for (const name of names.sort()) {
      const path = `${this.dir}/${name}`;
      const result = await readResult(path, sessionId);
      if (result === undefined || Date.now() - result.at > DEFERRED_IDLE_MS) {
        await Deno.remove(path).catch(() => {});
        continue;
      }
      this.#files.set(result.id, path);
      results.push(result);
    }
    return results;
  }

  /** Removes the files of the results read that are no longer pending (delivered). Never throws. */
  async settle(pending: readonly DeferredHookResult[]): Promise<void> {
    const left = new Set(pending.map((result) => result.id));
    for (const [id, path] of this.#files) {
      if (!left.has(id)) await Deno.remove(path).catch(() => {});
    }
    await Deno.remove(this.dir).catch(() => {}); // Only when empty.
  }

  /** Writes `results`, each whole, then drops the oldest past the bound. */
  async write(results: readonly DeferredHookResult[]): Promise<void> {
    if (results.length === 0) return;
    await Deno.mkdir(this.dir, { recursive: true, mode: 0o700 });
    for (const result of results) {
      const name = `${String(result.at).padStart(15, "0")}-${result.id}`;
      const temporary = `${this.dir}/.${name}.tmp`;
      await Deno.writeTextFile(temporary, JSON.stringify(result), { mode: 0o600 });
      await Deno.rename(temporary, `${this.dir}/${name}.json`);
    }
    const names: string[] = [];
    for await (const entry of Deno.readDir(this.dir)) if (entry.name.endsWith(".json")) names.push(entry.name);
    for (const name of names.sort().slice(0, Math.max(0, names.length - MAX_DEFERRED_PER_SESSION))) {
      await Deno.remove(`${this.dir}/${name}`).catch(() => {});
    }
  }
}

/** The spool of `sessionId` under `home`: its directory is named by a digest, never by the id itself. */
export async function spoolOf(home: string, sessionId: string): Promise<AsyncSpool> {
  return new AsyncSpool(await sessionResultsDir(home, sessionId));
}

/** Removes the spools of sessions idle past the bound (a session that never calls again). Never throws. */
export async function sweepSpools(home: string): Promise<void> {
  let looked = 0;
  try {
    for await (const entry of Deno.readDir(asyncRoot(home))) {
      // A session's folder is named by its digest; the couriers' queues live beside them.
      if (!entry.isDirectory || !SESSION_DIR.test(entry.name) || ++looked > MAX_SWEEP) continue;
      const dir = `${asyncRoot(home)}/${entry.name}`;
      const stat = await Deno.stat(dir).catch(() => null);
      if (stat?.mtime && Date.now() - stat.mtime.getTime() > DEFERRED_IDLE_MS) {
        await Deno.remove(dir, { recursive: true }).catch(() => {});
      }
    }
  } catch {
    // No spools at all.
  }
}

/** One result file, or `undefined` when it is not one of this session's. */
async function readResult(path: string, sessionId: string): Promise<DeferredHookResult | undefined> {
  try {
    if ((await Deno.stat(path)).size > MAX_FILE_BYTES) return undefined;
    const value = JSON.parse(await Deno.readTextFile(path));
    const strings = ["id", "hookName", "event"].every((key) => typeof value?.[key] === "string");
    const optional = ["additionalContext", "systemMessage", "wake"].every((key) =>
      value[key] === undefined || typeof value[key] === "string"
    );
    if (!strings || !optional || value.sessionId !== sessionId || typeof value.at !== "number") return undefined;
    const result: DeferredHookResult = {
      id: value.id,
      sessionId,
      hookName: value.hookName,
      event: value.event,
      at: value.at,
    };
    for (const key of ["additionalContext", "systemMessage", "wake"] as const) {
      if (value[key] !== undefined) result[key] = value[key];
    }
    return result;
  } catch {
    return undefined;
  }
}
