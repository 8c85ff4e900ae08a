// A trusted project for the Cursor tests: hookgate's own configuration
// running the Claude-style policy, Cursor's own hooks.json files (the
// project's and the user's) where a test gives them, and hook-run gateway
// --agent cursor run as Cursor runs a command hook.

import { equal } from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cli, type CliRun } from "../../cli/_cli.ts";
import { cursorPayload } from "./_payloads.ts";

/** The Claude-style policy script every agent's tests share. */
export const POLICY: string = fileURLToPath(new URL("../../testdata/cursor/guards/policy.py", import.meta.url));

/** The policy as Claude-style hooks in hookgate's own configuration. */
export function policyHooks(): Record<string, unknown> {
  const hook = [{ type: "command", command: `python3 ${POLICY}` }];
  return {
    PreToolUse: [{ matcher: "Bash|Read", hooks: hook }],
    UserPromptSubmit: [{ hooks: hook }],
    SessionStart: [{ hooks: hook }],
    Stop: [{ hooks: hook }],
  };
}

/** What a Cursor test project is made of. */
export interface CursorProjectOptions {
  /** hookgate's own hooks (`.hookgate/config.jsonc`); the policy when omitted, none when `null`. */
  hooks?: Record<string, unknown> | null;
  /** The project's `.cursor/hooks.json`. */
  cursorHooks?: Record<string, unknown>;
  /** The user's `~/.cursor/hooks.json`. */
  userCursorHooks?: Record<string, unknown>;
  /** Files to write, relative to the project (`~/` ones relative to the home directory). */
  files?: Record<string, string>;
  /** Trust the project before the test (default: yes). */
  trust?: boolean;
}

/** A Cursor test project, removed on dispose. */
export interface CursorProject extends AsyncDisposable {
  /** The project root. */
  dir: string;
  /** The home directory (the trust file, `~/.cursor/`). */
  home: string;
  /** Runs `hook-run gateway --agent cursor` on `payload`, as Cursor runs a command hook. */
  gateway(payload: Record<string, unknown>, args?: string[]): Promise<CliRun & { answer: Record<string, unknown> }>;
  /** Runs hook-run with `args` in the project. */
  run(args: string[]): Promise<CliRun>;
}

/** A project whose hooks are `options`' (by default the policy as Claude-style hooks), trusted. */
export async function cursorProject(options: CursorProjectOptions = {}): Promise<CursorProject> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-cursor-" }));
  const home = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-home-" }));
  const hooks = options.hooks === undefined ? policyHooks() : options.hooks;
  if (hooks !== null) {
    await Deno.mkdir(join(dir, ".hookgate"));
    await Deno.writeTextFile(join(dir, ".hookgate", "config.jsonc"), JSON.stringify({ hooks }, null, 2));
  }
  const write = async (path: string, text: string) => {
    const file = path.startsWith("~/") ? join(home, path.slice(2)) : join(dir, path);
    await Deno.mkdir(join(file, ".."), { recursive: true });
    await Deno.writeTextFile(file, text);
    if (file.endsWith(".sh") || file.endsWith(".py")) await Deno.chmod(file, 0o755);
  };
  if (options.cursorHooks) await write(".cursor/hooks.json", JSON.stringify(options.cursorHooks, null, 2));
  if (options.userCursorHooks) await write("~/.cursor/hooks.json", JSON.stringify(options.userCursorHooks, null, 2));
  for (const [path, text] of Object.entries(options.files ?? {})) await write(path, text);
  const run = (args: string[]) => cli(args, { cwd: dir, home, env: { CURSOR_PROJECT_DIR: dir } });
  if (options.trust !== false) {
    const trust = await run(["trust", "--cwd", dir, "--yes"]);
    equal(trust.code, 0, trust.stdout + trust.stderr);
  }
  return {
    dir,
    home,
    run,
    async gateway(payload, args = []) {
      const run = await cli(["gateway", "--agent", "cursor", ...args], {
        cwd: dir,
        home,
        stdin: JSON.stringify(payload),
        env: { CURSOR_PROJECT_DIR: dir, CURSOR_VERSION: "2.4.1" },
      });
      let answer: Record<string, unknown>;
      try {
        answer = JSON.parse(run.stdout);
      } catch {
        answer = { "stdout is not JSON": run.stdout };
      }
      return { ...run, answer };
    },
    async [Symbol.asyncDispose]() {
      await Deno.remove(dir, { recursive: true });
      await Deno.remove(home, { recursive: true });
    },
  };
}

/** A payload of tests/testdata/cursor for the project `dir`, with `fields` over it. */
export async function payload(
  name: string,
  dir: string,
  fields: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const value = await cursorPayload(name);
  value.workspace_roots = [dir];
  if ("cwd" in value) value.cwd = dir;
  return { ...value, ...fields };
}
