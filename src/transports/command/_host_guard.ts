// Hooks that die with their host. Killed with SIGKILL, a host cannot kill
// its hooks, and they run in their own sessions, so nothing else would. A
// small watchdog, started once per guarded owner in a session of its own
// (so a signal to the host's group does not reach it), learns each hook's
// pid on a pipe. When the host dies, the kernel closes the pipe; the
// watchdog reads end-of-file and kills every group (and session) still
// listed. On a clean shutdown the list is empty, so it kills nothing.

import { helperEnv } from "./_loader_env.ts";

/** A watchdog for one owner's hooks; `null` where it cannot run. */
export interface HostGuard {
  add(pid: number): void;
  remove(pid: number): void;
  close(): Promise<void>;
}

// awk keeps the set of live pids; at end of input it kills what is left.
const WATCHDOG = `exec awk '
/^[+]/ { live[substr($0, 2)] = 1; next }
/^-/ { delete live[substr($0, 2)]; next }
END {
  for (pid in live) {
    system("kill -KILL -- -" pid " 2>/dev/null; pkill -KILL -s " pid " 2>/dev/null")
  }
}'`;

/**
 * Starts a watchdog, or returns `null` where it cannot run (not Linux, or
 * `--allow-run` does not cover `setsid` and `sh`): the host then documents
 * that its hooks outlive a SIGKILL.
 */
export function startHostGuard(): HostGuard | null {
  if (Deno.build.os !== "linux" || !allowed("setsid") || !allowed("sh")) return null;
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command("setsid", {
      args: ["sh", "-c", WATCHDOG],
      ...helperEnv(),
      stdin: "piped",
      stdout: "null",
      stderr: "null",
    }).spawn();
  } catch {
    return null;
  }
  // Neither the watchdog nor its pipe may keep the host alive.
  child.unref();
  const writer = child.stdin.getWriter();
  const encoder = new TextEncoder();
  let queue = Promise.resolve();
  const send = (line: string) => {
    // Writes are chained and never reject: an unawaited rejected write
    // would crash Deno, and a dead watchdog only means no guard.
    queue = queue.then(() => writer.write(encoder.encode(line))).catch(() => {});
  };
  return {
    add: (pid) => send(`+${pid}\n`),
    remove: (pid) => send(`-${pid}\n`),
    async close() {
      await queue;
      await writer.close().catch(() => {});
      await child.status;
    },
  };
}

function allowed(command: string): boolean {
  try {
    return Deno.permissions.querySync({ name: "run", command }).state === "granted";
  } catch {
    return false;
  }
}
