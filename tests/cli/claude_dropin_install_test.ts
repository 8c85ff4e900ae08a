// A Claude Code user's set-up with hookgate installed as the README says,
// Claude (_claude_sim.ts) running its own settings files: every hook runs
// exactly once — with the routing of examples/claude/settings.json and a
// `hook-run` shim on the PATH, and after `hook-run install claude` moved the
// user's own hooks into hookgate and routed Claude to the launcher it built.

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { cli, root } from "./_cli.ts";
import { claudeHandlers } from "./_claude_sim.ts";
import { claudeReads, claudeSetup, command, preToolUse } from "./_claude_style.ts";
import { DENO_DIR } from "./_task.ts";

const HOOKS = `"$CLAUDE_PROJECT_DIR"/.claude/hooks`;

Deno.test("hook-run gateway leaves a project's .claude/settings.json to Claude: each hook runs once", async () => {
  await using p = await claudeSetup();
  // The documented routing in the user's Claude settings…
  const userSettings = join(p.home, ".claude/settings.json");
  await p.write(userSettings, await Deno.readTextFile(join(root, "examples/claude/settings.json")));
  // …the project's own Claude hooks, which Claude runs itself…
  const projectSettings = join(p.dir, ".claude/settings.json");
  await p.write(
    projectSettings,
    JSON.stringify({
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [command(`${HOOKS}/count.sh claude-side`)] }],
        Stop: [{ hooks: [command(`bash "$CLAUDE_PROJECT_DIR/.claude/hooks/loop.sh"`)] }],
      },
    }),
  );
  // …and the hooks the user gave hookgate, trusted.
  await p.project({ PreToolUse: [{ matcher: "Bash", hooks: [command(`${HOOKS}/count.sh hookgate-side`)] }] });
  const settings = [userSettings, projectSettings];

  const ran = await p.claude(settings, p.event("PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } }));
  for (const one of ran) equal(one.code, 0, one.stderr);
  deepEqual((await p.runs()).sort(), ["claude-side PreToolUse", "hookgate-side PreToolUse"]);

  // A Stop loop advances by one per stop, not by two.
  await p.write(
    ".claude/loop.local.md",
    '---\niteration: 1\nmax_iterations: 5\ncompletion_promise: "DONE"\nsession_id: sess-1\n---\nBuild it.\n',
  );
  await p.write(".t/sess-1.jsonl", JSON.stringify({ message: { role: "assistant", content: [] } }) + "\n");
  const stop = await p.claude(settings, p.event("Stop", { stop_hook_active: false }));
  const routed = stop.find((one) => one.handler.command === "hook-run gateway")!;
  const direct = stop.find((one) => one !== routed)!;
  deepEqual(JSON.parse(direct.stdout), { decision: "block", reason: "Build it.", systemMessage: "iteration 2" });
  equal(routed.code, 0, routed.stderr);
  deepEqual(claudeReads(JSON.parse(routed.stdout)), {});
  match((await p.read(".claude/loop.local.md"))!, /^iteration: 2$/m);
});

