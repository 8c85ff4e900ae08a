// A Claude Code user's set-up with hookgate installed as the README says:
// Claude runs its own settings files, hookgate runs its layers, and every
// hook runs exactly once — also after `hook-run install claude` moved the
// user's own hooks into hookgate.

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli, root } from "./_cli.ts";
import { claudeHandlers, claudeRuns, routesToGateway } from "./_claude_driver.ts";
import { claudeReads, claudeSetup, command, preToolUse } from "./_claude_style.ts";

const HOOKS = `"$CLAUDE_PROJECT_DIR"/.claude/hooks`;

/** Whether a file under `dir`, other than `path`, holds `text` (wherever install keeps its backup). */
async function backedUp(dir: string, path: string, text: string): Promise<boolean> {
  for await (const entry of Deno.readDir(dir)) {
    const file = join(dir, entry.name);
    if (entry.isDirectory && await backedUp(file, path, text)) return true;
    if (entry.isFile && file !== path && await Deno.readTextFile(file).catch(() => "") === text) return true;
  }
  return false;
}

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

  const ran = await claudeRuns(
    settings,
    p.event("PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } }),
    p,
  );
  for (const one of ran) equal(one.code, 0, one.stderr);
  deepEqual((await p.runs()).sort(), ["claude-side PreToolUse", "hookgate-side PreToolUse"]);

  // A Stop loop advances by one per stop, not by two.
  await p.write(
    ".claude/loop.local.md",
    '---\niteration: 1\nmax_iterations: 5\ncompletion_promise: "DONE"\nsession_id: sess-1\n---\nBuild it.\n',
  );
  await p.write(".t/sess-1.jsonl", JSON.stringify({ message: { role: "assistant", content: [] } }) + "\n");
  const stop = await claudeRuns(settings, p.event("Stop", { stop_hook_active: false }), p);
  const [routed, direct] = [stop.find((one) => one.routed)!, stop.find((one) => !one.routed)!];
  deepEqual(JSON.parse(direct.stdout), { decision: "block", reason: "Build it.", systemMessage: "iteration 2" });
  equal(routed.code, 0, routed.stderr);
  deepEqual(claudeReads(JSON.parse(routed.stdout)), {});
  match((await p.read(".claude/loop.local.md"))!, /^iteration: 2$/m);
});

Deno.test("hook-run install claude moves the user's hooks into hookgate, routes Claude to it, and undoes it", async (t) => {
  await using p = await claudeSetup();
  const path = join(p.home, ".claude/settings.json");
  const hooks = {
    PreToolUse: [{
      matcher: "Bash",
      hooks: [command("~/.claude/hooks/deny_push.sh", { timeout: 10 }), command("~/.claude/hooks/count.sh")],
    }],
    Stop: [{ hooks: [command("~/.claude/hooks/roadmap.sh")] }],
  };
  const others = { model: "opus", permissions: { allow: ["Bash(ls:*)"] } };
  const original = JSON.stringify({ ...others, hooks }, null, 2) + "\n";
  await p.write(path, original);
  const push = p.event("PreToolUse", { tool_name: "Bash", tool_input: { command: "git push origin main" } });
  const stop = p.event("Stop", { stop_hook_active: false, last_assistant_message: "Done." });

  await t.step("install rewrites the settings to route Claude to hookgate, keeps the rest, backs it up", async () => {
    const run = await cli(["install", "claude", "--settings", path], { cwd: p.dir, home: p.home });
    equal(run.code, 0, run.stdout + run.stderr);
    match(run.stdout + run.stderr, /settings\.json/);
    const installed = JSON.parse((await p.read(path))!);
    deepEqual({ ...installed, hooks: undefined }, { ...others, hooks: undefined });
    for (const event of [push, stop]) {
      const commands = await claudeHandlers([path], event);
      ok(commands.length > 0, `no hook for ${event.hook_event_name}`);
      deepEqual(commands.filter((line) => !routesToGateway(line)), [], "Claude would still run a hook itself");
    }
    ok(await backedUp(p.home, path, original), "no backup of the settings as they were, anywhere in HOME");
  });
  await t.step("Claude's calls reach the user's hooks through the gateway, each hook once", async () => {
    const ran = await claudeRuns([path], push, p);
    deepEqual(ran.map((one) => one.routed), [true], "Claude runs only the gateway");
    const [denied] = ran;
    equal(denied!.code, 0, denied!.stderr);
    deepEqual(claudeReads(JSON.parse(denied!.stdout)), preToolUse("deny", "Blocked: pushes go through review"));
    deepEqual(await p.runs(), ["count PreToolUse"]);
    const [blocked] = await claudeRuns([path], stop, p);
    deepEqual(claudeReads(JSON.parse(blocked!.stdout)), {
      decision: "block",
      reason: "Update ROADMAP.md before stopping.",
    });
  });
  await t.step("installing again changes nothing", async () => {
    const before = await p.read(path);
    const run = await cli(["install", "claude", "--settings", path], { cwd: p.dir, home: p.home });
    equal(run.code, 0, run.stdout + run.stderr);
    equal(await p.read(path), before);
  });
  await t.step("uninstall gives Claude its hooks back, and Claude runs them once", async () => {
    const run = await cli(["uninstall", "claude", "--settings", path], { cwd: p.dir, home: p.home });
    equal(run.code, 0, run.stdout + run.stderr);
    deepEqual(JSON.parse((await p.read(path))!), { ...others, hooks });
    await p.resetRuns();
    const ran = await claudeRuns([path], push, p);
    deepEqual(ran.map((one) => one.routed), [false, false]);
    deepEqual(await p.runs(), ["count PreToolUse"]);
  });
});
