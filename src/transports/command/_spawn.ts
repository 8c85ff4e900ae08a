// Spawning a hook as its own process group, feeding it, reading it under a
// byte cap, and making sure nothing of it outlives the result.

import type { HookProcesses } from "./processes.ts";

/** What to run and how. */
export interface SpawnRequest {
  program: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  stdin: Uint8Array;
  /** Cap for stdout and for stderr, each, in bytes. */
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
  /** Why hookgate killed the group, if it did (or, with `pid` null, why it never started). */
  stopped: "signal" | "cap" | null;
  /** The exit code (null when it could not start). */
  code: number | null;
  /** The signal that ended the leader, if any. */
  exitSignal: string | null;
  stdout: Uint8Array;
  stderr: Uint8Array;
  stdoutTruncated: boolean;
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
  let viaSetsid = launcher() === "setsid";
  try {
    try {
      child = startGroup(request, viaSetsid);
    } catch (error) {
      if (!viaSetsid || !(error instanceof Deno.errors.NotFound) || /cwd/i.test(String(error))) throw error;
      // No setsid here after all: remember, and use Deno's own detach.
      setsidMissing = true;
      viaSetsid = false;
      child = startGroup(request, false);
    }
  } catch (error) {
    result.spawnError = error;
    return;
  }
  const pid = child.pid;
  result.pid = pid;
  const untrack = request.processes.track({ pid, kill: () => killGroup(pid, child) });

  const kills: Promise<void>[] = [];
  const stop = (why: "signal" | "cap") => {
    if (result.stopped !== null) return;
    result.stopped = why;
    kills.push(killGroup(pid, child));
  };
  // Drain both pipes before writing stdin: a child that writes before it
  // reads would otherwise deadlock against a full pipe.
  const stdout = capture(child.stdout, request.maxOutputBytes, () => stop("cap"));
  const stderr = capture(child.stderr, request.maxOutputBytes, () => stop("cap"));
  const onAbort = () => stop("signal");
  request.signal.addEventListener("abort", onAbort, { once: true });
  const stdin = feed(child.stdin, request.stdin);

  const status = await child.status;
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

// Every hook gets its own process group (and session), so one signal to
// the group reaches grandchildren too.
//
// Why setsid(1) rather than Deno's `detached: true`: `detached` makes Deno
// fork+exec itself synchronously (it needs a pre-exec hook), which costs
// 5-8 ms of blocked event loop per hook and serializes fan-out; a plain
// spawn uses posix_spawn (~0.6 ms). util-linux setsid calls setsid() and
// execs the hook in place (the pid stays the group id), for one extra exec
// (~1 ms). Where setsid is missing or not allowed by --allow-run, hookgate
// falls back to `detached`. Deno's --allow-run then sees "setsid", not the
// hook's program: hookgate's preflight checks the hook's program itself.
let setsidMissing = false;

function launcher(): "setsid" | "detached" {
  if (setsidMissing || Deno.build.os !== "linux") return "detached";
  try {
    const state = Deno.permissions.querySync({ name: "run", command: "setsid" }).state;
    return state === "granted" ? "setsid" : "detached";
  } catch {
    return "detached";
  }
}

function startGroup(
  request: SpawnRequest,
  viaSetsid: boolean,
): Deno.ChildProcess {
  const options = {
    cwd: request.cwd,
    env: request.env,
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  } as const;
  return viaSetsid
    ? new Deno.Command("setsid", {
      ...options,
      args: ["--", request.program, ...request.args],
    }).spawn()
    : new Deno.Command(request.program, {
      ...options,
      args: request.args,
      detached: true,
    }).spawn();
}

interface Capture {
  done: Promise<void>;
  cancel(): void;
  bytes(): Uint8Array;
  truncated(): boolean;
}

/** Reads a stream into memory, never more than `cap` bytes. */
function capture(
  stream: ReadableStream<Uint8Array>,
  cap: number,
  onCap: () => void,
): Capture {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  const done = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        if (size + value.byteLength > cap) {
          chunks.push(value.subarray(0, cap - size));
          size = cap;
          truncated = true;
          onCap();
          await reader.cancel();
          return;
        }
        chunks.push(value);
        size += value.byteLength;
      }
    } catch {
      // Cancelled or broken: keep what arrived.
    }
  })();
  return {
    done,
    cancel: () => void reader.cancel().catch(() => {}),
    bytes: () => concat(chunks, size),
    truncated: () => truncated,
  };
}

