// hook-run gateway with a user's existing Claude Code hooks, driven the way
// Claude drives it — one compact JSON line on stdin, then closed: every
// Claude event and the fields hookgate does not model reach the hooks, and
// the answers mean what they mean in Claude.

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { cli } from "./_cli.ts";
import { hook, withProject } from "./_claude_project.ts";
import { post, serve, TRUSTED } from "./_serve.ts";

/** One gateway call the way Claude makes it, in a trusted project. */
function gateway(dir: string, event: Record<string, unknown>, env: Record<string, string> = {}) {
  return cli(["gateway"], {
    cwd: dir,
    stdin: JSON.stringify({ session_id: "s-1", transcript_path: join(dir, "t.jsonl"), cwd: dir, ...event }),
    env: { CLAUDE_PROJECT_DIR: dir, HOOKGATE_TRUST_PROJECT: "1", ...env },
  });
}

Deno.test("hook-run gateway runs a notify-send Notification hook, matched on notification_type", async () => {
  await withProject({
    Notification: [{ matcher: "permission_prompt|idle_prompt", hooks: [{ ...hook("notify.sh"), timeout: 5 }] }],
  }, async (dir) => {
    // A stand-in notify-send on the agent's PATH, and the session bus it needs.
    await Deno.mkdir(join(dir, "bin"));
    await Deno.writeTextFile(join(dir, "bin/notify-send"), `#!/bin/sh\nprintf '%s|' "$@" > "$HOME/.claude/notified"\n`);
    await Deno.chmod(join(dir, "bin/notify-send"), 0o755);
    const home = await Deno.makeTempDir({ prefix: "hookgate-home-" });
    try {
      const notify = (type: string) =>
        cli(["gateway"], {
          cwd: dir,
          home,
          stdin: JSON.stringify({
            session_id: "s-1",
            cwd: dir,
            hook_event_name: "Notification",
            message: "Claude needs your permission to use Bash",
            notification_type: type,
          }),
          env: {
            CLAUDE_PROJECT_DIR: dir,
            HOOKGATE_TRUST_PROJECT: "1",
            PATH: `${join(dir, "bin")}:${Deno.env.get("PATH")}`,
            DBUS_SESSION_BUS_ADDRESS: "unix:path=/run/user/1000/bus",
          },
        });
      const run = await notify("permission_prompt");
      equal(run.code, 0, run.stderr);
      equal(run.stdout, "{}\n");
      equal(
        await Deno.readTextFile(join(home, ".claude/notify.log")),
        '{"t":"permission_prompt","m":"Claude needs your permission to use Bash"}\n',
      );
      equal(
        await Deno.readTextFile(join(home, ".claude/notified")),
        "Claude Code|Claude needs your permission to use Bash|",
      );
      // The matcher selects on notification_type.
      equal((await notify("auth_success")).code, 0);
      equal((await Deno.readTextFile(join(home, ".claude/notify.log"))).split("\n").length, 2);
    } finally {
      await Deno.remove(home, { recursive: true });
    }
  });
});

Deno.test("hook-run gateway runs the hooks of an event hookgate does not know, with no decision", async () => {
  await withProject({
    FutureEvent: [{ hooks: [hook("log_event.sh")] }, { hooks: [hook("answers.sh", "future")] }],
  }, async (dir) => {
    const check = await cli(["check"], { cwd: dir, env: TRUSTED });
    equal(check.code, 0, check.stdout + check.stderr);
    match(check.stdout + check.stderr, /warning: hookgate does not know the event "FutureEvent"/);
    const run = await gateway(dir, { hook_event_name: "FutureEvent", detail: 1 });
    equal(run.code, 0, run.stderr);
    // What every event may carry, and nothing else: no block, no context.
    deepEqual(JSON.parse(run.stdout), { systemMessage: "seen" });
    equal(await Deno.readTextFile(join(dir, "events.log")), `FutureEvent ${dir} \n`);
    // With no hook for it, nothing to say.
    const other = await gateway(dir, { hook_event_name: "AnotherEvent" });
    equal(other.code, 0, other.stderr);
    equal(other.stdout, "{}\n");
  });
});

