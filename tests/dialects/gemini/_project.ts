// A project as a team running Gemini CLI beside Claude Code sets one up for
// the Gemini front-end tests: one set of Claude-style guard scripts
// (tests/testdata/gemini/) wired in Claude's shape in .hookgate/config.jsonc,
// a Gemini-style hook in the project's .gemini/settings.json, the project
// trusted with `hook-run trust --yes`, and each event sent to a real
// `hook-run gateway --agent gemini` as Gemini writes it to a command hook.

import { equal } from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cli, type CliRun } from "../../cli/_cli.ts";

const SCRIPTS = fileURLToPath(new URL("../../testdata/gemini/", import.meta.url));

/** A Claude-shaped command hook running one of the scripts. */
const script = (name: string) => ({ type: "command", command: `"$CLAUDE_PROJECT_DIR"/hooks/${name}` });

/** The policy, once, in Claude's terms. */
export const CLAUDE_POLICY: Record<string, unknown[]> = {
  PreToolUse: [
    { matcher: "Bash", hooks: [script("bash_guard.sh")] },
    { matcher: "Read", hooks: [script("read_guard.py")] },
  ],
  UserPromptSubmit: [{ hooks: [script("prompt_guard.sh")] }],
  SessionStart: [{ hooks: [script("session_context.sh")] }],
  Stop: [{ hooks: [script("stop_once.py")] }],
};

/** The project's own Gemini CLI settings: a Gemini-style guard, its timeout in milliseconds. */
export const GEMINI_SETTINGS = {
  hooks: {
    BeforeTool: [{
      matcher: "run_shell_command",
      hooks: [{
        type: "command",
        name: "no-curl-sh",
        command: "$GEMINI_PROJECT_DIR/hooks/gemini_guard.sh",
        timeout: 5000,
      }],
    }],
  },
};

/** A trusted project with the policy and the Gemini settings, and a home. */
export interface GeminiProject extends AsyncDisposable {
  dir: string;
  home: string;
  /** An event as Gemini CLI writes it for this project. */
  event(name: string, fields?: Record<string, unknown>): Record<string, unknown>;
  /** `hook-run gateway --agent <agent>` given `payload` (a string as it is). */
  gateway(payload: Record<string, unknown> | string, agent?: string, args?: string[]): Promise<CliRun>;
  /** Runs hook-run `args` in the project. */
  run(args: string[]): Promise<CliRun>;
}

/** A fresh project and home, removed on dispose. */
export async function geminiProject(): Promise<GeminiProject> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-gemini-project-" }));
  const home = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-gemini-home-" }));
  await Deno.mkdir(join(dir, "hooks"));
  for (const entry of Deno.readDirSync(SCRIPTS)) {
    if (!/\.(sh|py)$/.test(entry.name)) continue;
    await Deno.copyFile(join(SCRIPTS, entry.name), join(dir, "hooks", entry.name));
    await Deno.chmod(join(dir, "hooks", entry.name), 0o755);
  }
  await Deno.mkdir(join(dir, ".hookgate"));
  await Deno.writeTextFile(join(dir, ".hookgate", "config.jsonc"), JSON.stringify({ hooks: CLAUDE_POLICY }));
  await Deno.mkdir(join(dir, ".gemini"));
  await Deno.writeTextFile(join(dir, ".gemini", "settings.json"), JSON.stringify(GEMINI_SETTINGS));
  const run = (args: string[], stdin?: string, env: Record<string, string> = {}) =>
    cli(args, { cwd: dir, home, ...(stdin === undefined ? {} : { stdin }), env });
  const trust = await run(["trust", "--cwd", dir, "--yes"]);
  equal(trust.code, 0, `hook-run trust --yes failed:\n${trust.stdout}${trust.stderr}`);
  return {
    dir,
    home,
    event: (name, fields = {}) => ({
      session_id: "gemini-session",
      transcript_path: join(dir, "transcript.json"),
      cwd: dir,
      hook_event_name: name,
      timestamp: "2025-06-01T12:00:00.000Z",
      ...fields,
    }),
    gateway: (payload, agent = "gemini", args = []) =>
      run(
        ["gateway", "--agent", agent, ...args],
        typeof payload === "string" ? payload : JSON.stringify(payload),
        // Gemini names the project to its hooks so; Claude likewise.
        agent === "gemini" ? { GEMINI_PROJECT_DIR: dir } : { CLAUDE_PROJECT_DIR: dir },
      ),
    run: (args) => run(args),
    async [Symbol.asyncDispose]() {
      await Deno.remove(dir, { recursive: true });
      await Deno.remove(home, { recursive: true });
    },
  };
}
