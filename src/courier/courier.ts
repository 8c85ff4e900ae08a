// How hook-run gateway runs a call's async hooks without holding the call:
// it adds the call to the queue of its set-up (queue.ts: its
// arguments, working directory and environment) and, unless a courier
// already serves that queue, starts one — hook-run again, the same program
// under the same permissions, as `hook-run gateway --run-async` — in a
// session of its own (so that nothing the agent does to the gateway's
// process group reaches it), and exits. The courier runs each call's hooks
// under their deadlines as it takes them, keeps what they leave in the
// spool of the call's own session, takes the calls that come meanwhile,
// from every session, and ends once none came for COURIER_IDLE_MS: one
// process per set-up, however many sessions and calls have async hooks.
// Its hooks die with it.

import { readGrantedEnv } from "../_internal/env.ts";
import { couriersRoot } from "../_internal/async_dirs.ts";
import { CourierQueue, type Lock, type QueuedCall } from "./queue.ts";

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
  const home = readGrantedEnv("HOOKGATE_HOME");
  if (home !== undefined) {
    // Only the launcher needs these (and what they import): loaded then.
    const { launcherFlags, launcherPaths } = await import("../install/launcher.ts");
    const { flagWords } = await import("../install/launcher_flags.ts");
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
}

/**
 * Hands a call's async hooks to the courier of this gateway's set-up:
 * queued, and a courier started unless one runs or is on its way. Never
 * throws.
 */
export async function handToCourier(call: QueuedCall, home: string): Promise<HandOff> {
  // First whether one can be started at all: a start is claimed, for later calls to count on, only then.
  const command = await courierCommand([...Deno.args, "--run-async"]);
  if (typeof command === "string") return { problem: command };
  let queue: CourierQueue | undefined;
  let name: string | undefined;
  let token: string | undefined;
  try {
    queue = await queueOf(home);
    const own = queue;
    token = await own.unswept(async () => {
      name = await own.add(call);
      // Added first, then looked: a courier that holds the lock now looks at its queue again before it ends.
      return await own.held() ? undefined : await own.claimStart();
    });
  } catch (error) {
    if (queue !== undefined && name !== undefined && !await queue.withdraw(name)) return {};
    return { problem: `its queue could not be used: ${(error as Error).message}` };
  }
  if (token === undefined) return {};
  const problem = await startClaimed(command, queue, token);
  // Taken back, for the caller to run; unless a courier took it meanwhile.
  return problem === undefined || !await queue.withdraw(name!) ? {} : { problem };
}

/**
 * Starts the courier of this gateway's set-up when calls wait with none to
 * run them (one ended, or was never started, before it took them). Never
 * throws.
 */
export async function resumeCourier(home: string): Promise<void> {
  try {
    const queue = await queueOf(home);
    if (!await queue.waiting()) return;
    const command = await courierCommand([...Deno.args, "--run-async"]);
    if (typeof command === "string") return;
    const token = await queue.unswept(async () => await queue.held() ? undefined : await queue.claimStart());
    if (token !== undefined) await startClaimed(command, queue, token);
  } catch {
    // The next call tries again.
  }
}

/**
 * Starts the courier whose start `token` claimed for `queue`; why it could
 * not, the claim then let go (the calls that counted on it meanwhile wait
 * for the set-up's next call, see {@linkcode resumeCourier}).
 */
async function startClaimed(command: CourierCommand, queue: CourierQueue, token: string): Promise<string | undefined> {
  const problem = await startCourier(command, JSON.stringify({ [QUEUE_KEY]: queue.dir, token }));
  if (problem !== undefined) await queue.clearStart(token);
  return problem;
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

/** The queue of this gateway's set-up: its arguments, working directory and environment. */
export function queueOf(home: string): Promise<CourierQueue> {
  return CourierQueue.of(home, Deno.args, Deno.cwd(), environmentKey());
}

/** What a courier does with the calls it takes. */
export interface CourierOptions {
  /** Runs one call's async hooks and keeps what they leave; may exit the process when they hang. */
  run(call: QueuedCall): Promise<void>;
  /** Keeps, for the next call of the call's session, that its async hooks were lost with a courier that ended first. */
  lost(call: QueuedCall): Promise<void>;
}

/**
 * Serves `queue` as its courier: runs each call as it is taken, all of
 * them side by side, whatever their session, until none came for
 * COURIER_IDLE_MS. Ends at once when another courier serves it.
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
}

/**
 * The queue's lock, looked for again within about 200 ms (a gateway that
 * looks whether it is free holds it for a moment), with no sweep between:
 * `undefined` when another courier holds it, or a gateway that found it
 * free (which starts one, or counts on one on its way).
 */
function lockSoon(queue: CourierQueue): Promise<Lock | undefined> {
  return queue.unswept(async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      const lock = await queue.lock().catch(() => undefined);
      if (lock !== undefined) return lock;
    }
    return undefined;
  }).catch(() => undefined);
}

/**
 * The environment, as a queue's key, whole: a courier runs every call in
 * its own environment, which the hooks inherit (Claude's the whole of it)
 * and the configuration is found by, so it serves only calls that came in
 * the same one. What an agent sets for each session's hooks stays in it
 * (Claude Code: CLAUDE_CODE_SESSION_ID, CLAUDE_PID, the socket and token
 * of its messaging, CLAUDE_ENV_FILE on SessionStart), since a hook must
 * never get another call's: the runner gives hooks this process's
 * environment, there is no other to give them. (Codex gives every
 * session's hooks the same: its sessions share a courier.)
 * Without the whole of --allow-env, the same for all.
 */
function environmentKey(): string {
  if (!granted({ name: "env" })) return "";
  try {
    return JSON.stringify(Object.entries(Deno.env.toObject()).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0));
  } catch {
    return "";
  }
}
