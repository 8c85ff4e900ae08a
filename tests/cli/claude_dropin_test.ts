// A Claude Code user's existing guards, run by hook-run gateway: exit-2
// guards, JSON on stderr, JSON deny and ask, text before JSON and hooks that
// never read stdin. Each answer is what Claude does with the same hook.

import { deepEqual } from "node:assert/strict";
import { join } from "node:path";
import { assertAnswer, claudeSetup, command, preToolUse } from "./_claude_style.ts";

const DENY = (reason: string) => preToolUse("deny", reason);

Deno.test("hook-run gateway answers a python exit-2 guard as Claude does: stderr is the deny reason", async (t) => {
  // A space in the project path: the quoted "$CLAUDE_PROJECT_DIR" must still work.
  await using p = await claudeSetup("hookgate claude project ");
  await p.project({
    PreToolUse: [{
      matcher: "Bash",
      hooks: [
        command(`python3 "$CLAUDE_PROJECT_DIR"/.claude/hooks/no_grep.py`),
        command(`"$CLAUDE_PROJECT_DIR"/.claude/hooks/count.sh`),
      ],
    }],
  });
  const bash = (command: string) =>
    p.event("PreToolUse", {
      tool_name: "Bash",
      tool_input: { command, description: "Find TODOs", timeout: 120000 },
      tool_use_id: "toolu_01",
    });
  await t.step("a plain grep is blocked and Claude is told why", async () => {
    assertAnswer(await p.gateway(bash("grep -r TODO src")), DENY("• Use rg instead of grep"));
  });
  await t.step("a piped grep passes", async () => {
    assertAnswer(await p.gateway(bash("grep TODO src | head")), {});
  });
  await t.step("another tool is not the guard's", async () => {
    assertAnswer(await p.gateway(p.event("PreToolUse", { tool_name: "Read", tool_input: { file_path: "/x" } })), {});
  });
  // Each matching hook runs once per call.
  deepEqual(await p.runs(), ["count PreToolUse", "count PreToolUse"]);
});

Deno.test("hook-run gateway reads JSON a guard wrote to stderr with exit 2 as text: the block, never an ask", async (t) => {
  await using p = await claudeSetup();
  const guard = command(`"$CLAUDE_PROJECT_DIR/.claude/hooks/validate_bash.sh"`);
  await p.project({
    PreToolUse: [{ matcher: "Bash", hooks: [guard] }],
    PermissionRequest: [{ matcher: "Bash", hooks: [guard] }],
  });
  await t.step("sudo: the ask inside the stderr JSON is only text, and the call is denied with it", async () => {
    const run = await p.gateway(p.event("PreToolUse", { tool_name: "Bash", tool_input: { command: "sudo ls" } }));
    assertAnswer(run, DENY(`{"hookSpecificOutput": {"permissionDecision": "ask"}, "systemMessage": "needs root"}`));
  });
  await t.step('no command: {"continue": true} is no opinion', async () => {
    assertAnswer(await p.gateway(p.event("PreToolUse", { tool_name: "Bash", tool_input: {} })), {});
  });
  await t.step("on PermissionRequest, Claude ignores exit 2: no decision, the dialog shows", async () => {
    const run = await p.gateway(p.event("PermissionRequest", {
      tool_name: "Bash",
      tool_input: { command: "sudo ls" },
      permission_suggestions: [],
    }));
    assertAnswer(run, {});
  });
});

