// The real Claude Code (2.1.328, installed outside the repo) against a
// scripted model on loopback that asks for one Bash call, `rm -rf victim`,
// after hook-run install claude moved a bash + jq guard behind hookgate's
// marked routing: Claude accepts the marked entries and the guard denies the
// call; with the launcher broken (its bundle deleted) the call is still
// blocked, by the launcher's exit 2. The control — a launcher that, as
// before, let Deno's exit 1 through — shows Claude running the call then.
// Ignored when the Claude binary is not installed.

import { equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli } from "./_cli.ts";
import { DENO_DIR } from "./_task.ts";

const CLAUDE = "/root/.cache/hookgate-agents/claude/node_modules/.bin/claude";
const GUARD = new URL("../testdata/published_style/guard.sh", import.meta.url).pathname;
const missing = await Deno.stat(CLAUDE).then(() => false, () => true);

/** Anthropic's streaming Messages API, scripted: a Bash tool call first, then "done"; every request kept. */
function fakeModel(command: string) {
  const requests: { messages: { role: string; content: unknown }[] }[] = [];
  const sse = (events: [string, unknown][]) =>
    events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join("");
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
    const body = JSON.parse(await request.text() || "{}");
    requests.push(body);
    const last = body.messages?.at(-1);
    const answered = Array.isArray(last?.content) &&
      last.content.some((part: { type: string }) => part.type === "tool_result");
    const id = `msg_${requests.length}`;
    const block = answered
      ? { type: "text", text: "" }
      : { type: "tool_use", id: `toolu_${requests.length}`, name: "Bash", input: {} };
    const delta = answered
      ? { type: "text_delta", text: "done" }
      : { type: "input_json_delta", partial_json: JSON.stringify({ command, description: "clean up" }) };
    const events: [string, unknown][] = [
      ["message_start", {
        type: "message_start",
        message: {
          id,
          type: "message",
          role: "assistant",
          model: body.model ?? "m",
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 1, output_tokens: 1 },
        },
      }],
      ["content_block_start", { type: "content_block_start", index: 0, content_block: block }],
      ["content_block_delta", { type: "content_block_delta", index: 0, delta }],
      ["content_block_stop", { type: "content_block_stop", index: 0 }],
      ["message_delta", {
        type: "message_delta",
        delta: { stop_reason: answered ? "end_turn" : "tool_use", stop_sequence: null },
        usage: { output_tokens: 1 },
      }],
      ["message_stop", { type: "message_stop" }],
    ];
    return new Response(sse(events), { headers: { "content-type": "text/event-stream" } });
  });
  return { server, requests, port: (server.addr as Deno.NetAddr).port };
}

/** What the tool call came back to the model as. */
function toolResult(requests: { messages: { role: string; content: unknown }[] }[]): string {
  for (const request of requests) {
    for (const message of request.messages ?? []) {
      for (const part of Array.isArray(message.content) ? message.content : []) {
        if (part.type === "tool_result") return JSON.stringify(part);
      }
    }
  }
  return "";
}

