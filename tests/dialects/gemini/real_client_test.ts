// Gemini CLI's own hook machinery (@google/gemini-cli-core 0.61, its tool
// scheduler) with `hook-run gateway --agent gemini` as its BeforeTool hook,
// and one Claude-style guard as the policy: Gemini's code refuses rm -rf,
// runs ls rewritten, lets the rest through and asks before a push. The
// package is loaded by a Deno child process from the npm registry (it reads
// /proc/sys at import, which needs --allow-all, and stays out of deno.lock);
// when it cannot be fetched, the test is ignored and says so.

import { deepEqual, equal } from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { claudeSetup, command } from "../../cli/_claude_style.ts";
import { DENO_DIR } from "../../cli/_task.ts";
import { expected, readFile, seen, sequentialHooks } from "./_sequential.ts";

const DRIVER = fileURLToPath(new URL("../../testdata/gemini/driver.ts", import.meta.url));
const GUARD = fileURLToPath(new URL("../../testdata/gemini/bash_guard.sh", import.meta.url));
const DRIVER_ARGS = ["run", "-A", "--quiet", "--no-lock", "--no-config", DRIVER];

interface GeminiCall {
  status: string;
  errorType: string | null;
  error: string | null;
  args: Record<string, unknown>;
  asked: { type: string; systemMessage?: string } | null;
  executed: Record<string, unknown> | null;
}

/** Why the package cannot be loaded here, or `undefined` when it can (fetching it from npm if need be). */
async function unavailable(): Promise<string | undefined> {
  const dir = await Deno.makeTempDir({ prefix: "hookgate-gemini-probe-" });
  try {
    const { success, stderr } = await new Deno.Command(Deno.execPath(), {
      args: DRIVER_ARGS,
      cwd: dir,
      env: { GEMINI_PROJECT: dir, GEMINI_CLI_HOME: dir, GEMINI_CALLS: "[]", DENO_DIR, NO_COLOR: "1" },
      stdin: "null",
      stdout: "null",
      stderr: "piped",
    }).output();
    if (success) return undefined;
    const text = new TextDecoder().decode(stderr);
    // Only a failed download counts; any other failure is the test's to report.
    return /npm|registry|fetch|download|network|dns|connect|tarball/i.test(text)
      ? `@google/gemini-cli-core@0.61.0 cannot be fetched from the npm registry: ${text.trim().split("\n")[0]}`
      : undefined;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const missing = await unavailable();

/** Gemini's scheduler running `calls` with `hooks` as its settings' "hooks", in `project`. */
async function gemini(
  project: string,
  home: string,
  hooks: Record<string, unknown>,
  calls: { name: string; args: Record<string, unknown> }[],
): Promise<GeminiCall[]> {
  const state = await Deno.makeTempDir({ prefix: "hookgate-gemini-state-" });
  try {
    const bin = join(home, ".local", "bin");
    const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      args: DRIVER_ARGS,
      cwd: project,
      clearEnv: true,
      env: {
        PATH: `${bin}:${join(Deno.execPath(), "..")}:${Deno.env.get("PATH")}`,
        HOME: home,
        DENO_DIR,
        NO_COLOR: "1",
        DENO_NO_UPDATE_CHECK: "1",
        GEMINI_CLI_HOME: state,
        GEMINI_PROJECT: project,
        GEMINI_HOOKS: JSON.stringify(hooks),
        GEMINI_CALLS: JSON.stringify(calls),
      },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(stdout);
    equal(code, 0, `the Gemini driver failed:\n${text}${new TextDecoder().decode(stderr)}`);
    return text.trim().split("\n").map((line) => JSON.parse(line) as GeminiCall);
  } finally {
    await Deno.remove(state, { recursive: true });
  }
}

Deno.test({
  name: missing === undefined
    ? "Gemini CLI obeys a Claude-style guard through hook-run gateway --agent gemini: deny, rewrite, allow, ask"
    : `Gemini CLI obeys a Claude-style guard through hook-run gateway --agent gemini (ignored: ${missing})`,
  ignore: missing !== undefined,
  async fn() {
    await using setup = await claudeSetup("hookgate-gemini-");
    await setup.write(".claude/hooks/bash_guard.sh", await Deno.readTextFile(GUARD));
    await Deno.chmod(join(setup.dir, ".claude/hooks/bash_guard.sh"), 0o755);
    await setup.project({
      PreToolUse: [{ matcher: "Bash", hooks: [command("$CLAUDE_PROJECT_DIR/.claude/hooks/bash_guard.sh")] }],
    });
    const hooks = {
      BeforeTool: [{
        matcher: ".*",
        hooks: [{ type: "command", name: "hookgate", command: "hook-run gateway --agent gemini", timeout: 60_000 }],
      }],
    };
    const shell = (command: string, extra: Record<string, unknown> = {}) => ({
      name: "run_shell_command",
      args: { command, ...extra },
    });
    const [rm, ls, echo, push] = await gemini(setup.dir, setup.home, hooks, [
      shell("rm -rf /"),
      shell("ls", { dir_path: "." }),
      shell("echo hi"),
      shell("git push origin main"),
    ]);
    // Gemini refused it with the guard's reason (a broken gateway would also be a refusal, with another reason).
    deepEqual(rm, {
      status: "error",
      errorType: "policy_violation",
      error: "Tool execution blocked: rm -rf is not allowed",
      args: { command: "rm -rf /" },
      asked: null,
      executed: null,
    });
    // Gemini ran the rewrite, its own dir_path kept.
    deepEqual([ls?.status, ls?.args, ls?.executed], ["success", { command: "ls -la", dir_path: "." }, {
      command: "ls -la",
      dir_path: ".",
    }]);
    deepEqual([echo?.status, echo?.executed], ["success", { command: "echo hi" }]);
    // Gemini asked the user (who said no) with the guard's reason.
    deepEqual([push?.status, push?.asked, push?.executed], ["cancelled", {
      type: "exec",
      systemMessage: "a push needs a human",
    }, null]);
  },
});

Deno.test({
  name: missing === undefined
    ? 'Gemini CLI\'s own scheduler runs "sequential": true as hookgate does: in order, on the rewrite before, every hook after a block'
    : `Gemini CLI's own scheduler runs "sequential": true as hookgate does (ignored: ${missing})`,
  ignore: missing !== undefined,
  async fn() {
    // The same settings as tests/dialects/gemini/config_test.ts gives hookgate, with the same expectations.
    const project = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-gemini-sequential-" }));
    const logs = await Deno.makeTempDir({ prefix: "hookgate-gemini-sequential-log-" });
    const log = join(logs, "hooks.log");
    try {
      await Deno.writeTextFile(readFile(project), "notes\n");
      const [shell, read] = await gemini(project, project, sequentialHooks(log), [
        { name: "run_shell_command", args: { command: "ls" } },
        { name: "read_file", args: { file_path: readFile(project) } },
      ]);
      deepEqual([shell?.status, shell?.error, shell?.executed], [
        "error",
        "Tool execution blocked: blocked by second",
        null,
      ]);
      deepEqual([read?.status, read?.executed], ["success", { file_path: readFile(project) }]);
      deepEqual(await seen(log, 3), expected(readFile(project)));
    } finally {
      await Deno.remove(project, { recursive: true });
      await Deno.remove(logs, { recursive: true });
    }
  },
});

Deno.test("Gemini CLI's package stays out of deno.lock, where every hook-run start of a fresh HOME would download its tree", async () => {
  const lock = await Deno.readTextFile(new URL("../../../deno.lock", import.meta.url));
  equal(lock.includes("@google/gemini-cli-core"), false);
});
