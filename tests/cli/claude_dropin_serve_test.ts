// The same Claude Code user's hooks answered by hook-run serve at the
// per-event URLs examples/claude/settings_http.json points Claude at: each
// body is Claude's answer, and the gateway's bytes for the same call.

import { deepEqual, equal } from "node:assert/strict";
import { join } from "node:path";
import { claudeReads, claudeSetup, command, preToolUse } from "./_claude_style.ts";
import { post, serve } from "./_serve.ts";

const HOOKS = `"$CLAUDE_PROJECT_DIR"/.claude/hooks`;

Deno.test("hook-run serve answers a Claude user's hooks at their event's URL as Claude would act on them", async (t) => {
  await using p = await claudeSetup();
  await p.project({
    PreToolUse: [{
      matcher: "Bash",
      hooks: [command(`python3 ${HOOKS}/no_grep.py`), command(`${HOOKS}/deny_push.sh`), command(`${HOOKS}/count.sh`)],
    }],
    PermissionRequest: [{ matcher: "ExitPlanMode", hooks: [command(`node ${HOOKS}/approve.js`)] }],
    PostToolUse: [{ matcher: "Write|Edit", hooks: [command(`${HOOKS}/lint.sh`)] }],
    UserPromptSubmit: [{ hooks: [command("python3 .claude/hooks/secret_scan.py")] }],
    Stop: [{ hooks: [command(`${HOOKS}/roadmap.sh`)] }],
    Notification: [{ matcher: "permission_prompt", hooks: [command(`${HOOKS}/count.sh`)] }],
  });
  await p.write("a.ts", "BAD\n");
  const server = await serve(["--cwd", p.dir], { cwd: p.dir, home: p.home });
  try {
    const call = async (event: Record<string, unknown>) => {
      const { status, text } = await post(`${server.url}/hooks/${event.hook_event_name}`, JSON.stringify(event));
      equal(status, 200, text + server.stderr());
      return { text, answer: claudeReads(JSON.parse(text)) };
    };
    const bash = (command: string) =>
      p.event("PreToolUse", { tool_name: "Bash", tool_input: { command }, tool_use_id: "toolu_01" });
    await t.step("PreToolUse: the exit-2 guard's deny beats the other hook's allow; every hook ran", async () => {
      deepEqual((await call(bash("grep -r TODO src"))).answer, preToolUse("deny", "• Use rg instead of grep"));
      deepEqual(await p.runs(), ["count PreToolUse"]);
    });
    await t.step("PreToolUse: a JSON deny, and the blanket allow", async () => {
      deepEqual(
        (await call(bash("git push origin main"))).answer,
        preToolUse("deny", "Blocked: pushes go through review"),
      );
      deepEqual((await call(bash("pnpm test"))).answer, preToolUse("allow", "Command passed safety validation"));
    });
    await t.step("PermissionRequest: the approval with its mode switch", async () => {
      const { answer } = await call(p.event("PermissionRequest", {
        tool_name: "ExitPlanMode",
        tool_input: { plan: "# Plan" },
        permission_suggestions: [],
      }));
      deepEqual(answer, {
        hookSpecificOutput: {
          hookEventName: "PermissionRequest",
          decision: {
            behavior: "allow",
            updatedPermissions: [{ type: "setMode", mode: "acceptEdits", destination: "session" }],
          },
        },
      });
    });
    await t.step("PostToolUse: the linter's findings beside the edit", async () => {
      const { answer } = await call(p.event("PostToolUse", {
        tool_name: "Edit",
        tool_input: { file_path: join(p.dir, "a.ts"), old_string: "x", new_string: "BAD" },
        tool_response: { filePath: join(p.dir, "a.ts"), success: true },
        tool_use_id: "toolu_02",
      }));
      deepEqual(answer, { decision: "block", reason: "a.ts:1 no BAD" });
    });
    await t.step("UserPromptSubmit: the secret guard's block, and a clean prompt through", async () => {
      const secret = await call(p.event("UserPromptSubmit", { prompt: "deploy with AKIAABCDEFGHIJKLMNOP" }));
      deepEqual(secret.answer, { decision: "block", reason: `{"decision": "block", "reason": "SECRET DETECTED"}` });
      deepEqual((await call(p.event("UserPromptSubmit", { prompt: "deploy" }))).answer, {});
    });
    await t.step("Stop: the reminder once, then nothing; byte for byte the gateway's answer", async () => {
      const first = p.event("Stop", { stop_hook_active: false, last_assistant_message: "Done." });
      const served = await call(first);
      deepEqual(served.answer, { decision: "block", reason: "Update ROADMAP.md before stopping." });
      equal(served.text, (await p.gateway(first)).stdout);
      deepEqual((await call({ ...first, stop_hook_active: true })).answer, {});
    });
    await t.step("Notification: delivered, no decision", async () => {
      await p.resetRuns();
      const { answer } = await call(p.event("Notification", {
        message: "Claude needs your permission to use Bash",
        notification_type: "permission_prompt",
      }));
      deepEqual(answer, {});
      deepEqual(await p.runs(), ["count Notification"]);
    });
  } finally {
    await server.stop();
  }
});