Deno.test("after hook-run install claude, a user's ~/.claude hooks answer Claude through the launcher, once", async (t) => {
  await using p = await claudeSetup();
  const path = join(p.home, ".claude/settings.json");
  // Named from the home directory, as Claude's documentation and users write them: Claude runs them with sh -c.
  const hooks = {
    PreToolUse: [{
      matcher: "Bash",
      hooks: [command("~/.claude/hooks/allow_list.sh", { timeout: 10 }), command(`"$HOME"/.claude/hooks/count.sh`)],
    }],
    Stop: [{ hooks: [command("~/.claude/hooks/roadmap.sh")] }],
  };
  await p.write(path, JSON.stringify({ model: "opus", hooks }, null, 2) + "\n");
  const push = p.event("PreToolUse", { tool_name: "Bash", tool_input: { command: "git push origin main" } });
  const stop = p.event("Stop", { stop_hook_active: false, last_assistant_message: "Done." });
  const launcher = join(p.home, ".config/hookgate/bin/hook-run");
  const installing = (verb: string) =>
    cli([verb, "claude", "--settings", path], { cwd: p.dir, home: p.home, env: { DENO_DIR } });

  await t.step("install leaves Claude only the routing to the launcher it built", async () => {
    const run = await installing("install");
    equal(run.code, 0, run.stdout + run.stderr);
    for (const event of [push, stop]) {
      const commands = (await claudeHandlers([path], event)).map((handler) => handler.command);
      deepEqual(commands, [`${launcher} gateway`], `Claude's hooks for ${event.hook_event_name}`);
    }
  });
  await t.step("Claude's calls reach the user's hooks through the launcher, each hook once", async () => {
    const [denied] = await p.claude([path], push);
    equal(denied!.code, 0, denied!.stderr);
    deepEqual(claudeReads(JSON.parse(denied!.stdout)), preToolUse("deny", "no pushes from the agent"));
    deepEqual(await p.runs(), ["count PreToolUse"]);
    const [blocked] = await p.claude([path], stop);
    deepEqual(claudeReads(JSON.parse(blocked!.stdout)), {
      decision: "block",
      reason: "Update ROADMAP.md before stopping.",
    });
  });
  await t.step("uninstall gives Claude its hooks back, and Claude runs them once", async () => {
    const run = await installing("uninstall");
    equal(run.code, 0, run.stdout + run.stderr);
    deepEqual(JSON.parse((await p.read(path))!), { model: "opus", hooks });
    await p.resetRuns();
    const ran = await p.claude([path], push);
    deepEqual(ran.map((one) => one.handler.command), hooks.PreToolUse[0]!.hooks.map((hook) => hook.command));
    deepEqual(claudeReads(JSON.parse(ran[0]!.stdout)), preToolUse("deny", "no pushes from the agent"));
    deepEqual(await p.runs(), ["count PreToolUse"]);
  });
});

Deno.test("after hook-run install claude, a user's HTTP hook to a local policy service still answers Claude, beside the routing", async (t) => {
  await using p = await claudeSetup();
  // The user's own policy service on a loopback /hooks URL: it denies every Bash call it sees.
  const seen: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
    seen.push(`${new URL(request.url).pathname} ${(await request.json()).tool_input?.command}`);
    return Response.json(preToolUse("deny", "local policy: no deletes"));
  });
  try {
    const url = `http://127.0.0.1:${server.addr.port}/hooks/PreToolUse`;
    const path = join(p.home, ".claude/settings.json");
    const hooks = {
      PreToolUse: [
        { matcher: "Bash", hooks: [command(`"$HOME"/.claude/hooks/count.sh`)] },
        { matcher: "Bash", hooks: [{ type: "http", url, timeout: 5 }] },
      ],
    };
    await p.write(path, JSON.stringify({ hooks }, null, 2) + "\n");
    const install = await cli(["install", "claude", "--settings", path], {
      cwd: p.dir,
      home: p.home,
      env: { DENO_DIR },
    });
    equal(install.code, 0, install.stdout + install.stderr);
    const rm = p.event("PreToolUse", { tool_name: "Bash", tool_input: { command: "rm -rf ~" } });
    await t.step("Claude runs the routing and the policy service: the moved hook once, the service once", async () => {
      const ran = await p.claude([path], rm);
      const launcher = join(p.home, ".config/hookgate/bin/hook-run");
      deepEqual(ran.map((one) => one.handler.command ?? one.handler.url), [url, `${launcher} gateway`]);
      const policy = ran.find((one) => one.handler.url === url)!;
      deepEqual(claudeReads(JSON.parse(policy.stdout)), preToolUse("deny", "local policy: no deletes"));
      deepEqual(seen, ["/hooks/PreToolUse rm -rf ~"]);
      deepEqual(await p.runs(), ["count PreToolUse"]);
    });
    await t.step("uninstall gives Claude the file it had", async () => {
      equal(
        (await cli(["uninstall", "claude", "--settings", path], { cwd: p.dir, home: p.home, env: { DENO_DIR } })).code,
        0,
      );
      const after = JSON.parse((await p.read(path))!);
      deepEqual(
        new Set(after.hooks.PreToolUse.map((group: unknown) => JSON.stringify(group))),
        new Set(hooks.PreToolUse.map((group) => JSON.stringify(group))),
      );
    });
  } finally {
    await server.shutdown();
  }
});
