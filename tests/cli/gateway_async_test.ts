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
import { alive, eventually, exists, post as postTo, serve, TRUSTED } from "./_serve.ts";
import { DEFERRED_IDLE_MS } from "../../mod.ts";
import { CourierQueue, sweepQueues } from "../../src/courier/queue.ts";

const BASH = { tool_name: "Bash", tool_input: { command: "git commit -m x" }, tool_use_id: "t-1" };

/** A gateway (started with `args`) that keeps its home (the spool lives there) between calls. */
function gatewayIn(dir: string, home: string, args: string[] = []) {
  return async (event: Record<string, unknown>, session = "s-1") => {
    const run = await cli(["gateway", ...args], {
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
          (await postTo(`${server.url}/hooks/${event.hook_event_name}`, { session_id: session, cwd: dir, ...event }))
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

/** The results kept for the sessions of `home`, as files (the courier wrote them). */
async function keptResults(home: string): Promise<number> {
  const root = join(home, ".config/hookgate/async");
  if (!await exists(root)) return 0;
  let count = 0;
  for await (const session of Deno.readDir(root)) {
    if (!/^[0-9a-f]{64}$/.test(session.name)) continue;
    for await (const file of Deno.readDir(join(root, session.name))) if (file.name.endsWith(".json")) count++;
  }
  return count;
}

/** The pid of the process that started the async hook of call `id` (async_parent.sh wrote it). */
async function parentOf(dir: string, id: string): Promise<number> {
  const path = join(dir, ".marks", `${id}.ppid`);
  await eventually(() => exists(path), `the async hook of ${id} to start`);
  return Number((await Deno.readTextFile(path)).trim());
}

const PARENT_HOOK = { PostToolUse: [{ hooks: [{ ...hook("async_parent.sh"), async: true, timeout: 60 }] }] };
const post = (id: string) => ({ hook_event_name: "PostToolUse", ...BASH, tool_use_id: id, tool_response: "" });
const releaseAll = (dir: string) => Deno.writeTextFile(join(dir, ".marks", "release"), "");

Deno.test("hook-run gateway runs the async hooks of a session's calls in one process, each once, however many come at once", async () => {
  await withProject(PARENT_HOOK, async (dir) => {
    await Deno.mkdir(join(dir, ".marks"));
    await withHome(async (home) => {
      const gateway = gatewayIn(dir, home);
      const ids = Array.from({ length: 6 }, (_, index) => `t-${index}`);
      // Six quick calls, all at once, whose hooks all wait: each call
      // used to start a process of its own, about 55 MB each.
      for (const { answer } of await Promise.all(ids.map((id) => gateway(post(id))))) deepEqual(answer, {});
      const parents = new Set(await Promise.all(ids.map((id) => parentOf(dir, id))));
      equal(parents.size, 1, `the async hooks ran in ${parents.size} processes`);
      await releaseAll(dir);
      await eventually(async () => await keptResults(home) === ids.length, "every async hook's result");
      const context = (await gateway({ hook_event_name: "UserPromptSubmit", prompt: "next" })).answer
        .hookSpecificOutput?.additionalContext ?? "";
      for (const id of ids) {
        equal(context.split("\n").filter((line: string) => line === `done ${id}`).length, 1, `${id}: ${context}`);
        equal(await Deno.readTextFile(join(dir, ".marks", `${id}.runs`)), "ran\nended\n", `${id} ran once`);
      }
      deepEqual((await gateway({ hook_event_name: "UserPromptSubmit", prompt: "again" })).answer, {}, "once");
      // Nothing left to run: it ends by itself.
      const [courier] = parents;
      await eventually(async () => !await alive(courier!), "the courier to end once idle");
    });
  });
});

/** What the session's next call is given by the async hooks of its calls: their context. */
async function contextOf(gateway: ReturnType<typeof gatewayIn>, session: string): Promise<string> {
  const { answer } = await gateway({ hook_event_name: "UserPromptSubmit", prompt: "next" }, session);
  return answer.hookSpecificOutput?.additionalContext ?? "";
}

Deno.test("hook-run gateway runs the async hooks of 12 sessions' calls at once in one process, and gives each session its own results, once", async () => {
  await withProject(PARENT_HOOK, async (dir) => {
    await Deno.mkdir(join(dir, ".marks"));
    await withHome(async (home) => {
      const gateway = gatewayIn(dir, home);
      const sessions = Array.from({ length: 12 }, (_, index) => `s-${index}`);
      // Twelve sessions of one agent set-up, one quick call each, all at
      // once: each session used to start a process of its own (at most 8,
      // the others' hooks waiting for a later call of their session).
      for (
        const { answer, stderr } of await Promise.all(sessions.map((session) => gateway(post(`t-${session}`), session)))
      ) {
        deepEqual(answer, {});
        equal(stderr, "");
      }
      const parents = new Set(await Promise.all(sessions.map((session) => parentOf(dir, `t-${session}`))));
      equal(parents.size, 1, `the async hooks ran in ${parents.size} processes`);
      await releaseAll(dir);
      await eventually(async () => await keptResults(home) === sessions.length, "every async hook's result");
      for (const session of sessions) {
        equal(await contextOf(gateway, session), `done t-${session}`, `${session} gets its own result`);
        equal(
          await Deno.readTextFile(join(dir, ".marks", `t-${session}.runs`)),
          "ran\nended\n",
          `t-${session} ran once`,
        );
        equal(await contextOf(gateway, session), "", `${session}: once`);
      }
      const [courier] = parents;
      await eventually(async () => !await alive(courier!), "the courier to end once idle");
    });
  });
});

Deno.test("hook-run gateway runs the async hooks of every call however many set-ups call at once, one process each: none waits for a later call", async () => {
  await withProject(PARENT_HOOK, async (dir) => {
    await Deno.mkdir(join(dir, ".marks"));
    await Deno.mkdir(join(dir, "setups"));
    await withHome(async (home) => {
      // Nine set-ups (one more than the eight processes there used to be at
      // most), each its own --config and session.
      const setups = await Promise.all(Array.from({ length: 9 }, async (_, index) => {
        const config = join(dir, "setups", `${index}.jsonc`);
        await Deno.writeTextFile(config, JSON.stringify({ hooks: {} }));
        return { session: `s-${index}`, gateway: gatewayIn(dir, home, ["--config", config]) };
      }));
      const answered = await Promise.all(setups.map(({ session, gateway }) => gateway(post(`t-${session}`), session)));
      for (const { answer, stderr } of answered) {
        deepEqual(answer, {});
        equal(stderr, "");
      }
      // Every call's hook runs now, without another call.
      const parents = new Set(await Promise.all(setups.map(({ session }) => parentOf(dir, `t-${session}`))));
      equal(parents.size, setups.length, "one process per set-up");
      await releaseAll(dir);
      await eventually(async () => await keptResults(home) === setups.length, "every async hook's result");
      for (const { session, gateway } of setups) {
        equal(await contextOf(gateway, session), `done t-${session}`);
        equal(
          await Deno.readTextFile(join(dir, ".marks", `t-${session}.runs`)),
          "ran\nended\n",
          `t-${session} ran once`,
        );
      }
      for (const parent of parents) await eventually(async () => !await alive(parent), "the couriers to end once idle");
    });
  });
});

Deno.test("hook-run gateway says to each call's own session that its async hooks were lost with the process that ran several sessions' calls", async () => {
  await withProject(PARENT_HOOK, async (dir) => {
    await Deno.mkdir(join(dir, ".marks"));
    await withHome(async (home) => {
      const gateway = gatewayIn(dir, home);
      await Promise.all(["s-1", "s-2"].map((session) => gateway(post(`t-${session}`), session)));
      const [first, second] = await Promise.all(["s-1", "s-2"].map((session) => parentOf(dir, `t-${session}`)));
      equal(first, second, "one process for both sessions");
      Deno.kill(first!, "SIGKILL");
      await eventually(async () => !await alive(first!), "the courier to die");
      await releaseAll(dir);
      // A third session's call: its courier finds what the first left, and says so to each session it was for.
      deepEqual((await gateway(post("t-s-3"), "s-3")).answer, {});
      await eventually(async () => await keptResults(home) === 3, "the lost calls said and the new one's result");
      const lost =
        "hookgate: the async hooks of a PostToolUse call did not finish: the process that ran them ended before they did";
      for (const session of ["s-1", "s-2"]) {
        deepEqual((await gateway({ hook_event_name: "UserPromptSubmit", prompt: "next" }, session)).answer, {
          systemMessage: lost,
        });
        const runs = await Deno.readTextFile(join(dir, ".marks", `t-${session}.runs`));
        equal(runs.split("ran").length - 1, 1, `t-${session} is not run again`);
      }
      deepEqual((await gateway({ hook_event_name: "UserPromptSubmit", prompt: "next" }, "s-3")).answer, {
        hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "done t-s-3" },
      });
      const third = await parentOf(dir, "t-s-3");
      await eventually(async () => !await alive(third), "the second courier to end once idle");
    });
  });
});

Deno.test("hook-run gateway says with the session's next call that async hooks were lost with a process that ended first, and runs the calls after", async () => {
  await withProject(PARENT_HOOK, async (dir) => {
    await Deno.mkdir(join(dir, ".marks"));
    await withHome(async (home) => {
      const gateway = gatewayIn(dir, home);
      deepEqual((await gateway(post("t-1"))).answer, {});
      const first = await parentOf(dir, "t-1");
      Deno.kill(first, "SIGKILL");
      await eventually(async () => !await alive(first), "the courier to die");
      await releaseAll(dir);
      deepEqual((await gateway(post("t-2"))).answer, {});
      const messages: string[] = [];
      const contexts: string[] = [];
      await eventually(async () => {
        const { answer } = await gateway({ hook_event_name: "UserPromptSubmit", prompt: "next" });
        if (answer.systemMessage) messages.push(answer.systemMessage);
        if (answer.hookSpecificOutput?.additionalContext) contexts.push(answer.hookSpecificOutput.additionalContext);
        return messages.length > 0 && contexts.length > 0;
      }, "what the second courier left");
      deepEqual(messages, [
        "hookgate: the async hooks of a PostToolUse call did not finish: the process that ran them ended before they did",
      ]);
      deepEqual(contexts, ["done t-2"]);
      match(await Deno.readTextFile(join(dir, ".marks", "t-1.runs")), /^ran\n/, "the lost call is not run again");
      equal((await Deno.readTextFile(join(dir, ".marks", "t-1.runs"))).split("ran").length - 1, 1);
      const second = await parentOf(dir, "t-2");
      await eventually(async () => !await alive(second), "the second courier to end once idle");
    });
  });
});

Deno.test("sweepQueues() removes what a courier left in a queue idle past a day, but never a queue where a call waits, nor one while a gateway hands a call off", async () => {
  await withHome(async (home) => {
    const old = new Date(Date.now() - 2 * DEFERRED_IDLE_MS);
    const call = { call: "{}", root: home, cwd: home };
    // What a courier that was killed left: its lock file and a call it had taken.
    const left = await CourierQueue.of(home, ["gateway", "--config", "a.jsonc"], home, "");
    (await left.lock())!.close();
    await left.add(call);
    equal((await left.take()).length, 1);
    // A call that waits in a queue whose folder has not changed for as long.
    const waiting = await CourierQueue.of(home, ["gateway", "--config", "b.jsonc"], home, "");
    await waiting.add(call);
    for (const queue of [left, waiting]) await Deno.utime(queue.dir, old, old);

    // A gateway handing a call off: no sweep comes between its adding and its looking at the lock.
    const handing = Promise.withResolvers<void>();
    const holding = Promise.withResolvers<void>();
    const handedOff = waiting.unswept(() => {
      holding.resolve();
      return handing.promise;
    });
    // The gateway holds the gate once its step runs: only then may the sweep try.
    await holding.promise;
    await sweepQueues(home);
    equal(await exists(left.dir), true, "not while a gateway hands a call off");
    handing.resolve();
    await handedOff;

    await sweepQueues(home);
    equal(await exists(left.dir), false, "what the killed courier left");
    equal(await waiting.waiting(), true, "the call that waits, for its set-up's next courier");
  });
});
