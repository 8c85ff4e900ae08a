// hook-run serve as Claude Code's HTTP hooks call it: a real server on a
// loopback port, started with the hook-run task's own permission flags,
// real requests with fetch, real signals.

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { cli, hookRunCommand } from "./_cli.ts";
import { hook, withProject } from "./_claude_project.ts";
import { delay } from "../_helpers.ts";
import { openHookHost } from "../../mod.ts";
import { ServeHandler } from "../../src/cli/_serve_handler.ts";

interface Served {
  /** http://127.0.0.1:<port> */
  url: string;
  /** What the server said on stderr so far. */
  stderr(): string;
  /** Sends `signal` and waits for the exit (SIGKILL after 20 s). */
  stop(signal?: Deno.Signal): Promise<{ code: number; stderr: string }>;
  /** Sends a signal without waiting. */
  signal(signal: Deno.Signal): void;
  /** The exit, whoever caused it. */
  exited: Promise<{ code: number; stderr: string }>;
}

/** Starts hook-run serve on a free port and waits for its listening line. */
async function serve(
  args: string[],
  options: { cwd: string; env?: Record<string, string>; home?: string },
): Promise<Served> {
  const home = options.home ?? await Deno.makeTempDir({ prefix: "hookgate-home-" });
  const child = hookRunCommand(["serve", "--port", "0", ...args], {
    home,
    cwd: options.cwd,
    stdin: "null",
    stdout: "null",
    ...(options.env ? { env: options.env } : {}),
  }).spawn();
  let text = "";
  const listening = Promise.withResolvers<string>();
  const read = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of child.stderr) {
      text += decoder.decode(chunk, { stream: true });
      const found = /listening on (http:\/\/\S+) /.exec(text);
      if (found) listening.resolve(found[1]!);
    }
  })();
  const killer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  const exited = (async () => {
    const { code } = await child.status;
    await read;
    clearTimeout(killer);
    if (options.home === undefined) await Deno.remove(home, { recursive: true });
    listening.reject(new Error(`hook-run serve exited with ${code} before listening:\n${text}`));
    return { code, stderr: text };
  })();
  const url = await listening.promise;
  return {
    url,
    stderr: () => text,
    signal: (signal) => child.kill(signal),
    exited,
    async stop(signal = "SIGTERM") {
      child.kill(signal);
      const late = setTimeout(() => child.kill("SIGKILL"), 20_000);
      try {
        return await exited;
      } finally {
        clearTimeout(late);
      }
    },
  };
}

/** A POST of `body` (an object is sent as JSON); the status and the text of the answer. */
async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/** Waits until `check` holds, polling; fails after `ms`. */
async function eventually(check: () => Promise<boolean> | boolean, what: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!await check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await delay(50);
  }
}

function alive(pid: number): boolean {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    return !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    return false;
  }
}

const TRUSTED = { HOOKGATE_TRUST_PROJECT: "1" };

