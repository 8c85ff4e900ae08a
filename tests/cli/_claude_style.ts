// A Claude Code user's set-up, for the drop-in tests: a throwaway project and
// home, the Claude-style hook scripts of tests/testdata/claude/hooks/ and
// tests/testdata/claude_style/ where users keep them (.claude/hooks/ in the
// project, ~/.claude/hooks/ at home), their hooks wired for hookgate to run —
// Claude's own shape, in the project's .hookgate/config.jsonc (trusted with
// `hook-run trust --yes`) or in hookgate's user layer —, and each event sent
// to `hook-run gateway` the way Claude sends it: one compact JSON line on
// stdin, then closed, with the environment Claude gives a hook. Or Claude
// itself (_claude_sim.ts) runs its settings, with `hook-run` on its PATH as
// examples/claude/README.md installs it.

import { deepEqual, equal } from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cli, type CliRun, root } from "./_cli.ts";
import { claudeFires, type ClaudeSimRun } from "./_claude_sim.ts";
import { DENO_DIR } from "./_task.ts";

const SCRIPTS = ["../testdata/claude/hooks/", "../testdata/claude_style/"]
  .map((dir) => fileURLToPath(new URL(dir, import.meta.url)));

/** The `hooks` object of a Claude settings file: event → matcher groups. */
export type ClaudeHooks = Record<string, unknown[]>;

/** A gateway run and its stdout read as JSON. */
export interface GatewayRun extends CliRun {
  answer: Record<string, unknown>;
}

/** A project and a home of one Claude user. */
export interface ClaudeSetup extends AsyncDisposable {
  /** The project root (Claude's `CLAUDE_PROJECT_DIR`). */
  dir: string;
  /** The user's home. */
  home: string;
  /** Writes `hooks` as the project's `.hookgate/config.jsonc` and trusts the project. */
  project(hooks: ClaudeHooks): Promise<void>;
  /** Writes `hooks` as hookgate's user layer, `$HOOKGATE_HOME/config.jsonc`. */
  user(hooks: ClaudeHooks): Promise<void>;
  /** Writes a file, `path` relative to the project (or absolute). */
  write(path: string, text: string): Promise<void>;
  /** A file's text, `undefined` when it does not exist. */
  read(path: string): Promise<string | undefined>;
  /** The lines count.sh appended to the project's runs.log: one per run. */
  runs(): Promise<string[]>;
  /** Empties runs.log. */
  resetRuns(): Promise<void>;
  /** An event as Claude writes it for this project. */
  event(name: string, fields?: Record<string, unknown>): Record<string, unknown>;
  /** `hook-run gateway` given `payload` as Claude gives it, plus `env`. */
  gateway(payload: Record<string, unknown>, env?: Record<string, string>): Promise<GatewayRun>;
  /** Claude firing `event` with its settings `files`, `env` added to its environment. */
  claude(files: string[], event: Record<string, unknown>, env?: Record<string, string>): Promise<ClaudeSimRun[]>;
}

/** A command hook as users wire one: the command line Claude runs through `sh -c`. */
export function command(line: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: "command", command: line, ...extra };
}

/** A fresh project (its name starting with `prefix`) and home, removed on dispose. */
export async function claudeSetup(prefix = "hookgate-claude-"): Promise<ClaudeSetup> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix }));
  const home = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-home-" }));
  for (const hooks of [join(dir, ".claude", "hooks"), join(home, ".claude", "hooks")]) {
    await Deno.mkdir(hooks, { recursive: true });
    for (const scripts of SCRIPTS) {
      for (const entry of Deno.readDirSync(scripts)) {
        await Deno.copyFile(join(scripts, entry.name), join(hooks, entry.name));
        await Deno.chmod(join(hooks, entry.name), 0o755);
      }
    }
  }
  const bin = await installShim(home);
  await Deno.mkdir(join(dir, ".t"));
  const at = (path: string) => path.startsWith("/") ? path : join(dir, path);
  const write = async (path: string, text: string) => {
    await Deno.mkdir(join(at(path), ".."), { recursive: true });
    await Deno.writeTextFile(at(path), text);
  };
  const read = (path: string) => Deno.readTextFile(at(path)).catch(() => undefined);
  return {
    dir,
    home,
    write,
    read,
    async project(hooks) {
      await write(".hookgate/config.jsonc", JSON.stringify({ hooks }, null, 2));
      const trust = await cli(["trust", "--cwd", dir, "--yes"], { cwd: dir, home });
      equal(trust.code, 0, `hook-run trust --yes failed:\n${trust.stdout}${trust.stderr}`);
    },
    async user(hooks) {
      await write(join(home, ".config", "hookgate", "config.jsonc"), JSON.stringify({ hooks }, null, 2));
    },
    async runs() {
      const text = await read("runs.log");
      return text === undefined ? [] : text.split("\n").filter((line) => line !== "");
    },
    async resetRuns() {
      await Deno.remove(join(dir, "runs.log")).catch(() => {});
    },
    event(name, fields = {}) {
      // permission_mode is not on every event (SessionStart and Notification carry none).
      const mode = ["SessionStart", "Notification"].includes(name) ? {} : { permission_mode: "default" };
      return {
        session_id: "sess-1",
        transcript_path: join(dir, ".t", "sess-1.jsonl"),
        cwd: dir,
        ...mode,
        hook_event_name: name,
        ...fields,
      };
    },
    async gateway(payload, env = {}) {
      const run = await cli(["gateway"], {
        cwd: dir,
        home,
        // JSON.stringify writes one compact line, as Claude does; the helper closes stdin after it.
        stdin: JSON.stringify(payload),
        env: { CLAUDE_PROJECT_DIR: dir, ...env },
      });
      let answer: Record<string, unknown>;
      try {
        answer = JSON.parse(run.stdout);
      } catch {
        answer = { "stdout is not JSON": run.stdout };
      }
      return { ...run, answer };
    },
    claude(files, event, env = {}) {
      const path = `${bin}:${dirname(Deno.execPath())}:${Deno.env.get("PATH")}`;
      return claudeFires(files, event, {
        cwd: dir,
        home,
        env: { PATH: path, DENO_DIR, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1", ...env },
      });
    },
    async [Symbol.asyncDispose]() {
      await Deno.remove(dir, { recursive: true });
      await Deno.remove(home, { recursive: true });
    },
  };
}

