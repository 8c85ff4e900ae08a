// hook-run gateway as a Claude-style agent calls it: one event as JSON on
// stdin, Claude's output format on stdout, exit 0; its own failures exit 2
// where the event can block.

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { cli } from "./_cli.ts";
import { APPROVED, EXIT_PLAN_MODE, hook, withProject } from "./_claude_project.ts";

/** One gateway call the way Claude makes it, in a trusted project. */
function gateway(dir: string, event: Record<string, unknown>, extra: string[] = []) {
  return cli(["gateway", ...extra], {
    cwd: dir,
    stdin: JSON.stringify({ session_id: "s-1", cwd: dir, ...event }),
    env: { CLAUDE_PROJECT_DIR: dir, HOOKGATE_TRUST_PROJECT: "1" },
  });
}

Deno.test("hook-run gateway answers PreToolUse in Claude's format: deny, an approved rewrite, nothing", async () => {
  await withProject({
    PreToolUse: [
      { matcher: "Bash", hooks: [hook("guard.sh")] },
      {
        matcher: "Write",
        hooks: [hook("add_flag.py")],
      },
    ],
  }, async (dir) => {
    const deny = await gateway(dir, {
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "rm -rf /" },
    });
    equal(deny.code, 0, deny.stderr);
    deepEqual(JSON.parse(deny.stdout), {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "rm -rf is blocked by the guard",
      },
    });
    const rewrite = await gateway(dir, {
      hook_event_name: "PreToolUse",
      tool_name: "Write",
      tool_input: { command: "x" },
    });
    // add_flag.py approves its rewrite: Claude's allow, forwarded.
    deepEqual(JSON.parse(rewrite.stdout), {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "allow",
        updatedInput: { command: "x --dry-run" },
      },
    });
    const nothing = await gateway(dir, { hook_event_name: "PreToolUse", tool_name: "Read", tool_input: {} });
    equal(nothing.stdout, "{}\n");
  });
});

Deno.test("hook-run gateway forwards a PermissionRequest approval with its updatedPermissions unchanged", async () => {
  await withProject(
    { PermissionRequest: [{ matcher: "ExitPlanMode|Bash", hooks: [hook("approve.js")] }] },
    async (dir) => {
      const approved = await gateway(dir, EXIT_PLAN_MODE);
      equal(approved.code, 0, approved.stderr);
      deepEqual(JSON.parse(approved.stdout), APPROVED);
      const denied = await gateway(dir, { ...EXIT_PLAN_MODE, tool_name: "Bash", tool_input: { command: "rm -rf x" } });
      deepEqual(JSON.parse(denied.stdout), {
        hookSpecificOutput: {
          hookEventName: "PermissionRequest",
          decision: { behavior: "deny", message: "not allowed" },
        },
      });
    },
  );
});

Deno.test('hook-run gateway with "hookGrants": "refuse" answers no allow, and says why', async () => {
  await withProject({ PermissionRequest: [{ hooks: [hook("approve.js")] }] }, async (dir) => {
    await Deno.writeTextFile(join(dir, "strict.jsonc"), '{"hookGrants": "refuse"}');
    const refused = await gateway(dir, EXIT_PLAN_MODE, ["--config", join(dir, "strict.jsonc")]);
    equal(refused.code, 0, refused.stderr);
    const answer = JSON.parse(refused.stdout);
    equal(answer.hookSpecificOutput, undefined);
    // Said where Claude keeps what is not a hook's error: the gateway's stderr.
    match(refused.stderr, /hook-granted allows are refused/);
  });
});

Deno.test("hook-run gateway answers Stop with decision block, and passes Claude's stop_hook_active to the hooks", async () => {
  await withProject({ Stop: [{ hooks: [hook("stop.js")] }] }, async (dir) => {
    const first = await gateway(dir, { hook_event_name: "Stop", stop_hook_active: false });
    deepEqual(JSON.parse(first.stdout), { decision: "block", reason: "run the tests first" });
    const again = await gateway(dir, { hook_event_name: "Stop", stop_hook_active: true });
    equal(again.stdout, "{}\n");
  });
});

