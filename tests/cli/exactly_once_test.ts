// Every hook runs exactly once with Claude Code set up as documented: after
// hook-run install claude, Claude runs its own settings files' hooks and the
// routing; hookgate runs the hooks install moved and the project's
// .hookgate/config.jsonc — for the gateway form and the serve form.

import { deepEqual, equal } from "node:assert/strict";
import { join } from "node:path";
import { cli } from "./_cli.ts";
import { claudeFires } from "./_claude_sim.ts";
import { DENO_DIR } from "./_task.ts";
import { alive, eventually, exists } from "./_serve.ts";

const COUNT = new URL("../testdata/published_style/count.sh", import.meta.url).pathname;
const ASYNC_PARENT = new URL("../testdata/claude/hooks/async_parent.sh", import.meta.url).pathname;

interface Scene {
  home: string;
  project: string;
  settings: string;
  bin: string;
  /** Claude's three settings files. */
  files: string[];
  /** The labels of every hook run so far, sorted. */
  runs(): Promise<string[]>;
  /** Claude firing `event` with its three settings files. */
  fire(event: Record<string, unknown>): Promise<void>;
}

/**
 * A user with their own counting hooks in ~/.claude/settings.json, a
 * project with counting hooks in both of Claude's files and in
 * .hookgate/config.jsonc, every hook labelled by where it is.
 */
async function withScene(fn: (scene: Scene) => Promise<void>): Promise<void> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-once-" }));
  try {
    const home = join(dir, "home");
    const project = join(dir, "project");
    const counter = join(dir, "runs.txt");
    await Deno.mkdir(join(home, ".claude"), { recursive: true });
    await Deno.mkdir(join(project, ".claude"), { recursive: true });
    await Deno.mkdir(join(project, ".hookgate"), { recursive: true });
    const counting = (where: string) => ({
      hooks: Object.fromEntries(
        ["PreToolUse", "Stop", "SessionStart"].map((event) => [
          event,
          [{ hooks: [{ type: "command", command: `sh ${COUNT} ${counter} ${where}-${event}` }] }],
        ]),
      ),
    });
    const settings = join(home, ".claude", "settings.json");
    await Deno.writeTextFile(settings, JSON.stringify({ model: "opus", ...counting("user") }));
    await Deno.writeTextFile(join(project, ".claude", "settings.json"), JSON.stringify(counting("project")));
    await Deno.writeTextFile(join(project, ".claude", "settings.local.json"), JSON.stringify(counting("local")));
    await Deno.writeTextFile(join(project, ".hookgate", "config.jsonc"), JSON.stringify(counting("hookgate")));
    const files = [
      settings,
      join(project, ".claude", "settings.json"),
      join(project, ".claude", "settings.local.json"),
    ];
    await fn({
      home,
      project,
      settings,
      bin: join(home, ".config", "hookgate", "bin", "hook-run"),
      files,
      runs: async () => (await Deno.readTextFile(counter).catch(() => "")).split("\n").filter(Boolean).sort(),
      fire: async (event) => void await claudeFires(files, event, { cwd: project, home }),
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** Each hook of each file, once, for `event`. */
const once = (event: string) => ["hookgate", "local", "project", "user"].map((where) => `${where}-${event}`);

async function trust(scene: Scene): Promise<void> {
  const trusted = await new Deno.Command(scene.bin, {
    args: ["trust", "--yes"],
    cwd: scene.project,
    env: { HOME: scene.home },
    stdout: "piped",
  }).output();
  equal(trusted.code, 0, new TextDecoder().decode(trusted.stdout));
}

Deno.test("after hook-run install claude, every hook runs exactly once through the gateway", async () => {
  await withScene(async (scene) => {
    const install = await cli(["install", "claude", "--settings", scene.settings], {
      home: scene.home,
      cwd: scene.project,
      env: { DENO_DIR },
    });
    equal(install.code, 0, install.stdout + install.stderr);
    await trust(scene);
    await scene.fire({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } });
    deepEqual(await scene.runs(), once("PreToolUse"));
    await scene.fire({ hook_event_name: "Stop", stop_hook_active: false });
    deepEqual(await scene.runs(), [...once("PreToolUse"), ...once("Stop")].sort());
  });
});

Deno.test("after hook-run install claude --serve, every hook runs exactly once through the server", async () => {
  await withScene(async (scene) => {
    const free = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const port = (free.addr as Deno.NetAddr).port;
    free.close();
    const install = await cli(["install", "claude", "--serve", "--port", String(port), "--settings", scene.settings], {
      home: scene.home,
      cwd: scene.project,
      env: { DENO_DIR },
    });
    equal(install.code, 0, install.stdout + install.stderr);
    await trust(scene);
    const server = new Deno.Command(scene.bin, {
      args: ["serve", "--port", String(port), "--cwd", scene.project],
      env: { HOME: scene.home },
      stdin: "null",
      stdout: "null",
      stderr: "piped",
    }).spawn();
    // Read to the end: the server says more as it stops.
    let said = "";
    const listening = Promise.withResolvers<void>();
    const reading = (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of server.stderr) {
        said += decoder.decode(chunk, { stream: true });
        if (said.includes("listening on")) listening.resolve();
      }
      listening.reject(new Error(`hook-run serve stopped before listening:\n${said}`));
    })();
    try {
      await listening.promise;
      await scene.fire({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } });
      deepEqual(await scene.runs(), once("PreToolUse"));
      // SessionStart: Claude runs only command hooks there, so it goes through the gateway.
      await scene.fire({ hook_event_name: "SessionStart", source: "startup" });
      deepEqual(await scene.runs(), [...once("PreToolUse"), ...once("SessionStart")].sort());
    } finally {
      server.kill("SIGTERM");
      await reading;
      equal((await server.status).code, 0, said);
    }
  });
});

