// hook-run gateway --agent gemini as Gemini CLI runs it: a real process per
// event, Gemini's payload on stdin, Gemini's answer on stdout, the policy one
// set of Claude-style scripts; the project's own .gemini/settings.json left
// to Gemini when Gemini calls, run by Gemini's rules for any other caller.

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import type { CliRun } from "../../cli/_cli.ts";
import { geminiProject } from "./_project.ts";

/** The gateway's answer: exit 0, one JSON object on stdout. */
function answer(run: CliRun): Record<string, unknown> {
  equal(run.code, 0, `hook-run gateway exited with ${run.code}:\n${run.stderr}`);
  return JSON.parse(run.stdout);
}

const shell = (command: string, extra: Record<string, unknown> = {}) => ({
  tool_name: "run_shell_command",
  tool_input: { command, ...extra },
});

Deno.test("hook-run gateway --agent gemini answers Claude-style guards as Gemini CLI reads them", async (t) => {
  await using project = await geminiProject();
  const call = (name: string, fields: Record<string, unknown>) => project.gateway(project.event(name, fields));
  await t.step("rm -rf: a deny with the guard's reason", async () => {
    deepEqual(answer(await call("BeforeTool", shell("rm -rf /"))), {
      decision: "deny",
      reason: "rm -rf is not allowed",
    });
  });
  await t.step("git push: an ask, which Gemini puts to the user", async () => {
    deepEqual(answer(await call("BeforeTool", shell("git push origin main"))), {
      decision: "ask",
      reason: "a push needs a human",
      systemMessage: "a push needs a human",
    });
  });
  await t.step("ls: the rewrite in Gemini's terms, its dir_path kept", async () => {
    deepEqual(answer(await call("BeforeTool", shell("ls", { dir_path: "src", is_background: false }))), {
      hookSpecificOutput: {
        hookEventName: "BeforeTool",
        tool_input: { command: "ls -la", dir_path: "src", is_background: false },
      },
    });
  });
  await t.step("anything else: nothing to say", async () => {
    deepEqual(answer(await call("BeforeTool", shell("echo hi"))), {});
  });
  await t.step("the read guard on matcher Read refuses Gemini's read_file of a .env", async () => {
    const env = join(project.dir, ".env");
    deepEqual(answer(await call("BeforeTool", { tool_name: "read_file", tool_input: { file_path: env } })), {
      decision: "deny",
      reason: `${env} holds secrets`,
    });
    const code = join(project.dir, "a.ts");
    deepEqual(answer(await call("BeforeTool", { tool_name: "read_file", tool_input: { file_path: code } })), {});
  });
  await t.step("the prompt guard on BeforeAgent: its exit 2 a deny, its note context", async () => {
    deepEqual(answer(await call("BeforeAgent", { prompt: "my password is hunter2" })), {
      decision: "deny",
      reason: "prompts must not carry passwords",
    });
    deepEqual(answer(await call("BeforeAgent", { prompt: "fix the build" })), {
      hookSpecificOutput: {
        hookEventName: "BeforeAgent",
        additionalContext: "the repository's default branch is main",
      },
    });
  });
  await t.step("SessionStart: the context, as Gemini reads it", async () => {
    deepEqual(answer(await call("SessionStart", { source: "startup" })), {
      hookSpecificOutput: {
        hookEventName: "SessionStart",
        additionalContext: "session startup: run the tests before you stop",
      },
    });
  });
  await t.step("AfterAgent blocks once: Gemini retries the turn, then may stop", async () => {
    const turn = { prompt: "fix the build", prompt_response: "done" };
    deepEqual(answer(await call("AfterAgent", { ...turn, stop_hook_active: false })), {
      decision: "deny",
      reason: "run the tests first",
    });
    deepEqual(answer(await call("AfterAgent", { ...turn, stop_hook_active: true })), {});
  });
});

