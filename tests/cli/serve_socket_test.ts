// hook-run serve --socket: a Unix socket beside the port, in a directory
// only its owner may enter; a stale socket taken over, a live one refused,
// the socket removed at shutdown, and no token asked for on it.

import { equal, match } from "node:assert/strict";
import { join } from "node:path";
import { cli } from "./_cli.ts";
import { exists, post, serve, withConfig } from "./_serve.ts";

const DENY_RM = {
  PreToolUse: [{
    matcher: "Bash",
    hooks: [{
      type: "command",
      command:
        `printf '%s\\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}'`,
    }],
  }],
};
const CALL = {
  hook_event_name: "PreToolUse",
  session_id: "s",
  cwd: "/",
  tool_name: "Bash",
  tool_input: { command: "rm" },
};

async function curl(socket: string, path: string, body?: unknown): Promise<{ code: number; text: string }> {
  const { code, stdout } = await new Deno.Command("curl", {
    args: [
      "-sS",
      "--unix-socket",
      socket,
      ...(body === undefined ? [] : ["-H", "content-type: application/json", "--data-binary", JSON.stringify(body)]),
      `http://localhost${path}`,
    ],
    stdout: "piped",
    stderr: "null",
  }).output();
  return { code, text: new TextDecoder().decode(stdout) };
}

Deno.test("hook-run serve --socket answers over a 0600 socket in a 0700 directory as over its port, without the token, and removes it at shutdown", async () => {
  await withConfig(DENY_RM, async (dir, config) => {
    const home = join(dir, "home");
    const socket = join(home, ".config", "hookgate", "run", "serve.sock");
    const server = await serve(["--config", config, "--socket", "--token-env", "HOOKGATE_TOKEN"], {
      cwd: dir,
      home,
      env: { HOOKGATE_TOKEN: "sekrit" },
    });
    try {
      equal((await Deno.lstat(socket)).mode! & 0o777, 0o600);
      equal((await Deno.stat(join(home, ".config", "hookgate", "run"))).mode! & 0o777, 0o700);
      const overPort = await post(`${server.url}/hooks/PreToolUse`, CALL, { authorization: "Bearer sekrit" });
      const overSocket = await curl(socket, "/hooks/PreToolUse", CALL);
      equal(overSocket.code, 0);
      equal(overSocket.text, overPort.text);
      match(overSocket.text, /"permissionDecision":"deny"/);
      match((await curl(socket, "/healthz")).text, /"ok":true/);
    } finally {
      equal((await server.stop()).code, 0, server.stderr());
    }
    equal(await exists(socket), false);
  });
});

Deno.test("hook-run serve --socket-path takes a stale socket over, refuses a live one and a directory others may enter", async (t) => {
  await withConfig(DENY_RM, async (dir, config) => {
    const home = join(dir, "home");
    await Deno.mkdir(home);
    const run = join(dir, "run");
    const socket = join(run, "s.sock");
    await t.step("a directory wider than 0700 is refused", async () => {
      await Deno.mkdir(run);
      await Deno.chmod(run, 0o755);
      const refused = await cli(["serve", "--port", "0", "--config", config, "--socket-path", socket], {
        cwd: dir,
        home,
        timeoutMs: 60_000,
      });
      equal(refused.code, 1, refused.stderr);
      match(refused.stderr, /has mode 0755, so other users could reach the socket; run "chmod 700 /);
      await Deno.chmod(run, 0o700);
    });
    await t.step("a live socket is refused; a stale one (SIGKILL) is taken over", async () => {
      const first = await serve(["--config", config, "--socket-path", socket], { cwd: dir, home });
      try {
        const second = await cli(["serve", "--port", "0", "--config", config, "--socket-path", socket], {
          cwd: dir,
          home,
          timeoutMs: 60_000,
        });
        equal(second.code, 1, second.stderr);
        match(second.stderr, /another hook-run serve listens on .*s\.sock/);
      } finally {
        await first.stop("SIGKILL");
      }
      equal(await exists(socket), true, "SIGKILL leaves the socket");
      const next = await serve(["--config", config, "--socket-path", socket], { cwd: dir, home });
      try {
        match((await curl(socket, "/hooks/PreToolUse", CALL)).text, /"permissionDecision":"deny"/);
      } finally {
        equal((await next.stop()).code, 0, next.stderr());
      }
    });
  });
});
