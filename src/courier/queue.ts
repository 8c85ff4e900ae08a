// Where the async hooks of hook-run gateway's calls wait for the one
// process that runs them (the courier, see courier.ts): a queue per
// gateway set-up — its arguments, working directory and environment,
// whatever the session — under $HOOKGATE_HOME/async/couriers/<digest>/.
// Each call names its own session: the courier keeps what its hooks left
// in that session's spool, and says there when they were lost.
//
//   lock       held (flock, exclusive) by the queue's courier while it runs:
//              the kernel lets it go when the process ends, however it ends
//   calls/     the calls waiting, one file each, written whole (a temporary
//              file renamed), oldest first by name
//   running/   the calls its courier has taken: removed once their results
//              are kept; one that is still there when another courier takes
//              the lock was lost with the process that ran it
//   starting   made by the gateway that starts a courier, removed by that
//              courier once it tried to take the lock: the gateways that
//              come while it starts (Deno's start-up) start no other
//
// and beside the queues, `gate`: held shared by each gateway while it hands
// a call off (adds it, looks at the lock, claims a start) and by each
// courier while it takes the lock, exclusively by a sweep while it looks
// at a queue and removes it.
//
// The hand-off never leaves a call without a courier. A gateway adds its
// call, then looks at the lock; a courier takes calls only while it holds
// the lock, and looks at calls/ again after it let the lock go (taking it
// again when calls wait). A sweep is never one of those a gateway or a
// courier finds holding the lock (the gate), and removes no queue where a
// call waits or a courier is on its way. So:
// - a gateway that found the lock free (it held it, for that moment)
//   starts a courier, or finds `starting`: the courier on its way tries
//   the lock, removes `starting`, and when it did not get the lock, looks
//   at calls/ and tries once more; whoever holds it then is a courier, or
//   a gateway that found it free with `starting` gone, which starts one;
// - a gateway that found the lock taken found a courier, which looks at
//   calls/ after it lets go, or another gateway looking, which found it
//   free (as above);
// - a courier that finds calls after it let go and cannot take the lock
//   again leaves them to the courier, or the gateway, holding it.
// Nothing turns a call away: there is no bound on the couriers but their
// set-ups, one courier per set-up with calls in the last COURIER_IDLE_MS
// (or hooks still running). Calls move from calls/ to running/ by rename,
// so two couriers never take the same call. What a courier that died
// leaves is found by the next of its set-up (which the set-up's next call
// starts): the calls in running/ are reported lost to each call's session,
// those in calls/ are run. A courier that never came (it could not be
// started, or died first) leaves the calls that counted on it to the
// set-up's next call the same way.

import { couriersRoot } from "../_internal/async_dirs.ts";
import { DEFERRED_IDLE_MS } from "../_internal/limits.ts";

/** The most queues one sweep looks at. */
const MAX_SWEEP = 200;
/** How long a courier a gateway started counts as on its way, before it holds the lock. */
const STARTING_MS = 10_000;

/** A lock held on a file; closing the file lets it go. */
export type Lock = Deno.FsFile;

/** A call waiting in a queue, as the gateway left it. */
export interface QueuedCall {
  /** The call as the agent sent it. */
  call: string;
  /** The project root the gateway found for it. */
  root: string;
  /** The agent's own project directory it was found from, when that differs (see `findProjectRoot`). */
  start?: string;
  /** Its working directory. */
  cwd: string;
}

/** The queue of the async hooks of one gateway set-up's calls, from every session. */
export class CourierQueue {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  /**
   * The queue of a gateway started with `args` in `cwd` and environment
   * `env`: a call is run with the arguments, working directory (against
   * which relative paths in them resolve) and environment of the gateway
   * that received it, so another set-up (another --config, another
   * variable) has a queue, and a courier, of its own. The session is no
   * part of it: each call names its own.
   */
  static async of(home: string, args: readonly string[], cwd: string, env: string): Promise<CourierQueue> {
    const key = JSON.stringify([args.filter((arg) => arg !== "--run-async"), cwd, env]);
    return new CourierQueue(`${couriersRoot(home)}/${await digest(key)}`);
  }

  /**
   * Runs `step` with the gate of the queues held shared: no sweep comes
   * between its looking at the lock and what it does about it (a gateway
   * adding a call and looking whether a courier runs, a courier taking the
   * lock).
   *
   * @throws As {@linkcode lock}, and what `step` throws.
   */
  async unswept<T>(step: () => Promise<T>): Promise<T> {
    const gate = await holdGate(this.dir.slice(0, this.dir.lastIndexOf("/")), false);
    try {
      return await step();
    } finally {
      gate.close();
    }
  }