Deno.test("hook-run gateway answers context, halts and user messages", async () => {
  await withProject({
    UserPromptSubmit: [{ hooks: [hook("context.sh")] }],
    PostToolUse: [{ hooks: [hook("halt.py")] }],
  }, async (dir) => {
    const context = await gateway(dir, { hook_event_name: "UserPromptSubmit", prompt: "hi" });
    deepEqual(JSON.parse(context.stdout), {
      hookSpecificOutput: {
        hookEventName: "UserPromptSubmit",
        additionalContext: "Reminder: this repo uses conventional commits.",
      },
    });
    const halt = await gateway(dir, {
      hook_event_name: "PostToolUse",
      tool_name: "Bash",
      tool_input: {},
      tool_response: { stdout: "" },
    });
    deepEqual(JSON.parse(halt.stdout), {
      continue: false,
      stopReason: "budget exhausted",
      systemMessage: "stopping the agent",
    });
  });
});

Deno.test("hook-run gateway answers {} to an event with no hook, known or not", async () => {
  await withProject({}, async (dir) => {
    for (const name of ["Notification", "FutureEvent"]) {
      const run = await gateway(dir, { hook_event_name: name, message: "hi" });
      equal(run.code, 0, run.stderr);
      equal(run.stdout, "{}\n");
    }
  });
});

Deno.test("hook-run gateway never fails open: its own failures exit 2 on events that can block", async (t) => {
  await withProject({ PreToolUse: [{ hooks: [hook("guard.sh")] }] }, async (dir) => {
    await t.step("stdin is not JSON", async () => {
      const run = await cli(["gateway"], { cwd: dir, stdin: "{not json" });
      equal(run.code, 2);
      match(run.stderr, /^hook-run gateway: stdin is not JSON: /);
      equal(run.stdout, "");
    });
    await t.step("not a Claude event", async () => {
      const run = await cli(["gateway"], { cwd: dir, stdin: '{"hook_event_name": "before_tool"}' });
      equal(run.code, 2);
      match(run.stderr, /is not a Claude Code hook event name/);
    });
    await t.step("an event hookgate does not know, which might block", async () => {
      const run = await cli(["gateway"], {
        cwd: dir,
        stdin: '{"hook_event_name": "FutureEvent", "cwd": 5}',
        env: { HOOKGATE_TRUST_PROJECT: "1" },
      });
      equal(run.code, 2);
      match(run.stderr, /"cwd" must be a string/);
    });
  });
});

