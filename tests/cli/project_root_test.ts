// Every front end finds the project as the agents do: from a subdirectory
// (Codex and Gemini CLI started in proj/src; Gemini CLI sets
// GEMINI_PROJECT_DIR to the subdirectory, Codex sends it as cwd), the
// project is the nearest directory up holding .hookgate/ — and the trust
// recorded for it holds there. Found from proj/src before, the project was
// proj/src: no .hookgate/, {} as the answer, and `rm -r ../victim` ran.

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { cli } from "./_cli.ts";
import { post, serve } from "./_serve.ts";

/** A bash + jq guard (hookgate's own dialect: the input is `toolInput`): denies any `rm -r`, its reason on stderr. */
const GUARD = {
  hooks: {
    PreToolUse: [{
      name: "no-rm-r",
      command:
        `jq -e '(.toolInput.command // "") | test("rm -r")' >/dev/null && { echo 'rm -r is not allowed here' >&2; exit 2; } || exit 0`,
      failurePolicy: "closed",
    }],
  },
};

/** A project with GUARD in .hookgate/, a src/ subdirectory, a git checkout; and a home of its own. */
async function withProject(fn: (project: string, home: string) => Promise<void>): Promise<void> {
  const base = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-subdir-" }));
  const project = join(base, "proj");
  const home = join(base, "home");
  try {
    await Deno.mkdir(join(project, ".hookgate"), { recursive: true });
    await Deno.mkdir(join(project, ".git"));
    await Deno.mkdir(join(project, "src"));
    await Deno.mkdir(home);
    await Deno.writeTextFile(join(project, ".hookgate/config.jsonc"), JSON.stringify(GUARD));
    await fn(project, home);
  } finally {
    await Deno.remove(base, { recursive: true });
  }
}

const RM = { command: "rm -r ../victim" };

Deno.test("hook-run gateway finds the trusted project above the subdirectory Codex, Gemini CLI or Claude Code starts in", async (t) => {
  await withProject(async (project, home) => {
    const trusted = await cli(["trust", "--yes", "--cwd", project], { home });
    equal(trusted.code, 0, trusted.stderr);
    const src = join(project, "src");
    await t.step("Codex: the subdirectory as the call's cwd", async () => {
      const run = await cli(["gateway", "--agent", "codex"], {
        home,
        cwd: src,
        stdin: JSON.stringify({
          session_id: "s",
          transcript_path: null,
          cwd: src,
          hook_event_name: "PreToolUse",
          model: "gpt-5.5",
          permission_mode: "default",
          tool_name: "Bash",
          tool_input: RM,
          tool_use_id: "call_1",
          turn_id: "turn_1",
        }),
      });
      equal(run.code, 0, run.stderr);
      deepEqual(JSON.parse(run.stdout).hookSpecificOutput, {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "rm -r is not allowed here",
      });
    });
    await t.step("Gemini CLI: GEMINI_PROJECT_DIR and cwd both the subdirectory", async () => {
      const run = await cli(["gateway", "--agent", "gemini"], {
        home,
        cwd: src,
        env: { GEMINI_PROJECT_DIR: src, GEMINI_CWD: src },
        stdin: JSON.stringify({
          session_id: "s",
          transcript_path: join(home, "t.json"),
          cwd: src,
          hook_event_name: "BeforeTool",
          timestamp: "2026-12-01T00:00:00.000Z",
          tool_name: "run_shell_command",
          tool_input: RM,
        }),
      });
      equal(run.code, 0, run.stderr);
      deepEqual(JSON.parse(run.stdout), { decision: "deny", reason: "rm -r is not allowed here" });
    });
    await t.step("Claude Code started in the subdirectory: CLAUDE_PROJECT_DIR is the subdirectory", async () => {
      const run = await cli(["gateway"], {
        home,
        cwd: src,
        env: { CLAUDE_PROJECT_DIR: src },
        stdin: JSON.stringify({
          session_id: "s",
          cwd: src,
          hook_event_name: "PreToolUse",
          tool_name: "Bash",
          tool_input: RM,
        }),
      });
      equal(run.code, 0, run.stderr);
      equal(JSON.parse(run.stdout).hookSpecificOutput?.permissionDecision, "deny");
    });
  });
});

