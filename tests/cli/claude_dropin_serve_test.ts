// The same Claude Code user's hooks answered by hook-run serve, started as
// the README says (`hook-run serve --cwd <project>`), with Claude
// (_claude_sim.ts) running examples/claude/settings_http.json: each event is
// POSTed to its own URL, SessionStart goes to the gateway, and each answer is
// what Claude makes of the same hooks.

import { deepEqual, equal } from "node:assert/strict";
import { join } from "node:path";
import { root } from "./_cli.ts";
import { type ClaudeHooks, claudeReads, type ClaudeSetup, claudeSetup, command, preToolUse } from "./_claude_style.ts";
import { serve } from "./_serve.ts";

const HOOKS = `"$CLAUDE_PROJECT_DIR"/.claude/hooks`;

/** What Claude got for one event: the body (or the gateway's stdout) and what Claude makes of it. */
interface Answered {
  text: string;
  answer: Record<string, unknown>;
}

/**
 * Gives hookgate `hooks` for the project, starts hook-run serve for it and
 * routes Claude to it with examples/claude/settings_http.json; `fn` gets
 * Claude firing one event (plus `env` in Claude's environment).
 */
async function served(
  p: ClaudeSetup,
  hooks: ClaudeHooks,
  fn: (claude: (event: Record<string, unknown>, env?: Record<string, string>) => Promise<Answered>) => Promise<void>,
): Promise<void> {
  await p.project(hooks);
  // No desktop session: a notifier must not reach the developer's.
  const server = await serve(["--cwd", p.dir], { cwd: p.dir, home: p.home, env: { DBUS_SESSION_BUS_ADDRESS: "" } });
  try {
    const settings = join(p.home, ".claude/settings.json");
    const routing = await Deno.readTextFile(join(root, "examples/claude/settings_http.json"));
    await p.write(settings, routing.replaceAll("http://127.0.0.1:8787", server.url));
    await fn(async (event, env) => {
      const ran = await p.claude([settings], event, env);
      equal(ran.length, 1, "Claude runs only the routing");
      const [{ handler, code, stdout, stderr }] = ran as [typeof ran[0]];
      equal(code, handler.type === "http" ? 200 : 0, stdout + stderr + server.stderr());
      return { text: stdout, answer: claudeReads(JSON.parse(stdout)) };
    });
  } finally {
    await server.stop();
  }
}

Deno.test("hook-run serve answers a Claude user's guards at their event's URL as Claude would act on them", async (t) => {
  await using p = await claudeSetup();
  const hooks = {
    PreToolUse: [
      {
        matcher: "Bash",
        hooks: [
          command(`python3 ${HOOKS}/no_grep.py`),
          command(`${HOOKS}/allow_list.sh`),
          command(`${HOOKS}/count.sh`),
        ],
      },
      { matcher: "Write|Edit", hooks: [command(`${HOOKS}/decide.sh ask reviewer`)] },
    ],
    UserPromptSubmit: [{ hooks: [command("python3 .claude/hooks/secret_scan.py")] }],
  };
  await served(p, hooks, async (claude) => {
    const bash = (command: string) =>
      p.event("PreToolUse", { tool_name: "Bash", tool_input: { command }, tool_use_id: "toolu_01" });
    await t.step("an exit-2 guard's deny beats the other hook's allow; every hook ran", async () => {
      deepEqual((await claude(bash("grep -r TODO src"))).answer, preToolUse("deny", "• Use rg instead of grep"));
      deepEqual(await p.runs(), ["count PreToolUse"]);
    });
    await t.step("a JSON deny, and the blanket allow", async () => {
      deepEqual((await claude(bash("git push origin main"))).answer, preToolUse("deny", "no pushes from the agent"));
      deepEqual((await claude(bash("pnpm test"))).answer, preToolUse("allow", "passed"));
    });
    await t.step("a JSON ask: Claude asks the user", async () => {
      const edit = p.event("PreToolUse", { tool_name: "Edit", tool_input: { file_path: join(p.dir, "a.ts") } });
      deepEqual((await claude(edit)).answer, preToolUse("ask", "ask by reviewer"));
    });
    await t.step("UserPromptSubmit: the secret guard's block, and a clean prompt through", async () => {
      const secret = await claude(p.event("UserPromptSubmit", { prompt: "deploy with AKIAABCDEFGHIJKLMNOP" }));
      deepEqual(secret.answer, { decision: "block", reason: `{"decision": "block", "reason": "SECRET DETECTED"}` });
      deepEqual((await claude(p.event("UserPromptSubmit", { prompt: "deploy" }))).answer, {});
    });
  });
});