  /** Adds a call; its name, to take it back with {@linkcode withdraw}. */
  async add(call: QueuedCall): Promise<string> {
    const name = `${String(Date.now()).padStart(15, "0")}-${crypto.randomUUID()}.json`;
    const calls = `${this.dir}/calls`;
    // The courier removes calls/ once it is empty: made again if it went meanwhile.
    for (let attempt = 0;; attempt++) {
      await Deno.mkdir(calls, { recursive: true, mode: 0o700 });
      const temporary = `${calls}/.${name}.tmp`;
      try {
        await Deno.writeTextFile(temporary, JSON.stringify(call), { mode: 0o600 });
        await Deno.rename(temporary, `${calls}/${name}`);
        return name;
      } catch (error) {
        if (!(error instanceof Deno.errors.NotFound) || attempt >= 10) throw error;
      }
    }
  }

  /** Takes a call added back before any courier took it: `false` when one did. */
  async withdraw(name: string): Promise<boolean> {
    return await Deno.remove(`${this.dir}/calls/${name}`).then(() => true, () => false);
  }

  /** Whether calls wait. */
  async waiting(): Promise<boolean> {
    return (await names(`${this.dir}/calls`)).length > 0;
  }

  /** For the courier holding the lock: the calls waiting, oldest first, each moved to running/ as it is taken. */
  async take(): Promise<{ name: string; call: QueuedCall }[]> {
    const taken: { name: string; call: QueuedCall }[] = [];
    const waiting = await names(`${this.dir}/calls`);
    if (waiting.length === 0) return taken;
    await Deno.mkdir(`${this.dir}/running`, { recursive: true, mode: 0o700 });
    for (const name of waiting) {
      const running = `${this.dir}/running/${name}`;
      try {
        await Deno.rename(`${this.dir}/calls/${name}`, running);
      } catch {
        continue; // Withdrawn by its gateway.
      }
      const call = await readCall(running);
      if (call === undefined) await Deno.remove(running).catch(() => {});
      else taken.push({ name, call });
    }
    return taken;
  }

  /** A call taken is done: what it left is kept. */
  async done(name: string): Promise<void> {
    await Deno.remove(`${this.dir}/running/${name}`).catch(() => {});
  }

  /**
   * For a courier that just took the lock: the calls a courier before it
   * took and did not finish (it ended first), removed.
   */
  async lost(): Promise<QueuedCall[]> {
    const lost: QueuedCall[] = [];
    for (const name of await names(`${this.dir}/running`)) {
      const path = `${this.dir}/running/${name}`;
      const call = await readCall(path);
      if (call !== undefined) lost.push(call);
      await Deno.remove(path).catch(() => {});
    }
    return lost;
  }

  /**
   * The queue's lock, if no courier holds it.
   *
   * @throws {Deno.errors.PermissionDenied} And the other errors of opening the lock file.
   */
  async lock(): Promise<Lock | undefined> {
    // A courier leaving removes the folder when nothing waits: made again if it went meanwhile.
    for (let attempt = 0;; attempt++) {
      await Deno.mkdir(this.dir, { recursive: true, mode: 0o700 });
      try {
        return await tryLock(`${this.dir}/lock`);
      } catch (error) {
        if (!(error instanceof Deno.errors.NotFound) || attempt >= 10) throw error;
      }
    }
  }

  /**
   * Whether a courier holds the queue's lock now.
   *
   * @throws As {@linkcode lock}.
   */
  async held(): Promise<boolean> {
    const lock = await this.lock();
    if (lock === undefined) return true;
    lock.close();
    return false;
  }

  /**
   * Claims the start of the queue's courier: a token to hand it, or
   * `undefined` when another gateway started one that has not taken the
   * lock yet (for at most STARTING_MS: one that never came does not count).
   *
   * @throws As {@linkcode lock}.
   */
  async claimStart(): Promise<string | undefined> {
    const path = `${this.dir}/starting`;
    const token = crypto.randomUUID();
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await Deno.writeTextFile(path, token, { createNew: true, mode: 0o600 });
        return token;
      } catch (error) {
        if (!(error instanceof Deno.errors.AlreadyExists)) throw error;
      }
      if (await this.onItsWay()) return undefined;
      await Deno.remove(path).catch(() => {});
    }
    return undefined;
  }

  /** Whether a courier a gateway started is on its way (for at most STARTING_MS). */
  async onItsWay(): Promise<boolean> {
    const made = (await Deno.stat(`${this.dir}/starting`).catch(() => null))?.mtime?.getTime();
    return made !== undefined && Date.now() - made < STARTING_MS;
  }

  /** The courier started with `token` takes the lock now, or was not started after all. */
  async clearStart(token: string): Promise<void> {
    const path = `${this.dir}/starting`;
    if (await Deno.readTextFile(path).catch(() => "") === token) await Deno.remove(path).catch(() => {});
  }

  /**
   * Lets the lock go, leaving no files behind where nothing waits: the
   * empty folders and the lock file go first (while it is held, so that a
   * gateway that opened it meanwhile finds it gone and opens the new one).
   */
  async release(lock: Lock): Promise<void> {
    await Deno.remove(`${this.dir}/calls`).catch(() => {}); // Only when empty.
    await Deno.remove(`${this.dir}/running`).catch(() => {});
    if (!await this.waiting()) {
      await Deno.remove(`${this.dir}/lock`).catch(() => {});
      lock.close();
      await Deno.remove(this.dir).catch(() => {}); // Only when empty.
      return;
    }
    lock.close();
  }
}