Deno.test("hook-run trust run in a subdirectory trusts the project, and says so", async () => {
  await withProject(async (project, home) => {
    const run = await cli(["trust", "--yes"], { home, cwd: join(project, "src") });
    equal(run.code, 0, run.stderr);
    match(
      run.stdout,
      new RegExp(`${join(project, "src")} is inside the project ${project} \\(it holds \\.hookgate\\)`),
    );
    match(run.stdout, new RegExp(`trusted: ${project} \\(`));
    // The record is the project's: the gateway from the subdirectory finds it trusted.
    const trust = JSON.parse(await Deno.readTextFile(join(home, ".config/hookgate/trust.json")));
    deepEqual(Object.keys(trust.projects), [project]);
    const revoked = await cli(["trust", "--revoke", "--cwd", join(project, "src")], { home });
    match(revoked.stdout, new RegExp(`trust revoked for ${project}\\n`));
  });
});

Deno.test("hook-run check and run from a subdirectory load the project's layers", async () => {
  await withProject(async (project, home) => {
    equal((await cli(["trust", "--yes", "--cwd", project], { home })).code, 0);
    const src = join(project, "src");
    const check = await cli(["check"], { home, cwd: src });
    equal(check.code, 0, check.stdout + check.stderr);
    match(check.stdout, new RegExp(`project root ${project} \\(found from ${src}: it holds \\.hookgate\\)`));
    match(check.stdout, /ok: 1 hook/);
    const run = await cli(["run", "PreToolUse", "--tool", "Bash", "--input", JSON.stringify(RM)], { home, cwd: src });
    match(run.stdout + run.stderr, /rm -r is not allowed here/);
  });
});

Deno.test("hook-run serve started in a subdirectory serves the project above it", async () => {
  await withProject(async (project, home) => {
    equal((await cli(["trust", "--yes", "--cwd", project], { home })).code, 0);
    const src = join(project, "src");
    const server = await serve([], { cwd: src, home });
    try {
      match(server.stderr(), new RegExp(`project ${project} \\(found from ${src}`));
      const event = { hook_event_name: "PreToolUse", cwd: src, tool_name: "Bash", tool_input: RM };
      const answer = JSON.parse((await post(`${server.url}/hooks`, event)).text);
      equal(answer.hookSpecificOutput?.permissionDecisionReason, "rm -r is not allowed here");
    } finally {
      equal((await server.stop()).code, 0);
    }
  });
});

/**
 * Appends one line to `log`: `tag`, then each of `values` as the hook's
 * shell sees them, and the directory it runs in.
 */
function logLine(log: string, tag: string, values: string[]): string {
  return `printf '%s\\n' "${tag} ${values.join(" ")} $(pwd)" >> '${log}'`;
}