Deno.test("after hook-run install claude, the async hooks of 12 sessions' calls at once run exactly once each, in one process, each session given its own result once", async () => {
  await withScene(async (scene) => {
    // An async hook beside the counting ones: it says which process ran it, and waits to be released.
    const config = join(scene.project, ".hookgate", "config.jsonc");
    const hooks = JSON.parse(await Deno.readTextFile(config));
    hooks.hooks.PostToolUse = [{
      hooks: [{ type: "command", command: `sh ${ASYNC_PARENT}`, async: true, timeout: 60 }],
    }];
    await Deno.writeTextFile(config, JSON.stringify(hooks));
    const install = await cli(["install", "claude", "--settings", scene.settings], {
      home: scene.home,
      cwd: scene.project,
      env: { DENO_DIR },
    });
    equal(install.code, 0, install.stdout + install.stderr);
    await trust(scene);
    const marks = join(scene.project, ".marks");
    await Deno.mkdir(marks);
    const sessions = Array.from({ length: 12 }, (_, index) => `s-${index}`);
    const fire = (session: string, event: Record<string, unknown>) =>
      claudeFires(scene.files, { session_id: session, ...event }, { cwd: scene.project, home: scene.home });
    const bash = { tool_name: "Bash", tool_input: { command: "ls" } };
    await Promise.all(sessions.map(async (session) => {
      await fire(session, { hook_event_name: "PreToolUse", ...bash, tool_use_id: `t-${session}` });
      await fire(session, { hook_event_name: "PostToolUse", ...bash, tool_use_id: `t-${session}`, tool_response: "" });
    }));
    const parents = new Set(
      await Promise.all(sessions.map(async (session) => {
        const path = join(marks, `t-${session}.ppid`);
        await eventually(() => exists(path), `the async hook of ${session} to start`, 30_000);
        return Number((await Deno.readTextFile(path)).trim());
      })),
    );
    equal(parents.size, 1, `the async hooks ran in ${parents.size} processes`);
    await Deno.writeTextFile(join(marks, "release"), "");
    for (const session of sessions) {
      let context = "";
      await eventually(
        async () => {
          const runs = await fire(session, { hook_event_name: "UserPromptSubmit", prompt: "next" });
          context = runs.map((run) => run.stdout).join("");
          return context.includes("additionalContext");
        },
        `the result of ${session}'s async hook`,
        30_000,
      );
      equal(JSON.parse(context).hookSpecificOutput.additionalContext, `done t-${session}`);
      equal(await Deno.readTextFile(join(marks, `t-${session}.runs`)), "ran\nended\n", `${session}: once`);
      const again = await fire(session, { hook_event_name: "UserPromptSubmit", prompt: "again" });
      equal(again.map((run) => run.stdout).join("").includes("additionalContext"), false, `${session}: given once`);
    }
    deepEqual(await scene.runs(), sessions.flatMap(() => once("PreToolUse")).sort());
    const [courier] = parents;
    await eventually(async () => !await alive(courier!), "the courier to end once idle");
  });
});
