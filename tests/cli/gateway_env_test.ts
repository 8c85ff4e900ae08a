// The environment of Claude-dialect hooks under hook-run gateway, set the
// way Claude sets the gateway's own: they inherit it as Claude's hooks do
// (CLAUDE_ENV_FILE on the events that have one included), native hooks keep
// the sanitized one, and strict set-ups get the sanitized one everywhere.

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { cli } from "./_cli.ts";
import { hook, withProject } from "./_claude_project.ts";

/** One gateway call the way Claude makes it, in a trusted project, with the agent's `env`. */
function gateway(dir: string, event: Record<string, unknown>, env: Record<string, string>, home?: string) {
  return cli(["gateway"], {
    cwd: dir,
    stdin: JSON.stringify({ session_id: "s-1", cwd: dir, ...event }),
    env: { CLAUDE_PROJECT_DIR: dir, HOOKGATE_TRUST_PROJECT: "1", ...env },
    ...(home === undefined ? {} : { home }),
  });
}

const bashHook = (script: string) => ({
  type: "command",
  command: `bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/${script}`,
});

Deno.test("hook-run gateway gives CLAUDE_ENV_FILE to SessionStart hooks, and what they append reaches it byte for byte", async () => {
  await withProject({
    SessionStart: [{ hooks: [bashHook("load_context.sh")] }],
    Setup: [{ hooks: [bashHook("load_context.sh")] }],
    CwdChanged: [{ hooks: [bashHook("load_context.sh")] }],
  }, async (dir) => {
    const envFile = join(dir, "env-s-1");
    await Deno.writeTextFile(envFile, "export EARLIER=1\n");
    const start = await gateway(dir, { hook_event_name: "SessionStart", source: "startup" }, {
      CLAUDE_ENV_FILE: envFile,
    });
    equal(start.code, 0, start.stderr);
    deepEqual(JSON.parse(start.stdout), {
      hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "Node project" },
    });
    const lines = 'export PROJECT_TYPE=nodejs\nexport GREETING="a b"\n';
    equal(await Deno.readTextFile(envFile), `export EARLIER=1\n${lines}`);
    for (
      const event of [{ hook_event_name: "Setup", trigger: "init" }, {
        hook_event_name: "CwdChanged",
        old_cwd: dir,
        new_cwd: join(dir, "sub"),
      }]
    ) {
      const run = await gateway(dir, event, { CLAUDE_ENV_FILE: envFile });
      equal(run.code, 0, run.stderr);
    }
    equal(await Deno.readTextFile(envFile), `export EARLIER=1\n${lines}${lines}${lines}`);

    // Without it the script fails under set -u: no context, the user is told, nothing is blocked.
    const unset = await gateway(dir, { hook_event_name: "SessionStart", source: "startup" }, {});
    equal(unset.code, 0, unset.stderr);
    const answer = JSON.parse(unset.stdout);
    equal(answer.hookSpecificOutput, undefined);
    match(answer.systemMessage, /hook error: exited with code 1: .*CLAUDE_ENV_FILE: unbound variable/);
  });
});

const AGENT_ENV = {
  // Deno refuses to pass this to a child under a scoped --allow-run (the hook-run task's): it must not stop the hook.
  LD_LIBRARY_PATH: "/opt/missing/lib",
  MY_SETTING: "strict",
  OPENAI_API_KEY: "sk-test",
  DBUS_SESSION_BUS_ADDRESS: "unix:path=/run/user/1000/bus",
  OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318",
};

/** A project with the probe as a Claude hook and as a native one, both on PreToolUse. */
async function withProbes(fn: (dir: string) => Promise<void>): Promise<void> {
  await withProject({}, async (dir) => {
    await Deno.writeTextFile(
      join(dir, ".hookgate/config.jsonc"),
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { name: "claude-probe", dialect: "claude", ...hook("env_probe.js", "claude") },
            { name: "probe", command: '"$HOOKGATE_PROJECT_DIR"/.claude/hooks/env_probe.js native' },
          ],
        },
      }),
    );
    await fn(dir);
  });
}

const probe = async (dir: string, which: string) =>
  JSON.parse(await Deno.readTextFile(join(dir, `env-${which}.json`))) as Record<string, string | null>;

const CALL = { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } };

Deno.test("hook-run gateway's Claude hooks inherit the agent's environment, minus OTEL_*; native hooks keep the sanitized one", async () => {
  await withProbes(async (dir) => {
    const run = await gateway(dir, CALL, AGENT_ENV);
    equal(run.code, 0, run.stderr);
    const claude = await probe(dir, "claude");
    deepEqual({ ...claude, HOME: claude.HOME !== null }, {
      MY_SETTING: "strict",
      OPENAI_API_KEY: "sk-test",
      DBUS_SESSION_BUS_ADDRESS: "unix:path=/run/user/1000/bus",
      OTEL_EXPORTER_OTLP_ENDPOINT: null,
      HOME: true,
      CLAUDE_PROJECT_DIR: dir,
      HOOKGATE_EVENT: "PreToolUse",
    });
    const native = await probe(dir, "native");
    deepEqual({ ...native, HOME: native.HOME !== null }, {
      MY_SETTING: null,
      OPENAI_API_KEY: null,
      DBUS_SESSION_BUS_ADDRESS: null,
      OTEL_EXPORTER_OTLP_ENDPOINT: null,
      HOME: true,
      CLAUDE_PROJECT_DIR: null,
      HOOKGATE_EVENT: "PreToolUse",
    });
  });
});

Deno.test("hook-run gateway gives Claude hooks the sanitized environment under CLAUDE_CODE_SUBPROCESS_ENV_SCRUB=1 or sanitizeEnv", async (t) => {
  const sanitized = (seen: Record<string, string | null>, dir: string) =>
    deepEqual({ ...seen, HOME: seen.HOME !== null }, {
      MY_SETTING: null,
      OPENAI_API_KEY: null,
      DBUS_SESSION_BUS_ADDRESS: null,
      OTEL_EXPORTER_OTLP_ENDPOINT: null,
      HOME: true,
      CLAUDE_PROJECT_DIR: dir,
      HOOKGATE_EVENT: "PreToolUse",
    });
  await withProbes(async (dir) => {
    await t.step("Claude's own switch", async () => {
      const run = await gateway(dir, CALL, { ...AGENT_ENV, CLAUDE_CODE_SUBPROCESS_ENV_SCRUB: "1" });
      equal(run.code, 0, run.stderr);
      sanitized(await probe(dir, "claude"), dir);
    });
    await t.step('"sanitizeEnv": true in the user configuration', async () => {
      const home = await Deno.makeTempDir({ prefix: "hookgate-home-" });
      try {
        await Deno.mkdir(join(home, ".config/hookgate"), { recursive: true });
        await Deno.writeTextFile(join(home, ".config/hookgate/config.jsonc"), `{"sanitizeEnv": true}`);
        const run = await gateway(dir, CALL, AGENT_ENV, home);
        equal(run.code, 0, run.stderr);
        sanitized(await probe(dir, "claude"), dir);
      } finally {
        await Deno.remove(home, { recursive: true });
      }
    });
  });
});

Deno.test("hook-run gateway still blocks when the agent's environment has LD_LIBRARY_PATH", async (t) => {
  await withProject({ PreToolUse: [{ matcher: "Bash", hooks: [hook("guard.sh")] }] }, async (dir) => {
    const call = (flags?: string[]) =>
      cli(["gateway"], {
        cwd: dir,
        stdin: JSON.stringify({ session_id: "s-1", cwd: dir, ...CALL, tool_input: { command: "rm -rf /" } }),
        env: { CLAUDE_PROJECT_DIR: dir, HOOKGATE_TRUST_PROJECT: "1", LD_LIBRARY_PATH: "/opt/missing/lib" },
        ...(flags ? { flags } : {}),
      });
    await t.step("under the task's flags", async () => {
      const run = await call();
      equal(run.code, 0, run.stderr);
      equal(JSON.parse(run.stdout).hookSpecificOutput?.permissionDecision, "deny");
    });
    await t.step("under a scoped --allow-run and --allow-env, as a least-privilege launcher has them", async () => {
      // Deno refuses a child with a loader variable under a scoped --allow-run,
      // by throwing: once that crashed the gateway (exit 1), and Claude went ahead.
      const run = await call([
        "--allow-read",
        "--allow-write",
        "--allow-env=HOME,PATH,CLAUDE_PROJECT_DIR,HOOKGATE_TRUST_PROJECT,HOOKGATE_HOME,HOOKGATE_DEPTH,LD_LIBRARY_PATH",
        "--allow-run=sh,bash,setsid,kill,pkill",
        "--allow-net=127.0.0.1,localhost",
      ]);
      equal(run.code, 0, run.stderr);
      equal(JSON.parse(run.stdout).hookSpecificOutput?.permissionDecision, "deny");
      // --allow-env names some variables: the hook gets only those, and that is said.
      match(run.stderr, /inherits the agent's environment .* but --allow-env names only some variables/);
    });
  });
});
