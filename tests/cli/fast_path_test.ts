// The fast path `hook-run install claude --serve` writes: a command hook
// that sends the event to hook-run serve over its Unix socket (with Perl,
// else curl), answers as the gateway would, falls back to the gateway when
// no server answers or the call's project is not the server's, and blocks
// on any other failure — real launcher, real server, real Perl and curl,
// each client left alone on PATH in turn.

import { deepEqual, equal, match, notEqual, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli, DENO_DIR, piped, root } from "./_cli.ts";
import {
  bash,
  claudeEvent,
  clientPath,
  CLIENTS,
  fastArgs,
  type FastPathHome,
  runHook,
  serveOnSocket,
  withFastPathHome,
} from "./_fast_path.ts";
import { eventually, exists } from "./_serve.ts";
import { perlClient } from "../../src/install/_perl_client.ts";
import { MAX_PROJECT_HOSTS } from "../../src/server/policy_server.ts";

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

Deno.test("the fast path's Perl client compiles under strict and warnings, and holds no single quote", async () => {
  const program = perlClient({ claude: "CLAUDE_PROJECT_DIR", gemini: "GEMINI_PROJECT_DIR" });
  equal(program.includes("'"), false);
  const checked = await new Deno.Command("perl", {
    args: ["-Mstrict", "-Mwarnings", "-c", "-e", program],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const said = new TextDecoder().decode(checked.stderr);
  equal(checked.code, 0, said);
  equal(said.trim(), "-e syntax OK");
});

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
        for (const client of ["perl", "curl"] as const) {
          const fast = await runHook(home, fastArgs(home.socket), event, { client });
          equal(fast.stdout, gateway.stdout, `${what} (${client}): stdout`);
          equal(fast.code, gateway.code, `${what} (${client}): exit code (${fast.stderr})`);
          if (gateway.code === 2) equal(fast.stderr, gateway.stderr, `${what} (${client}): stderr`);
        }
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
    for (const client of CLIENTS) {
      await t.step(`no socket at all (${client})`, async () => {
        equal(await exists(home.socket), false);
        const run = await runHook(home, fastArgs(home.socket), rm, { client });
        equal(run.code, 0, run.stderr);
        match(run.stdout, DENY);
      });
    }
    await t.step("a socket left by a server killed with SIGKILL", async () => {
      const server = await serveOnSocket(home);
      notEqual(await server.stop("SIGKILL"), 0);
      ok(await exists(home.socket), "SIGKILL leaves the socket file");
      for (const client of CLIENTS) {
        const run = await runHook(home, fastArgs(home.socket), rm, { client });
        equal(run.code, 0, `${client}: ${run.stderr}`);
        match(run.stdout, DENY, client);
      }
      // And the next server takes the stale socket over.
      const next = await serveOnSocket(home);
      equal(await next.stop(), 0, next.stderr());
    });
    await t.step("neither Perl nor curl on PATH, a server running: the gateway answers", async () => {
      const record = join(home.home, "neither.jsonl");
      const server = await serveOnSocket(home, ["--record", record]);
      try {
        const run = await runHook(home, fastArgs(home.socket), rm, { client: "neither" });
        equal(run.code, 0, run.stderr);
        match(run.stdout, DENY);
      } finally {
        equal(await server.stop(), 0, server.stderr());
      }
      equal(await exists(record) ? (await Deno.readTextFile(record)).trim() : "", "", "the server was not called");
    });
  });
});

Deno.test("a Perl that cannot run the fast path's client blocks: its exit code is never read as the gateway's", async () => {
  await withFastPathHome(async (home) => {
    const bin = await clientPath(home, "neither");
    // (sh says "Killed" of the second, before hookgate's line.)
    const cases: [string, RegExp][] = [["exit 1", /ended with code 1 before answering$/m], ["kill -9 $$", /code 137/]];
    for (const [broken, said] of cases) {
      await Deno.writeTextFile(join(bin!, "perl"), `#!/bin/sh\n${broken}\n`, { mode: 0o755 });
      const run = await piped(
        new Deno.Command(home.bin, {
          args: fastArgs(home.socket),
          cwd: home.project,
          env: { HOME: home.home, CLAUDE_PROJECT_DIR: home.project, DENO_DIR, PATH: bin! },
          stdin: "piped",
          stdout: "piped",
          stderr: "piped",
        }),
        JSON.stringify(bash(home.project, "ls")),
      );
      equal(run.code, 2, `${broken}: ${run.stdout}${run.stderr}`);
      match(run.stderr, /^hook-run: blocked: the fast path \(perl\) /m);
      match(run.stderr, said);
      equal(run.stdout, "");
    }
  });
});