Deno.test("hook-run gateway runs what is good in a broken configuration: a broken entry affects only itself", async (t) => {
  await withProject({
    PreToolUse: [
      { matcher: "Bash", hooks: [hook("guard.sh")] },
      // Claude drops just this group; so does hookgate.
      { matcher: "Edit(", hooks: [hook("guard.sh")] },
    ],
    // Claude ignores a matcher on an event without one, even one that does not compile.
    UserPromptSubmit: [{ matcher: "[", hooks: [hook("context.sh")] }],
  }, async (dir) => {
    const broken = join(dir, "broken.jsonc");
    await Deno.writeTextFile(
      broken,
      `{"hooks": {
  "PreToolUse": [{"name": "metadata-guard", "matcher": "Write", "type": "http", "url": "https://169.254.169.254/check", "failurePolicy": "closed"}],
  "Stop": [{"name": "stop-guard", "type": "http", "url": "https://169.254.169.254/stop", "failurePolicy": "closed"}]
}}`,
    );
    const call = (event: Record<string, unknown>, config = broken) =>
      gateway(dir, { cwd: dir, ...event }, ["--config", config]);
    await t.step("the good guard still blocks, and allows what it allows", async () => {
      const deny = await call({
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command: "rm -rf /" },
      });
      equal(deny.code, 0, deny.stderr);
      equal(JSON.parse(deny.stdout).hookSpecificOutput.permissionDecisionReason, "rm -rf is blocked by the guard");
      const allow = await call({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } });
      equal(allow.code, 0, allow.stderr);
      equal(JSON.parse(allow.stdout).hookSpecificOutput, undefined);
      // The user hears of the broken configuration.
      match(JSON.parse(allow.stdout).systemMessage, /Hook config has 3 errors/);
    });
    await t.step(
      "the closed broken entry denies what it could have matched, naming itself, its place and the fix",
      async () => {
        const run = await call({ hook_event_name: "PreToolUse", tool_name: "Write", tool_input: { file_path: "x" } });
        equal(run.code, 0, run.stderr);
        const answer = JSON.parse(run.stdout).hookSpecificOutput;
        equal(answer.permissionDecision, "deny");
        match(answer.permissionDecisionReason, /Hook "metadata-guard" failed \(rejected: /);
        match(answer.permissionDecisionReason, /broken\.jsonc:2:\d+/);
        match(answer.permissionDecisionReason, /hook-run check/);
      },
    );
    await t.step("Stop is never blocked by a broken entry", async () => {
      const run = await call({ hook_event_name: "Stop", stop_hook_active: false });
      equal(run.code, 0, run.stderr);
      equal(JSON.parse(run.stdout).decision, undefined);
    });
    await t.step("a matcher on UserPromptSubmit is ignored, the hook runs", async () => {
      const run = await call({ hook_event_name: "UserPromptSubmit", prompt: "hi" });
      equal(run.code, 0, run.stderr);
      match(run.stdout, /conventional commits/);
    });
    await t.step("a file that cannot be parsed denies the gating events and never blocks Stop", async () => {
      const unparsable = join(dir, "half.jsonc");
      await Deno.writeTextFile(unparsable, `{"hooks": {"PreToolUse": [`);
      const pre = await call({ hook_event_name: "PreToolUse", tool_name: "Read", tool_input: {} }, unparsable);
      equal(pre.code, 0, pre.stderr);
      equal(JSON.parse(pre.stdout).hookSpecificOutput.permissionDecision, "deny");
      match(JSON.parse(pre.stdout).hookSpecificOutput.permissionDecisionReason, /half\.jsonc/);
      const stop = await call({ hook_event_name: "Stop", stop_hook_active: false }, unparsable);
      equal(stop.code, 0, stop.stderr);
      equal(JSON.parse(stop.stdout).decision, undefined);
      const start = await call({ hook_event_name: "SessionStart", source: "startup" }, unparsable);
      equal(start.code, 0, start.stderr);
    });
  });
});

Deno.test("hook-run gateway skips an untrusted project's hooks and tells the user how to trust them", async () => {
  await withProject({ PreToolUse: [{ hooks: [hook("guard.sh")] }] }, async (dir) => {
    const run = await cli(["gateway"], {
      cwd: dir,
      stdin: JSON.stringify({
        hook_event_name: "PreToolUse",
        cwd: dir,
        tool_name: "Bash",
        tool_input: { command: "rm -rf /" },
      }),
      env: { CLAUDE_PROJECT_DIR: dir },
    });
    equal(run.code, 0);
    const answer = JSON.parse(run.stdout);
    equal(answer.hookSpecificOutput, undefined);
    match(
      answer.systemMessage,
      /skipped 1 project hook of an untrusted project; review and trust them with: hook-run trust --cwd/,
    );
  });
});

Deno.test("hook-run gateway runs a project's hooks in its root, whatever cwd the event names", async () => {
  await withProject({}, async (dir) => {
    // The reviewed guard denies; a never-reviewed one in a subdirectory allows.
    await Deno.mkdir(join(dir, ".hookgate/hooks"), { recursive: true });
    await Deno.mkdir(join(dir, "pkg/.hookgate/hooks"), { recursive: true });
    await Deno.writeTextFile(
      join(dir, ".hookgate/config.jsonc"),
      `{"hooks": {"PreToolUse": [{"name": "guard", "command": "sh .hookgate/hooks/guard.sh", "failurePolicy": "closed"}]}}`,
    );
    await Deno.writeTextFile(
      join(dir, ".hookgate/hooks/guard.sh"),
      `grep -q '"cwd":"${dir}/pkg"' || exit 1; echo "reviewed guard in $PWD" >&2; exit 2\n`,
    );
    await Deno.writeTextFile(join(dir, "pkg/.hookgate/hooks/guard.sh"), "exit 0\n");
    const run = await cli(["gateway"], {
      cwd: join(dir, "pkg"),
      stdin: JSON.stringify({
        hook_event_name: "PreToolUse",
        cwd: join(dir, "pkg"),
        tool_name: "Bash",
        tool_input: { command: "rm -rf /" },
      }),
      env: { CLAUDE_PROJECT_DIR: dir, HOOKGATE_TRUST_PROJECT: "1" },
    });
    equal(run.code, 0, run.stderr);
    // The payload's cwd is unchanged; the process runs in the project root.
    equal(JSON.parse(run.stdout).hookSpecificOutput?.permissionDecisionReason, `reviewed guard in ${dir}`);
  });
});

