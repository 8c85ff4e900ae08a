// servePolicy(), the server hook-run serve runs, in this process: it opens
// the host, listens, answers a call with its hooks' decision, and ends at a
// signal once the calls in flight are answered, saying how it ended.

import { equal, match } from "node:assert/strict";
import { join } from "node:path";
import type { CliIo } from "../../src/_internal/cli_io.ts";
import { servePolicy } from "../../src/server/mod.ts";

/** A project whose `hooks.jsonc` holds `hooks`, with HOOKGATE_HOME pointed at an empty home meanwhile. */
async function withProject(hooks: unknown, fn: (dir: string, config: string) => Promise<void>): Promise<void> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-policy-" }));
  const previous = Deno.env.get("HOOKGATE_HOME");
  Deno.env.set("HOOKGATE_HOME", join(dir, "home"));
  try {
    await Deno.writeTextFile(join(dir, "hooks.jsonc"), JSON.stringify({ hooks }));
    await fn(dir, join(dir, "hooks.jsonc"));
  } finally {
    if (previous === undefined) Deno.env.delete("HOOKGATE_HOME");
    else Deno.env.set("HOOKGATE_HOME", previous);
    await Deno.remove(dir, { recursive: true });
  }
}

function stderrOnly(lines: string[]): CliIo {
  return {
    stdout: () => {},
    stderr: (text) => void lines.push(text),
    stdin: () => ({ read: () => Promise.resolve(null) }),
    interactive: false,
    color: false,
  };
}

Deno.test({
  name: 'servePolicy() answers a call with its hooks\' block and ends "stopped" at SIGTERM',
  ignore: Deno.build.os === "windows",
  async fn() {
    await withProject({ PreToolUse: [{ command: "echo 'no rm here' >&2; exit 2" }] }, async (dir, config) => {
      const said: string[] = [];
      const listening = Promise.withResolvers<{ addr: Deno.NetAddr | undefined; hooks: number }>();
      const ended = servePolicy({
        flags: { config: [config], plugins: [], extensions: [] },
        project: { root: dir, start: dir },
        version: "test",
        io: stderrOnly(said),
        port: 0,
        onListening: (where) => listening.resolve(where),
      });
      const { addr, hooks } = await Promise.race([listening.promise, ended.then((end) => Promise.reject(end))]);
      equal(hooks, 1);
      const response = await fetch(`http://127.0.0.1:${addr!.port}/hooks/PreToolUse`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          hook_event_name: "PreToolUse",
          session_id: "s-1",
          cwd: dir,
          tool_name: "Bash",
          tool_input: { command: "rm -rf /" },
        }),
      });
      equal(response.status, 200);
      const answer = await response.json();
      equal(answer.hookSpecificOutput.permissionDecision, "deny");
      match(answer.hookSpecificOutput.permissionDecisionReason, /no rm here/);
      Deno.kill(Deno.pid, "SIGTERM");
      equal(await ended, "stopped");
      match(said.join(""), /hook-run serve: SIGTERM: no longer accepting calls/);
    });
  },
});

Deno.test('servePolicy() ends "not started", and says why, when a --config is one the agent runs itself', async () => {
  await withProject({}, async (dir) => {
    const settings = join(dir, ".claude/settings.json");
    await Deno.mkdir(join(dir, ".claude"));
    await Deno.writeTextFile(settings, JSON.stringify({ hooks: {} }));
    const said: string[] = [];
    const end = await servePolicy({
      flags: { config: [settings], plugins: [], extensions: [] },
      project: { root: dir, start: dir },
      version: "test",
      io: stderrOnly(said),
      port: 0,
      onListening: () => {
        throw new Error("it must not listen");
      },
    });
    equal(end, "not started");
    match(said.join(""), /\nhook-run serve: --config [^\n]*; not started\n$/);
  });
});
