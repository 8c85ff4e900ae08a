// Running hook-run as a real subprocess, with exactly the hook-run task's
// permission flags and a throwaway home directory.

import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("../../", import.meta.url));

/**
 * Deno's cache for every Deno this test run starts. A test gives each
 * hook-run a throwaway HOME, and Deno keeps its cache under HOME: each child
 * would start with an empty one and transpile every module again (about
 * 0.7 s a start, most of the suite's time). The user's Deno has its cache
 * from the first run on, so sharing this run's is what a user sees. Set in
 * this process's environment too, so that a Deno started by a hook the test
 * configures (hook-run behind a shim, a launcher) inherits it.
 */
export const DENO_DIR = Deno.env.get("DENO_DIR") ??
  join(Deno.env.get("XDG_CACHE_HOME") ?? join(Deno.env.get("HOME") ?? "/root", ".cache"), "deno");
Deno.env.set("DENO_DIR", DENO_DIR);
export const entry = join(root, "src/cli/main.ts");
const tasks = Object.fromEntries(
  Object.entries(JSON.parse(await Deno.readTextFile(join(root, "deno.json"))).tasks as Record<string, unknown>)
    .map(([name, task]) => [name, typeof task === "string" ? task : (task as { command: string }).command]),
);
/** The hook-run task's own permission flags: the CLI must work with exactly these. */
export const taskFlags = tasks["hook-run"]!.split(" ").filter((word) => word.startsWith("--allow-"));
/** The bundle task's options (without its output and entry): tests build what `deno task bundle` builds. */
export const bundleFlags = (tasks.bundle!.match(/'[^']*'|\S+/g) ?? [])
  .map((word) => word.replace(/^'(.*)'$/, "$1"))
  .slice(2, -1) // "deno bundle" … entry
  .filter((word, index, words) => word !== "--outdir" && words[index - 1] !== "--outdir");

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** Whether the child was killed for outliving `timeoutMs`. */
  killed: boolean;
}

/** Runs `command`, `input` on its stdin when given, and what it printed. */
export async function piped(
  command: Deno.Command,
  input: string | undefined,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = command.spawn();
  if (input !== undefined) {
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(input));
    await writer.close();
  }
  const { code, stdout, stderr } = await child.output();
  const decoder = new TextDecoder();
  return { code, stdout: decoder.decode(stdout), stderr: decoder.decode(stderr) };
}

export async function cli(
  args: string[],
  options: {
    cwd?: string;
    stdin?: string;
    env?: Record<string, string>;
    script?: string;
    timeoutMs?: number;
    /** A home directory to keep between runs (the trust file lives there); a fresh one otherwise. */
    home?: string;
    /** Deno's permission flags instead of the task's, for what hook-run says under narrower ones. */
    flags?: string[];
  } = {},
): Promise<CliRun> {
  const home = options.home ?? await Deno.makeTempDir({ prefix: "hookgate-home-" });
  try {
    const child = hookRunCommand(args, {
      home,
      cwd: options.cwd ?? home,
      stdin: options.stdin === undefined ? "null" : "piped",
      stdout: "piped",
      ...(options.env ? { env: options.env } : {}),
      ...(options.script ? { script: options.script } : {}),
      ...(options.flags ? { flags: options.flags } : {}),
    }).spawn();
    // A bug may make the CLI run forever: fail the test, not the suite.
    let killed = false;
    const timer = options.timeoutMs === undefined ? undefined : setTimeout(() => {
      killed = true;
      child.kill("SIGKILL");
    }, options.timeoutMs);
    try {
      if (options.stdin !== undefined) {
        const writer = child.stdin.getWriter();
        await writer.write(new TextEncoder().encode(options.stdin));
        await writer.close();
      }
      const { code, stdout, stderr } = await child.output();
      const decoder = new TextDecoder();
      return { code, stdout: decoder.decode(stdout), stderr: decoder.decode(stderr), killed };
    } finally {
      clearTimeout(timer);
    }
  } finally {
    if (options.home === undefined) await Deno.remove(home, { recursive: true });
  }
}

/**
 * hook-run as a command, with the task's flags (or `flags`, `$HOME` standing
 * for this home) and a home directory; stderr is piped.
 */
export function hookRunCommand(
  args: string[],
  options: {
    home: string;
    cwd: string;
    stdin: "piped" | "null";
    stdout: "piped" | "null";
    env?: Record<string, string>;
    script?: string;
    /** Runs it under `ulimit -n` this many descriptors (through sh). */
    descriptors?: number;
    /** Deno's permission flags instead of the task's. */
    flags?: string[];
  },
): Deno.Command {
  const flags = (options.flags ?? taskFlags).map((flag) => flag.replace("$HOME", options.home));
  const command = [
    "run",
    "--quiet",
    ...flags,
    options.script ?? entry,
    ...args,
  ];
  const limited = options.descriptors !== undefined;
  // exec keeps the pid: the child is deno itself, under the lower limit.
  return new Deno.Command(limited ? "sh" : Deno.execPath(), {
    args: limited ? ["-c", `ulimit -n ${options.descriptors} && exec "$0" "$@"`, Deno.execPath(), ...command] : command,
    cwd: options.cwd,
    stdin: options.stdin,
    stdout: options.stdout,
    stderr: "piped",
    env: {
      HOME: options.home,
      HOOKGATE_HOME: join(options.home, ".config", "hookgate"),
      NO_COLOR: "1",
      DENO_NO_UPDATE_CHECK: "1",
      DENO_DIR,
      // A Claude prompt hook with no model asks Anthropic's API when a key is
      // set: tests never reach beyond loopback, so none is, unless one says so.
      ANTHROPIC_API_KEY: "",
      ...options.env,
    },
  });
}
