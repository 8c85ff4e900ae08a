// hook-run's front ends under Deno's built-in OpenTelemetry exporter
// (OTEL_DENO=true), each a real process exporting to a real OTLP/HTTP JSON
// receiver on loopback: what their spans and metrics say, that they arrive
// before a short-lived process exits, and that no secret is in any byte.

import { deepEqual, equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { otelEnv, type OtlpReceiver, startReceiver } from "../telemetry/_otlp_receiver.ts";
import { cli } from "./_cli.ts";
import { post, serve, TRUSTED, withConfig } from "./_serve.ts";

const SECRET = "sk-live-TOPSECRET-4f9a2c";

const HOOKS = {
  PreToolUse: [{
    name: "guard",
    matcher: "Bash",
    command: `printf '{"action":"deny","reason":"blocked %s"}' ${SECRET}`,
  }],
  UserPromptSubmit: [{ name: "style", command: `printf '{"additionalContext":"%s"}' ${SECRET}` }],
};

function noSecret(receiver: OtlpReceiver): void {
  ok(receiver.exports.length > 0, "something was exported");
  for (const sent of receiver.exports) {
    equal(sent.text.includes(SECRET), false, `${sent.path} carries the secret`);
  }
}

function runSpan(receiver: OtlpReceiver, event: string) {
  return receiver.spans().find((span) => span.name === `hookgate ${event}`);
}

Deno.test("hook-run gateway exports its spans and metrics before it exits, without content", async () => {
  await withConfig(HOOKS, async (dir, config) => {
    await using receiver = startReceiver();
    const stdin = JSON.stringify({
      session_id: "s-gw",
      cwd: dir,
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: `curl -H "Authorization: Bearer ${SECRET}" x` },
    });
    const answer = await cli(["gateway", "--config", config], {
      cwd: dir,
      stdin,
      env: { ...otelEnv(receiver), ...TRUSTED, CLAUDE_PROJECT_DIR: dir },
    });
    equal(answer.code, 0, answer.stderr);
    ok(answer.stdout.includes("deny"), answer.stdout);
    // The process has exited: what it exported has arrived (or never will).
    const span = runSpan(receiver, "PreToolUse");
    ok(span, `a PreToolUse span among ${receiver.spans().map((s) => s.name)}`);
    equal(span.attributes["hookgate.decision"], "block");
    equal(span.attributes["gen_ai.tool.name"], "Bash");
    equal(span.attributes["session.id"], "s-gw");
    equal(span.attributes["hookgate.hooks_run"], 1);
    equal(typeof span.attributes["hookgate.tool.input.sha256"], "string");
    const hook = receiver.spans().find((s) => s.name === "hookgate.hook guard");
    ok(hook);
    equal(hook.parentSpanId, span.spanId);
    equal(hook.traceId, span.traceId);
    deepEqual(
      [hook.attributes["hookgate.hook.transport"], hook.attributes["hookgate.hook.outcome"]],
      ["command", "deny"],
    );
    equal(hook.attributes["process.exit.code"], 0);
    deepEqual(
      receiver.points("hookgate.decisions").map((
        p,
      ) => [p.attributes["hookgate.event"], p.attributes["hookgate.decision"]]),
      [["PreToolUse", "block"]],
    );
    equal(receiver.points("hookgate.hook.duration")[0]?.attributes["hookgate.hook.transport"], "command");
    noSecret(receiver);
  });
});

Deno.test("hook-run run, serve and replay export a span per event run", async (t) => {
  await withConfig(HOOKS, async (dir, config) => {
    await t.step("run", async () => {
      await using receiver = startReceiver();
      const result = await cli(["run", "UserPromptSubmit", "--prompt", `hi ${SECRET}`, "--config", config], {
        cwd: dir,
        env: { ...otelEnv(receiver), ...TRUSTED },
      });
      equal(result.code, 0, result.stderr);
      const span = runSpan(receiver, "UserPromptSubmit");
      ok(span, `spans: ${receiver.spans().map((s) => s.name)}`);
      equal(span.attributes["hookgate.context_added"], true);
      equal(span.attributes["hookgate.prompt.size"], `hi ${SECRET}`.length);
    });
    await t.step("serve", async () => {
      await using receiver = startReceiver();
      const server = await serve(["--config", config], { cwd: dir, env: { ...otelEnv(receiver), ...TRUSTED } });
      try {
        const answer = await post(`${server.url}/hooks`, {
          session_id: "s-serve",
          cwd: dir,
          hook_event_name: "UserPromptSubmit",
          prompt: `hello ${SECRET}`,
        }, { "x-api-key": SECRET });
        equal(answer.status, 200, answer.text);
      } finally {
        const { code, stderr } = await server.stop("SIGTERM");
        equal(code, 0, stderr);
      }
      const span = runSpan(receiver, "UserPromptSubmit");
      ok(span, `spans: ${receiver.spans().map((s) => s.name)}`);
      equal(span.attributes["session.id"], "s-serve");
      noSecret(receiver);
    });
    await t.step("replay", async () => {
      await using receiver = startReceiver();
      const session = join(dir, "session.jsonl");
      await Deno.writeTextFile(
        session,
        JSON.stringify({
          type: "user",
          sessionId: "s-replay",
          cwd: dir,
          message: { role: "user", content: `replayed ${SECRET}` },
        }) + "\n",
      );
      const result = await cli(["replay", session, "--config", config], {
        cwd: dir,
        env: { ...otelEnv(receiver), ...TRUSTED },
      });
      ok(result.code === 0 || result.code === 2, result.stderr);
      ok(runSpan(receiver, "UserPromptSubmit"), `spans: ${receiver.spans().map((s) => s.name)}; ${result.stdout}`);
    });
  });
});