Deno.test("the fast path answers a call of another project with that project's layers, and leaves the gateway's own flags to the gateway", async (t) => {
  await withFastPathHome(async (home) => {
    // Another project, which denies what the server's project allows: its own layer decides.
    const other = join(home.home, "other project");
    await Deno.mkdir(join(other, ".hookgate"), { recursive: true });
    await Deno.writeTextFile(join(other, ".hookgate", "config.jsonc"), `{"rules": {"deny": ["Bash(ls *)"]}}`);
    const extra = join(home.home, "extra.jsonc");
    await Deno.writeTextFile(extra, `{"rules": {"deny": ["Bash(ls *)"]}}`);
    const record = join(home.home, "calls.jsonl");
    const server = await serveOnSocket(home, ["--record", record]);
    const lines = async () =>
      (await Deno.readTextFile(record).catch(() => "")).trim().split("\n").filter((line) => line !== "")
        .map((line) => JSON.parse(line) as { status: number; event: string });
    // The statuses of the calls the server got while `fn` ran: a SessionEnd sent straight to it after `fn` marks
    // where they end, since the audit log is written after each answer.
    const served = async (fn: () => Promise<void>): Promise<number[]> => {
      const before = (await lines()).length;
      await fn();
      const marker = new Deno.Command("curl", {
        args: [
          "-sS",
          "--unix-socket",
          home.socket,
          "-H",
          "content-type: application/json",
          "--data-binary",
          "@-",
          "http://localhost/hooks",
        ],
        stdin: "piped",
        stdout: "null",
      }).spawn();
      const writer = marker.stdin.getWriter();
      await writer.write(new TextEncoder().encode(JSON.stringify(
        claudeEvent(home.project, { hook_event_name: "SessionEnd", reason: "other" }),
      )));
      await writer.close();
      await marker.status;
      await eventually(async () => (await lines()).at(-1)?.event === "SessionEnd", "the marker's line");
      return (await lines()).slice(before, -1).map((call) => call.status);
    };
    try {
      const ls = bash(home.project, "ls -la");
      const gateway = await runHook(home, ["gateway"], { ...ls, cwd: other }, { projectDir: other });
      match(gateway.stdout, DENY, "the other project's rule decides, through the gateway");
      for (const client of ["perl", "curl"] as const) {
        await t.step(`$CLAUDE_PROJECT_DIR in another project (${client})`, async () => {
          const statuses = await served(async () => {
            const run = await runHook(home, fastArgs(home.socket), { ...ls, cwd: other }, {
              client,
              projectDir: other,
            });
            equal(run.code, 0, run.stderr);
            equal(run.stdout, gateway.stdout, "the other project's rule decided, as through the gateway");
          });
          // Perl carries the directory with its space, and a host of that project answers; curl cannot carry it,
          // and leaves the call to the gateway unasked.
          deepEqual(statuses, client === "perl" ? [200] : []);
        });
      }
      await t.step("a subdirectory of the server's project: answered as for that directory", async () => {
        const sub = join(home.project, "src");
        await Deno.mkdir(sub);
        const statuses = await served(async () => {
          const run = await runHook(home, fastArgs(home.socket), ls, { projectDir: sub });
          equal(run.code, 0, run.stderr);
          match(run.stdout, /"permissionDecision":"allow"/);
        });
        deepEqual(statuses, [200]);
      });
      await t.step(`past ${MAX_PROJECT_HOSTS} other projects, the gateway answers the next`, async () => {
        // Two projects have hosts already: the other project, and the subdirectory.
        for (let index = 2; index <= MAX_PROJECT_HOSTS; index++) {
          const dir = join(home.home, `project-${index}`);
          await Deno.mkdir(join(dir, ".hookgate"), { recursive: true });
          await Deno.writeTextFile(join(dir, ".hookgate", "config.jsonc"), `{"rules": {"deny": ["Bash(ls *)"]}}`);
          const expected = index < MAX_PROJECT_HOSTS ? [200] : [421];
          const statuses = await served(async () => {
            const run = await runHook(home, fastArgs(home.socket), { ...ls, cwd: dir }, { projectDir: dir });
            equal(run.code, 0, run.stderr);
            match(run.stdout, DENY, `project ${index}: its rule decided`);
          });
          deepEqual(statuses, expected, `project ${index}`);
        }
      });
      await t.step("the gateway's own flags after the fast path's (--config)", async () => {
        for (const client of ["perl", "curl"] as const) {
          const statuses = await served(async () => {
            const run = await runHook(home, [...fastArgs(home.socket), "--config", extra], ls, { client });
            equal(run.code, 0, run.stderr);
            match(run.stdout, DENY, `${client}: the --config layer decided`);
          });
          deepEqual(statuses, [], `${client}: the server was not asked`);
        }
      });
      await t.step("the server's own project is answered by the server", async () => {
        const statuses = await served(async () => {
          const run = await runHook(home, fastArgs(home.socket), ls);
          equal(run.code, 0, run.stderr);
          match(run.stdout, /"permissionDecision":"allow"/);
        });
        deepEqual(statuses, [200]);
      });
    } finally {
      equal(await server.stop(), 0, server.stderr());
    }
  });
});

