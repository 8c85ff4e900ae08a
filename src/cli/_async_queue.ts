// Where a session's async hooks wait for the one process that runs them
// (the courier, see _async_courier.ts): a queue per session and gateway
// set-up under $HOOKGATE_HOME/async/couriers/<digest>/, and a bound on the
// couriers of the whole machine.
//
//   lock       held (flock, exclusive) by the queue's courier while it runs:
//              the kernel lets it go when the process ends, however it ends
//   calls/     the calls waiting, one file each, written whole (a temporary
//              file renamed), oldest first by name
//   running/   the calls its courier has taken: removed once their results
//              are kept; one that is still there when another courier takes
//              the lock was lost with the process that ran it
//   starting   made by the gateway that starts a courier, removed by that
//              courier just before it takes the lock: the gateways that come
//              while it starts (Deno's start-up) start no other
//
// The hand-off never loses a call: a gateway adds its call, then looks at
// the lock; a courier takes calls only while it holds the lock, and looks
// at calls/ again after it let the lock go. So whoever held the lock when a
// gateway found it taken looks at calls/ later, and a gateway that found it
// free starts a courier.

import { DEFERRED_IDLE_MS } from "../../mod.ts";

/** The most couriers running at once on this machine (for one home): each is a Deno process of its own, about 55 MB. */
export const MAX_COURIERS = 8;
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

/** The queue of one session's async hooks, for one gateway set-up. */
export class CourierQueue {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  /**
   * The queue of `sessionId` for a gateway started with `args` in `env`: a
   * call is run with the arguments and environment of the gateway that
   * received it, so another set-up (another --config, another variable)
   * has a queue, and a courier, of its own.
   */
  static async of(home: string, sessionId: string, args: readonly string[], env: string): Promise<CourierQueue> {
    const key = JSON.stringify([sessionId, args.filter((arg) => arg !== "--run-async"), env]);
    return new CourierQueue(`${couriersRoot(home)}/${await digest(key)}`);
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
      const made = (await Deno.stat(path).catch(() => null))?.mtime?.getTime();
      if (made !== undefined && Date.now() - made < STARTING_MS) return undefined;
      await Deno.remove(path).catch(() => {});
    }
    return undefined;
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

/** One of the {@linkcode MAX_COURIERS} slots of `home`'s couriers, if one is free. */
export async function takeSlot(home: string): Promise<Lock | undefined> {
  const slots = `${couriersRoot(home)}/slots`;
  await Deno.mkdir(slots, { recursive: true, mode: 0o700 });
  for (let slot = 0; slot < MAX_COURIERS; slot++) {
    const lock = await tryLock(`${slots}/${slot}`);
    if (lock !== undefined) return lock;
  }
  return undefined;
}

/**
 * Whether a courier could start now: a slot is free.
 *
 * @throws When the slots cannot be locked (the file system, permissions).
 */
export async function slotFree(home: string): Promise<boolean> {
  const slot = await takeSlot(home);
  slot?.close();
  return slot !== undefined;
}

/**
 * Removes the queues of sessions idle past DEFERRED_IDLE_MS that no
 * courier holds (what a courier that ended first left: its lock, the calls
 * it had taken). Never throws.
 */
export async function sweepQueues(home: string): Promise<void> {
  let looked = 0;
  try {
    for await (const entry of Deno.readDir(couriersRoot(home))) {
      if (!entry.isDirectory || entry.name === "slots" || ++looked > MAX_SWEEP) continue;
      const queue = new CourierQueue(`${couriersRoot(home)}/${entry.name}`);
      const stat = await Deno.stat(queue.dir).catch(() => null);
      if (!stat?.mtime || Date.now() - stat.mtime.getTime() <= DEFERRED_IDLE_MS) continue;
      const lock = await tryLock(`${queue.dir}/lock`).catch(() => undefined);
      if (lock === undefined) continue;
      // Removed while held: a gateway that opens the lock file meanwhile finds it gone.
      await Deno.remove(queue.dir, { recursive: true }).catch(() => {});
      lock.close();
    }
  } catch {
    // No queues at all.
  }
}

/** Where the queues and slots live. */
export function couriersRoot(home: string): string {
  return `${home}/async/couriers`;
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
