// hook-run gateway --agent codex as Codex runs it: one event on stdin as
// Codex writes it, Claude-style guard scripts as the policy, and every
// answer one Codex's strict schema accepts (anything more and Codex drops
// the whole answer and goes ahead).

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { cli } from "../../cli/_cli.ts";
import { assertCodexAccepts, bash, codexHook, codexProject, guard } from "./_codex_project.ts";

const POLICY = {
  PreToolUse: [{ matcher: "Bash", hooks: [guard("bash_guard.sh")] }],
  UserPromptSubmit: [{ hooks: [guard("prompt_guard.py")] }],
  SessionStart: [{ hooks: [guard("session_context.sh")] }],
  Stop: [{ hooks: [guard("stop_once.py")] }],
};

Deno.test("hook-run gateway --agent codex answers Claude-style guards as Codex reads them", async (t) => {
  await using p = await codexProject(POLICY);
  const pre = async (command: string) => {
    const run = await p.gateway(p.event("PreToolUse", bash(command)));
    equal(run.code, 0, run.stderr);
    assertCodexAccepts("PreToolUse", run.answer);
    return run.answer;
  };
  await t.step("rm -rf is denied with the guard's reason", async () => {
    deepEqual(await pre("rm -rf /"), {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "rm -rf is not allowed",
      },
    });
  });
  await t.step("an ask on git push is a deny, and a systemMessage says Codex cannot ask", async () => {
    const answer = await pre("git push origin main");
    deepEqual(answer.hookSpecificOutput, {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: "pushing needs a human",
    });
    match(answer.systemMessage as string, /Codex cannot ask for confirmation.*pushing needs a human/);
  });
  await t.step("ls is rewritten: allow with the whole updatedInput", async () => {
    deepEqual(await pre("ls"), {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "allow",
        updatedInput: { command: "ls -la" },
      },
    });
  });
  await t.step("anything else: {}, never a bare allow", async () => {
    deepEqual(await pre("echo hi"), {});
  });
  await t.step("apply_patch reaches no Bash guard and answers {}", async () => {
    const run = await p.gateway(p.event("PreToolUse", {
      tool_name: "apply_patch",
      tool_input: { command: "*** Begin Patch\n*** Add File: a.txt\n+rm -rf /\n*** End Patch\n" },
      tool_use_id: "call_2",
    }));
    deepEqual([run.code, run.answer], [0, {}]);
  });
  await t.step("UserPromptSubmit: a prompt with a key is blocked, another goes through", async () => {
    const blocked = await p.gateway(p.event("UserPromptSubmit", { prompt: "use AKIAABCDEFGHIJKLMNOP" }));
    equal(blocked.code, 0, blocked.stderr);
    deepEqual(blocked.answer, { decision: "block", reason: "the prompt holds an AWS key" });
    assertCodexAccepts("UserPromptSubmit", blocked.answer);
    const fine = await p.gateway(p.event("UserPromptSubmit", { prompt: "hello" }));
    deepEqual([fine.code, fine.answer], [0, {}]);
  });
  await t.step("SessionStart: the context in the JSON envelope", async () => {
    const run = await p.gateway(p.event("SessionStart", { source: "startup" }));
    equal(run.code, 0, run.stderr);
    deepEqual(run.answer, {
      hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "Run deno task ok before you finish." },
    });
    assertCodexAccepts("SessionStart", run.answer);
  });
  await t.step("Stop blocks once, then stop_hook_active lets the turn end", async () => {
    const stop = { last_assistant_message: "done" };
    const first = await p.gateway(p.event("Stop", { ...stop, stop_hook_active: false }));
    equal(first.code, 0, first.stderr);
    deepEqual(first.answer, { decision: "block", reason: "run the tests before you stop" });
    assertCodexAccepts("Stop", first.answer);
    const again = await p.gateway(p.event("Stop", { ...stop, stop_hook_active: true }));
    deepEqual([again.code, again.answer], [0, {}]);
  });
});

