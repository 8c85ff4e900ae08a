// A runner's async command hooks (Claude's `async` and `asyncRewake`): the
// call never waits for them and they decide nothing; what they leave is
// delivered with their session's next call, once; one that never ends is
// killed at its timeout and says so.

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { HookRegistry, HookRunner } from "../../mod.ts";

async function withDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "hookgate-async-" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** A Claude hook that waits for `<dir>/release`, then denies (to be ignored) with context. */
function waiting(dir: string) {
  const answer = JSON.stringify({
    systemMessage: "lint says hi",
    hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", additionalContext: "lint: clean" },
  });
  return `while [ ! -e '${join(dir, "release")}' ]; do sleep 0.05; done; printf '%s' '${answer}'`;
}

Deno.test("HookRunner does not wait for an async command hook, ignores its deny, and delivers its context with the session's next call, once", async () => {
  await withDir(async (dir) => {
    const registry = new HookRegistry();
    registry.registerShell("PreToolUse", {
      name: "lint",
      dialect: "claude",
      async: true,
      command: waiting(dir),
      timeoutMs: 20_000,
    });
    const runner = new HookRunner({ registry });
    try {
      // The hook waits for its release: an answer now is one that did not wait for it.
      deepEqual(await runner.preToolUse("Bash", { command: "ls" }, { cwd: dir, sessionId: "s-1" }), {});
      await Deno.writeTextFile(join(dir, "release"), "");
      await runner.idle();
      deepEqual(await runner.userPromptSubmit("next", { cwd: dir, sessionId: "s-2" }), {}, "another session");
      deepEqual(await runner.userPromptSubmit("next", { cwd: dir, sessionId: "s-1" }), {
        additionalContext: "lint: clean",
        systemMessage: "lint says hi",
      });
      deepEqual(await runner.userPromptSubmit("again", { cwd: dir, sessionId: "s-1" }), {}, "once");
    } finally {
      await runner.close();
    }
  });
});

Deno.test("HookRunner wakes the agent with an asyncRewake hook's exit 2 as the block of the session's next stop", async () => {
  await withDir(async (dir) => {
    const registry = new HookRegistry();
    registry.registerShell("PostToolUse", {
      name: "review",
      dialect: "claude",
      async: true,
      rewake: true,
      command: "echo 'review found a key in a.ts' >&2; exit 2",
    });
    const runner = new HookRunner({ registry });
    try {
      const env = { cwd: dir, sessionId: "s-1" };
      deepEqual(await runner.postToolUse("Bash", { command: "ls" }, { content: "", isError: false }, env), {});
      await runner.idle();
      deepEqual(await runner.stop({ ...env, stopHookActive: false }), {
        block: true,
        reason: "review found a key in a.ts",
      });
      deepEqual(await runner.stop(env), {}, "once");
    } finally {
      await runner.close();
    }
  });
});

Deno.test("HookRunner kills an async command hook at its timeout and gives the session's next call its error", async () => {
  await withDir(async (dir) => {
    const registry = new HookRegistry();
    registry.registerShell("SessionStart", {
      name: "stuck",
      dialect: "claude",
      async: true,
      command: `echo $$ > '${join(dir, "pid")}'; exec sleep 30`,
      timeoutMs: 300,
    });
    const runner = new HookRunner({ registry });
    try {
      deepEqual(await runner.run("SessionStart", { source: "startup" }, { cwd: dir, sessionId: "s-1" }), {});
      await runner.idle();
      const pid = Number(await Deno.readTextFile(join(dir, "pid")));
      equal(await alive(pid), false);
      const next = await runner.userPromptSubmit("hi", { cwd: dir, sessionId: "s-1" });
      match(next.systemMessage ?? "", /^stuck hook error: did not finish within 300 ms/);
    } finally {
      await runner.close();
    }
  });
});

async function alive(pid: number): Promise<boolean> {
  const { code } = await new Deno.Command("kill", { args: ["-0", String(pid)], stderr: "null" }).output();
  return code === 0;
}
