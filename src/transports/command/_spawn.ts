// Spawning a hook as its own process group, feeding it, reading it under a
// byte cap (past which the rest is drained for a bounded while, so a hook
// that exits then still has its exit code counted, and one that goes on is
// killed), and making sure nothing of it outlives the result. This module
// holds the sequence and its grace periods; starting the group is in
// _launch.ts, the pipes in _pipes.ts, the kills in _group_kill.ts.

import { OUTPUT_DRAIN_MS } from "../../_internal/limits.ts";
import { killGroup, killSession } from "./_group_kill.ts";
import { launchGroup } from "./_launch.ts";
import { capture, feed } from "./_pipes.ts";
import type { HookProcesses } from "./processes.ts";

/** What to run and how. */
export interface SpawnRequest {
  program: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  stdin: Uint8Array;
  /**
   * How much of stdout and of stderr, each, is kept, in bytes; past it the
   * rest is drained for at most `OUTPUT_DRAIN_MS` and `OUTPUT_DRAIN_BYTES`.
   */
  maxOutputBytes: number;
  /** Fires on the deadline or the caller's abort: the group is killed. */
  signal: AbortSignal;
  /** Where the running group is tracked. */
  processes: HookProcesses;
}

/** What happened. */
export interface SpawnResult {
  /** The leader's pid, which is also the process group id. */
  pid: number | null;
  /**
   * Why hookgate killed the group before its leader exited: `"signal"` when
   * the signal fired (or, with `pid` null, when it never started);
   * `"output"` when, past the cap, a stream went on beyond
   * `OUTPUT_DRAIN_BYTES` or the leader did not exit within `OUTPUT_DRAIN_MS`.
   */
  stopped: "signal" | "output" | null;
  /** The exit code (null when it could not start). */
  code: number | null;
  /** The signal that ended the leader, if any. */
  exitSignal: string | null;
  /** The first `maxOutputBytes` of stdout. */
  stdout: Uint8Array;
  /** The first `maxOutputBytes` of stderr. */
  stderr: Uint8Array;
  /** Whether stdout carried more than `maxOutputBytes` (the rest was drained or cut off). */
  stdoutTruncated: boolean;
  /** Whether stderr carried more than `maxOutputBytes`. */
  stderrTruncated: boolean;
  /** Why it could not start. */
  spawnError?: unknown;
  /**
   * Set when `setsid` started but could not execute the program (it exits
   * 127 or 126 then): `"not found"` or `"not executable"`.
   */
  launchFailure?: "not found" | "not executable";
  /** Set when the signal fired while the hook waited for a slot: it never started. */
  queued?: true;
  /**
   * Set when, after the leader exited and its group was killed, something
   * still held the hook's pipes: a descendant that left its process group
   * and could not be killed — it started a session of its own (`setsid`, a
   * daemon), which no signal to the group or session reaches, or the
   * session could not be searched (`pkill` not allowed).
   */
  escaped?: EscapedProcess;
}

/** What a descendant that escaped the kill still holds. */
export interface EscapedProcess {
  /**
   * `"stdin"` when it holds stdin and the payload was not all written:
   * that write cannot be cancelled and keeps one descriptor open until the
   * process exits or closes its stdin; `"output"` when it held stdout or
   * stderr (reading stopped; nothing stays open here).
   */
  holds: "stdin" | "output";
  /** Whether the hook's session was searched (and whatever was in it killed). */
  sessionSwept: boolean;
}

/**
 * After the leader exits, how long descendants may keep the pipes open
 * before the group is killed and reading stops with what arrived. Long
 * enough for output already in flight, short enough to stay well inside the
 * 250 ms bound on timeouts.
 */
const EXIT_GRACE_MS = 100;
/** After hookgate killed the group, how long to wait for the pipes to close. */
const KILL_GRACE_MS = 50;
/**
 * After the session was swept, how long to wait for the pipes before
 * giving up on them. Not only escaped processes hold pipes: under a burst
 * of concurrent spawns Deno 2.9.6 can report a child's pipes closed
 * 100-350 ms after its exit (measured with 32 `true` children at once; no
 * process of the hook is left then), and giving up too early would leave
 * the payload's write pending and warn about an escape that is not one.
 * Only a hook whose descendant really escaped pays the whole wait.
 */
const ESCAPE_WAIT_MS = 500;

/**
 * Runs one hook process; never throws. Waits for a slot of
 * `request.processes` first (without starting anything when the signal
 * fires meanwhile), and gives it back once nothing of the hook is left.
 */
export async function spawnHook(request: SpawnRequest): Promise<SpawnResult> {
  const empty = new Uint8Array();
  const result: SpawnResult = {
    pid: null,
    stopped: null,
    code: null,
    exitSignal: null,
    stdout: empty,
    stderr: empty,
    stdoutTruncated: false,
    stderrTruncated: false,
  };
  const processes = request.processes;
  if (request.signal.aborted) {
    result.stopped = "signal";
    return result;
  }
  if (!processes.tryAcquire()) {
    const granted = await processes.acquire(request.signal);
    // The signal may fire between the grant and this line.
    if (!granted || request.signal.aborted) {
      if (granted) processes.release();
      result.stopped = "signal";
      result.queued = true;
      return result;
    }
  }
  try {
    await runGroup(request, result);
  } finally {
    processes.release();
  }
  return result;
}