Deno.test("hook-run gateway --agent codex fails closed: exit 2 and one line on stderr", async (t) => {
  await using p = await codexProject(POLICY);
  const assertBlocks = (run: { code: number; stdout: string; stderr: string }, pattern: RegExp) => {
    equal(run.code, 2, run.stderr);
    equal(run.stdout, "");
    equal(run.stderr.trimEnd().split("\n").length, 1, run.stderr);
    match(run.stderr, pattern);
  };
  await t.step("stdin that is not JSON", async () => {
    assertBlocks(await p.gateway('{"hook_event_name": "PreToolUse", "tool_'), /stdin is not JSON/);
  });
  await t.step("a Claude Code payload", async () => {
    const { model: _model, turn_id: _turn, ...claude } = p.event("PreToolUse", bash("rm -rf /"));
    assertBlocks(await p.gateway({ ...claude, transcript_path: "/t.jsonl" }), /has no "model".*another agent's/);
  });
  await t.step("a Gemini CLI payload", async () => {
    const gemini = {
      session_id: "s",
      transcript_path: "/t.json",
      cwd: p.dir,
      hook_event_name: "BeforeTool",
      timestamp: "2026-01-01T00:00:00Z",
      tool_name: "run_shell_command",
      tool_input: { command: "rm -rf /" },
    };
    assertBlocks(await p.gateway(gemini), /not a Codex hook event/);
  });
  await t.step("empty stdin", async () => {
    assertBlocks(await p.gateway(""), /stdin is not JSON/);
  });
  await t.step("a configuration file that is missing: its hooks deny, in Codex's schema", async () => {
    const run = await p.gateway(p.event("PreToolUse", bash("ls")), "codex", ["--config", join(p.dir, "missing.json")]);
    equal(run.code, 0, run.stderr);
    assertCodexAccepts("PreToolUse", run.answer);
    const specific = run.answer.hookSpecificOutput as Record<string, string>;
    equal(specific.permissionDecision, "deny");
    match(specific.permissionDecisionReason!, /missing\.json.*does not exist/);
  });
});

Deno.test("Codex's own hooks run once: from .codex/hooks.json for other callers, never twice for Codex", async (t) => {
  await using p = await codexProject({}, {
    PreToolUse: [{ matcher: "^Bash$", hooks: [codexHook("deny_rm.sh"), codexHook("exit2_silent.sh")] }],
  });
  const rm = p.event("PreToolUse", bash("rm -rf /"));
  await t.step("hook-run check and list see .codex/hooks.json", async () => {
    const check = await cli(["check", "--cwd", p.dir], { cwd: p.dir, home: p.home });
    equal(check.code, 0, check.stdout + check.stderr);
    match(check.stdout, /\.codex\/hooks\.json/);
    const list = await cli(["list", "--cwd", p.dir], { cwd: p.dir, home: p.home });
    match(list.stdout, /deny_rm\.sh/);
  });
  await t.step("Codex itself runs them, so its gateway does not", async () => {
    const run = await p.gateway(rm, "codex");
    deepEqual([run.code, run.answer], [0, {}]);
  });
  await t.step(
    "for Claude Code they run with Codex's rules: the deny blocks, a silent exit 2 is no block",
    async () => {
      const { model: _model, turn_id: _turn, ...claude } = rm;
      const run = await p.gateway({ ...claude, transcript_path: join(p.dir, "t.jsonl") }, "claude");
      equal(run.code, 0, run.stderr);
      deepEqual(run.answer.hookSpecificOutput, {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "rm -rf is not allowed here",
      });
      match(run.stderr, /without a reason on stderr/);
    },
  );
  await t.step("an untrusted change to the file runs nothing of it", async () => {
    await Deno.writeTextFile(
      join(p.dir, ".codex", "hooks.json"),
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [codexHook("exit2.sh")] }] } }),
    );
    const { model: _model, turn_id: _turn, ...claude } = rm;
    const run = await p.gateway({ ...claude, transcript_path: join(p.dir, "t.jsonl") }, "claude");
    equal(run.code, 0, run.stderr);
    equal(run.answer.hookSpecificOutput, undefined);
    match(run.answer.systemMessage as string, /untrusted project/);
  });
});

/** What Codex 0.169.0 really wrote to a hook's stdin (tests/testdata/codex/payloads/), in this project. */
async function recorded(name: string, dir: string): Promise<Record<string, unknown>> {
  const url = new URL(`../../testdata/codex/payloads/${name}.json`, import.meta.url);
  return { ...JSON.parse(await Deno.readTextFile(url)), cwd: dir };
}

/** The payloads a hook that logs them (guards/log_payload.sh) saw, in order. */
async function logged(file: string): Promise<Record<string, unknown>[]> {
  const text = await Deno.readTextFile(file).catch(() => "");
  return text.split("\n").filter((line) => line !== "").map((line) => JSON.parse(line));
}

