// A user's async Claude hooks ("async": true, "asyncRewake": true) as Claude
// runs them, through hook-run gateway and hook-run serve: the call never
// waits for them and they never decide; what they leave reaches Claude with
// the session's next call — an asyncRewake hook's exit 2 as the block of the
// next stop (the agent goes on with it) — once; and a hook that never ends
// is killed at its timeout, leaving no process behind.

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { cli } from "./_cli.ts";
import { hook, withProject } from "./_claude_project.ts";
import { alive, eventually, exists, post, serve, TRUSTED } from "./_serve.ts";

const BASH = { tool_name: "Bash", tool_input: { command: "git commit -m x" }, tool_use_id: "t-1" };

/** A gateway that keeps its home (the spool lives there) between calls. */
function gatewayIn(dir: string, home: string) {
  return async (event: Record<string, unknown>, session = "s-1") => {
    const run = await cli(["gateway"], {
      cwd: dir,
      home,
      stdin: JSON.stringify({ session_id: session, cwd: dir, ...event }),
      env: { CLAUDE_PROJECT_DIR: dir, ...TRUSTED },
    });
    equal(run.code, 0, run.stderr);
    return { answer: JSON.parse(run.stdout), stderr: run.stderr };
  };
}

async function withHome(fn: (home: string) => Promise<void>): Promise<void> {
  const home = await Deno.makeTempDir({ prefix: "hookgate-home-" });
  try {
    await fn(home);
  } finally {
    await Deno.remove(home, { recursive: true });
  }
}

/** Waits until the spool holds a result for some session (the async hook's process wrote it). */
async function spooled(home: string): Promise<void> {
  const root = join(home, ".config/hookgate/async");
  await eventually(async () => {
    if (!await exists(root)) return false;
    for await (const session of Deno.readDir(root)) {
      for await (const file of Deno.readDir(join(root, session.name))) if (file.name.endsWith(".json")) return true;
    }
    return false;
  }, "the async hook's result");
}

const release = (dir: string, name: string) => Deno.writeTextFile(join(dir, ".marks", `${name}.release`), "");

Deno.test("hook-run gateway answers without waiting for an async hook, ignores its decision, and gives its context to the session's next call, once", async () => {
  await withProject({
    PreToolUse: [{
      matcher: "Bash",
      hooks: [{ ...hook("async_hook.sh", "lint", "context"), async: true, timeout: 60 }],
    }],
  }, async (dir) => {
    await withHome(async (home) => {
      const gateway = gatewayIn(dir, home);
      // The answer came while the hook still waits: the call did not wait, and its deny decides nothing.
      deepEqual((await gateway({ hook_event_name: "PreToolUse", ...BASH })).answer, {});
      equal(await exists(join(dir, ".marks/lint.end")), false);
      await eventually(() => exists(join(dir, ".marks/lint.pid")), "the async hook to start");
      await release(dir, "lint");
      await spooled(home);
      // Another session's call does not get it.
      deepEqual((await gateway({ hook_event_name: "PostToolUse", ...BASH, tool_response: "" }, "s-2")).answer, {});
      // The session's next call on an event that takes context answers it.
      deepEqual((await gateway({ hook_event_name: "UserPromptSubmit", prompt: "next" })).answer, {
        systemMessage: "lint says hi",
        hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "lint finished on PreToolUse" },
      });
      deepEqual((await gateway({ hook_event_name: "UserPromptSubmit", prompt: "again" })).answer, {}, "once");
    });
  });
});

Deno.test("hook-run gateway wakes the agent with an asyncRewake hook's exit 2: the block of its next stop", async () => {
  await withProject({
    PostToolUse: [{ matcher: "Bash", hooks: [{ ...hook("async_hook.sh", "review", "wake"), asyncRewake: true }] }],
  }, async (dir) => {
    await withHome(async (home) => {
      const gateway = gatewayIn(dir, home);
      deepEqual((await gateway({ hook_event_name: "PostToolUse", ...BASH, tool_response: "" })).answer, {});
      await eventually(() => exists(join(dir, ".marks/review.pid")), "the async hook to start");
      await release(dir, "review");
      await spooled(home);
      // A Notification takes no context: the finding waits.
      deepEqual(
        (await gateway({ hook_event_name: "Notification", message: "m", notification_type: "idle" })).answer,
        {},
      );
      deepEqual((await gateway({ hook_event_name: "Stop", stop_hook_active: false })).answer, {
        decision: "block",
        reason: "review found a hardcoded key in a.ts",
      });
      deepEqual((await gateway({ hook_event_name: "Stop", stop_hook_active: true })).answer, {});
    });
  });
});