Deno.test("hook-run gateway gives the hooks the agent would have run its own project directory when the project is found above it", async (t) => {
  const base = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-agent-dir-" }));
  const project = join(base, "proj");
  const src = join(project, "src");
  const home = join(base, "home");
  const log = join(base, "hooks.log");
  try {
    await Deno.mkdir(join(project, ".hookgate"), { recursive: true });
    await Deno.mkdir(join(project, ".git"));
    await Deno.mkdir(src);
    await Deno.mkdir(join(home, ".config", "hookgate"), { recursive: true });
    await Deno.mkdir(join(home, ".gemini"));
    // hookgate's project layer: its hooks keep the project root, and run there.
    await Deno.writeTextFile(
      join(project, ".hookgate", "config.jsonc"),
      JSON.stringify({
        hooks: {
          UserPromptSubmit: [
            { name: "project-native", command: logLine(log, "project-native", ["$HOOKGATE_PROJECT_DIR"]) },
            {
              name: "project-claude",
              dialect: "claude",
              command: logLine(log, "project-claude", ["$CLAUDE_PROJECT_DIR"]),
            },
          ],
        },
      }),
    );
    // The user's Claude hooks, as install claude moved them: shell form, and exec form with ${CLAUDE_PROJECT_DIR}.
    await Deno.writeTextFile(
      join(home, ".config", "hookgate", "claude-hooks.json"),
      JSON.stringify({
        hooks: {
          UserPromptSubmit: [{
            hooks: [
              { type: "command", command: logLine(log, "moved", ["$CLAUDE_PROJECT_DIR", "$HOOKGATE_PROJECT_DIR"]) },
              {
                type: "command",
                command: "sh",
                args: ["-c", `printf '%s\\n' "moved-exec $1 $(pwd)" >> '${log}'`, "sh", "${CLAUDE_PROJECT_DIR}/x"],
              },
            ],
          }],
        },
      }),
    );
    // The user's Gemini CLI hooks: Gemini replaces $GEMINI_PROJECT_DIR in the command text itself.
    await Deno.writeTextFile(
      join(home, ".gemini", "settings.json"),
      JSON.stringify({
        hooks: {
          BeforeAgent: [{
            hooks: [{
              type: "command",
              command: `echo "gemini $GEMINI_PROJECT_DIR/x $GEMINI_CWD ${"${GEMINI_PROJECT_DIR}"} $(pwd)" >> '${log}'`,
            }],
          }],
        },
      }),
    );
    equal((await cli(["trust", "--yes", "--cwd", project], { home })).code, 0);
    const lines = async () => {
      const text = await Deno.readTextFile(log);
      await Deno.remove(log);
      return text.trim().split("\n").sort();
    };

    await t.step("Claude Code started in proj/src: CLAUDE_PROJECT_DIR and the call's cwd are proj/src", async () => {
      const run = await cli(["gateway"], {
        home,
        cwd: src,
        env: { CLAUDE_PROJECT_DIR: src },
        stdin: JSON.stringify({ session_id: "s", cwd: src, hook_event_name: "UserPromptSubmit", prompt: "hi" }),
      });
      equal(run.code, 0, run.stderr);
      deepEqual(
        await lines(),
        [
          `gemini ${src}/x ${src} ${src} ${src}`,
          `moved ${src} ${project} ${src}`,
          `moved-exec ${src}/x ${src}`,
          `project-claude ${project} ${project}`,
          `project-native ${project} ${project}`,
        ].sort(),
      );
    });
    await t.step("Gemini CLI started in proj/src: GEMINI_PROJECT_DIR and the call's cwd are proj/src", async () => {
      const run = await cli(["gateway", "--agent", "gemini"], {
        home,
        cwd: src,
        env: { GEMINI_PROJECT_DIR: src, GEMINI_CWD: src },
        stdin: JSON.stringify({
          session_id: "s",
          transcript_path: join(home, "t.json"),
          cwd: src,
          hook_event_name: "BeforeAgent",
          timestamp: "2026-12-01T00:00:00.000Z",
          prompt: "hi",
        }),
      });
      equal(run.code, 0, run.stderr);
      // Gemini runs its own settings' hooks itself.
      deepEqual(
        await lines(),
        [
          `moved ${src} ${project} ${src}`,
          `moved-exec ${src}/x ${src}`,
          `project-claude ${project} ${project}`,
          `project-native ${project} ${project}`,
        ].sort(),
      );
    });
    await t.step("started in the project root, every hook gets the root", async () => {
      const run = await cli(["gateway"], {
        home,
        cwd: project,
        env: { CLAUDE_PROJECT_DIR: project },
        stdin: JSON.stringify({ session_id: "s", cwd: project, hook_event_name: "UserPromptSubmit", prompt: "hi" }),
      });
      equal(run.code, 0, run.stderr);
      deepEqual(
        await lines(),
        [
          `gemini ${project}/x ${project} ${project} ${project}`,
          `moved ${project} ${project} ${project}`,
          `moved-exec ${project}/x ${project}`,
          `project-claude ${project} ${project}`,
          `project-native ${project} ${project}`,
        ].sort(),
      );
    });
  } finally {
    await Deno.remove(base, { recursive: true });
  }
});
