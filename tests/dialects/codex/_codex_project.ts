// A project Codex works in, for the front-end tests: Claude-style guard
// scripts wired in the project's .hookgate/config.jsonc, Codex's own hooks
// in .codex/hooks.json, the project trusted as a user trusts it (`hook-run
// trust --yes`), and each event written as Codex writes it to a command
// hook's stdin (pre-tool-use.command.input and its siblings).

import { equal } from "node:assert/strict";
import { join } from "node:path";
import { cli, type CliRun } from "../../cli/_cli.ts";
import { schemaProblems } from "./_schema.ts";

const GUARDS = new URL("../../testdata/codex/guards/", import.meta.url).pathname;
const HOOKS = new URL("../../testdata/codex/hooks/", import.meta.url).pathname;

/** A command hook running one of the Claude-style guards, in Claude's shape. */
export function guard(script: string): Record<string, unknown> {
  return { type: "command", command: join(GUARDS, script) };
}

/** A command hook running one of the Codex-style hooks of tests/testdata/codex/hooks/. */
export function codexHook(script: string, ...args: string[]): Record<string, unknown> {
  return { type: "command", command: [join(HOOKS, script), ...args].join(" ") };
}

/** Matcher groups by event, in Claude's (and Codex's) shape. */
export type Hooks = Record<string, unknown[]>;

/** A gateway run, its stdout read as JSON. */
export interface CodexRun extends CliRun {
  answer: Record<string, unknown>;
}

/** One project and home. */
export interface CodexProject extends AsyncDisposable {
  dir: string;
  home: string;
  /** An event as Codex writes it in this project. */
  event(name: string, fields?: Record<string, unknown>): Record<string, unknown>;
  /** `hook-run gateway --agent <agent>` given `payload` as Codex gives it (or raw text). */
  gateway(payload: Record<string, unknown> | string, agent?: string, args?: string[]): Promise<CodexRun>;
}

/**
 * A trusted project whose hookgate configuration holds `claude` (Claude's
 * dialect) and whose `.codex/hooks.json` holds `codex`.
 */
export async function codexProject(claude: Hooks, codex?: Hooks): Promise<CodexProject> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-codex-" }));
  const home = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-home-" }));
  await Deno.mkdir(join(dir, ".hookgate"));
  await Deno.writeTextFile(join(dir, ".hookgate", "config.jsonc"), JSON.stringify({ hooks: claude }, null, 2));
  if (codex !== undefined) {
    await Deno.mkdir(join(dir, ".codex"));
    await Deno.writeTextFile(join(dir, ".codex", "hooks.json"), JSON.stringify({ hooks: codex }, null, 2));
  }
  const trust = await cli(["trust", "--cwd", dir, "--yes"], { cwd: dir, home });
  equal(trust.code, 0, `hook-run trust --yes failed:\n${trust.stdout}${trust.stderr}`);
  return {
    dir,
    home,
    event(name, fields = {}) {
      return {
        session_id: "019a-sess",
        // Codex writes no turn on SessionStart.
        ...(name === "SessionStart" ? {} : { turn_id: "019a-turn" }),
        transcript_path: null,
        cwd: dir,
        hook_event_name: name,
        model: "gpt-5.5-codex",
        permission_mode: "default",
        ...fields,
      };
    },
    async gateway(payload, agent = "codex", args = []) {
      // Codex runs a hook in the session's directory with its own environment: no project variable.
      const run = await cli(["gateway", "--agent", agent, ...args], {
        cwd: dir,
        home,
        stdin: typeof payload === "string" ? payload : JSON.stringify(payload),
      });
      let answer: Record<string, unknown>;
      try {
        answer = run.stdout === "" ? {} : JSON.parse(run.stdout);
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

/** A PreToolUse call of Codex's shell tool. */
export function bash(command: string): Record<string, unknown> {
  return { tool_name: "Bash", tool_input: { command }, tool_use_id: "call_1" };
}

/** Asserts that an answer is one Codex accepts for `event`: every field in its schema. */
export function assertCodexAccepts(event: string, answer: Record<string, unknown>): void {
  const problems = schemaProblems(event, answer);
  equal(problems.length, 0, `Codex would reject ${JSON.stringify(answer)}: ${problems.join("; ")}`);
}