Deno.test("hook-run gateway kills an async hook at its timeout, leaving no process, and says so with the session's next call", async () => {
  await withProject({
    SessionStart: [{ hooks: [{ ...hook("async_hook.sh", "stuck", "forever"), async: true, timeout: 1 }] }],
  }, async (dir) => {
    await withHome(async (home) => {
      const gateway = gatewayIn(dir, home);
      deepEqual((await gateway({ hook_event_name: "SessionStart", source: "startup" })).answer, {});
      await eventually(() => exists(join(dir, ".marks/stuck.pid")), "the async hook to start");
      const pid = Number(await Deno.readTextFile(join(dir, ".marks/stuck.pid")));
      await spooled(home);
      equal(await alive(pid), false);
      const next = await gateway({ hook_event_name: "UserPromptSubmit", prompt: "hi" });
      match(next.answer.systemMessage, /async_hook\.sh stuck forever hook error: did not finish within 1000 ms$/);
    });
  });
});

Deno.test("hook-run gateway runs async hooks before it ends where it cannot start a process of its own, and says so", async () => {
  await withProject({
    PostToolUse: [{ hooks: [{ ...hook("async_hook.sh", "lint", "context"), async: true }] }],
  }, async (dir) => {
    await Deno.mkdir(join(dir, ".marks"));
    await release(dir, "lint");
    await withHome(async (home) => {
      const narrow = await cli(["gateway"], {
        cwd: dir,
        home,
        stdin: JSON.stringify({
          session_id: "s-1",
          cwd: dir,
          hook_event_name: "PostToolUse",
          ...BASH,
          tool_response: "",
        }),
        env: { CLAUDE_PROJECT_DIR: dir, ...TRUSTED },
        // No Deno in --allow-run: another hook-run cannot be started.
        flags: ["--allow-read", "--allow-write", "--allow-env", "--allow-sys", "--allow-run=sh,setsid,kill"],
      });
      equal(narrow.code, 0, narrow.stderr);
      equal(narrow.stdout, "{}\n");
      match(
        narrow.stderr,
        /the async hooks of this call could not run in a process of their own \(starting a process of its own needs --allow-run=\S+deno\); they ran before the gateway ended, so Claude waited for them/,
      );
      deepEqual((await gatewayIn(dir, home)({ hook_event_name: "UserPromptSubmit", prompt: "next" })).answer, {
        systemMessage: "lint says hi",
        hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "lint finished on PostToolUse" },
      });
    });
  });
});

Deno.test("hook-run serve answers without waiting for an async hook and gives what it left to the session's next call", async () => {
  await withProject({
    PostToolUse: [{ hooks: [{ ...hook("async_hook.sh", "fmt", "context"), async: true }] }],
  }, async (dir) => {
    const server = await serve([], { cwd: dir, env: TRUSTED });
    try {
      const call = async (event: Record<string, unknown>, session = "s-1") =>
        JSON.parse(
          (await post(`${server.url}/hooks/${event.hook_event_name}`, { session_id: session, cwd: dir, ...event }))
            .text,
        );
      deepEqual(await call({ hook_event_name: "PostToolUse", ...BASH, tool_response: "" }), {});
      equal(await exists(join(dir, ".marks/fmt.end")), false);
      await eventually(() => exists(join(dir, ".marks/fmt.pid")), "the async hook to start");
      await release(dir, "fmt");
      await eventually(() => exists(join(dir, ".marks/fmt.end")), "the async hook to end");
      // Its result is kept once the hook's process is reaped: the next calls find it soon after.
      let answer: Record<string, unknown> = {};
      await eventually(async () => {
        answer = await call({ hook_event_name: "UserPromptSubmit", prompt: "next" });
        return Object.keys(answer).length > 0;
      }, "the async hook's context");
      deepEqual(answer, {
        systemMessage: "fmt says hi",
        hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "fmt finished on PostToolUse" },
      });
      deepEqual(await call({ hook_event_name: "UserPromptSubmit", prompt: "again" }), {}, "once");
    } finally {
      equal((await server.stop()).code, 0);
    }
  });
});