/** Claude, in `project` with `home`, told to run `rm -rf victim`; what came back to the model, and its hook events. */
async function claude(home: string, project: string) {
  const model = fakeModel("rm -rf victim");
  try {
    const run = await new Deno.Command(CLAUDE, {
      args: [
        "-p",
        "clean up",
        "--output-format",
        "stream-json",
        "--verbose",
        "--include-hook-events",
        "--allowedTools",
        "Bash",
      ],
      cwd: project,
      clearEnv: true,
      env: {
        PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
        HOME: home,
        TMPDIR: Deno.env.get("TMPDIR") ?? "/tmp",
        ANTHROPIC_BASE_URL: `http://127.0.0.1:${model.port}`,
        ANTHROPIC_API_KEY: "test",
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
        DISABLE_TELEMETRY: "1",
        DISABLE_AUTOUPDATER: "1",
        DISABLE_ERROR_REPORTING: "1",
      },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stream = new TextDecoder().decode(run.stdout);
    const hooks = stream.split("\n").filter((line) => line.includes('"subtype":"hook_response"'))
      .map((line) => JSON.parse(line) as { hook_event: string; exit_code: number; stderr: string });
    return { code: run.code, result: toolResult(model.requests), hooks, stream };
  } finally {
    await model.server.shutdown();
  }
}

Deno.test({
  name:
    "real Claude Code: marked routing is accepted, and a broken launcher blocks the Bash call instead of letting it run",
  ignore: missing || Deno.build.os !== "linux",
  async fn(t) {
    const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-real-claude-" }));
    try {
      const home = join(dir, "home");
      const project = join(dir, "project");
      const victim = join(project, "victim");
      await Deno.mkdir(join(home, ".claude"), { recursive: true });
      await Deno.mkdir(victim, { recursive: true });
      const settings = join(home, ".claude", "settings.json");
      await Deno.writeTextFile(
        settings,
        JSON.stringify({
          hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `bash ${GUARD}` }] }] },
        }),
      );
      const install = await cli(["install", "claude"], { home, cwd: project, env: { DENO_DIR } });
      equal(install.code, 0, install.stdout + install.stderr);
      const hookgate = join(home, ".config", "hookgate");
      const exists = (path: string) => Deno.stat(path).then(() => true, () => false);

      await t.step("Claude runs the marked routing: the moved guard denies rm -rf through hookgate", async () => {
        const run = await claude(home, project);
        equal(run.code, 0, run.stream);
        const pre = run.hooks.find((hook) => hook.hook_event === "PreToolUse");
        ok(pre, `a PreToolUse hook ran: ${run.stream}`);
        equal(pre.exit_code, 0);
        match(run.result, /bash guard: rm -rf is not allowed/);
        ok(await exists(victim), "the call did not run");
      });
      const bundle = join(hookgate, "hook-run.js");
      const installed = await Deno.readTextFile(settings);
      /** Runs `fn` with the bundle deleted, then puts it back. */
      const withoutBundle = async (fn: () => Promise<void>) => {
        const saved = await Deno.readFile(bundle);
        await Deno.remove(bundle);
        try {
          await fn();
        } finally {
          await Deno.writeFile(bundle, saved);
        }
      };
      await t.step(
        "with the bundle deleted, the launcher's exit 2 blocks the prompt: nothing reaches the model",
        () =>
          withoutBundle(async () => {
            const run = await claude(home, project);
            const prompt = run.hooks.find((hook) => hook.hook_event === "UserPromptSubmit");
            equal(prompt?.exit_code, 2, run.stream);
            match(
              run.stream,
              /UserPromptSubmit operation blocked by hook.*cannot start the gateway: cannot read the bundle/,
            );
            equal(run.result, "", "no tool call came back: the model was never asked");
            ok(await exists(victim), "the call did not run");
          }),
      );
      // Only the PreToolUse routing, to see the Bash call itself refused.
      await Deno.writeTextFile(
        settings,
        JSON.stringify({ hooks: { PreToolUse: JSON.parse(installed).hooks.PreToolUse } }),
      );
      await t.step(
        "with the bundle deleted, the launcher's exit 2 blocks the Bash call, with its reason",
        () =>
          withoutBundle(async () => {
            const run = await claude(home, project);
            equal(run.hooks.find((hook) => hook.hook_event === "PreToolUse")?.exit_code, 2, run.stream);
            match(run.result, /cannot start the gateway: cannot read the bundle/);
            ok(await exists(victim), "the call did not run");
          }),
      );
      await t.step(
        "control: a launcher that lets Deno's exit 1 through, as before, lets Claude run the call",
        async () => {
          const bin = join(hookgate, "bin", "hook-run");
          const saved = await Deno.readTextFile(bin);
          await Deno.writeTextFile(
            bin,
            `#!/bin/sh\nexec '${Deno.execPath()}' run --quiet --no-config --allow-all '${hookgate}/missing.js' "$@"\n`,
          );
          try {
            const run = await claude(home, project);
            equal(run.hooks.find((hook) => hook.hook_event === "PreToolUse")?.exit_code, 1, run.stream);
            equal(await exists(victim), false, "Claude read exit 1 as go ahead and ran rm -rf");
          } finally {
            await Deno.writeTextFile(bin, saved);
          }
        },
      );
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