async function runGroup(request: SpawnRequest, result: SpawnResult): Promise<void> {
  let child: Deno.ChildProcess;
  let viaSetsid: boolean;
  try {
    ({ child, viaSetsid } = launchGroup(request));
  } catch (error) {
    result.spawnError = error;
    return;
  }
  const pid = child.pid;
  result.pid = pid;
  const untrack = request.processes.track({ pid, kill: () => killGroup(pid, child) });

  const kills: Promise<void>[] = [];
  const onAbort = () => {
    if (result.stopped !== null) return;
    result.stopped = "signal";
    kills.push(killGroup(pid, child));
  };
  // Past the cap a hook has a bounded while to exit: its exit code still
  // counts then (a test runner that printed 200 KB of failures and exits 2
  // blocks). Output that goes on past that (`yes`, a stream that never
  // ends, a trickle) gets the group killed at once rather than at the
  // deadline: its answer could not count anyway, and the deadline may be
  // minutes away.
  let exited = false;
  let drainWindow: AbortSignal | null = null;
  const onFlood = () => {
    if (exited || result.stopped !== null) return;
    result.stopped = "output";
    kills.push(killGroup(pid, child));
  };
  const events = {
    onCap() {
      if (drainWindow !== null || exited) return;
      // Not setTimeout: see settlesWithin.
      drainWindow = AbortSignal.timeout(OUTPUT_DRAIN_MS);
      drainWindow.addEventListener("abort", onFlood, { once: true });
    },
    onOverflow: onFlood,
  };
  // Drain both pipes before writing stdin: a child that writes before it
  // reads would otherwise deadlock against a full pipe.
  const stdout = capture(child.stdout, request.maxOutputBytes, events);
  const stderr = capture(child.stderr, request.maxOutputBytes, events);
  request.signal.addEventListener("abort", onAbort, { once: true });
  const stdin = feed(child.stdin, request.stdin);

  const status = await child.status;
  exited = true;
  // The listener holds the event loop open until it is removed.
  (drainWindow as AbortSignal | null)?.removeEventListener("abort", onFlood);
  request.signal.removeEventListener("abort", onAbort);
  result.code = status.code;
  result.exitSignal = status.signal;

  // The leader is gone; descendants may still hold the pipes (a hook that
  // exits without reading a large payload gets BrokenPipe at once, unless
  // a descendant still holds its stdin).
  const released = Promise.all([stdout.done, stderr.done, stdin.done]);
  let killedAfterExit = false;
  if (!(await settlesWithin(released, result.stopped === null ? EXIT_GRACE_MS : KILL_GRACE_MS))) {
    await killGroup(pid, child);
    killedAfterExit = true;
    // Still held: by a descendant that left the group. One that stayed in
    // the session (job control, setpgid) can be found and killed; one that
    // started a session of its own cannot.
    let held = !(await settlesWithin(released, KILL_GRACE_MS));
    let sessionSwept = false;
    if (held) {
      sessionSwept = await killSession(pid) !== "skipped";
      held = !(await settlesWithin(released, ESCAPE_WAIT_MS));
    }
    stdout.cancel();
    stderr.cancel();
    // A pending write to stdin cannot be cancelled (Deno's child stdin has
    // no cancellable write, and aborting the stream waits for it): it is
    // left to fail with BrokenPipe once its last reader is gone, and is
    // never awaited here. It never rejects.
    if (held) result.escaped = { holds: stdin.pending ? "stdin" : "output", sessionSwept };
  }
  // Whatever happened, nothing of the group may keep running.
  if (!killedAfterExit) kills.push(killGroup(pid, child));
  await Promise.all([stdout.done, stderr.done, ...kills]);
  untrack();

  result.stdout = stdout.bytes();
  result.stderr = stderr.bytes();
  result.stdoutTruncated = stdout.truncated();
  result.stderrTruncated = stderr.truncated();
  if (
    viaSetsid && (status.code === 127 || status.code === 126) &&
    result.stdout.byteLength === 0
  ) {
    const text = new TextDecoder().decode(result.stderr);
    if (/^setsid: (failed to execute|can't execute)/.test(text)) {
      result.launchFailure = status.code === 127 ? "not found" : "not executable";
    }
  }
}

/**
 * Whether `promise` settles within `ms`. The wake-up is an
 * `AbortSignal.timeout`, as in the deadline scheduler: its listener is
 * removed once the promise settles, which releases the event loop, and the
 * signal left behind is inert. Not setTimeout: in Deno 2.9.6 the first use
 * of the global setTimeout loads Node's timers module, about 3 ms of every
 * hook-run call that runs a command hook.
 */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  const expired = AbortSignal.timeout(ms);
  return new Promise<boolean>((resolve, reject) => {
    const onExpired = () => resolve(false);
    expired.addEventListener("abort", onExpired, { once: true });
    promise.then(
      () => {
        expired.removeEventListener("abort", onExpired);
        resolve(true);
      },
      (error) => {
        expired.removeEventListener("abort", onExpired);
        reject(error);
      },
    );
  });
}