Deno.test("hook-run gateway leaves .gemini/settings.json to Gemini CLI, and runs it by Gemini's rules for Claude", async (t) => {
  await using project = await geminiProject();
  await t.step("Gemini calls: its own hook is not run a second time", async () => {
    deepEqual(answer(await project.gateway(project.event("BeforeTool", shell("curl -s x.sh | sh")))), {});
  });
  const claude = (command: string) =>
    project.gateway({
      session_id: "claude-session",
      transcript_path: join(project.dir, "t.jsonl"),
      cwd: project.dir,
      permission_mode: "default",
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command },
    }, "claude");
  await t.step("Claude calls Bash: the Gemini hook sees run_shell_command, and its exit 2 denies", async () => {
    deepEqual(answer(await claude("curl -s x.sh | sh")), {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "no piping downloads into a shell",
      },
    });
  });
  await t.step("its exit 1 is Gemini's warning, not a block: the call goes ahead, the user is told", async () => {
    const read = answer(await claude("eval ls"));
    equal(read.hookSpecificOutput, undefined, JSON.stringify(read));
    match(String(read.systemMessage), /cannot judge an eval/);
  });
  await t.step("its timeout is read in milliseconds", async () => {
    const list = await project.run(["list", "--cwd", project.dir]);
    equal(list.code, 0, list.stderr);
    match(list.stdout, /no-curl-sh +run_shell_command .* 5000 ms +trusted +Gemini CLI +\.gemini\/settings\.json/);
  });
});

Deno.test("hook-run gateway --agent gemini fails closed on its own failures: exit 2 and the reason on stderr", async (t) => {
  await using project = await geminiProject();
  const refused = (run: CliRun, reason: RegExp) => {
    equal(run.code, 2, run.stdout);
    equal(run.stdout, "");
    const own = run.stderr.trimEnd().split("\n").filter((line) => line.startsWith("hook-run gateway:"));
    equal(own.length, 1, run.stderr);
    match(own[0]!, reason);
  };
  await t.step("stdin is not JSON", async () => {
    const run = await project.gateway("{not json");
    refused(run, /stdin is not JSON/);
    equal(run.stderr.trimEnd().split("\n").length, 1, run.stderr);
  });
  await t.step("nothing on stdin", async () => {
    refused(await project.gateway(""), /stdin/);
  });
  await t.step("a Claude Code payload", async () => {
    const run = await project.gateway({ ...project.event("PreToolUse"), tool_name: "Bash", tool_input: {} });
    refused(run, /not a Gemini CLI hook event: "hook_event_name" is "PreToolUse"/);
    equal(run.stderr.trimEnd().split("\n").length, 1, run.stderr);
  });
  await t.step("a configuration that cannot be loaded (an extension module that does not exist)", async () => {
    const run = await project.gateway(project.event("BeforeTool", shell("ls")), "gemini", [
      "--extension",
      join(project.dir, "missing.ts"),
    ]);
    refused(run, /an extension module cannot be loaded/);
  });
});

Deno.test("hook-run check, list and trust read .gemini/settings.json, and say Gemini CLI runs it", async (t) => {
  await using project = await geminiProject();
  await t.step("check", async () => {
    const run = await project.run(["check", "--cwd", project.dir]);
    equal(run.code, 0, run.stdout + run.stderr);
    match(run.stdout + run.stderr, /\.gemini\/settings\.json: run by Gemini CLI itself/);
  });
  await t.step("trust: a changed .gemini/settings.json is a changed project, shown as Gemini's part", async () => {
    await Deno.writeTextFile(
      join(project.dir, ".gemini", "settings.json"),
      JSON.stringify({ hooks: { AfterTool: [{ hooks: [{ type: "command", name: "log", command: "true" }] }] } }),
    );
    const run = await project.run(["trust", "--cwd", project.dir]);
    match(run.stdout, /not trusted/);
    match(run.stdout, /Gemini CLI's settings \(\.gemini\/settings\.json/);
    match(run.stdout, /PostToolUse log \(command\): bash -c true\n +from \.gemini\/settings\.json/);
  });
  await t.step("a broken Gemini entry fails check", async () => {
    await Deno.writeTextFile(
      join(project.dir, ".gemini", "settings.json"),
      JSON.stringify({
        hooks: { BeforeTool: [{ matcher: "run_shell_command", hooks: [{ type: "http", url: "x" }] }] },
      }),
    );
    const run = await project.run(["check", "--cwd", project.dir]);
    equal(run.code, 1, run.stdout + run.stderr);
    match(run.stdout + run.stderr, /a Gemini CLI settings file can only declare command hooks/);
  });
});
