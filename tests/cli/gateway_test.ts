// hook-run gateway as a Claude-style agent calls it: one event as JSON on
// stdin, Claude's output format on stdout, exit 0; its own failures exit 2
// where the event can block.

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { cli } from "./_cli.ts";
import { hook, withProject } from "./_claude_project.ts";

/** One gateway call the way Claude makes it, in a trusted project. */
function gateway(dir: string, event: Record<string, unknown>, extra: string[] = []) {
  return cli(["gateway", ...extra], {
    cwd: dir,
    stdin: JSON.stringify({ session_id: "s-1", cwd: dir, ...event }),
    env: { CLAUDE_PROJECT_DIR: dir, HOOKGATE_TRUST_PROJECT: "1" },
  });
}

Deno.test("hook-run gateway answers PreToolUse in Claude's format: deny, rewrite, nothing", async () => {
  await withProject({
    PreToolUse: [
      { matcher: "Bash", hooks: [hook("guard.sh")] },
      {
        matcher: "Write",
        // Through sh, which hook-run's task allows (python3 is not, and would be refused with the flag to add).
        hooks: [hook("add_flag.py")],
      },
    ],
  }, async (dir) => {
    const deny = await gateway(dir, {
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "rm -rf /" },
    });
    equal(deny.code, 0, deny.stderr);
    deepEqual(JSON.parse(deny.stdout), {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "rm -rf is blocked by the guard",
      },
    });
    const rewrite = await gateway(dir, {
      hook_event_name: "PreToolUse",
      tool_name: "Write",
      tool_input: { command: "x" },
    });
    deepEqual(JSON.parse(rewrite.stdout), {
      hookSpecificOutput: { hookEventName: "PreToolUse", updatedInput: { command: "x --dry-run" } },
    });
    const nothing = await gateway(dir, { hook_event_name: "PreToolUse", tool_name: "Read", tool_input: {} });
    equal(nothing.stdout, "{}\n");
  });
});

Deno.test("hook-run gateway answers Stop with decision block, and passes Claude's stop_hook_active to the hooks", async () => {
  await withProject({ Stop: [{ hooks: [hook("stop.js")] }] }, async (dir) => {
    const first = await gateway(dir, { hook_event_name: "Stop", stop_hook_active: false });
    deepEqual(JSON.parse(first.stdout), { decision: "block", reason: "run the tests first" });
    const again = await gateway(dir, { hook_event_name: "Stop", stop_hook_active: true });
    equal(again.stdout, "{}\n");
  });
});

Deno.test("hook-run gateway answers context, halts and user messages", async () => {
  await withProject({
    UserPromptSubmit: [{ hooks: [hook("context.sh")] }],
    PostToolUse: [{ hooks: [hook("halt.py")] }],
  }, async (dir) => {
    const context = await gateway(dir, { hook_event_name: "UserPromptSubmit", prompt: "hi" });
    deepEqual(JSON.parse(context.stdout), {
      hookSpecificOutput: {
        hookEventName: "UserPromptSubmit",
        additionalContext: "Reminder: this repo uses conventional commits.",
      },
    });
    const halt = await gateway(dir, {
      hook_event_name: "PostToolUse",
      tool_name: "Bash",
      tool_input: {},
      tool_response: { stdout: "" },
    });
    deepEqual(JSON.parse(halt.stdout), {
      continue: false,
      stopReason: "budget exhausted",
      systemMessage: "stopping the agent",
    });
  });
});

Deno.test("hook-run gateway answers {} to events hookgate does not model, and says so under --trace", async () => {
  await withProject({}, async (dir) => {
    const run = await gateway(dir, { hook_event_name: "Notification", message: "hi" }, ["--trace"]);
    equal(run.code, 0);
    equal(run.stdout, "{}\n");
    match(run.stderr, /does not model the Claude Code event "Notification"; nothing runs for it; answered \{\}/);
  });
});

Deno.test("hook-run gateway never fails open: its own failures exit 2 on events that can block", async (t) => {
  await withProject({ PreToolUse: [{ hooks: [hook("guard.sh")] }] }, async (dir) => {
    await t.step("stdin is not JSON", async () => {
      const run = await cli(["gateway"], { cwd: dir, stdin: "{not json" });
      equal(run.code, 2);
      match(run.stderr, /^hook-run gateway: stdin is not JSON: /);
      equal(run.stdout, "");
    });
    await t.step("not a Claude event", async () => {
      const run = await cli(["gateway"], { cwd: dir, stdin: '{"hook_event_name": "BeforeTool"}' });
      equal(run.code, 2);
      match(run.stderr, /is not a Claude Code hook event/);
    });
  });
});