/** A user configuration (in `home`) with one closed policy guard that denies every PreToolUse. */
async function withUserGuard(fn: (home: string) => Promise<void>): Promise<void> {
  const home = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-home-" }));
  try {
    await Deno.mkdir(join(home, ".config/hookgate"), { recursive: true });
    await Deno.writeTextFile(
      join(home, ".config/hookgate/config.jsonc"),
      `{"hooks": {"PreToolUse": [{"name": "policy", "command": "echo 'denied by policy' >&2; exit 2", "failurePolicy": "closed", "policy": true}]}}`,
    );
    await fn(home);
  } finally {
    await Deno.remove(home, { recursive: true });
  }
}

const RM = { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "rm -rf /" } };

/** The gateway asked about `rm -rf /` in `dir`, with `home` and `env`. */
function rmRf(dir: string, home: string, env: Record<string, string>) {
  return cli(["gateway"], { cwd: dir, home, stdin: JSON.stringify({ ...RM, cwd: dir }), env });
}

Deno.test("hook-run gateway runs the user's policy hooks whatever HOOKGATE_DEPTH an agent inherited", async () => {
  await withUserGuard(async (home) => {
    for (const depth of ["1", "2"]) {
      const run = await rmRf(home, home, { HOOKGATE_DEPTH: depth });
      equal(run.code, 0, run.stderr);
      equal(JSON.parse(run.stdout).hookSpecificOutput?.permissionDecision, "deny", `HOOKGATE_DEPTH=${depth}`);
    }
  });
});

Deno.test("hook-run gateway fails closed when nested deeper than its bound, never answers {}", async () => {
  await withUserGuard(async (home) => {
    const run = await rmRf(home, home, { HOOKGATE_DEPTH: "64" });
    equal(run.code, 2);
    equal(run.stdout, "");
    match(run.stderr, /HOOKGATE_DEPTH/);
  });
});

