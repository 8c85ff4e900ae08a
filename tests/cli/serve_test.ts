// hook-run serve as Claude Code's HTTP hooks call it: a real server on a
// loopback port, started with the hook-run task's own permission flags,
// real requests with fetch, real signals.

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { cli } from "./_cli.ts";
import { APPROVED, EXIT_PLAN_MODE, hook, withProject } from "./_claude_project.ts";
import { alive, eventually, exists, post, postStream, serve, TRUSTED, withConfig } from "./_serve.ts";
import { openHookHost } from "../../mod.ts";
import { BodyBudget } from "../../src/server/_body.ts";
import { ServeHandler } from "../../src/server/_handler.ts";

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

Deno.test("hook-run serve forwards a PermissionRequest approval with its updatedPermissions unchanged, as the gateway does", async () => {
  await withProject({ PermissionRequest: [{ matcher: "ExitPlanMode", hooks: [hook("approve.js")] }] }, async (dir) => {
    const server = await serve(["--cwd", dir], { cwd: dir, env: TRUSTED });
    try {
      const event = { session_id: "s-1", cwd: dir, ...EXIT_PLAN_MODE };
      const { status, text } = await post(`${server.url}/hooks/PermissionRequest`, event);
      equal(status, 200);
      deepEqual(JSON.parse(text), APPROVED);
    } finally {
      equal((await server.stop()).code, 0);
    }
  });
});