/**
 * Writes the hook-run shim examples/claude/README.md puts in ~/.local/bin
 * over a checkout (this one for /opt/hookgate), as its printf line does;
 * returns that directory.
 */
async function installShim(home: string): Promise<string> {
  const readme = await Deno.readTextFile(join(root, "examples/claude/README.md"));
  const line = /^printf .*src\/cli\/main\.ts.* > ~\/\.local\/bin\/hook-run$/m.exec(readme)?.[0];
  if (line === undefined) throw new Error("examples/claude/README.md no longer installs a shim over the checkout");
  const bin = join(home, ".local", "bin");
  await Deno.mkdir(bin, { recursive: true });
  const command = line.replaceAll("/opt/hookgate/", join(root, "/")).replace(
    "~/.local/bin/hook-run",
    join(bin, "hook-run"),
  );
  equal((await new Deno.Command("sh", { args: ["-c", command] }).output()).success, true, command);
  await Deno.chmod(join(bin, "hook-run"), 0o755);
  return bin;
}

const PERMISSION_DECISION_KEYS = ["behavior", "updatedInput", "updatedPermissions", "message", "interrupt"];

/**
 * What Claude Code makes of an answer: the same object without what Claude
 * reads as nothing — `continue: true`, `suppressOutput`, a
 * `hookSpecificOutput` holding only its `hookEventName`, a PermissionRequest
 * decision's undocumented keys and its default `interrupt: false` — and, once
 * `continue` is false (which beats every decision), without the decision.
 * Two answers Claude treats alike read alike.
 */
export function claudeReads(answer: Record<string, unknown>): Record<string, unknown> {
  const out = structuredClone(answer);
  if (out.continue === true) delete out.continue;
  delete out.suppressOutput;
  const specific = out.hookSpecificOutput as Record<string, unknown> | undefined;
  if (out.continue === false) {
    delete out.decision;
    delete out.reason;
    delete out.hookSpecificOutput;
  } else if (specific !== undefined) {
    const decision = specific.decision as Record<string, unknown> | undefined;
    if (decision !== undefined && typeof decision === "object") {
      for (const key of Object.keys(decision)) if (!PERMISSION_DECISION_KEYS.includes(key)) delete decision[key];
      if (decision.interrupt === false) delete decision.interrupt;
    }
    if (Object.keys(specific).every((key) => key === "hookEventName")) delete out.hookSpecificOutput;
  }
  return out;
}

/**
 * The answer without its `systemMessage`: where Claude itself reports a
 * failed hook to the user (a non-blocking error, a timeout), hookgate may
 * word that notice its own way; the decision must still be Claude's.
 */
export function withoutNotice(answer: Record<string, unknown>): Record<string, unknown> {
  const { systemMessage: _notice, ...rest } = claudeReads(answer);
  return rest;
}

/** Claude's PreToolUse answer `decision` with `reason`, and any more of its fields (`updatedInput`). */
export function preToolUse(
  decision: string,
  reason: string,
  more: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: decision,
      permissionDecisionReason: reason,
      ...more,
    },
  };
}

/** Asserts that the gateway answered (exit 0) what Claude makes of `expected`. */
export function assertAnswer(run: GatewayRun, expected: Record<string, unknown>, notice = false): void {
  equal(run.code, 0, `hook-run gateway exited with ${run.code}:\n${run.stderr}`);
  const read = notice ? withoutNotice(run.answer) : claudeReads(run.answer);
  deepEqual(read, expected, `answered ${JSON.stringify(run.answer)}, not ${JSON.stringify(expected)}\n${run.stderr}`);
}
