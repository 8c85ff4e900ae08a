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
  /** Why hookgate killed the group, if it did. */
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
}

/**
 * After the leader exits, how long descendants may keep stdout/stderr open
 * before the group is killed and reading stops with what arrived. Long
 * enough for output already in flight, short enough to stay well inside the
 * 250 ms bound on timeouts.
 */
const EXIT_GRACE_MS = 100;
/** After hookgate killed the group, how long to wait for the pipes to close. */
const KILL_GRACE_MS = 50;

/** Runs one hook process; never throws. */
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
  if (request.signal.aborted) {
    result.stopped = "signal";
    return result;
  }
  let child: Deno.ChildProcess;
  const viaSetsid = launcher() === "setsid";
  try {
    child = startGroup(request, viaSetsid);
  } catch (error) {
    if (
      viaSetsid && error instanceof Deno.errors.NotFound &&
      !/cwd/i.test(String(error))
    ) {
      // No setsid here after all: remember, and use Deno's own detach.
      setsidMissing = true;
      return spawnHook(request);
    }
    result.spawnError = error;
    return result;
  }
  const pid = child.pid;
  result.pid = pid;
  const untrack = request.processes.track({ kill: () => killGroup(pid, child) });

  const kills: Promise<void>[] = [];
  const stop = (why: "signal" | "cap") => {
    if (result.stopped !== null) return;
    result.stopped = why;
    kills.push(killGroup(pid, child));
  };
  // Drain both pipes before writing stdin: a child that writes before it
  // reads would otherwise deadlock against a full pipe.
  const stdout = capture(
    child.stdout,
    request.maxOutputBytes,
    () => stop("cap"),
  );
  const stderr = capture(
    child.stderr,
    request.maxOutputBytes,
    () => stop("cap"),
  );
  const onAbort = () => stop("signal");
  request.signal.addEventListener("abort", onAbort, { once: true });
  const writing = writeAll(child.stdin, request.stdin);

  const status = await child.status;
  request.signal.removeEventListener("abort", onAbort);
  result.code = status.code;
  result.exitSignal = status.signal;

  // The leader is gone; descendants may still hold the pipes.
  const drained = Promise.all([stdout.done, stderr.done]);
  if (
    !(await settlesWithin(
      drained,
      result.stopped === null ? EXIT_GRACE_MS : KILL_GRACE_MS,
    ))
  ) {
    stdout.cancel();
    stderr.cancel();
  }
  // Whatever happened, nothing of the group may keep running.
  kills.push(killGroup(pid, child));
  await Promise.all([drained, writing, ...kills]);
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
  return result;
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

/**
 * Writes the payload and closes stdin. A hook that exits without reading
 * its input makes the write fail with BrokenPipe: that is its right, not a
 * failure. Never rejects (an unawaited rejected write would crash Deno).
 */
async function writeAll(
  stdin: WritableStream<Uint8Array>,
  bytes: Uint8Array,
): Promise<void> {
  const writer = stdin.getWriter();
  try {
    await writer.write(bytes);
    await writer.close();
  } catch {
    await writer.abort().catch(() => {});
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
