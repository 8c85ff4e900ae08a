// How hook-run gateway runs a call's async hooks without holding the call:
// it starts hook-run again, the same program under the same permissions,
// as `hook-run gateway --run-async` with the call on stdin, in a session
// of its own (so that nothing the agent does to the gateway's process
// group reaches it), and exits. That process runs the hooks under their
// deadlines, keeps what they leave in the session's spool and ends: it is
// bounded by the longest of their timeouts, and its hooks die with it.

import { readEnv } from "./_env.ts";

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
