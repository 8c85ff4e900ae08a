// Killing what is left of a hook: its process group (by signal, the kill
// utility, or the leader alone, as permissions allow) and, when a
// descendant left the group, the rest of its session.

import { helperEnv } from "./_loader_env.ts";

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
export async function killSession(sid: number): Promise<"killed" | "none" | "skipped"> {
  if (Deno.build.os === "windows") return "skipped";
  try {
    if (Deno.permissions.querySync({ name: "run", command: "pkill" }).state !== "granted") return "skipped";
    // pkill exits 0 when it signalled something, 1 when nothing matched.
    const { code } = await new Deno.Command("pkill", {
      args: ["-KILL", "-s", String(sid)],
      ...helperEnv(),
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
export function killGroup(pid: number, child: Deno.ChildProcess): Promise<void> {
  if (killGroupNow(pid, child)) return Promise.resolve();
  try {
    return new Deno.Command("kill", {
      args: ["-KILL", "--", `-${pid}`],
      ...helperEnv(),
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).output().then(
      () => {},
      () => killLeader(child),
    );
  } catch {
    // Deno refuses some spawns by throwing at once (a permission): the leader, then.
    killLeader(child);
    return Promise.resolve();
  }
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
