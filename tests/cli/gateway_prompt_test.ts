// A user's Claude prompt hooks as Claude runs them, through hook-run gateway
// and hook-run serve: without a model they ask a fast Claude model through
// the Messages API (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL), and a verdict of
// ok: false has Claude's consequence on each event — the turn ends, the
// reason goes back as the tool's error, the stop is refused unless the
// model says it is impossible, or nothing happens. The model is a fake
// Messages server on loopback.

import { deepEqual, equal, match } from "node:assert/strict";
import { cli } from "./_cli.ts";
import { withProject } from "./_claude_project.ts";
import { post, serve, TRUSTED } from "./_serve.ts";

interface Asked {
  model: string;
  key: string | null;
}

/** A fake Messages API: every prompt is refused with its first line as the reason; "IMPOSSIBLE" in it adds impossible: true. */
async function withModel(fn: (base: string, asked: Asked[]) => Promise<void>): Promise<void> {
  const asked: Asked[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const body = await request.json();
    asked.push({ model: body.model, key: request.headers.get("x-api-key") });
    const prompt: string = body.messages[0].content;
    const verdict = {
      ok: false,
      reason: prompt.split("\n")[0],
      ...(prompt.includes("IMPOSSIBLE") ? { impossible: true } : {}),
    };
    return Response.json({ type: "message", content: [{ type: "text", text: JSON.stringify(verdict) }] });
  });
  try {
    await fn(`http://127.0.0.1:${server.addr.port}`, asked);
  } finally {
    await server.shutdown();
  }
}

/** A prompt hook whose model refuses with `reason`. */
const refuses = (reason: string, more: Record<string, unknown> = {}) => ({
  hooks: [{ type: "prompt", prompt: `${reason}\n$ARGUMENTS`, ...more }],
});

function gateway(dir: string, base: string, event: Record<string, unknown>, env: Record<string, string> = {}) {
  return cli(["gateway"], {
    cwd: dir,
    stdin: JSON.stringify({ session_id: "s-1", cwd: dir, ...event }),
    env: { CLAUDE_PROJECT_DIR: dir, ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: base, ...TRUSTED, ...env },
  });
}

const BASH = { tool_name: "Bash", tool_input: { command: "rm -rf build" }, tool_use_id: "t-1" };

Deno.test("hook-run gateway asks a fast Claude model for a Claude prompt hook without a model, and its refusal ends the turn", async () => {
  await withModel(async (base, asked) => {
    await withProject({
      PreToolUse: [refuses("deletes the build")],
      PostToolUse: [refuses("the tool wrote a secret", { model: "claude-sonnet-5-5" })],
    }, async (dir) => {
      const pre = await gateway(dir, base, { hook_event_name: "PreToolUse", ...BASH });
      equal(pre.code, 0, pre.stderr);
      deepEqual(JSON.parse(pre.stdout), { continue: false, stopReason: "deletes the build" });
      deepEqual(asked.shift(), { model: "claude-haiku-5-5", key: "sk-ant-test" });
      // A hook's own model; the default one as Claude Code's setting names it.
      const post = await gateway(dir, base, { hook_event_name: "PostToolUse", ...BASH, tool_response: "ok" });
      deepEqual(JSON.parse(post.stdout), { continue: false, stopReason: "the tool wrote a secret" });
      deepEqual(asked.shift()?.model, "claude-sonnet-5-5");
      await gateway(dir, base, { hook_event_name: "PreToolUse", ...BASH }, { ANTHROPIC_DEFAULT_HAIKU_MODEL: "fast-x" });
      deepEqual(asked.shift()?.model, "fast-x");
    });
  });
});