Deno.test("hook-run gateway passes the payload fields hookgate does not model to Claude hooks, on one line", async () => {
  await withProject({
    PreToolUse: [{ hooks: [hook("payload.sh")] }],
    Stop: [{ hooks: [hook("ack_stop.py")] }],
  }, async (dir) => {
    const sent = {
      session_id: "s-1",
      transcript_path: join(dir, "t.jsonl"),
      cwd: dir,
      permission_mode: "default",
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "ls", description: "List", x_custom: 1 },
      tool_use_id: "toolu_01",
      prompt_id: "p-1",
      effort: { level: "high" },
      agent_id: "a-1",
      agent_type: "reviewer",
      permission_suggestions: [{ type: "setMode", mode: "acceptEdits", destination: "session" }],
      model: { id: "claude-x" },
    };
    const run = await gateway(dir, sent);
    equal(run.code, 0, run.stderr);
    const line = await Deno.readTextFile(join(dir, "payload.json"));
    equal(line.indexOf("\n"), line.length - 1, "one line");
    deepEqual(JSON.parse(line), sent);

    // A Stop guard that reads last_assistant_message lets the agent stop once it says ACK-TEST.
    const stop = (message: string) =>
      gateway(dir, { hook_event_name: "Stop", stop_hook_active: false, last_assistant_message: message });
    deepEqual(JSON.parse((await stop("All tests pass.")).stdout), {
      decision: "block",
      reason: "Include ACK-TEST to stop.",
    });
    equal((await stop("Stopping now. ACK-TEST")).stdout, "{}\n");
  });
});

Deno.test("hook-run gateway keeps PreToolUse additionalContext: alone, beside a deny, beside a legacy block", async () => {
  await withProject({
    PreToolUse: [
      { matcher: "Read", hooks: [hook("answers.sh", "context")] },
      { matcher: "Write", hooks: [hook("answers.sh", "deny-context")] },
      { matcher: "Edit", hooks: [hook("answers.sh", "block-context")] },
    ],
  }, async (dir) => {
    const call = async (tool: string) => {
      const run = await gateway(dir, { hook_event_name: "PreToolUse", tool_name: tool, tool_input: {} });
      equal(run.code, 0, run.stderr);
      return JSON.parse(run.stdout);
    };
    deepEqual(await call("Read"), {
      hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "lint rules live in .eslintrc" },
    });
    deepEqual(await call("Write"), {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "not here",
        additionalContext: "use the wrapper",
      },
    });
    deepEqual(await call("Edit"), {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "legacy no",
        additionalContext: "see the docs",
      },
    });
  });
});

Deno.test("hook-run gateway ignores a permissionDecision in a PostToolUse answer, as Claude does", async () => {
  await withProject({ PostToolUse: [{ hooks: [hook("answers.sh", "post-decision")] }] }, async (dir) => {
    const run = await gateway(dir, {
      hook_event_name: "PostToolUse",
      tool_name: "Edit",
      tool_input: { file_path: join(dir, "a.ts") },
      tool_response: { success: true },
    });
    equal(run.code, 0, run.stderr);
    deepEqual(JSON.parse(run.stdout), { systemMessage: "warn" });
  });
});

Deno.test("hook-run gateway takes the block message of exit 2 from the JSON reason on stdout, else stderr", async () => {
  await withProject({
    PreToolUse: [{ hooks: [hook("answers.sh", "exit2-json")] }],
    Stop: [{ hooks: [hook("answers.sh", "exit2-json")] }],
  }, async (dir) => {
    const pre = await gateway(dir, { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: {} });
    equal(pre.code, 0, pre.stderr);
    deepEqual(JSON.parse(pre.stdout).hookSpecificOutput, {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: "from-json",
    });
    const stop = await gateway(dir, { hook_event_name: "Stop", stop_hook_active: false });
    deepEqual(JSON.parse(stop.stdout), { decision: "block", reason: "from-json" });
  });
});

Deno.test("hook-run gateway counts a Claude hook's answer of 100 KB: the deny and its whole reason", async () => {
  await withProject({ PreToolUse: [{ matcher: "Bash", hooks: [hook("big_deny.py")] }] }, async (dir) => {
    const run = await gateway(dir, { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } });
    equal(run.code, 0, run.stderr);
    const answer = JSON.parse(run.stdout).hookSpecificOutput;
    equal(answer.permissionDecision, "deny");
    // Claude spills a string this long to a file itself: hookgate passes it on whole.
    equal(answer.permissionDecisionReason.length, 100_000);
    match(answer.permissionDecisionReason, /^line 00000 of the report\n/);
    match(answer.permissionDecisionReason, /line 03999 of the report\n$/);
  });
});

