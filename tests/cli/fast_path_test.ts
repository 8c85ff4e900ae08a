// The fast path `hook-run install claude --serve` writes: a command hook
// that sends the event to hook-run serve over its Unix socket with curl,
// answers as the gateway would, falls back to the gateway when no server
// answers, and blocks on any other failure — real launcher, real server,
// real curl.

import { deepEqual, equal, match, notEqual, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli, root } from "./_cli.ts";
import {
  bash,
  claudeEvent,
  fastArgs,
  type FastPathHome,
  runHook,
  serveOnSocket,
  withFastPathHome,
} from "./_fast_path.ts";
import { exists } from "./_serve.ts";

const DENY = /"permissionDecision":"deny"/;

/** tests/testdata/fast_path/fake_server.ts on a socket in a directory of its own, in `mode`. */
async function withFakeServer(mode: string, fn: (socket: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "hookgate-fake-" });
  const socket = join(dir, "fake.sock");
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", "--allow-all", join(root, "tests/testdata/fast_path/fake_server.ts"), socket, mode],
    stdin: "null",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  try {
    const reader = child.stdout.getReader();
    const { value } = await reader.read();
    equal(new TextDecoder().decode(value).trim(), "ready");
    reader.releaseLock();
    await fn(socket);
  } finally {
    child.kill("SIGKILL");
    await child.status;
    await child.stdout.cancel().catch(() => {});
    await Deno.remove(dir, { recursive: true });
  }
}

/** A PATH of links to the programs the launcher needs, without curl. */
async function pathWithoutCurl(dir: string): Promise<string> {
  const bin = join(dir, "no-curl-bin");
  await Deno.mkdir(bin);
  for (const program of ["cat", "sh", "deno"]) {
    const found = new TextDecoder().decode(
      (await new Deno.Command("sh", { args: ["-c", `command -v ${program}`], stdout: "piped" }).output()).stdout,
    ).trim();
    await Deno.symlink(found === "" ? Deno.execPath() : found, join(bin, program));
  }
  return bin;
}

/** The events compared: a deny, an allow, a rewrite, a Stop block, a prompt's context, an exit-code-only block. */
function events(project: string): [string, Record<string, unknown>][] {
  return [
    ["PreToolUse deny", bash(project, "rm -r ./victim")],
    ["PreToolUse allow", bash(project, "ls -la")],
    ["PreToolUse rewrite", bash(project, "echo hi")],
    ["PreToolUse nothing to say", bash(project, "pwd")],
    ["Stop block", claudeEvent(project, { hook_event_name: "Stop", stop_hook_active: false })],
    ["UserPromptSubmit context", claudeEvent(project, { hook_event_name: "UserPromptSubmit", prompt: "where?" })],
    [
      "TaskCompleted exit 2",
      claudeEvent(project, { hook_event_name: "TaskCompleted", task_id: "1", task_subject: "write it" }),
    ],
  ];
}

async function readSettings(home: FastPathHome): Promise<{ hooks: Record<string, { hooks: unknown[] }[]> }> {
  return JSON.parse(await Deno.readTextFile(home.settings));
}

Deno.test("hook-run install claude --serve writes fast-path command hooks, and uninstall removes them", async () => {
  await withFastPathHome(async (home) => {
    const settings = await readSettings(home);
    for (const event of ["PreToolUse", "Stop", "SessionStart", "UserPromptSubmit"]) {
      deepEqual(settings.hooks[event]!.at(-1)!.hooks, [{
        type: "command",
        command: `${home.bin} gateway --socket ${home.socket} --max-time 590`,
        timeout: 600,
        hookgate: "routing",
      }]);
    }
    const uninstall = await cli(["uninstall", "claude", "--settings", home.settings], {
      home: home.home,
      cwd: home.project,
    });
    equal(uninstall.code, 0, uninstall.stderr);
    equal(JSON.stringify(await readSettings(home)).includes("--socket"), false);
  });
});

