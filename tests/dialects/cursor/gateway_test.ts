// One set of Claude-style guards answering Cursor through
// `hook-run gateway --agent cursor`: Cursor's payloads as Cursor writes them
// to a command hook, and each answer as Cursor reads it, field for field.

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cli, type CliRun } from "../../cli/_cli.ts";
import { cursorPayload } from "./_payloads.ts";

const POLICY = fileURLToPath(new URL("../../testdata/cursor/guards/policy.py", import.meta.url));

interface CursorProject extends AsyncDisposable {
  dir: string;
  gateway(payload: Record<string, unknown>): Promise<CliRun & { answer: Record<string, unknown> }>;
}

/** A trusted project whose hookgate configuration runs the policy as Claude-style hooks. */
async function cursorProject(): Promise<CursorProject> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-cursor-" }));
  const home = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-home-" }));
  const hook = [{ type: "command", command: `python3 ${POLICY}` }];
  const hooks = {
    PreToolUse: [{ matcher: "Bash|Read", hooks: hook }],
    UserPromptSubmit: [{ hooks: hook }],
    SessionStart: [{ hooks: hook }],
    Stop: [{ hooks: hook }],
  };
  await Deno.mkdir(join(dir, ".hookgate"));
  await Deno.writeTextFile(join(dir, ".hookgate", "config.jsonc"), JSON.stringify({ hooks }, null, 2));
  const trust = await cli(["trust", "--cwd", dir, "--yes"], { cwd: dir, home });
  equal(trust.code, 0, trust.stdout + trust.stderr);
  return {
    dir,
    async gateway(payload) {
      const run = await cli(["gateway", "--agent", "cursor"], {
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
async function payload(name: string, dir: string, fields: Record<string, unknown> = {}) {
  const value = await cursorPayload(name);
  value.workspace_roots = [dir];
  if ("cwd" in value) value.cwd = dir;
  return { ...value, ...fields };
}

Deno.test("hook-run gateway --agent cursor answers Cursor with Claude-style guards", async (t) => {
  await using project = await cursorProject();
  const { dir } = project;
  await t.step("beforeShellExecution rm -rf: permission deny with the guard's reason", async () => {
    const run = await project.gateway(await payload("before_shell_execution", dir));
    equal(run.code, 0, run.stderr);
    deepEqual(run.answer, {
      permission: "deny",
      user_message: "rm -rf is not allowed here",
      agent_message: "rm -rf is not allowed here",
    });
  });
  await t.step("preToolUse Shell rm -rf: permission deny", async () => {
    const run = await project.gateway(await payload("pre_tool_use_shell", dir));
    deepEqual(run.answer, {
      permission: "deny",
      user_message: "rm -rf is not allowed here",
      agent_message: "rm -rf is not allowed here",
    });
  });
  await t.step("beforeShellExecution git push: Cursor's ask", async () => {
    const run = await project.gateway(await payload("before_shell_execution", dir, { command: "git push origin" }));
    deepEqual(run.answer, {
      permission: "ask",
      user_message: "pushing needs a human",
      agent_message: "pushing needs a human",
    });
  });
  await t.step("preToolUse Shell git push: a deny, since Cursor does not enforce ask there", async () => {
    const run = await project.gateway(
      await payload("pre_tool_use_shell", dir, { tool_input: { command: "git push", working_directory: dir } }),
    );
    equal(run.answer.permission, "deny");
    equal(run.answer.agent_message, "pushing needs a human");
    match(String(run.answer.user_message), /Cursor cannot ask on preToolUse/);
  });
  await t.step("preToolUse Shell ls: updated_input, working_directory kept", async () => {
    const run = await project.gateway(
      await payload("pre_tool_use_shell", dir, { tool_input: { command: "ls", working_directory: dir } }),
    );
    deepEqual(run.answer, { updated_input: { command: "ls -la", working_directory: dir } });
  });
  await t.step("beforeShellExecution ls: the rewrite is dropped with a warning, neither deny nor allow", async () => {
    const run = await project.gateway(await payload("before_shell_execution", dir, { command: "ls" }));
    equal(run.code, 0);
    equal(run.answer.permission, undefined);
    match(String(run.answer.user_message), /rewrite is dropped/);
    match(run.stderr, /rewrite is dropped/);
  });
  await t.step("beforeReadFile .env: permission deny", async () => {
    const run = await project.gateway(await payload("before_read_file", dir, { file_path: join(dir, ".env") }));
    equal(run.answer.permission, "deny");
    equal(run.answer.user_message, "secrets stay out of the model");
  });
  await t.step("beforeSubmitPrompt: continue false with the reason", async () => {
    const run = await project.gateway(await payload("before_submit_prompt", dir));
    deepEqual(run.answer, { continue: false, user_message: "prompts must not ask for passwords" });
  });
  await t.step("sessionStart: additional_context", async () => {
    const run = await project.gateway(await payload("session_start", dir));
    deepEqual(run.answer, { additional_context: "Use pnpm, not npm." });
  });
  await t.step("stop blocks once: followup_message, then nothing once loop_count is 1", async () => {
    const first = await project.gateway(await payload("stop", dir));
    deepEqual(first.answer, { followup_message: "run the tests before you stop" });
    const again = await project.gateway(await payload("stop", dir, { loop_count: 1 }));
    deepEqual(again.answer, {});
  });
  await t.step("another agent's payload: one line on stderr and exit 2, which Cursor reads as a deny", async () => {
    const run = await project.gateway({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: {} });
    equal(run.code, 2);
    equal(run.stderr.trim().split("\n").length, 1);
    match(run.stderr, /Cursor/);
  });
});