Deno.test("hook-run gateway skips the entry that routes the agent to it when that file is loaded as a layer", async () => {
  await withProject({}, async (dir) => {
    // A launcher named hook-run: running it as a hook would start the gateway again.
    await Deno.mkdir(join(dir, "bin"));
    await Deno.writeTextFile(join(dir, "bin/hook-run"), `#!/bin/sh\ntouch ${dir}/routed\necho '{}'\n`);
    await Deno.chmod(join(dir, "bin/hook-run"), 0o755);
    await Deno.writeTextFile(
      join(dir, ".hookgate/config.jsonc"),
      JSON.stringify({
        hooks: {
          PreToolUse: [{
            hooks: [
              { type: "command", command: `"$CLAUDE_PROJECT_DIR"/bin/hook-run gateway`, timeout: 600 },
              { type: "command", command: `"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh` },
            ],
          }],
        },
      }),
    );
    const run = await gateway(dir, { ...RM, cwd: dir });
    equal(run.code, 0, run.stderr);
    equal(JSON.parse(run.stdout).hookSpecificOutput?.permissionDecision, "deny");
    equal(await Deno.stat(join(dir, "routed")).then(() => true, () => false), false, "the routing entry ran");
    const check = await cli(["check"], { cwd: dir, env: { HOOKGATE_TRUST_PROJECT: "1" } });
    equal(check.code, 0, check.stderr);
    match(check.stdout + check.stderr, /routes the agent's events to hookgate.*not run as a hook/);
    const list = await cli(["list"], { cwd: dir, env: { HOOKGATE_TRUST_PROJECT: "1" } });
    match(list.stdout, /routes the agent's events to hookgate/);
  });
});

Deno.test("hook-run gateway keeps a trusted project trusted after its Python hook imports a sibling", async () => {
  await withProject({}, async (dir) => {
    const home = await Deno.makeTempDir({ prefix: "hookgate-home-" });
    try {
      await Deno.writeTextFile(join(dir, ".claude/hooks/check.py"), "import util\nutil.check()\n");
      await Deno.writeTextFile(join(dir, ".claude/hooks/util.py"), "def check():\n    pass\n");
      await Deno.writeTextFile(
        join(dir, ".hookgate/config.jsonc"),
        JSON.stringify({
          hooks: {
            PreToolUse: [{
              hooks: [{ type: "command", command: 'python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/check.py"' }],
            }],
          },
        }),
      );
      equal((await cli(["trust", "--cwd", dir, "--yes"], { home })).code, 0);
      for (let i = 0; i < 2; i++) {
        const run = await rmRf(dir, home, { CLAUDE_PROJECT_DIR: dir });
        equal(run.code, 0, run.stderr);
        equal(run.stdout, "{}\n", run.stderr);
      }
      // No bytecode cache beside the script: it would change what trust hashed.
      equal(await Deno.stat(join(dir, ".claude/hooks/__pycache__")).then(() => true, () => false), false);
      const again = await cli(["trust", "--cwd", dir], { home });
      equal(again.code, 0, again.stdout);
    } finally {
      await Deno.remove(home, { recursive: true });
    }
  });
});

Deno.test("hook-run gateway keeps a trusted guard in force when the policed agent edits it", async () => {
  await withProject({}, async (dir) => {
    const home = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-home-" }));
    try {
      // The project's own guard, closed: it denies rm -rf.
      await Deno.mkdir(join(dir, ".hookgate/hooks"), { recursive: true });
      await Deno.writeTextFile(
        join(dir, ".hookgate/config.jsonc"),
        JSON.stringify({
          hooks: {
            PreToolUse: [{
              name: "no-rm-rf",
              matcher: "bash",
              command: "sh .hookgate/hooks/rm_guard.sh",
              failurePolicy: "closed",
            }],
            Stop: [{ name: "notify", command: "true" }],
          },
        }),
      );
      const guard = join(dir, ".hookgate/hooks/rm_guard.sh");
      await Deno.writeTextFile(guard, "grep -q 'rm -rf' && { echo 'rm -rf is blocked' >&2; exit 2; }; exit 0\n");
      equal((await cli(["trust", "--cwd", dir, "--yes"], { home })).code, 0);
      const call = (event: Record<string, unknown>) =>
        cli(["gateway"], {
          cwd: dir,
          home,
          stdin: JSON.stringify({ session_id: "s-1", cwd: dir, ...event }),
          env: { CLAUDE_PROJECT_DIR: dir },
        });
      const rm = { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "rm -rf /" } };
      const before = await call(rm);
      equal(JSON.parse(before.stdout).hookSpecificOutput?.permissionDecisionReason, "rm -rf is blocked");

      // The agent appends a comment to the guard: the project is no longer what was trusted.
      await Deno.writeTextFile(guard, "# reviewed\n", { append: true });
      const after = await call(rm);
      equal(after.code, 0, after.stderr);
      const answer = JSON.parse(after.stdout);
      equal(answer.hookSpecificOutput?.permissionDecision, "deny");
      match(answer.hookSpecificOutput.permissionDecisionReason, /changed since you trusted it/);
      match(answer.hookSpecificOutput.permissionDecisionReason, /hook-run trust --cwd/);
      match(after.stderr, /1 guard of the version you trusted stays in force/);
      // The agent can still finish its turn.
      deepEqual(
        JSON.parse((await call({ hook_event_name: "Stop", stop_hook_active: false })).stdout).decision,
        undefined,
      );
    } finally {
      await Deno.remove(home, { recursive: true });
    }
  });
});

Deno.test("hook-run gateway with no configuration at all says so on stderr, in one line, and answers {}", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-empty-" }));
  try {
    const run = await cli(["gateway"], { cwd: dir, stdin: JSON.stringify({ ...RM, cwd: dir }) });
    equal(run.code, 0, run.stderr);
    equal(run.stdout, "{}\n");
    equal(run.stderr.trimEnd().split("\n").length, 1, run.stderr);
    match(run.stderr, /no hookgate configuration found \(looked for .*config\.jsonc.*\.hookgate\/config\.jsonc[,)]/);
    match(run.stderr, /hook-run check/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