Deno.test("the fast path answers byte for byte as the gateway does, through hook-run serve over its socket", async () => {
  await withFastPathHome(async (home) => {
    const server = await serveOnSocket(home);
    try {
      const info = await Deno.lstat(home.socket);
      equal(info.isSocket, true);
      equal(info.mode! & 0o777, 0o600);
      equal((await Deno.stat(join(home.hookgate, "run"))).mode! & 0o777, 0o700);
      for (const [what, event] of events(home.project)) {
        const gateway = await runHook(home, ["gateway"], event);
        const fast = await runHook(home, fastArgs(home.socket), event);
        equal(fast.stdout, gateway.stdout, `${what}: stdout`);
        equal(fast.code, gateway.code, `${what}: exit code (${fast.stderr})`);
        if (gateway.code === 2) equal(fast.stderr, gateway.stderr, `${what}: stderr`);
      }
      const denied = await runHook(home, fastArgs(home.socket), bash(home.project, "rm -r ./victim"));
      match(denied.stdout, DENY);
      // Answered by the server, not by a gateway started for it: the server traced nothing, but it counted.
      const metrics = new Deno.Command("curl", {
        args: ["-sS", "--unix-socket", home.socket, "http://localhost/metrics"],
        stdout: "piped",
      });
      match(new TextDecoder().decode((await metrics.output()).stdout), /hookgate_calls_total\{event="PreToolUse"/);
    } finally {
      equal(await server.stop(), 0, server.stderr());
    }
    equal(await exists(home.socket), false, "the socket is removed at shutdown");
  });
});

Deno.test("the fast path falls back to the gateway when no server answers, and still denies", async (t) => {
  await withFastPathHome(async (home) => {
    const rm = bash(home.project, "rm -r ./victim");
    await t.step("no socket at all", async () => {
      equal(await exists(home.socket), false);
      const run = await runHook(home, fastArgs(home.socket), rm);
      equal(run.code, 0, run.stderr);
      match(run.stdout, DENY);
    });
    await t.step("a socket left by a server killed with SIGKILL", async () => {
      const server = await serveOnSocket(home);
      notEqual(await server.stop("SIGKILL"), 0);
      ok(await exists(home.socket), "SIGKILL leaves the socket file");
      const run = await runHook(home, fastArgs(home.socket), rm);
      equal(run.code, 0, run.stderr);
      match(run.stdout, DENY);
      // And the next server takes the stale socket over.
      const next = await serveOnSocket(home);
      equal(await next.stop(), 0, next.stderr());
    });
    await t.step("curl missing from PATH", async () => {
      const server = await serveOnSocket(home);
      try {
        const child = new Deno.Command("/bin/sh", {
          args: [
            "-c",
            `PATH=${await pathWithoutCurl(home.home)}; export PATH; exec "$0" "$@"`,
            home.bin,
            ...fastArgs(home.socket),
          ],
          cwd: home.project,
          env: { HOME: home.home },
          stdin: "piped",
          stdout: "piped",
          stderr: "piped",
        }).spawn();
        const writer = child.stdin.getWriter();
        await writer.write(new TextEncoder().encode(JSON.stringify(rm)));
        await writer.close();
        const { code, stdout, stderr } = await child.output();
        equal(code, 0, new TextDecoder().decode(stderr));
        match(new TextDecoder().decode(stdout), DENY);
      } finally {
        equal(await server.stop(), 0, server.stderr());
      }
    });
  });
});

Deno.test("the fast path blocks with exit code 2 when the server dies mid-call, hangs, or fails", async (t) => {
  await withFastPathHome(async (home) => {
    const allowed = bash(home.project, "ls");
    await t.step("the server killed (SIGKILL) while the call runs", async () => {
      const server = await serveOnSocket(home);
      // The guard sleeps on this one: the call is in flight when the server dies.
      const call = runHook(home, fastArgs(home.socket), bash(home.project, "sleep 30"));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await server.stop("SIGKILL");
      const run = await call;
      equal(run.code, 2, run.stdout + run.stderr);
      match(run.stderr, /^hook-run: blocked: hook-run serve on .* failed: it closed the connection without an answer/);
      equal(run.stderr.trim().split("\n").length, 1, run.stderr);
    });
    const cases: [string, string, number, RegExp][] = [
      ["a server that does not answer within --max-time", "hang", 1, /failed: no answer within 1 s$/m],
      ["a server that answers 500", "500", 5, /failed: it answered HTTP 500: \{"error":"broken"\}$/m],
      ["an answer without the gateway's exit code", "bare", 5, /failed: it answered 200 without an exit code/],
    ];
    for (const [what, mode, maxTime, said] of cases) {
      await t.step(what, async () => {
        await withFakeServer(mode, async (socket) => {
          const run = await runHook(home, fastArgs(socket, maxTime), allowed);
          equal(run.code, 2, run.stdout + run.stderr);
          match(run.stderr, said);
          equal(run.stderr.trim().split("\n").length, 1, run.stderr);
          equal(run.stdout, "");
        });
      });
    }
  });
});