Deno.test("hook-run serve forwards a rewriter's updatedInput and a PermissionRequest approval as Claude would", async (t) => {
  await using p = await claudeSetup();
  const hooks = {
    PreToolUse: [{ matcher: "Bash", hooks: [command(`${HOOKS}/rewrite.sh allow`)] }],
    PermissionRequest: [{ matcher: "ExitPlanMode|Bash", hooks: [command(`node ${HOOKS}/approve.js`)] }],
  };
  await served(p, hooks, async (claude) => {
    const decided = (decision: Record<string, unknown>) => ({
      hookSpecificOutput: { hookEventName: "PermissionRequest", decision },
    });
    await t.step("PreToolUse: the rewrite, whole, with its allow", async () => {
      const input = { command: "git status", description: "Show status", timeout: 120000 };
      const { answer } = await claude(p.event("PreToolUse", { tool_name: "Bash", tool_input: input }));
      deepEqual(answer, preToolUse("allow", "rewrite", { updatedInput: { ...input, command: "mytool git status" } }));
    });
    await t.step("PermissionRequest: the approval with its mode switch", async () => {
      const { answer } = await claude(p.event("PermissionRequest", {
        permission_mode: "plan",
        tool_name: "ExitPlanMode",
        tool_input: { plan: "# Plan" },
        permission_suggestions: [],
      }));
      const updatedPermissions = [{ type: "setMode", mode: "acceptEdits", destination: "session" }];
      deepEqual(answer, decided({ behavior: "allow", updatedPermissions }));
    });
    await t.step("PermissionRequest: a refusal with the hook's message", async () => {
      const { answer } = await claude(p.event("PermissionRequest", {
        tool_name: "Bash",
        tool_input: { command: "rm -rf x" },
        permission_suggestions: [],
      }));
      deepEqual(answer, decided({ behavior: "deny", message: "not allowed" }));
    });
  });
});

Deno.test("hook-run serve answers Stop loops, linters and notifications; SessionStart stays on the gateway", async (t) => {
  await using p = await claudeSetup();
  const hooks = {
    Stop: [{ hooks: [command(`python3 ${HOOKS}/ack_stop.py`)] }],
    PostToolUse: [{ matcher: "Write|Edit", hooks: [command(`${HOOKS}/lint.sh`)] }],
    Notification: [{
      matcher: "permission_prompt",
      hooks: [command(`${HOOKS}/notify.sh`), command(`${HOOKS}/count.sh`)],
    }],
    SessionStart: [{ hooks: [command(`bash ${HOOKS}/load_context.sh`)] }],
  };
  await p.write("a.ts", "BAD\n");
  await served(p, hooks, async (claude) => {
    await t.step("Stop: back to work without the token, byte for byte the gateway's answer", async () => {
      const first = p.event("Stop", { stop_hook_active: false, last_assistant_message: "All tests pass." });
      const answered = await claude(first);
      deepEqual(answered.answer, { decision: "block", reason: "Include ACK-TEST to stop." });
      equal(answered.text, (await p.gateway(first)).stdout);
    });
    await t.step("Stop: nothing after the continuation, nor once the last message has the token", async () => {
      const again = p.event("Stop", { stop_hook_active: true, last_assistant_message: "Still working." });
      deepEqual((await claude(again)).answer, {});
      const done = p.event("Stop", { stop_hook_active: false, last_assistant_message: "Stopping now. ACK-TEST" });
      deepEqual((await claude(done)).answer, {});
    });
    await t.step("PostToolUse: the linter's findings beside the edit", async () => {
      const { answer } = await claude(p.event("PostToolUse", {
        tool_name: "Edit",
        tool_input: { file_path: join(p.dir, "a.ts"), old_string: "x", new_string: "BAD" },
        tool_response: { filePath: join(p.dir, "a.ts"), success: true },
        tool_use_id: "toolu_02",
      }));
      deepEqual(answer, { decision: "block", reason: "a.ts:1 no BAD" });
    });
    await t.step("Notification: logged, no decision", async () => {
      const { answer } = await claude(p.event("Notification", {
        message: "Claude needs your permission to use Bash",
        notification_type: "permission_prompt",
      }));
      deepEqual(answer, {});
      equal(
        await p.read(join(p.home, ".claude/notify.log")),
        `{"t":"permission_prompt","m":"Claude needs your permission to use Bash"}\n`,
      );
      deepEqual(await p.runs(), ["count Notification"]);
    });
    await t.step("SessionStart, through the gateway: the context, and the exports in Claude's env file", async () => {
      const envFile = join(p.dir, ".t/env-sess-1");
      const { answer } = await claude(p.event("SessionStart", { source: "startup" }), { CLAUDE_ENV_FILE: envFile });
      deepEqual(answer, { hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "Node project" } });
      equal(await p.read(envFile), 'export PROJECT_TYPE=nodejs\nexport GREETING="a b"\n');
    });
  });
});

Deno.test("hook-run serve leaves a Stop loop's cap to Claude: a hook that blocks every time is answered every time", async () => {
  await using p = await claudeSetup();
  await served(p, { Stop: [{ hooks: [command(`${HOOKS}/nag.sh`)] }] }, async (claude) => {
    // Claude counts consecutive blocks itself (8, or CLAUDE_CODE_STOP_HOOK_BLOCK_CAP; 0 is no cap): one more
    // than its default here, as for the gateway.
    for (let i = 0; i < 9; i++) {
      const stop = p.event("Stop", { stop_hook_active: i > 0, last_assistant_message: "Done." });
      const { text, answer } = await claude(stop);
      deepEqual(answer, { decision: "block", reason: "keep going" }, `stop ${i + 1}: ${text}`);
    }
  });
});