Deno.test("hook-run trust, check and list take a ~/.codex/hooks.json that uses the events Codex 0.169 added", async () => {
  // A bash + jq guard, as users write them.
  const jqGuard = {
    type: "command",
    command: `jq -e '.tool_input.command | test("rm -r") | not' >/dev/null || { echo "no rm -r" >&2; exit 2; }`,
  };
  const later = { PreModelRequest: [{ hooks: [codexHook("payload.sh", "/dev/null")] }] };
  // The project's own .codex/hooks.json is trusted by codexProject's `hook-run trust --yes`.
  await using p = await codexProject({}, { ...later, PreToolUse: [{ matcher: "Bash", hooks: [jqGuard] }] });
  await Deno.mkdir(join(p.home, ".codex"));
  await Deno.writeTextFile(
    join(p.home, ".codex", "hooks.json"),
    JSON.stringify({ hooks: { ...later, Interrupt: [{ hooks: [codexHook("payload.sh", "/dev/null")] }] } }),
  );
  const trust = await cli(["trust", "--cwd", p.dir, "--yes"], { cwd: p.dir, home: p.home });
  equal(trust.code, 0, trust.stdout + trust.stderr);
  const check = await cli(["check", "--cwd", p.dir], { cwd: p.dir, home: p.home });
  equal(check.code, 0, check.stdout + check.stderr);
  const said = check.stdout + check.stderr;
  for (const event of ["PreModelRequest", "Interrupt"]) {
    match(
      said,
      new RegExp(`warning: hookgate does not know the event "${event}": its hooks run .*nothing blocks on it`),
    );
  }
  match(said, /ok: 4 hooks; 0 errors, 3 warnings/);
  const list = await cli(["list", "--cwd", p.dir], { cwd: p.dir, home: p.home });
  equal(list.code, 0, list.stderr);
  match(list.stdout, /^PreModelRequest .*payload\.sh/m);
  match(list.stdout, /^Interrupt .*payload\.sh/m);
});

/** A Claude-style hook logging its payload to `file`. */
function logTo(file: string): Record<string, unknown> {
  return { type: "command", command: `${guard("log_payload.sh").command} ${file}` };
}

Deno.test("hook-run gateway --agent codex runs the hooks of the events Codex 0.169 added and answers as Codex accepts", async (t) => {
  const log = await Deno.makeTempFile();
  await using p = await codexProject({
    PreModelRequest: [{ hooks: [logTo(log)] }],
    PostModelRequest: [{ hooks: [logTo(log)] }],
    Interrupt: [{ hooks: [guard("halt.sh"), logTo(log)] }],
  });
  try {
    for (const name of ["pre_model_request", "post_model_request"]) {
      await t.step(`${name}: its hooks run on what Codex sent, and the answer is {}`, async () => {
        const run = await p.gateway(await recorded(name, p.dir));
        deepEqual([run.code, run.answer], [0, {}], run.stderr);
      });
    }
    await t.step(
      "Interrupt: a hook's halt cannot be said there, so only a systemMessage, which Codex accepts",
      async () => {
        const run = await p.gateway(await recorded("interrupt", p.dir));
        equal(run.code, 0, run.stderr);
        assertCodexAccepts("Interrupt", run.answer);
        match(run.answer.systemMessage as string, /Codex cannot stop the session from Interrupt.*enough for today/);
      },
    );
    deepEqual((await logged(log)).map((payload) => [payload.hook_event_name, payload.model]), [
      ["PreModelRequest", "gpt-5.5"],
      ["PostModelRequest", "gpt-5.5"],
      ["Interrupt", "gpt-5.5"],
    ]);
  } finally {
    await Deno.remove(log);
  }
});

Deno.test("hook-run gateway --agent codex runs SessionEnd hooks on Codex's SessionEnd, which carries no model", async () => {
  const log = await Deno.makeTempFile();
  await using p = await codexProject({ SessionEnd: [{ hooks: [logTo(log)] }] });
  try {
    const sent = await recorded("session_end", p.dir);
    const run = await p.gateway(sent);
    deepEqual([run.code, run.answer], [0, {}], run.stderr);
    deepEqual(await logged(log), [sent]);
  } finally {
    await Deno.remove(log);
  }
});

Deno.test("hook-run gateway --agent codex tells in a systemMessage a native SessionStart hook's exit 2, as a Claude-style one's", async () => {
  await using p = await codexProject({ SessionStart: [{ hooks: [guard("no_sessions.sh")] }] });
  const native = join(p.dir, "native.json");
  await Deno.writeTextFile(
    native,
    JSON.stringify({ hooks: { SessionStart: [{ command: guard("no_sessions.sh").command }] } }),
  );
  const run = await p.gateway(await recorded("session_start", p.dir), "codex", ["--config", native]);
  equal(run.code, 0, run.stderr);
  assertCodexAccepts("SessionStart", run.answer);
  // The Claude-style hook's stderr, as Claude shows it; the native hook's reason, saying SessionStart cannot be blocked.
  deepEqual(run.answer, {
    systemMessage: "no sessions on Fridays\nSessionStart cannot be blocked; a hook asked to: no sessions on Fridays",
  });
});