Deno.test("hook-run gateway runs a Claude hook with handler keys it does not know, such as rewakeMessage", async () => {
  await withProject({
    PreToolUse: [{
      matcher: "Bash",
      hooks: [{ ...hook("guard.sh"), rewakeMessage: "Security review found issues", rewakeSummary: "review" }],
    }],
  }, async (dir) => {
    const check = await cli(["check"], { cwd: dir, env: TRUSTED });
    equal(check.code, 0, check.stdout + check.stderr);
    match(check.stdout + check.stderr, /warning: "rewakeMessage" is not a Claude Code hook key hookgate knows/);
    const run = await gateway(dir, {
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "rm -rf /" },
    });
    equal(run.code, 0, run.stderr);
    equal(JSON.parse(run.stdout).hookSpecificOutput?.permissionDecision, "deny");
  });
});

Deno.test("hook-run gateway shows the user what Claude would show: a hook's error, not what goes to the debug log", async (t) => {
  await withProject({
    PreToolUse: [
      { matcher: "Read", hooks: [hook("answers.sh", "text")] },
      { matcher: "Write", hooks: [hook("answers.sh", "empty-exit1")] },
      { matcher: "Edit", hooks: [hook("answers.sh", "boom")] },
    ],
  }, async (dir) => {
    const call = (tool: string) => gateway(dir, { hook_event_name: "PreToolUse", tool_name: tool, tool_input: {} });
    await t.step("plain text on PreToolUse goes to the debug log (stderr)", async () => {
      const run = await call("Read");
      equal(run.code, 0, run.stderr);
      equal(run.stdout, "{}\n");
      match(run.stderr, /not one JSON object/);
    });
    await t.step("{} on exit 1 decides: nothing to show", async () => {
      const run = await call("Write");
      equal(run.code, 0, run.stderr);
      equal(run.stdout, "{}\n");
      match(run.stderr, /exited with code 1/);
    });
    await t.step("a non-zero exit is a hook error the user sees, with the first stderr line", async () => {
      const run = await call("Edit");
      equal(run.code, 0, run.stderr);
      const answer = JSON.parse(run.stdout);
      equal(answer.hookSpecificOutput, undefined);
      match(answer.systemMessage, /hook error: exited with code 1: boom: config missing/);
    });
  });
});

Deno.test("hook-run gateway blocks TeammateIdle with exit code 2, where Claude reads a block only from it", async () => {
  await withProject({
    TeammateIdle: [{ hooks: [hook("answers.sh", "keep-working")] }],
    Elicitation: [{ matcher: "github", hooks: [hook("answers.sh", "decline")] }],
  }, async (dir) => {
    const idle = await gateway(dir, { hook_event_name: "TeammateIdle", teammate_name: "tester" });
    equal(idle.code, 2);
    deepEqual(JSON.parse(idle.stdout), { decision: "block", reason: "tests still fail" });
    match(idle.stderr, /tests still fail\n$/);
    const asked = await gateway(dir, { hook_event_name: "Elicitation", mcp_server_name: "github", message: "Token?" });
    equal(asked.code, 0, asked.stderr);
    deepEqual(JSON.parse(asked.stdout), { hookSpecificOutput: { hookEventName: "Elicitation", action: "decline" } });
    const other = await gateway(dir, { hook_event_name: "Elicitation", mcp_server_name: "linear", message: "Token?" });
    equal(other.stdout, "{}\n");
  });
});

Deno.test("hook-run serve runs Claude's newer events and unknown ones, and passes unmodelled fields on", async () => {
  await withProject({
    Notification: [{ hooks: [hook("payload.sh")] }],
    FutureEvent: [{ hooks: [hook("answers.sh", "future")] }],
  }, async (dir) => {
    const server = await serve(["--cwd", dir], { cwd: dir, env: TRUSTED });
    try {
      const note = { session_id: "s", cwd: dir, hook_event_name: "Notification", message: "hi", title: "t", x: [1] };
      deepEqual(await post(`${server.url}/hooks/Notification`, note), { status: 200, text: "{}\n" });
      deepEqual(JSON.parse(await Deno.readTextFile(join(dir, "payload.json"))), note);
      const future = { session_id: "s", cwd: dir, hook_event_name: "FutureEvent" };
      deepEqual(await post(`${server.url}/hooks/FutureEvent`, future), {
        status: 200,
        text: '{"systemMessage":"seen"}\n',
      });
    } finally {
      equal((await server.stop()).code, 0);
    }
  });
});