Deno.test("hook-run gateway runs what is good in a broken configuration: a broken entry affects only itself", async (t) => {
  await withProject({
    PreToolUse: [
      { matcher: "Bash", hooks: [hook("guard.sh")] },
      // Claude drops just this group; so does hookgate.
      { matcher: "Edit(", hooks: [hook("guard.sh")] },
    ],
    // Claude ignores a matcher on an event without one, even one that does not compile.
    UserPromptSubmit: [{ matcher: "[", hooks: [hook("context.sh")] }],
  }, async (dir) => {
    const broken = join(dir, "broken.jsonc");
    await Deno.writeTextFile(
      broken,
      `{"hooks": {
  "PreToolUse": [{"name": "metadata-guard", "matcher": "Write", "type": "http", "url": "https://169.254.169.254/check", "failurePolicy": "closed"}],
  "Stop": [{"name": "stop-guard", "type": "http", "url": "https://169.254.169.254/stop", "failurePolicy": "closed"}]
}}`,
    );
    const call = (event: Record<string, unknown>, config = broken) =>
      gateway(dir, { cwd: dir, ...event }, ["--config", config]);
    await t.step("the good guard still blocks, and allows what it allows", async () => {
      const deny = await call({
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command: "rm -rf /" },
      });
      equal(deny.code, 0, deny.stderr);
      equal(JSON.parse(deny.stdout).hookSpecificOutput.permissionDecisionReason, "rm -rf is blocked by the guard");
      const allow = await call({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } });
      equal(allow.code, 0, allow.stderr);
      equal(JSON.parse(allow.stdout).hookSpecificOutput, undefined);
      // The user hears of the broken configuration.
      match(JSON.parse(allow.stdout).systemMessage, /Hook config has 3 errors/);
    });
    await t.step(
      "the closed broken entry denies what it could have matched, naming itself, its place and the fix",
      async () => {
        const run = await call({ hook_event_name: "PreToolUse", tool_name: "Write", tool_input: { file_path: "x" } });
        equal(run.code, 0, run.stderr);
        const answer = JSON.parse(run.stdout).hookSpecificOutput;
        equal(answer.permissionDecision, "deny");
        match(answer.permissionDecisionReason, /Hook "metadata-guard" failed \(rejected: /);
        match(answer.permissionDecisionReason, /broken\.jsonc:2:\d+/);
        match(answer.permissionDecisionReason, /hook-run check/);
      },
    );
    await t.step("Stop is never blocked by a broken entry", async () => {
      const run = await call({ hook_event_name: "Stop", stop_hook_active: false });
      equal(run.code, 0, run.stderr);
      equal(JSON.parse(run.stdout).decision, undefined);
    });
    await t.step("a matcher on UserPromptSubmit is ignored, the hook runs", async () => {
      const run = await call({ hook_event_name: "UserPromptSubmit", prompt: "hi" });
      equal(run.code, 0, run.stderr);
      match(run.stdout, /conventional commits/);
    });
    await t.step("a file that cannot be parsed denies the gating events and never blocks Stop", async () => {
      const unparsable = join(dir, "half.jsonc");
      await Deno.writeTextFile(unparsable, `{"hooks": {"PreToolUse": [`);
      const pre = await call({ hook_event_name: "PreToolUse", tool_name: "Read", tool_input: {} }, unparsable);
      equal(pre.code, 0, pre.stderr);
      equal(JSON.parse(pre.stdout).hookSpecificOutput.permissionDecision, "deny");
      match(JSON.parse(pre.stdout).hookSpecificOutput.permissionDecisionReason, /half\.jsonc/);
      const stop = await call({ hook_event_name: "Stop", stop_hook_active: false }, unparsable);
      equal(stop.code, 0, stop.stderr);
      equal(JSON.parse(stop.stdout).decision, undefined);
      const start = await call({ hook_event_name: "SessionStart", source: "startup" }, unparsable);
      equal(start.code, 0, start.stderr);
    });
  });
});

Deno.test("hook-run gateway skips an untrusted project's hooks and tells the user how to trust them", async () => {
  await withProject({ PreToolUse: [{ hooks: [hook("guard.sh")] }] }, async (dir) => {
    const run = await cli(["gateway"], {
      cwd: dir,
      stdin: JSON.stringify({
        hook_event_name: "PreToolUse",
        cwd: dir,
        tool_name: "Bash",
        tool_input: { command: "rm -rf /" },
      }),
      env: { CLAUDE_PROJECT_DIR: dir },
    });
    equal(run.code, 0);
    const answer = JSON.parse(run.stdout);
    equal(answer.hookSpecificOutput, undefined);
    match(
      answer.systemMessage,
      /skipped 1 project hook of an untrusted project; review and trust them with: hook-run trust --cwd/,
    );
  });
});

Deno.test("hook-run gateway run as one of hookgate's own hooks answers {} instead of calling itself forever", async () => {
  await withProject({ PreToolUse: [{ hooks: [hook("guard.sh")] }] }, async (dir) => {
    const run = await cli(["gateway"], {
      cwd: dir,
      stdin: JSON.stringify({
        hook_event_name: "PreToolUse",
        cwd: dir,
        tool_name: "Bash",
        tool_input: { command: "rm -rf /" },
      }),
      env: { CLAUDE_PROJECT_DIR: dir, HOOKGATE_TRUST_PROJECT: "1", HOOKGATE_DEPTH: "1" },
    });
    equal(run.code, 0);
    equal(run.stdout, "{}\n");
    match(run.stderr, /called from one of hookgate's own hooks/);
  });
});
