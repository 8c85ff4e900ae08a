// A hookgate home with the launcher `hook-run install claude --serve`
// builds, the guard of tests/testdata/fast_path/ in the user layer, and
// ways to run the routing command Claude would run and the server it calls.

import { join } from "node:path";
import { cli, DENO_DIR, piped, root } from "./_cli.ts";

export const GUARD = join(root, "tests/testdata/fast_path/guard.sh");

/** The user layer: a guard on Bash, a Stop that blocks, context for prompts, a TaskCompleted that exits 2. */
export const HOOKS = {
  hooks: {
    PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `sh ${GUARD}`, timeout: 60 }] }],
    Stop: [{ hooks: [{ type: "command", command: `printf '%s\\n' '{"decision":"block","reason":"not yet"}'` }] }],
    UserPromptSubmit: [{
      hooks: [{
        type: "command",
        command:
          `printf '%s\\n' '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"the tests live in tests/"}}'`,
      }],
    }],
    TaskCompleted: [{ hooks: [{ type: "command", command: "echo 'run the tests first' >&2; exit 2" }] }],
  },
};

export interface FastPathHome {
  home: string;
  hookgate: string;
  project: string;
  settings: string;
  bin: string;
  socket: string;
}

/** Builds the home and installs hookgate with --serve; removed after `fn`. */
export async function withFastPathHome(fn: (home: FastPathHome) => Promise<void>): Promise<void> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-fast-" }));
  try {
    const home = join(dir, "home");
    const hookgate = join(home, ".config", "hookgate");
    const project = join(dir, "project");
    const settings = join(home, ".claude", "settings.json");
    await Deno.mkdir(hookgate, { recursive: true });
    await Deno.mkdir(join(home, ".claude"), { recursive: true });
    await Deno.mkdir(project);
    await Deno.writeTextFile(join(hookgate, "config.jsonc"), JSON.stringify(HOOKS));
    const install = await cli(["install", "claude", "--serve", "--settings", settings], { home, cwd: project });
    if (install.code !== 0) throw new Error(`install failed:\n${install.stdout}${install.stderr}`);
    await fn({
      home,
      hookgate,
      project,
      settings,
      bin: join(hookgate, "bin", "hook-run"),
      socket: join(hookgate, "run", "serve.sock"),
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** What a command hook ended with. */
export interface HookRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The client the fast path is left with: Perl (the machine's PATH), curl
 * (a PATH without Perl), or neither (a PATH with only what the gateway
 * needs).
 */
export type FastClient = "perl" | "curl" | "neither";

/** The clients, each run by the tests that name one. */
export const CLIENTS: readonly FastClient[] = ["perl", "curl", "neither"];

/** A PATH of links to the programs the launcher and the gateway need, and the client's own. */
export async function clientPath(home: FastPathHome, client: FastClient): Promise<string | undefined> {
  if (client === "perl") return undefined;
  const bin = join(home.home, `${client}-bin`);
  const programs = ["cat", "sh", "setsid", ...client === "curl" ? ["curl"] : []];
  await Deno.mkdir(bin, { recursive: true });
  for (const program of programs) {
    const found = new TextDecoder().decode(
      (await new Deno.Command("sh", { args: ["-c", `command -v ${program}`], stdout: "piped" }).output()).stdout,
    ).trim();
    if (found === "") throw new Error(`the tests need ${program} on PATH`);
    await Deno.symlink(found, join(bin, program)).catch((error) => {
      if (!(error instanceof Deno.errors.AlreadyExists)) throw error;
    });
  }
  return bin;
}

/** How {@linkcode runHook} runs the command hook besides its words and event. */
export interface HookOptions {
  /** The client left on PATH (default: the machine's PATH, which has Perl). */
  client?: FastClient;
  /** The agent's project directory (`$CLAUDE_PROJECT_DIR`; default: the home's project). */
  projectDir?: string;
}

/** Runs the launcher with `args` and `event` on stdin, as Claude runs a command hook. */
export async function runHook(
  home: FastPathHome,
  args: string[],
  event: unknown,
  options: HookOptions = {},
): Promise<HookRun> {
  const path = await clientPath(home, options.client ?? "perl");
  return await piped(
    new Deno.Command(home.bin, {
      args,
      cwd: home.project,
      env: {
        HOME: home.home,
        CLAUDE_PROJECT_DIR: options.projectDir ?? home.project,
        DENO_DIR,
        NO_COLOR: "1",
        ...path === undefined ? {} : { PATH: path },
      },
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }),
    JSON.stringify(event),
  );
}

/** The fast-path command's words after the launcher, as install writes them but with `maxTime`. */
export function fastArgs(socket: string, maxTime = 30): string[] {
  return ["gateway", "--socket", socket, "--max-time", String(maxTime)];
}

/** `hook-run serve --socket-only` from the launcher, started and listening. */
export interface SocketServer {
  child: Deno.ChildProcess;
  stderr(): string;
  /** Its exit, after `kill`. */
  stop(signal?: Deno.Signal): Promise<number>;
}

export async function serveOnSocket(
  home: FastPathHome,
  extra: string[] = [],
  listen: string[] = ["--socket-only"],
): Promise<SocketServer> {
  const child = new Deno.Command(home.bin, {
    args: ["serve", ...listen, "--cwd", home.project, ...extra],
    cwd: home.project,
    env: { HOME: home.home, DENO_DIR, NO_COLOR: "1" },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let text = "";
  const listening = Promise.withResolvers<void>();
  const reading = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of child.stderr) {
      text += decoder.decode(chunk, { stream: true });
      if (text.includes("listening on")) listening.resolve();
    }
    listening.reject(new Error(`hook-run serve exited before listening:\n${text}`));
  })();
  await listening.promise;
  return {
    child,
    stderr: () => text,
    async stop(signal = "SIGTERM") {
      try {
        child.kill(signal);
      } catch {
        // Gone already.
      }
      const { code } = await child.status;
      await reading;
      return code;
    },
  };
}

/** A Claude event with the fields every event has. */
export function claudeEvent(project: string, fields: Record<string, unknown>): Record<string, unknown> {
  return {
    session_id: "fast-path-session",
    transcript_path: join(project, "transcript.jsonl"),
    cwd: project,
    permission_mode: "default",
    ...fields,
  };
}

/** The tool call of a Bash command. */
export function bash(project: string, command: string): Record<string, unknown> {
  return claudeEvent(project, {
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command },
    tool_use_id: `t-${command.length}`,
  });
}