interface Feed {
  /** Settles once the payload is written and stdin closed, or the write failed; never rejects. */
  done: Promise<void>;
  /** Whether the write is still in progress. */
  readonly pending: boolean;
}

/**
 * Writes the payload and closes stdin. A hook that exits without reading
 * its input makes the write fail with BrokenPipe: that is its right, not a
 * failure. Never rejects (an unawaited rejected write would crash Deno).
 */
function feed(stdin: WritableStream<Uint8Array>, bytes: Uint8Array): Feed {
  let pending = true;
  const done = (async () => {
    const writer = stdin.getWriter();
    try {
      await writer.write(bytes);
      await writer.close();
    } catch {
      await writer.abort().catch(() => {});
    }
    pending = false;
  })();
  return {
    done,
    get pending() {
      return pending;
    },
  };
}

/**
 * SIGKILL to every process still in the hook's session: descendants that
 * left its process group but not its session (job control, `setpgid`).
 * The hook's pid is its session id (setsid and Deno's `detached` both make
 * it a session leader), and the kernel does not reuse a pid while it still
 * names a session, so this reaches the hook's descendants only. It runs
 * `pkill -KILL -s <sid>` (procps, BusyBox and BSD pkill all take `-s`):
 * Deno 2.9.6 grants reading `/proc/<pid>/stat` only under `--allow-all`,
 * while `pkill` needs just `--allow-run` covering it (unscoped, as for
 * `Deno.kill(-pgid)`, or listing `pkill`). Without it, or on Windows, the
 * sweep is skipped. Only called when something still holds the hook's
 * pipes after its group was killed, so it costs nothing on the common path.
 *
 * @returns `"killed"` when some process was signalled, `"none"` when the
 * session was empty, `"skipped"` when it could not be searched.
 */
async function killSession(sid: number): Promise<"killed" | "none" | "skipped"> {
  if (Deno.build.os === "windows") return "skipped";
  try {
    if (Deno.permissions.querySync({ name: "run", command: "pkill" }).state !== "granted") return "skipped";
    // pkill exits 0 when it signalled something, 1 when nothing matched.
    const { code } = await new Deno.Command("pkill", {
      args: ["-KILL", "-s", String(sid)],
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).output();
    return code === 0 ? "killed" : code === 1 ? "none" : "skipped";
  } catch {
    return "skipped";
  }
}

/**
 * SIGKILL to the whole group. SIGKILL, not SIGTERM: a hook that traps TERM
 * must not outlive its deadline, and a grace period would only delay the
 * result. `Deno.kill(-pid)` needs unscoped `--allow-run`; under a scoped
 * `--allow-run` (e.g. `--allow-run=sh,kill`) the `kill` utility does the
 * same, and as a last resort the leader alone is killed.
 */
function killGroup(pid: number, child: Deno.ChildProcess): Promise<void> {
  if (killGroupNow(pid, child)) return Promise.resolve();
  return new Deno.Command("kill", {
    args: ["-KILL", "--", `-${pid}`],
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).output().then(
    () => {},
    () => killLeader(child),
  );
}

/** Kills the group synchronously when permissions allow; `false` if not. */
function killGroupNow(pid: number, child: Deno.ChildProcess): boolean {
  if (Deno.build.os === "windows") {
    killLeader(child);
    return true;
  }
  if (Deno.permissions.querySync({ name: "run" }).state !== "granted") {
    return false;
  }
  try {
    Deno.kill(-pid, "SIGKILL");
  } catch {
    // The group is already gone.
  }
  return true;
}

function killLeader(child: Deno.ChildProcess): void {
  try {
    child.kill("SIGKILL");
  } catch {
    // Already exited.
  }
}

/** Whether `promise` settles within `ms`; the timer is always cleared. */
async function settlesWithin(
  promise: Promise<unknown>,
  ms: number,
): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<false>((resolve) => timer = setTimeout(() => resolve(false), ms));
  try {
    return await Promise.race([promise.then(() => true), expired]);
  } finally {
    clearTimeout(timer);
  }
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