Deno.test("hook-run serve answers a request that names no event it can block with 400, 404 or 405 and a reason", async () => {
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
        ["/hooks", [1, 2], 400, /must be a JSON object/],
        ["/hooks", "", 400, /^the body is empty/],
        [
          "/hooks",
          { ...deny, hook_event_name: "before_tool" },
          400,
          /"before_tool", which is not a Claude Code hook event name/,
        ],
        ["/hooks", { session_id: "s" }, 400, /needs "hook_event_name"/],
        [
          "/hooks/PostToolUse",
          { hook_event_name: "SessionEnd" },
          400,
          /hook_event_name is "SessionEnd", but the path names "PostToolUse"/,
        ],
        ["/hooks/PostToolUse", { hook_event_name: "PostToolUse", tool_name: 5 }, 400, /"tool_name" must be a string/],
        ["/hooks", "x".repeat(16 * 1024 * 1024 + 1), 400, /^the body is larger than 16 MiB/],
        ["/hooks/before_tool", deny, 404, /"before_tool" is not a Claude Code hook event name/],
        ["/hook", deny, 404, /no such path/],
      ];
      for (const [path, body, status, pattern] of cases) {
        const answer = await reason(path, body);
        equal(answer.status, status, `${path} ${String(body).slice(0, 40)}`);
        match(answer.error, pattern);
      }
      // A streamed (chunked) body has no declared length: counted as it comes.
      const streamed = await postStream(`${server.url}/hooks`, 17, " ");
      equal(streamed.status, 400);
      match(JSON.parse(streamed.text).error, /^the body is larger than 16 MiB/);
      const get = await fetch(`${server.url}/hooks`);
      equal(get.status, 405);
      equal(get.headers.get("allow"), "POST");
      match(JSON.parse(await get.text()).error, /method not allowed/);
      const postHealth = await fetch(`${server.url}/healthz`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
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

Deno.test("hook-run serve answers a body it cannot read on an event that can block with the block, never a 400", async (t) => {
  await withProject({ PreToolUse: [{ matcher: "Bash", hooks: [hook("guard.sh")] }] }, async (dir) => {
    const server = await serve(["--cwd", dir], { cwd: dir, env: TRUSTED });
    const big = "x".repeat(17 * 1024 * 1024);
    // What an agent can make Claude send: a Write of 17 MB.
    const write = { hook_event_name: "PreToolUse", cwd: dir, tool_name: "Write", tool_input: { content: big } };
    const blocked = async (path: string, body: unknown, reason: RegExp, event = "PreToolUse") => {
      const { status, text } = await post(`${server.url}${path}`, body);
      equal(status, 200, text);
      const answer = JSON.parse(text);
      const said = event === "PreToolUse" || event === "PermissionRequest"
        ? (equal(answer.hookSpecificOutput.permissionDecision, "deny"),
          answer.hookSpecificOutput.permissionDecisionReason)
        : (equal(answer.decision, "block"), answer.reason);
      match(said, new RegExp(`^hookgate could not answer this ${event} call: `));
      match(said, reason);
    };
    try {
      await t.step("the event named by the path", async () => {
        await blocked("/hooks/PreToolUse", write, /the body is larger than 16 MiB/);
        await blocked("/hooks/PreToolUse", "", /the body is empty/);
        await blocked("/hooks/PreToolUse", "{not json", /the body is not JSON/);
        await blocked("/hooks/PreToolUse", [1, 2], /must be a JSON object/);
        await blocked("/hooks/PreToolUse", { cwd: dir }, /needs "hook_event_name"/);
        await blocked("/hooks/PreToolUse", { hook_event_name: "Notification" }, /the path names "PreToolUse"/);
        await blocked("/hooks/Stop", "", /the body is empty/, "Stop");
        await blocked(
          "/hooks/UserPromptSubmit",
          { hook_event_name: "UserPromptSubmit", prompt: big },
          /16 MiB/,
          "UserPromptSubmit",
        );
      });
      await t.step("the event named at the start of the body", async () => {
        await blocked("/hooks", write, /the body is larger than 16 MiB/);
        await blocked("/hooks", `{"hook_event_name": "PreToolUse", "tool_input": {`, /the body is not JSON/);
        await blocked("/hooks", [{ hook_event_name: "PreToolUse" }], /must be a JSON object/);
      });
      await t.step("a streamed body past the cap", async () => {
        const response = await postStream(`${server.url}/hooks/PreToolUse`, 17, "x");
        equal(response.status, 200);
        match(JSON.parse(response.text).hookSpecificOutput.permissionDecisionReason, /larger than 16 MiB/);
      });
      await t.step("another event in the body than the path names, one that can block", async () => {
        const bash = { hook_event_name: "PreToolUse", cwd: dir, tool_name: "Bash", tool_input: { command: "ls" } };
        await blocked("/hooks/Stop", bash, /the path names "Stop"/);
      });
      match(server.stderr(), /hook-run serve: PreToolUse: the body is larger than 16 MiB/);
      // Still serving, and still deciding.
      const deny = { hook_event_name: "PreToolUse", cwd: dir, tool_name: "Bash", tool_input: { command: "rm -rf /" } };
      match((await post(`${server.url}/hooks/PreToolUse`, deny)).text, /"permissionDecision":"deny"/);
    } finally {
      equal((await server.stop()).code, 0);
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
    await eventually(async () => !await alive(grandchild), "the hook's grandchild to be gone", 3_000);
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
    await eventually(async () => !await alive(pid), "the hook to be gone", 3_000);
  });
});

Deno.test("hook-run serve answering Claude leaves the Stop loop to Claude: the hooks see its stop_hook_active, and no cap cuts the loop", async () => {
  // Blocks every stop, saying whether the agent already continues.
  const block = `grep -q '"stopHookActive":true' && echo active >&2 || echo first >&2; exit 2`;
  await withConfig({ Stop: [{ command: block }] }, async (dir, config) => {
    const server = await serve(["--config", config], { cwd: dir });
    try {
      const stop = async (session: string, active?: boolean) =>
        JSON.parse(
          (await post(`${server.url}/hooks/Stop`, {
            hook_event_name: "Stop",
            session_id: session,
            cwd: dir,
            ...(active === undefined ? {} : { stop_hook_active: active }),
          })).text,
        );
      // Claude with its cap raised (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP) or off (0) keeps asking: every stop is answered.
      deepEqual(await stop("a", false), { decision: "block", reason: "first" });
      for (let i = 2; i <= 12; i++) {
        deepEqual(await stop("a", true), { decision: "block", reason: "active" }, `stop ${i}`);
      }
      // The agent's flag, not a count of hookgate's: Claude ended that loop (its own cap), and says so.
      deepEqual(await stop("a", false), { decision: "block", reason: "first" });
      equal(server.stderr().match(/consecutive times/g), null);
      // A caller that does not say counts on hookgate's guard: 8 blocks per session, then the stop.
      for (let i = 1; i <= 8; i++) deepEqual((await stop("b")).decision, "block", `b's stop ${i}`);
      deepEqual(await stop("b"), {}, "b's ninth block is over the cap of 8");
      match(server.stderr(), /Stop hooks blocked 8 consecutive times \(cap 8\)/);
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
      hostNames: null,
      budget: new BodyBudget(1024 * 1024),
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
    const call = (event: string) => {
      const body = new TextEncoder().encode(JSON.stringify({
        hook_event_name: event,
        cwd: dir,
        tool_name: "Bash",
        tool_input: {},
        tool_response: "",
      }));
      let sent = false;
      return handler.handle({
        method: "POST",
        path: "/hooks",
        query: "",
        headers: new Headers({ "content-type": "application/json" }),
        body: { length: body.length, read: () => Promise.resolve(sent ? null : (sent = true, body)) },
      });
    };
    try {
      const pre = call("PreToolUse");
      const post = call("PostToolUse");
      await eventually(() => exists(join(dir, "pre.pid")), "the hook to start");
      equal(handler.inFlight, 2);
      handler.cancel();
      const blocked = await pre;
      equal(blocked.status, 200);
      deepEqual(JSON.parse(blocked.body!).hookSpecificOutput, {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason:
          "hookgate could not answer this PreToolUse call: hook-run serve shut down while the hooks ran; they were killed",
      });
      const failed = await post;
      equal(failed.status, 500, "PostToolUse cannot block: a non-blocking error, as the gateway's exit 1");
      match(JSON.parse(failed.body!).error, /shut down while the hooks ran/);
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
