// Starting a hook: every hook gets its own process group (and session), so
// one signal to the group reaches grandchildren too.
//
// Why setsid(1) rather than Deno's `detached: true`: `detached` makes Deno
// fork+exec itself synchronously (it needs a pre-exec hook), which costs
// 5-8 ms of blocked event loop per hook and serializes fan-out; a plain
// spawn uses posix_spawn (~0.6 ms). util-linux setsid calls setsid() and
// execs the hook in place (the pid stays the group id), for one extra exec
// (~1 ms). Where setsid is missing or not allowed by --allow-run, hookgate
// falls back to `detached`. Deno's --allow-run then sees "setsid", not the
// hook's program: hookgate's preflight checks the hook's program itself.

/** Set once setsid turned out to be missing: later hooks go straight to `detached`. */
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

/** What to start. */
export interface LaunchRequest {
  program: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
}

/** A started group: its leader, and whether setsid(1) started it. */
export interface Launched {
  child: Deno.ChildProcess;
  viaSetsid: boolean;
}

/**
 * Starts the hook in a group of its own, with piped stdio and only
 * `request.env`; throws when it cannot start. When setsid turns out to be
 * missing, it is remembered and the hook started with `detached` instead.
 */
export function launchGroup(request: LaunchRequest): Launched {
  const viaSetsid = launcher() === "setsid";
  try {
    return { child: startGroup(request, viaSetsid), viaSetsid };
  } catch (error) {
    if (!viaSetsid || !(error instanceof Deno.errors.NotFound) || /cwd/i.test(String(error))) throw error;
    // No setsid here after all: remember, and use Deno's own detach.
    setsidMissing = true;
    return { child: startGroup(request, false), viaSetsid: false };
  }
}

function startGroup(
  request: LaunchRequest,
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
