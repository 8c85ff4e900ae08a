// hook-run serve ?agent=codex: the same call answered with the same bytes
// as hook-run gateway --agent codex, and the curl command hook that
// reaches it from Codex (which has no HTTP hooks) failing closed.

import { equal, match } from "node:assert/strict";
import { post, serve } from "../../cli/_serve.ts";
import { assertCodexAccepts, bash, codexProject, guard } from "./_codex_project.ts";

const POLICY = {
  PreToolUse: [{ matcher: "Bash", hooks: [guard("bash_guard.sh")] }],
  UserPromptSubmit: [{ hooks: [guard("prompt_guard.py")] }],
  Stop: [{ hooks: [guard("stop_once.py")] }],
};

Deno.test("hook-run serve ?agent=codex answers byte for byte as hook-run gateway --agent codex", async (t) => {
  await using p = await codexProject(POLICY);
  const server = await serve(["--cwd", p.dir], { cwd: p.dir, home: p.home });
  try {
    const calls: [string, Record<string, unknown>][] = [
      ["PreToolUse", p.event("PreToolUse", bash("rm -rf /"))],
      ["PreToolUse", p.event("PreToolUse", bash("git push"))],
      ["PreToolUse", p.event("PreToolUse", bash("ls"))],
      ["PreToolUse", p.event("PreToolUse", bash("echo hi"))],
      ["UserPromptSubmit", p.event("UserPromptSubmit", { prompt: "AKIAABCDEFGHIJKLMNOP" })],
      ["Stop", p.event("Stop", { stop_hook_active: false, last_assistant_message: "done" })],
    ];
    for (const [event, payload] of calls) {
      const label = `${event} ${JSON.stringify((payload.tool_input as { command?: string })?.command ?? "")}`;
      await t.step(label, async () => {
        const gateway = await p.gateway(payload);
        equal(gateway.code, 0, gateway.stderr);
        for (const path of [`/hooks/${event}?agent=codex`, "/hooks?agent=codex"]) {
          const served = await post(`${server.url}${path}`, payload);
          equal(served.status, 200, served.text);
          equal(served.text, gateway.stdout, path);
        }
        assertCodexAccepts(event, gateway.answer);
      });
    }
  } finally {
    await server.stop();
  }
});

Deno.test("hook-run serve ?agent=codex answers another agent's payload with a block Codex reads", async () => {
  await using p = await codexProject(POLICY);
  const server = await serve(["--cwd", p.dir], { cwd: p.dir, home: p.home });
  try {
    const { model: _model, turn_id: _turn, ...claude } = p.event("PreToolUse", bash("rm -rf /"));
    const served = await post(`${server.url}/hooks/PreToolUse?agent=codex`, claude);
    equal(served.status, 200, served.text);
    const answer = JSON.parse(served.text);
    assertCodexAccepts("PreToolUse", answer);
    equal(answer.hookSpecificOutput.permissionDecision, "deny");
    match(answer.hookSpecificOutput.permissionDecisionReason, /has no "model"/);
  } finally {
    await server.stop();
  }
});

Deno.test("The curl command hook that reaches hook-run serve from Codex fails closed", async (t) => {
  await using p = await codexProject(POLICY);
  const hook = (url: string) =>
    `curl -sS --fail-with-body --max-time 30 -H 'content-type: application/json' --data-binary @- "${url}" || exit 2`;
  const run = async (url: string, payload: Record<string, unknown>) => {
    const child = new Deno.Command("sh", {
      args: ["-c", hook(url)],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(JSON.stringify(payload)));
    await writer.close();
    const out = await child.output();
    const decoder = new TextDecoder();
    return { code: out.code, stdout: decoder.decode(out.stdout), stderr: decoder.decode(out.stderr) };
  };
  const rm = p.event("PreToolUse", bash("rm -rf /"));
  const server = await serve(["--cwd", p.dir], { cwd: p.dir, home: p.home });
  const url = `${server.url}/hooks/PreToolUse?agent=codex`;
  try {
    await t.step("served: Codex's deny on stdout, exit 0", async () => {
      const result = await run(url, rm);
      equal(result.code, 0, result.stderr);
      const answer = JSON.parse(result.stdout);
      assertCodexAccepts("PreToolUse", answer);
      equal(answer.hookSpecificOutput.permissionDecision, "deny");
    });
  } finally {
    await server.stop();
  }
  await t.step("server down: exit 2 with curl's reason on stderr, which Codex reads as a block", async () => {
    const result = await run(url, rm);
    equal(result.code, 2);
    match(result.stderr, /curl: \(7\)/);
  });
});