Deno.test("over the port, a call of another project is never answered with a host of its own: 421", async () => {
  await withFastPathHome(async (home) => {
    const other = join(home.home, "other");
    await Deno.mkdir(join(other, ".hookgate"), { recursive: true });
    const server = await serveOnSocket(home, [], ["--socket", "--port", "0"]);
    try {
      const port = /http:\/\/127\.0\.0\.1:(\d+)/.exec(server.stderr())![1]!;
      const call = (project: string) =>
        fetch(`http://127.0.0.1:${port}/hooks?form=command&project=${encodeURIComponent(project)}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(bash(project, "ls")),
        });
      const elsewhere = await call(other);
      equal(elsewhere.status, 421);
      match(await elsewhere.text(), /the gateway answers it/);
      const own = await call(home.project);
      equal(own.status, 200);
      equal(own.headers.get("hookgate-exit"), "0");
      await own.body?.cancel();
    } finally {
      equal(await server.stop(), 0, server.stderr());
    }
  });
});

Deno.test("the fast path of another agent (--agent codex) answers as that agent's gateway", async () => {
  await withFastPathHome(async (home) => {
    const server = await serveOnSocket(home);
    try {
      const codex = JSON.parse(await Deno.readTextFile(join(root, "tests/testdata/codex/payloads/pre_tool_use.json")));
      for (const command of ["rm -r ./victim", "ls -la", "echo hi"]) {
        const event = { ...codex, cwd: home.project, tool_input: { command } };
        const gateway = await runHook(home, ["gateway", "--agent", "codex"], event);
        for (const client of ["perl", "curl"] as const) {
          const fast = await runHook(home, [...fastArgs(home.socket), "--agent", "codex"], event, { client });
          equal(fast.stdout, gateway.stdout, `${command} (${client}): stdout`);
          equal(fast.code, gateway.code, `${command} (${client}): exit code (${fast.stderr})`);
        }
      }
      const metrics = new Deno.Command("curl", {
        args: ["-sS", "--unix-socket", home.socket, "http://localhost/metrics"],
        stdout: "piped",
      });
      match(
        new TextDecoder().decode((await metrics.output()).stdout),
        /hookgate_calls_total\{event="PreToolUse"[^}]*\} 6/,
      );
    } finally {
      equal(await server.stop(), 0, server.stderr());
    }
  });
});

Deno.test("the fast path blocks with exit code 2 when the server dies mid-call, hangs, or fails", async (t) => {
  await withFastPathHome(async (home) => {
    const allowed = bash(home.project, "ls");
    for (const client of ["perl", "curl"] as const) {
      await t.step(`the server killed (SIGKILL) while the call runs (${client})`, async () => {
        const server = await serveOnSocket(home);
        // The guard sleeps on this one: the call is in flight when the server dies.
        const call = runHook(home, fastArgs(home.socket), bash(home.project, "sleep 30"), { client });
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await server.stop("SIGKILL");
        const run = await call;
        equal(run.code, 2, run.stdout + run.stderr);
        match(
          run.stderr,
          /^hook-run: blocked: hook-run serve on .* failed: it closed the connection without an answer/,
        );
        equal(run.stderr.trim().split("\n").length, 1, run.stderr);
      });
      const cases: [string, string, number, RegExp][] = [
        ["a server that does not answer within --max-time", "hang", 1, /failed: no answer within 1 s$/m],
        ["a server that answers 500", "500", 5, /failed: it answered HTTP 500: \{"error":"broken"\}$/m],
        ["an answer without the gateway's exit code", "bare", 5, /failed: it answered 200 without an exit code/],
      ];
      for (const [what, mode, maxTime, said] of cases) {
        await t.step(`${what} (${client})`, async () => {
          await withFakeServer(mode, async (socket) => {
            const run = await runHook(home, fastArgs(socket, maxTime), allowed, { client });
            equal(run.code, 2, run.stdout + run.stderr);
            match(run.stderr, said);
            equal(run.stderr.trim().split("\n").length, 1, run.stderr);
            equal(run.stdout, "");
          });
        });
      }
    }
  });
});
