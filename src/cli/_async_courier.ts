// How hook-run gateway runs a call's async hooks without holding the call:
// it adds the call to its session's queue (_async_queue.ts) and, unless a
// courier already serves that queue, starts one — hook-run again, the same
// program under the same permissions, as `hook-run gateway --run-async` —
// in a session of its own (so that nothing the agent does to the gateway's
// process group reaches it), and exits. The courier runs each call's hooks
// under their deadlines as it takes them, keeps what they leave in the
// session's spool, takes the calls that come meanwhile, and ends once none
// came for COURIER_IDLE_MS: one process per session, however many calls
// have async hooks, and at most MAX_COURIERS of them at once. Its hooks die
// with it.

import { readEnv } from "./_env.ts";
import {
  CourierQueue,
  couriersRoot,
  type Lock,
  MAX_COURIERS,
  type QueuedCall,
  slotFree,
  takeSlot,
} from "./_async_queue.ts";

/** How to start hook-run again. */
export interface CourierCommand {
  program: string;
  args: string[];
}

const PERMISSIONS = ["read", "write", "net", "env", "run", "sys", "ffi", "import"] as const;

/**
 * The command that runs hook-run again with `args` under this process's
 * own permissions — never wider — or why there is none: this process's
 * exact command line where it can read it, else `--allow-all` where it has
 * every permission, else the launcher's flags when it runs as the
 * launcher, else none.
 */
export async function courierCommand(args: readonly string[]): Promise<CourierCommand | string> {
  const program = Deno.execPath();
  if (!granted({ name: "run", command: program })) {
    return `starting a process of its own needs --allow-run=${program}`;
  }
  const own = ownCommandLine();
  if (own !== undefined) return { program, args: [...own.slice(1), ...args] };
  const main = Deno.mainModule;
  if (PERMISSIONS.every((name) => granted({ name }))) {
    const script = main.startsWith("file:") ? decodeURIComponent(new URL(main).pathname) : main;
    return { program, args: ["run", "--quiet", "--no-prompt", "--allow-all", script, ...args] };
  }
  const home = readEnv("HOOKGATE_HOME");
  if (home !== undefined) {
    // Only the launcher needs these (and what they import): loaded then.
    const { launcherFlags, launcherPaths } = await import("./_launcher.ts");
    const { flagWords } = await import("./_launcher_flags.ts");
    const { bin, bundle, start } = launcherPaths(home);
    const flags = [bundle, start].some((file) => main === new URL(`file://${file}`).href)
      ? launcherFlags(await Deno.readTextFile(bin).catch(() => ""))
      : undefined;
    if (flags !== undefined) {
      return { program, args: ["run", "--quiet", "--no-config", "--no-prompt", ...flagWords(flags), bundle, ...args] };
    }
  }
  return "this process's permissions cannot be given to another: run hook-run with --allow-all or as the launcher hook-run install builds";
}

/**
 * Starts `command` in a session of its own with `stdin` as its input, and
 * resolves once it has all of it; `undefined`, or why it could not.
 */
export async function startCourier(command: CourierCommand, stdin: string): Promise<string | undefined> {
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(command.program, {
      args: command.args,
      stdin: "piped",
      stdout: "null",
      stderr: "null",
      // Its own session: the agent may kill the gateway's process group once it answered.
      detached: true,
    }).spawn();
  } catch (error) {
    return `it could not be started: ${(error as Error).message}`;
  }
  // The gateway exits before it: nothing here waits for its end.
  child.unref();
  child.status.catch(() => {});
  try {
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(stdin));
    await writer.close();
  } catch (error) {
    return `it did not take the call: ${(error as Error).message}`;
  }
  return undefined;
}

/** This process's own command line (Linux, where it may read it), when it ends with this program's arguments. */
function ownCommandLine(): string[] | undefined {
  try {
    const words = Deno.readTextFileSync("/proc/self/cmdline").split("\0");
    words.pop();
    const prefix = words.length - Deno.args.length;
    if (prefix < 1 || words.slice(prefix).some((word, index) => word !== Deno.args[index])) return undefined;
    return words.slice(0, prefix);
  } catch {
    return undefined;
  }
}

function granted(descriptor: Deno.PermissionDescriptor): boolean {
  try {
    return Deno.permissions.querySync(descriptor).state === "granted";
  } catch {
    return false;
  }
}

/** How long a courier waits for another call once it has run them all. */
export const COURIER_IDLE_MS = 2_000;
/** How often a courier looks for new calls. */
const POLL_MS = 100;
/** The key of what a gateway hands its courier on stdin: the queue to serve. */
const QUEUE_KEY = "hookgate_async_queue";

/** What became of a call's async hooks handed to a courier. */
export interface HandOff {
  /** Why no courier could take them: nothing was queued, and they are the caller's to run. */
  problem?: string;
  /** Queued without a courier yet (all MAX_COURIERS run): they start with a later call of the session. */
  waiting?: string;
}

/**
 * Hands a call's async hooks to its session's courier: queued, and a
 * courier started unless one runs. Never throws.
 */
export async function handToCourier(call: QueuedCall, sessionId: string, home: string): Promise<HandOff> {
  let queue: CourierQueue | undefined;
  let name: string | undefined;
  try {
    queue = await queueOf(home, sessionId);
    name = await queue.add(call);
    // Added first, then looked: a courier that holds the lock now looks at its queue again before it ends.
    if (await queue.held()) return {};
  } catch (error) {
    if (queue !== undefined && name !== undefined && !await queue.withdraw(name)) return {};
    return { problem: `its queue could not be used: ${(error as Error).message}` };
  }
  const started = await startFor(queue, home);
  if (started.problem === undefined) return started;
  // Taken back, for the caller to run; unless a courier took it meanwhile.
  return await queue.withdraw(name) ? started : {};
}