Deno.test("hook-run gateway runs a node JSON guard with the user's HOME and variables: deny, ask, no opinion", async (t) => {
  await using p = await claudeSetup();
  await p.project({
    PreToolUse: [{ matcher: "Bash", hooks: [command(`node "$CLAUDE_PROJECT_DIR/.claude/hooks/block_dangerous.js"`)] }],
  });
  const rm = p.event("PreToolUse", { tool_name: "Bash", tool_input: { command: "rm -rf ~/" }, tool_use_id: "t-1" });
  const reason = "[rm-home] rm targeting home directory";
  await t.step("rm on the home directory is denied, and the hook logged it under the user's HOME", async () => {
    assertAnswer(await p.gateway(rm), DENY(reason));
    const log = await p.read(join(p.home, ".claude/hooks-logs/test.jsonl"));
    deepEqual(log?.split("\n").filter(Boolean).map((line) => JSON.parse(line)), [
      { session: "sess-1", command: "rm -rf ~/", rule: "rm-home" },
    ]);
  });
  await t.step("HOOK_ASK=true in Claude's environment reaches the hook, which asks instead", async () => {
    const run = await p.gateway(rm, { HOOK_ASK: "true" });
    assertAnswer(run, preToolUse("ask", reason));
  });
  await t.step("{} is no opinion", async () => {
    assertAnswer(await p.gateway(p.event("PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } })), {});
  });
});

Deno.test("hook-run gateway takes a stdout that starts with text as text, like Claude: the JSON after it is no block", async () => {
  await using p = await claudeSetup();
  await p.project({ PreToolUse: [{ hooks: [command(`node "$CLAUDE_PROJECT_DIR"/.claude/hooks/announce.js`)] }] });
  const run = await p.gateway(p.event("PreToolUse", { tool_name: "Bash", tool_input: { command: "rm -rf /" } }));
  // Claude writes such text to its debug log and runs the tool; no decision, and no error shown.
  assertAnswer(run, {});
});

Deno.test("hook-run gateway uses the answer of a hook that never reads its stdin, however large the event", async (t) => {
  await using p = await claudeSetup();
  await p.project({
    SessionStart: [{ hooks: [command(`bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/style_context.sh`)] }],
    UserPromptSubmit: [{
      hooks: [command(`bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/style_context.sh UserPromptSubmit`)],
    }],
  });
  const context = (event: string) => ({
    hookSpecificOutput: { hookEventName: event, additionalContext: "Style: explain choices." },
  });
  await t.step("SessionStart: the pretty-printed heredoc JSON is read", async () => {
    const run = await p.gateway(p.event("SessionStart", { source: "startup", model: "claude-x" }));
    assertAnswer(run, context("SessionStart"));
  });
  await t.step("a prompt far larger than a pipe holds: the hook exits first, its answer still counts", async () => {
    const prompt = `Summarise this log:\n${"line of a pasted build log\n".repeat(12_000)}`;
    assertAnswer(await p.gateway(p.event("UserPromptSubmit", { prompt })), context("UserPromptSubmit"));
  });
});

Deno.test("hook-run gateway blocks a prompt on a python secret guard's exit 2, its stderr JSON the reason", async (t) => {
  await using p = await claudeSetup();
  // A relative path, run from the project root: Claude's hooks start there too.
  await p.project({ UserPromptSubmit: [{ hooks: [command("python3 .claude/hooks/secret_scan.py")] }] });
  await t.step("an AWS key blocks the prompt (Claude erases it and shows the user the stderr text)", async () => {
    const run = await p.gateway(p.event("UserPromptSubmit", { prompt: "deploy with AKIAABCDEFGHIJKLMNOP" }));
    assertAnswer(run, { decision: "block", reason: `{"decision": "block", "reason": "SECRET DETECTED"}` });
  });
  await t.step("a clean prompt arrives whole (the guard fails closed on empty stdin) and passes", async () => {
    const run = await p.gateway(p.event("UserPromptSubmit", { prompt: "deploy to staging" }));
    assertAnswer(run, {});
  });
});

Deno.test("hook-run gateway takes the JSON reason of an exit-2 hook over its stderr, as Claude does", async () => {
  await using p = await claudeSetup();
  await p.project({
    PreToolUse: [{
      hooks: [
        command(
          `"$CLAUDE_PROJECT_DIR"/.claude/hooks/answer.sh '{"decision":"block","reason":"from-json"}' from-stderr 2`,
        ),
      ],
    }],
  });
  const run = await p.gateway(p.event("PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } }));
  assertAnswer(run, DENY("from-json"));
});