/** A temporary directory holding `hooks` as hooks.jsonc (native configuration). */
async function withConfig(
  hooks: Record<string, unknown>,
  fn: (dir: string, config: string) => Promise<void>,
): Promise<void> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-serve-" }));
  try {
    await Deno.writeTextFile(join(dir, "hooks.jsonc"), JSON.stringify({ hooks }));
    await fn(dir, join(dir, "hooks.jsonc"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** Whether `path` exists yet. */
function exists(path: string): Promise<boolean> {
  return Deno.stat(path).then(() => true, () => false);
}

Deno.test("hook-run serve answers PreToolUse exactly as hook-run gateway does: deny, rewrite, nothing", async () => {
  await withProject({
    PreToolUse: [
      { matcher: "Bash", hooks: [hook("guard.sh")] },
      { matcher: "Write", hooks: [hook("add_flag.py")] },
    ],
  }, async (dir) => {
    const server = await serve(["--cwd", dir], { cwd: dir, env: TRUSTED });
    try {
      const events = [
        { tool_name: "Bash", tool_input: { command: "rm -rf /" } },
        { tool_name: "Write", tool_input: { command: "x" } },
        { tool_name: "Read", tool_input: {} },
      ].map((fields) => ({ session_id: "s-1", cwd: dir, hook_event_name: "PreToolUse", ...fields }));
      for (const event of events) {
        const gateway = await cli(["gateway"], {
          cwd: dir,
          stdin: JSON.stringify(event),
          env: { CLAUDE_PROJECT_DIR: dir, ...TRUSTED },
        });
        equal(gateway.code, 0, gateway.stderr);
        const body = await post(`${server.url}/hooks`, event);
        deepEqual(body, { status: 200, text: gateway.stdout });
        deepEqual(await post(`${server.url}/hooks/PreToolUse`, event), body, "the path form answers alike");
      }
      match((await post(`${server.url}/hooks`, events[0])).text, /"permissionDecision":"deny"/);
    } finally {
      equal((await server.stop()).code, 0);
    }
  });
});

Deno.test("hook-run serve answers bad requests with 400, 404 or 405 and a reason, and keeps serving", async () => {
  await withProject({ PreToolUse: [{ matcher: "Bash", hooks: [hook("guard.sh")] }] }, async (dir) => {
    const server = await serve(["--cwd", dir], { cwd: dir, env: TRUSTED });
    const deny = {
      session_id: "s",
      cwd: dir,
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "rm -rf /" },
    };
    try {
      const reason = async (path: string, body: unknown) => {
        const { status, text } = await post(`${server.url}${path}`, body);
        equal(text.endsWith("\n") && !text.slice(0, -1).includes("\n"), true, "one line");
        return { status, error: JSON.parse(text).error as string };
      };
      const cases: [string, unknown, number, RegExp][] = [
        ["/hooks", "{not json", 400, /^the body is not JSON: /],
        ["/hooks", [deny], 400, /must be a JSON object/],
        ["/hooks", "", 400, /^the body is not JSON/],
        [
          "/hooks",
          { ...deny, hook_event_name: "BeforeTool" },
          400,
          /"BeforeTool", which is not a Claude Code hook event/,
        ],
        ["/hooks", { session_id: "s" }, 400, /needs "hook_event_name"/],
        ["/hooks/Stop", deny, 400, /hook_event_name is not "Stop", the event the path names/],
        ["/hooks/PostToolUse", { hook_event_name: "PostToolUse", tool_name: 5 }, 400, /"tool_name" must be a string/],
        ["/hooks", "x".repeat(16 * 1024 * 1024 + 1), 400, /^the body is larger than 16 MiB/],
        ["/hooks/BeforeTool", deny, 404, /"BeforeTool" is not a Claude Code hook event/],
        ["/hook", deny, 404, /no such path/],
      ];
      for (const [path, body, status, pattern] of cases) {
        const answer = await reason(path, body);
        equal(answer.status, status, `${path} ${String(body).slice(0, 40)}`);
        match(answer.error, pattern);
      }
      // A streamed (chunked) body has no declared length: counted as it comes.
      const chunk = new Uint8Array(1024 * 1024).fill(0x20);
      let sent = 0;
      const streamed = await fetch(`${server.url}/hooks`, {
        method: "POST",
        body: new ReadableStream({
          pull(controller) {
            if (sent++ < 17) controller.enqueue(chunk);
            else controller.close();
          },
        }),
      });
      equal(streamed.status, 400);
      match(JSON.parse(await streamed.text()).error, /^the body is larger than 16 MiB/);
      const get = await fetch(`${server.url}/hooks`);
      equal(get.status, 405);
      equal(get.headers.get("allow"), "POST");
      match(JSON.parse(await get.text()).error, /method not allowed/);
      const postHealth = await fetch(`${server.url}/healthz`, { method: "POST", body: "{}" });
      equal(postHealth.status, 405);
      await postHealth.body?.cancel();
      // Still serving, and still deciding.
      match((await post(`${server.url}/hooks`, deny)).text, /"permissionDecision":"deny"/);
    } finally {
      const { code, stderr } = await server.stop();
      equal(code, 0);
      equal(/\n\s+at /.test(stderr), false, "no stack trace");
    }
  });
});

Deno.test("hook-run serve never fails open: its own failures on an event that can block are a 200 block", async () => {
  await withProject({}, async (dir) => {
    const server = await serve(["--cwd", dir], { cwd: dir, env: TRUSTED });
    try {
      // A payload whose event can block but whose fields hookgate cannot read.
      const { status, text } = await post(`${server.url}/hooks`, {
        hook_event_name: "PreToolUse",
        cwd: dir,
        tool_name: 5,
      });
      equal(status, 200);
      const answer = JSON.parse(text);
      equal(answer.hookSpecificOutput.permissionDecision, "deny");
      match(answer.hookSpecificOutput.permissionDecisionReason, /^hookgate could not answer this PreToolUse call: /);
      const stop = JSON.parse(
        (await post(`${server.url}/hooks/Stop`, { hook_event_name: "Stop", stop_hook_active: "yes" })).text,
      );
      equal(stop.decision, "block");
      // Events hookgate does not model are answered {} like the gateway's.
      deepEqual(await post(`${server.url}/hooks/Notification`, { hook_event_name: "Notification" }), {
        status: 200,
        text: "{}\n",
      });
    } finally {
      equal((await server.stop()).code, 0);
    }
  });
});

Deno.test("hook-run serve GET /healthz says it is up, with the version, hook count and uptime", async () => {
  await withProject({ PreToolUse: [{ matcher: "Bash", hooks: [hook("guard.sh")] }] }, async (dir) => {
    const server = await serve(["--cwd", dir], { cwd: dir, env: TRUSTED });
    try {
      const response = await fetch(`${server.url}/healthz`);
      equal(response.status, 200);
      const health = await response.json();
      equal(health.ok, true);
      equal(health.version, "0.1.0");
      equal(health.hooks, 1);
      equal(health.inFlight, 0);
      equal(typeof health.uptimeSeconds, "number");
    } finally {
      await server.stop();
    }
  });
});

Deno.test("hook-run serve authenticates with a bearer token from --token-env, and refuses to bind beyond loopback without one", async (t) => {
  const dir = await Deno.realPath(await Deno.makeTempDir());
  try {
    await t.step("another address without --token-env is refused at start", async () => {
      const run = await cli(["serve", "--host", "0.0.0.0", "--port", "0"], { cwd: dir, timeoutMs: 30_000 });
      equal(run.code, 1);
      match(run.stderr, /refusing to listen on "0\.0\.0\.0" without a token/);
    });
    await t.step("--token-env naming an unset variable is refused at start", async () => {
      const run = await cli(["serve", "--port", "0", "--token-env", "HOOKGATE_TOKEN"], { cwd: dir, timeoutMs: 30_000 });
      equal(run.code, 1);
      match(run.stderr, /\$HOOKGATE_TOKEN is not set or empty; refusing to start/);
    });
    await t.step("another address with a token, but without --allow-net for it, says which flag to add", async () => {
      const run = await cli(["serve", "--host", "0.0.0.0", "--port", "0", "--token-env", "HOOKGATE_TOKEN"], {
        cwd: dir,
        env: { HOOKGATE_TOKEN: "s3cret-token" },
        timeoutMs: 30_000,
      });
      equal(run.code, 1);
      match(run.stderr, /cannot listen on 0\.0\.0\.0:0: not allowed by --allow-net; add --allow-net=0\.0\.0\.0/);
    });
    await t.step("with a token, a call without it or with another is 401, with it 200", async () => {
      const server = await serve(["--token-env", "HOOKGATE_TOKEN"], {
        cwd: dir,
        env: { HOOKGATE_TOKEN: "s3cret-token" },
      });
      try {
        match(
          server.stderr(),
          /every call must carry "Authorization: Bearer <token>" with the token from \$HOOKGATE_TOKEN/,
        );
        const event = { hook_event_name: "Stop", cwd: dir };
        const missing = await post(`${server.url}/hooks`, event);
        equal(missing.status, 401);
        match(JSON.parse(missing.text).error, /bearer token is required/);
        equal((await post(`${server.url}/hooks`, event, { authorization: "Bearer s3cret-tokeN" })).status, 401);
        equal((await post(`${server.url}/hooks`, event, { authorization: "Bearer s3cret" })).status, 401);
        equal((await post(`${server.url}/hooks`, event, { authorization: "Basic s3cret-token" })).status, 401);
        equal((await post(`${server.url}/nowhere`, event)).status, 401, "no route is shown without the token");
        deepEqual(await post(`${server.url}/hooks`, event, { authorization: "Bearer s3cret-token" }), {
          status: 200,
          text: "{}\n",
        });
        const health = await fetch(`${server.url}/healthz`);
        equal(health.status, 200, "load balancers probe /healthz without the token");
        await health.body?.cancel();
      } finally {
        equal((await server.stop()).code, 0);
      }
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("hook-run serve reloads its configuration while it runs: the next call sees the new hook", async () => {
  await withConfig({}, async (dir, config) => {
    const server = await serve(["--config", config], { cwd: dir });
    try {
      const event = { hook_event_name: "PreToolUse", cwd: dir, tool_name: "Bash", tool_input: { command: "ls" } };
      equal((await post(`${server.url}/hooks`, event)).text, "{}\n");
      await Deno.writeTextFile(
        config,
        `{"hooks": {"PreToolUse": [{"matcher": "bash", "command": "echo 'reloaded, and denied' >&2; exit 2"}]}}`,
      );
      let answer = "";
      await eventually(async () => (answer = (await post(`${server.url}/hooks`, event)).text) !== "{}\n", "the reload");
      deepEqual(JSON.parse(answer), {
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: "reloaded, and denied",
        },
      });
      match(server.stderr(), /hook-run serve: Hooks reloaded \(1 configured entries across 1 events\)/);
    } finally {
      equal((await server.stop()).code, 0);
    }
  });
});

Deno.test("hook-run serve on SIGTERM answers the call in flight, exits 0 and leaves no hook process behind", async () => {
  // The hook leaves a grandchild in its group, then takes a second to deny.
  const slow = "sleep 30 & echo $! > child.pid; echo $$ > hook.pid; sleep 1; echo slow but sure >&2; exit 2";
  await withConfig({ PreToolUse: [{ command: slow }] }, async (dir, config) => {
    const server = await serve(["--config", config], { cwd: dir });
    const answer = post(`${server.url}/hooks`, { hook_event_name: "PreToolUse", cwd: dir, tool_name: "Bash" });
    await eventually(() => exists(join(dir, "hook.pid")), "the hook to start");
    server.signal("SIGTERM");
    const { status, text } = await answer;
    equal(status, 200);
    equal(JSON.parse(text).hookSpecificOutput.permissionDecisionReason, "slow but sure");
    const { code, stderr } = await server.exited;
    equal(code, 0, stderr);
    match(stderr, /SIGTERM: no longer accepting calls; waiting up to 10 s for 1 in flight/);
    match(stderr, /hook-run serve: stopped\n$/);
    const grandchild = Number(await Deno.readTextFile(join(dir, "child.pid")));
    await eventually(() => !alive(grandchild), "the hook's grandchild to be gone", 3_000);
  });
});

Deno.test("hook-run serve on a second signal kills the running hooks and exits at once", async () => {
  const hooks = { PreToolUse: [{ command: "echo $$ > hook.pid; exec sleep 60", timeoutMs: 120_000 }] };
  await withConfig(hooks, async (dir, config) => {
    const server = await serve(["--config", config], { cwd: dir });
    const answer = post(`${server.url}/hooks`, { hook_event_name: "PreToolUse", cwd: dir, tool_name: "Bash" })
      .then(() => "answered", () => "connection closed");
    await eventually(() => exists(join(dir, "hook.pid")), "the hook to start");
    const started = Date.now();
    server.signal("SIGTERM");
    await eventually(() => server.stderr().includes("no longer accepting"), "the first signal to be seen");
    server.signal("SIGINT");
    const { code, stderr } = await server.exited;
    equal(code, 130, stderr);
    equal(Date.now() - started < 5_000, true, "at once, not after the grace period");
    match(stderr, /second signal: killed 1 running hook; exiting now/);
    equal(await answer, "connection closed");
    const pid = Number(await Deno.readTextFile(join(dir, "hook.pid")));
    await eventually(() => !alive(pid), "the hook to be gone", 3_000);
  });
});

Deno.test("hook-run serve counts Stop blocks per session_id, and honours the payload's stop_hook_active", async () => {
  // Blocks every stop, saying whether the agent already continues.
  const block = `grep -q '"stopHookActive":true' && echo active >&2 || echo first >&2; exit 2`;
  await withConfig({ Stop: [{ command: block }] }, async (dir, config) => {
    const server = await serve(["--config", config], { cwd: dir });
    try {
      const stop = async (session: string, active = false) =>
        JSON.parse(
          (await post(`${server.url}/hooks/Stop`, {
            hook_event_name: "Stop",
            session_id: session,
            cwd: dir,
            stop_hook_active: active,
          })).text,
        );
      deepEqual(await stop("a"), { decision: "block", reason: "first" });
      deepEqual(await stop("b"), { decision: "block", reason: "first" }, "b's loop is its own");
      deepEqual(await stop("c", true), { decision: "block", reason: "active" }, "the agent's own flag counts");
      for (let i = 2; i <= 8; i++) deepEqual(await stop("a"), { decision: "block", reason: "active" });
      deepEqual(await stop("a"), {}, "a's ninth block is over the cap of 8");
      deepEqual(await stop("b"), { decision: "block", reason: "active" }, "b has blocked twice only");
      match(server.stderr(), /Stop hooks blocked 8 consecutive times \(cap 8\)/);
      equal(server.stderr().match(/consecutive times/g)?.length, 1);
    } finally {
      equal((await server.stop()).code, 0);
    }
  });
});

Deno.test("ServeHandler.cancel() answers the calls in flight with the block where the event can block, never {}", async () => {
  await withConfig({
    PreToolUse: [{ command: "echo $$ > pre.pid; exec sleep 30", timeoutMs: 60_000 }],
    PostToolUse: [{ command: "exec sleep 30", timeoutMs: 60_000 }],
  }, async (dir, config) => {
    const host = await openHookHost({ paths: [config], defaultLayers: false, projectRoot: dir });
    const stderr: string[] = [];
    const handler = new ServeHandler({
      host,
      version: "test",
      trace: false,
      io: {
        stdout: () => {},
        stderr: (text) => void stderr.push(text),
        stdin: () => ({ read: () => Promise.resolve(null) }),
        interactive: false,
        color: false,
      },
    });
    const call = (event: string) =>
      handler.handle(
        new Request("http://127.0.0.1/hooks", {
          method: "POST",
          body: JSON.stringify({
            hook_event_name: event,
            cwd: dir,
            tool_name: "Bash",
            tool_input: {},
            tool_response: "",
          }),
        }),
      );
    try {
      const pre = call("PreToolUse");
      const post = call("PostToolUse");
      await eventually(() => exists(join(dir, "pre.pid")), "the hook to start");
      equal(handler.inFlight, 2);
      handler.cancel();
      const blocked = await pre;
      equal(blocked.status, 200);
      deepEqual(JSON.parse(await blocked.text()).hookSpecificOutput, {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason:
          "hookgate could not answer this PreToolUse call: hook-run serve shut down while the hooks ran; they were killed",
      });
      const failed = await post;
      equal(failed.status, 500, "PostToolUse cannot block: a non-blocking error, as the gateway's exit 1");
      match(JSON.parse(await failed.text()).error, /shut down while the hooks ran/);
      equal(handler.inFlight, 0);
      match(stderr.join(""), /hook-run serve: PreToolUse: hook-run serve shut down/);
    } finally {
      await host.close();
    }
  });
});

/** A native project in a temporary directory with `files`, trusted with `hook-run trust` in `home`. */
async function withTrustedProject(
  files: Record<string, string>,
  fn: (dir: string, home: string) => Promise<void>,
): Promise<void> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-serve-" }));
  const home = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-home-" }));
  try {
    for (const [path, text] of Object.entries(files)) {
      await Deno.mkdir(join(dir, path, ".."), { recursive: true });
      await Deno.writeTextFile(join(dir, path), text);
    }
    await fn(dir, home);
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(home, { recursive: true });
  }
}

const GUARD_CONFIG = JSON.stringify({
  hooks: {
    PreToolUse: [{ name: "guard", command: "sh .hookgate/hooks/guard.sh", failurePolicy: "closed" }],
  },
});

Deno.test("hook-run serve runs the project's hooks in its root, whatever cwd a call names", async () => {
  await withTrustedProject({
    ".hookgate/config.jsonc": GUARD_CONFIG,
    ".hookgate/hooks/guard.sh": "echo 'the reviewed guard' >&2; exit 2\n",
  }, async (dir, home) => {
    // Any local process may call, and names any cwd: one holding its own guard.sh that allows.
    const attacker = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-caller-" }));
    try {
      await Deno.mkdir(join(attacker, ".hookgate/hooks"), { recursive: true });
      await Deno.writeTextFile(join(attacker, ".hookgate/hooks/guard.sh"), `touch ${attacker}/ran; exit 0\n`);
      equal((await cli(["trust", "--cwd", dir, "--yes"], { home })).code, 0);
      const server = await serve(["--cwd", dir], { cwd: dir, home });
      try {
        const event = { hook_event_name: "PreToolUse", cwd: attacker, tool_name: "Bash", tool_input: {} };
        const answer = JSON.parse((await post(`${server.url}/hooks`, event)).text);
        equal(answer.hookSpecificOutput?.permissionDecisionReason, "the reviewed guard");
        equal(await exists(join(attacker, "ran")), false, "the caller's file ran");
      } finally {
        equal((await server.stop()).code, 0);
      }
    } finally {
      await Deno.remove(attacker, { recursive: true });
    }
  });
});

Deno.test("hook-run serve never runs a trusted hook script's changed target: a link's target is checked before it runs", async () => {
  await withTrustedProject({
    ".hookgate/config.jsonc": GUARD_CONFIG,
    "tools/guard.sh": "echo 'the reviewed guard' >&2; exit 2\n",
  }, async (dir, home) => {
    await Deno.mkdir(join(dir, ".hookgate/hooks"), { recursive: true });
    await Deno.symlink("../../tools/guard.sh", join(dir, ".hookgate/hooks/guard.sh"));
    equal((await cli(["trust", "--cwd", dir, "--yes"], { home })).code, 0);
    const server = await serve(["--cwd", dir], { cwd: dir, home });
    try {
      const event = { hook_event_name: "PreToolUse", cwd: dir, tool_name: "Bash", tool_input: {} };
      match((await post(`${server.url}/hooks`, event)).text, /the reviewed guard/);
      // Edited through the link, and called at once: before any watcher could react.
      await Deno.writeTextFile(join(dir, "tools/guard.sh"), `touch ${dir}/ran; exit 0\n`);
      await post(`${server.url}/hooks`, event);
      equal(await exists(join(dir, "ran")), false, "the changed script ran");
      await eventually(() => /changed since it was trusted/.test(server.stderr()), "the warning");
      match(server.stderr(), new RegExp(`hook-run trust --cwd ${dir}`));
      await post(`${server.url}/hooks`, event);
      equal(await exists(join(dir, "ran")), false, "the changed script ran later");
    } finally {
      equal((await server.stop()).code, 0);
    }
  });
});

Deno.test("hook-run serve keeps a trusted guard in force when its script changes while it runs", async () => {
  await withTrustedProject({
    ".hookgate/config.jsonc": GUARD_CONFIG,
    ".hookgate/hooks/guard.sh": "echo 'the reviewed guard' >&2; exit 2\n",
  }, async (dir, home) => {
    equal((await cli(["trust", "--cwd", dir, "--yes"], { home })).code, 0);
    const server = await serve(["--cwd", dir], { cwd: dir, home });
    try {
      const event = { hook_event_name: "PreToolUse", cwd: dir, tool_name: "Bash", tool_input: {} };
      match((await post(`${server.url}/hooks`, event)).text, /the reviewed guard/);
      // The policed agent neuters its guard, and calls at once: before any watcher could react.
      await Deno.writeTextFile(join(dir, ".hookgate/hooks/guard.sh"), "exit 0\n");
      const first = JSON.parse((await post(`${server.url}/hooks`, event)).text);
      equal(first.hookSpecificOutput?.permissionDecision, "deny");
      match(first.hookSpecificOutput.permissionDecisionReason, /changed since it was trusted/);
      // After the reload, the trusted version's guard stands in for it.
      await eventually(async () => {
        const later = JSON.parse((await post(`${server.url}/hooks`, event)).text);
        return /changed since you trusted it/.test(later.hookSpecificOutput?.permissionDecisionReason ?? "");
      }, "the reloaded guard");
    } finally {
      equal((await server.stop()).code, 0);
    }
  });
});