/**
 * Starts the courier of a session whose calls wait with none to run them
 * (its courier ended first, or all MAX_COURIERS ran when they came). Never
 * throws.
 */
export async function resumeCourier(sessionId: string, home: string): Promise<void> {
  try {
    const queue = await queueOf(home, sessionId);
    if (await queue.waiting() && !await queue.held()) await startFor(queue, home);
  } catch {
    // The next call tries again.
  }
}

/** What a gateway hands the courier it starts: the queue to serve, and the token of its start. */
export interface QueueReference {
  queue: CourierQueue;
  token: string;
}

/** The queue a courier was started for, when `stdin` names one (else it is a call). */
export function queueReference(stdin: string, home: string): QueueReference | undefined {
  try {
    const value = JSON.parse(stdin);
    const dir = value?.[QUEUE_KEY];
    const token = value?.token;
    if (typeof dir !== "string" || typeof token !== "string" || Object.keys(value).length !== 2) return undefined;
    if (!dir.startsWith(`${couriersRoot(home)}/`) || dir.includes("/../")) return undefined;
    return { queue: new CourierQueue(dir), token };
  } catch {
    return undefined;
  }
}

/** The queue of `sessionId` for this gateway's arguments and environment. */
export function queueOf(home: string, sessionId: string): Promise<CourierQueue> {
  return CourierQueue.of(home, sessionId, Deno.args, environmentKey());
}

/** What a courier does with the calls it takes. */
export interface CourierOptions {
  home: string;
  /** Runs one call's async hooks and keeps what they leave; may exit the process when they hang. */
  run(call: QueuedCall): Promise<void>;
  /** Keeps, for the session's next call, that a call's async hooks were lost with a courier that ended first. */
  lost(call: QueuedCall): Promise<void>;
}

/**
 * Serves `queue` as its courier: runs each call as it is taken, all of
 * them side by side, until none came for COURIER_IDLE_MS. Ends at once when
 * another courier serves it, or when all MAX_COURIERS run (the calls wait
 * for a later call of the session to start one).
 */
export async function serveQueue(
  queue: CourierQueue,
  token: string | undefined,
  options: CourierOptions,
): Promise<void> {
  let lock = await lockSoon(queue);
  // From here on, a gateway that finds the lock free starts another courier.
  if (token !== undefined) await queue.clearStart(token);
  if (lock === undefined) {
    // A gateway that came while this one was on its way left its call to it: looked at again, now that it is not.
    if (token === undefined || !await queue.waiting()) return;
    lock = await lockSoon(queue);
    if (lock === undefined) return;
  }
  const slot = await soon(() => takeSlot(options.home));
  if (slot === undefined) {
    await queue.release(lock);
    return;
  }
  try {
    for (const call of await queue.lost()) await options.lost(call).catch(() => {});
    let running = 0;
    let idleSince = performance.now();
    while (true) {
      for (const { name, call } of await queue.take()) {
        running++;
        void (async () => {
          await options.run(call).catch(() => {});
          // Done first: a call still in running/ once the lock is let go counts as lost.
          await queue.done(name);
          running--;
        })();
      }
      if (running > 0) {
        idleSince = performance.now();
      } else if (performance.now() - idleSince >= COURIER_IDLE_MS) {
        // Let go, then look again: a call added while the lock was held is this courier's to run.
        await queue.release(lock);
        if (!await queue.waiting()) break;
        lock = await lockSoon(queue);
        if (lock === undefined) break;
        // Another courier may have held it meanwhile, and ended first.
        for (const call of await queue.lost()) await options.lost(call).catch(() => {});
        idleSince = performance.now();
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    slot.close();
  }
}

/**
 * Starts a courier for `queue`, unless one is on its way, when a slot is
 * free. Never throws.
 */
async function startFor(queue: CourierQueue, home: string): Promise<HandOff> {
  let token: string | undefined;
  try {
    token = await queue.claimStart();
    if (token === undefined) return {};
    if (!await slotFree(home)) {
      await queue.clearStart(token);
      return {
        waiting: `${MAX_COURIERS} processes already run async hooks, the most at once; the async hooks of ` +
          `this call start with a later call of the session, once one of those processes has ended`,
      };
    }
  } catch (error) {
    if (token !== undefined) await queue.clearStart(token);
    return { problem: `its queue could not be used: ${(error as Error).message}` };
  }
  const command = await courierCommand([...Deno.args, "--run-async"]);
  const problem = typeof command === "string"
    ? command
    : await startCourier(command, JSON.stringify({ [QUEUE_KEY]: queue.dir, token }));
  if (problem === undefined) return {};
  await queue.clearStart(token);
  return { problem };
}

/** The queue's lock, looked for again briefly: a gateway that looks whether it is free holds it for a moment. */
function lockSoon(queue: CourierQueue): Promise<Lock | undefined> {
  return soon(() => queue.lock());
}

/** What `take` gives within about 200 ms of tries; `undefined` when it gave nothing (or threw) every time. */
async function soon(take: () => Promise<Lock | undefined>): Promise<Lock | undefined> {
  for (let attempt = 0; attempt < 10; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const lock = await take().catch(() => undefined);
    if (lock !== undefined) return lock;
  }
  return undefined;
}

/**
 * The environment, as a queue's key: a call is run in the environment of
 * the gateway that received it, so a courier serves only calls that came
 * in the same one. Without the whole of --allow-env, the same for all.
 */
function environmentKey(): string {
  if (!granted({ name: "env" })) return "";
  try {
    return JSON.stringify(Object.entries(Deno.env.toObject()).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0));
  } catch {
    return "";
  }
}