Deno.test("hook-run gateway gives a Claude prompt hook's refusal Claude's consequence on each event", async () => {
  await withModel(async (base) => {
    await withProject({
      PreToolUse: [refuses("use the wrapper", { continueOnBlock: true })],
      PostToolUse: [refuses("lint failed", { continueOnBlock: true })],
      PostToolUseFailure: [refuses("retry with --force")],
      PostToolBatch: [refuses("the batch broke the build")],
      UserPromptSubmit: [refuses("no secrets in prompts")],
      UserPromptExpansion: [refuses("not that command")],
      TaskCreated: [refuses("one task at a time")],
      Stop: [refuses("run the tests first")],
      SubagentStop: [refuses("IMPOSSIBLE: the tests need a network")],
      TeammateIdle: [refuses("the teammate is done")],
      PermissionRequest: [refuses("no effect here")],
      PermissionDenied: [refuses("discarded")],
    }, async (dir) => {
      const answer = async (event: Record<string, unknown>) => {
        const run = await gateway(dir, base, event);
        return { code: run.code, answer: JSON.parse(run.stdout), stderr: run.stderr };
      };
      const decision = (reason: string) => ({ code: 0, answer: { decision: "block", reason } });
      const strip = ({ code, answer }: { code: number; answer: unknown }) => ({ code, answer });
      // continueOnBlock: the reason goes back to Claude as the tool's error, and the turn goes on.
      deepEqual(strip(await answer({ hook_event_name: "PreToolUse", ...BASH })), {
        code: 0,
        answer: {
          hookSpecificOutput: {
            hookEventName: "PreToolUse",
            permissionDecision: "deny",
            permissionDecisionReason: "use the wrapper",
          },
        },
      });
      deepEqual(
        strip(await answer({ hook_event_name: "PostToolUse", ...BASH, tool_response: "ok" })),
        decision("lint failed"),
      );
      deepEqual(
        strip(await answer({ hook_event_name: "PostToolUseFailure", ...BASH, error: "exit 1" })),
        decision("retry with --force"),
      );
      deepEqual(
        strip(await answer({ hook_event_name: "PostToolBatch", tool_calls: [] })),
        decision("the batch broke the build"),
      );
      deepEqual(
        strip(await answer({ hook_event_name: "UserPromptSubmit", prompt: "AKIA…" })),
        decision("no secrets in prompts"),
      );
      deepEqual(
        strip(await answer({ hook_event_name: "UserPromptExpansion", command_name: "deploy", prompt: "/deploy" })),
        decision("not that command"),
      );
      deepEqual(
        strip(await answer({ hook_event_name: "TaskCreated", task_id: "1", task_subject: "more" })),
        decision("one task at a time"),
      );
      deepEqual(
        strip(await answer({ hook_event_name: "Stop", stop_hook_active: false })),
        decision("run the tests first"),
      );
      // The model says the instruction cannot be met: the stop is allowed.
      deepEqual(
        strip(await answer({ hook_event_name: "SubagentStop", stop_hook_active: false, agent_id: "a-1" })),
        { code: 0, answer: {} },
      );
      deepEqual(strip(await answer({ hook_event_name: "TeammateIdle", teammate_name: "t" })), {
        code: 0,
        answer: { continue: false, stopReason: "the teammate is done" },
      });
      deepEqual(strip(await answer({ hook_event_name: "PermissionRequest", ...BASH })), { code: 0, answer: {} });
      deepEqual(
        strip(await answer({ hook_event_name: "PermissionDenied", ...BASH, reason: "auto mode" })),
        { code: 0, answer: {} },
      );
    });
  });
});

Deno.test("hook-run gateway skips a Claude prompt hook that has no model to ask, saying which key to set", async () => {
  await withProject({ PreToolUse: [refuses("deletes the build")] }, async (dir) => {
    const run = await cli(["gateway"], {
      cwd: dir,
      stdin: JSON.stringify({ session_id: "s-1", cwd: dir, hook_event_name: "PreToolUse", ...BASH }),
      env: { CLAUDE_PROJECT_DIR: dir, ...TRUSTED },
    });
    equal(run.code, 0, run.stderr);
    const answer = JSON.parse(run.stdout);
    deepEqual(Object.keys(answer), ["systemMessage"]);
    match(
      answer.systemMessage,
      /^prompt\(default model\) hook error: no model is configured for this prompt hook, and ANTHROPIC_API_KEY is not set.*set ANTHROPIC_API_KEY.*or add a "models" section/,
    );
  });
});

Deno.test("hook-run serve gives a Claude prompt hook's refusal the gateway's answer", async () => {
  await withModel(async (base) => {
    await withProject({ PreToolUse: [refuses("deletes the build")] }, async (dir) => {
      const env = { ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: base, ...TRUSTED };
      const server = await serve([], { cwd: dir, env });
      try {
        const event = { session_id: "s-1", cwd: dir, hook_event_name: "PreToolUse", ...BASH };
        const served = await post(`${server.url}/hooks/PreToolUse`, event);
        equal(served.status, 200);
        deepEqual(JSON.parse(served.text), { continue: false, stopReason: "deletes the build" });
      } finally {
        equal((await server.stop()).code, 0);
      }
    });
  });
});

Deno.test("hook-run permissions names the Messages API and its key for a Claude prompt hook without a model", async () => {
  await withProject({ Stop: [refuses("run the tests first")] }, async (dir) => {
    const run = await cli(["permissions"], { cwd: dir, env: TRUSTED });
    equal(run.code, 0, run.stderr);
    match(
      run.stdout,
      /^Permissions the configured hooks need:\n {2}--allow-net=api\.anthropic\.com\n {2}--allow-env=ANTHROPIC_API_KEY\n/,
    );
  });
});
