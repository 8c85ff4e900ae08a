// What hook-run gateway makes of the layer files themselves: one that is
// there but cannot be read fails closed and is named with its reason (never
// "no hookgate configuration found"); a --config naming a file the agent
// runs itself is refused with exit code 2; a hook `install claude` moved
// out of ~/.claude/settings.json runs once, as under plain Claude, when the
// project's .claude/settings.json has the same hook.

import { deepEqual, doesNotMatch, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { cli } from "./_cli.ts";

async function withHome(fn: (base: string, home: string, hookgate: string) => Promise<void>): Promise<void> {
  const base = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-layers-" }));
  const home = join(base, "home");
  const hookgate = join(home, ".config", "hookgate");
  try {
    await Deno.mkdir(hookgate, { recursive: true });
    await fn(base, home, hookgate);
  } finally {
    await Deno.remove(base, { recursive: true });
  }
}

const call = (cwd: string, event: Record<string, unknown>) => JSON.stringify({ session_id: "s", cwd, ...event });
const RM = { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "rm -rf victim" } };

Deno.test("hook-run gateway fails closed on a config.jsonc that is a link to nothing, and names the file and the reason", async () => {
  await withHome(async (base, home, hookgate) => {
    const target = join(base, "dotfiles", "config.jsonc");
    await Deno.symlink(target, join(hookgate, "config.jsonc"));
    const run = await cli(["gateway"], { home, cwd: base, stdin: call(base, RM), env: { CLAUDE_PROJECT_DIR: base } });
    equal(run.code, 0, run.stderr);
    const answer = JSON.parse(run.stdout);
    equal(answer.hookSpecificOutput?.permissionDecision, "deny");
    match(
      answer.hookSpecificOutput?.permissionDecisionReason,
      /it is a link to .*dotfiles\/config\.jsonc, which does not exist/,
    );
    match(
      run.stderr,
      new RegExp(
        `hook-run gateway: cannot read ${
          join(hookgate, "config.jsonc")
        }: it is a link to ${target}, which does not exist; until it is fixed, every tool call, permission request and prompt is denied`,
      ),
    );
    doesNotMatch(run.stderr, /no hookgate configuration found/);
    // Stop is never blocked for it.
    const stop = await cli(["gateway"], {
      home,
      cwd: base,
      stdin: call(base, { hook_event_name: "Stop", stop_hook_active: false }),
      env: { CLAUDE_PROJECT_DIR: base },
    });
    deepEqual([stop.code, stop.stdout.includes('"decision":"block"')], [0, false]);
  });
});

Deno.test("hook-run gateway refuses, with exit code 2, a --config naming a settings file the agent runs itself", async (t) => {
  await withHome(async (base, home) => {
    const project = join(base, "project");
    const settings = {
      hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "echo 'from settings' >&2; exit 2" }] }] },
    };
    await Deno.mkdir(join(project, ".claude"), { recursive: true });
    await Deno.writeTextFile(join(project, ".claude/settings.json"), JSON.stringify(settings));
    await Deno.mkdir(join(base, "team/.claude"), { recursive: true });
    await Deno.writeTextFile(join(base, "team/.claude/settings.json"), JSON.stringify(settings));
    const gateway = (config: string) =>
      cli(["gateway", "--config", config], {
        home,
        cwd: project,
        stdin: call(project, RM),
        env: { CLAUDE_PROJECT_DIR: project },
      });
    await t.step(
      "the project's .claude/settings.json, which Claude runs: refused, the reason and the fix said",
      async () => {
        const run = await gateway(join(project, ".claude/settings.json"));
        equal(run.code, 2);
        equal(run.stdout, "");
        match(
          run.stderr,
          /is Claude Code's own settings file, which Claude Code runs itself: run here as well, each of its hooks would run twice; remove "--config /,
        );
      },
    );
    await t.step("another Claude settings file, which Claude does not read: run", async () => {
      const run = await gateway(join(base, "team/.claude/settings.json"));
      equal(run.code, 0, run.stderr);
      equal(JSON.parse(run.stdout).hookSpecificOutput?.permissionDecisionReason, "from settings");
    });
  });
});

Deno.test("hook-run gateway runs a moved Claude hook once: Claude runs the project's identical one itself", async (t) => {
  await withHome(async (base, home, hookgate) => {
    const project = join(base, "project");
    const counter = join(base, "runs.txt");
    const counting = `echo moved >> ${counter}`;
    // What install claude moved out of ~/.claude/settings.json, and the project's own copy under a narrower matcher.
    await Deno.writeTextFile(
      join(hookgate, "claude-hooks.json"),
      JSON.stringify({
        hooks: { PreToolUse: [{ matcher: "Bash|Edit", hooks: [{ type: "command", command: counting }] }] },
      }),
    );
    await Deno.mkdir(join(project, ".claude"), { recursive: true });
    await Deno.writeTextFile(
      join(project, ".claude/settings.json"),
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: counting }] }] } }),
    );
    const runs = async () => (await Deno.readTextFile(counter).catch(() => "")).split("\n").filter(Boolean).length;
    const gateway = (tool: string) =>
      cli(["gateway"], {
        home,
        cwd: project,
        stdin: call(project, {
          hook_event_name: "PreToolUse",
          tool_name: tool,
          tool_input: { command: "ls", file_path: "/x" },
        }),
        env: { CLAUDE_PROJECT_DIR: project },
      });
    await t.step("on Bash, which the project's copy matches: Claude runs that one, hookgate none", async () => {
      const run = await gateway("Bash");
      equal(run.code, 0, run.stderr);
      equal(await runs(), 0);
    });
    await t.step("on Edit, which only the moved copy matches: hookgate runs it", async () => {
      const run = await gateway("Edit");
      equal(run.code, 0, run.stderr);
      equal(await runs(), 1);
    });
  });
});