/**
 * Removes the queues idle past DEFERRED_IDLE_MS that no courier holds, none
 * is on its way to, and where no call younger than that waits (what a
 * courier that ended first left: its lock, the calls it had taken). Never
 * throws.
 */
export async function sweepQueues(home: string): Promise<void> {
  let looked = 0;
  try {
    for await (const entry of Deno.readDir(couriersRoot(home))) {
      if (!entry.isDirectory || !QUEUE_DIR.test(entry.name) || ++looked > MAX_SWEEP) continue;
      const queue = new CourierQueue(`${couriersRoot(home)}/${entry.name}`);
      if (!await idle(queue.dir)) continue;
      // Not between a gateway's adding a call and its looking at the lock.
      const gate = await holdGate(couriersRoot(home), true).catch(() => undefined);
      if (gate === undefined) return;
      try {
        const lock = await tryLock(`${queue.dir}/lock`).catch(() => undefined);
        if (lock === undefined) continue;
        try {
          const young = Date.now() - DEFERRED_IDLE_MS;
          const waiting = (await names(`${queue.dir}/calls`)).some((name) => Number(name.split("-")[0]) > young);
          if (!waiting && await idle(queue.dir) && !await queue.onItsWay()) {
            // Removed while held: a gateway that opens the lock file afterwards finds it gone.
            await Deno.remove(queue.dir, { recursive: true }).catch(() => {});
          }
        } finally {
          lock.close();
        }
      } finally {
        gate.close();
      }
    }
  } catch {
    // No queues at all.
  }
}

/**
 * The lock of the file at `path` (made if missing), when no other holds it.
 * The lock must be on the file the path names now: one that was removed
 * after it was opened (a courier leaving) would lock nothing anyone sees.
 */
async function tryLock(path: string): Promise<Lock | undefined> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const file = await Deno.open(path, { read: true, write: true, create: true, mode: 0o600 });
    try {
      // A file system that cannot lock throws: the caller runs the hooks itself rather than trust a lock.
      if (!await file.tryLock(true)) {
        file.close();
        return undefined;
      }
      const [held, named] = await Promise.all([file.stat(), Deno.stat(path).catch(() => null)]);
      if (named !== null && held.ino === named.ino && held.dev === named.dev) return file;
    } catch (error) {
      file.close();
      throw error;
    }
    file.close();
  }
  return undefined;
}

/** A queue's folder: named by the digest of its set-up. */
const QUEUE_DIR = /^[0-9a-f]{64}$/;

/** Whether the folder at `path` has not changed for DEFERRED_IDLE_MS. */
async function idle(path: string): Promise<boolean> {
  const stat = await Deno.stat(path).catch(() => null);
  return stat?.mtime !== null && stat?.mtime !== undefined && Date.now() - stat.mtime.getTime() > DEFERRED_IDLE_MS;
}

/**
 * The gate of the queues in `root`, held shared (a gateway handing a call
 * off, a courier taking a lock; waited for) or exclusively (a sweep;
 * `undefined` while another holds it). Held on the file its path names, as
 * {@linkcode tryLock}.
 */
async function holdGate(root: string, exclusive: true): Promise<Lock | undefined>;
async function holdGate(root: string, exclusive: false): Promise<Lock>;
async function holdGate(root: string, exclusive: boolean): Promise<Lock | undefined> {
  const path = `${root}/gate`;
  if (exclusive) return await tryLock(path);
  for (let attempt = 0;; attempt++) {
    await Deno.mkdir(root, { recursive: true, mode: 0o700 });
    const file = await Deno.open(path, { read: true, write: true, create: true, mode: 0o600 });
    try {
      await file.lock(false);
      const [held, named] = await Promise.all([file.stat(), Deno.stat(path).catch(() => null)]);
      if (named !== null && held.ino === named.ino && held.dev === named.dev) return file;
    } catch (error) {
      file.close();
      throw error;
    }
    file.close();
    if (attempt >= 10) throw new Deno.errors.Busy(`Cannot hold the gate of the async queues: "${path}" keeps changing`);
  }
}

/** The names of the call files in `dir`, oldest first; none when it does not exist. */
async function names(dir: string): Promise<string[]> {
  const found: string[] = [];
  try {
    for await (const entry of Deno.readDir(dir)) {
      if (entry.isFile && entry.name.endsWith(".json") && !entry.name.startsWith(".")) found.push(entry.name);
    }
  } catch {
    // No folder: nothing there.
  }
  return found.sort();
}

/** A queued call, or `undefined` when the file is not one. */
async function readCall(path: string): Promise<QueuedCall | undefined> {
  try {
    const value = JSON.parse(await Deno.readTextFile(path));
    return ["call", "root", "cwd"].every((key) => typeof value?.[key] === "string") ? value : undefined;
  } catch {
    return undefined;
  }
}

async function digest(text: string): Promise<string> {
  const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
