// A hookgate home with the launcher `hook-run install claude` builds (the
// bundle its memo needs), a user layer, a project, and the routing command
// Claude runs for each event.

import { join } from "node:path";
import { cli, DENO_DIR, piped } from "../cli/_cli.ts";

export interface LauncherHome {
  dir: string;
  home: string;
  hookgate: string;
  project: string;
  bin: string;
  /** The memo files in the hookgate home. */
  memos(): Promise<string[]>;
  /** The directory of the launcher's current build. */
  build(): Promise<string>;
  /** Runs `<launcher> gateway [args…]` with `event` on stdin, as Claude runs a command hook. */
  gateway(event: unknown, options?: GatewayOptions): Promise<{ code: number; stdout: string; stderr: string }>;
}

export interface GatewayOptions {
  args?: string[];
  /** More environment (`$CLAUDE_PROJECT_DIR` is the project unless given). */
  env?: Record<string, string>;
  /** The payload as text, exactly (else `event` as JSON). */
  text?: string;
}

/** The user layer every test starts from: a guard on Bash, nothing on any other event. */
export const USER_LAYER = {
  hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "exit 0" }] }] },
};

/** Builds the home with `hook-run install claude`; removed after `fn`. */
export async function withLauncherHome(fn: (home: LauncherHome) => Promise<void>): Promise<void> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-memo-" }));
  try {
    const home = join(dir, "home");
    const hookgate = join(home, ".config", "hookgate");
    const project = join(dir, "project");
    await Deno.mkdir(hookgate, { recursive: true });
    await Deno.mkdir(join(home, ".claude"), { recursive: true });
    await Deno.mkdir(project);
    await Deno.writeTextFile(join(hookgate, "config.jsonc"), JSON.stringify(USER_LAYER));
    const settings = join(home, ".claude", "settings.json");
    const install = await cli(["install", "claude", "--settings", settings], { home, cwd: project });
    if (install.code !== 0) throw new Error(`install failed:\n${install.stdout}${install.stderr}`);
    const bin = join(hookgate, "bin", "hook-run");
    await fn({
      dir,
      home,
      hookgate,
      project,
      bin,
      async memos() {
        try {
          return (await Array.fromAsync(Deno.readDir(join(hookgate, "memo")))).map((entry) => entry.name)
            .filter((name) => name.endsWith(".json"));
        } catch {
          return [];
        }
      },
      async build() {
        const stub = await Deno.readTextFile(join(hookgate, "hook-run.js"));
        return join(hookgate, /from "\.\/(lib\/[0-9a-f]+)\/main\.js"/.exec(stub)![1]!);
      },
      gateway(event, options = {}) {
        return piped(
          new Deno.Command(bin, {
            args: ["gateway", ...options.args ?? []],
            cwd: project,
            clearEnv: true,
            env: {
              PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
              HOME: home,
              CLAUDE_PROJECT_DIR: project,
              DENO_DIR,
              NO_COLOR: "1",
              ...options.env,
            },
            stdin: "piped",
            stdout: "piped",
            stderr: "piped",
          }),
          options.text ?? JSON.stringify(event),
        );
      },
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** A Claude event with the fields every event has. */
export function claudeEvent(project: string, fields: Record<string, unknown>): Record<string, unknown> {
  return {
    session_id: "memo-session",
    transcript_path: join(project, "transcript.jsonl"),
    cwd: project,
    permission_mode: "default",
    ...fields,
  };
}

/** A PostToolUse of Bash: no hook is configured for it in {@linkcode USER_LAYER}. */
export function postToolUse(project: string): Record<string, unknown> {
  return claudeEvent(project, {
    hook_event_name: "PostToolUse",
    tool_name: "Bash",
    tool_input: { command: "ls" },
    tool_response: { stdout: "a\nb\n", stderr: "", interrupted: false },
    tool_use_id: "t-1",
  });
}

/**
 * Hides the gateway's own module from the launcher's build, for `fn`: a call
 * the memo answers never loads it, and any other call fails (exit code 2).
 */
export async function withoutGatewayModule(home: LauncherHome, fn: () => Promise<void>): Promise<void> {
  const build = await home.build();
  const name = (await Array.fromAsync(Deno.readDir(build))).find((entry) => /^gateway-\w+\.js$/.test(entry.name))!
    .name;
  await Deno.rename(join(build, name), join(build, `${name}.hidden`));
  try {
    await fn();
  } finally {
    await Deno.rename(join(build, `${name}.hidden`), join(build, name));
  }
}
