// hook-run install claude and uninstall claude against a throwaway Claude
// settings file (--settings) and hookgate home: never the real HOME.

import { deepEqual, equal, match, notEqual, ok } from "node:assert/strict";
import { join } from "node:path";
import { claudeRoutedEvents } from "../../src/dialects/mod.ts";
import { BUNDLE_OPTIONS } from "../../src/install/bundle.ts";
import { bundleFlags, cli, type CliRun, hookRunCommand } from "./_cli.ts";
import { DENO_DIR } from "./_task.ts";

const SCRIPTS = new URL("../testdata/published_style/", import.meta.url).pathname;

interface SetUp {
  /** The HOME of every run. */
  home: string;
  /** $HOOKGATE_HOME. */
  hookgate: string;
  /** The Claude settings file install edits. */
  settings: string;
  /** A project directory with the published-style scripts in .claude/. */
  project: string;
  /** hook-run with `args`, from the project, with --settings when `withSettings`. */
  run(args: string[], options?: { env?: Record<string, string>; cwd?: string }): Promise<CliRun>;
}

/** The user's settings before install: other keys, a python3 guard, and a hook on an event the routing leaves to Claude. */
function original(project: string) {
  return {
    model: "opus",
    permissions: { allow: ["Bash(ls:*)"] },
    hooks: {
      PreToolUse: [{
        matcher: "Bash",
        hooks: [{ type: "command", command: `python3 ${project}/.claude/guard.py`, timeout: 30 }],
      }],
      WorktreeCreate: [{ hooks: [{ type: "command", command: "true" }] }],
    },
  };
}

async function withSetUp(fn: (setUp: SetUp) => Promise<void>): Promise<void> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-install-" }));
  try {
    const home = join(dir, "home");
    const project = join(dir, "project");
    await Deno.mkdir(join(home, ".claude"), { recursive: true });
    await Deno.mkdir(join(project, ".claude"), { recursive: true });
    for (const entry of Deno.readDirSync(SCRIPTS)) {
      await Deno.copyFile(join(SCRIPTS, entry.name), join(project, ".claude", entry.name));
      await Deno.chmod(join(project, ".claude", entry.name), 0o755);
    }
    const settings = join(home, ".claude", "settings.json");
    await Deno.writeTextFile(settings, JSON.stringify(original(project), null, 2));
    await fn({
      home,
      hookgate: join(home, ".config", "hookgate"),
      settings,
      project,
      run: (args, options = {}) => cli(args, { home, cwd: options.cwd ?? project, env: { DENO_DIR, ...options.env } }),
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const readJson = async (path: string) => JSON.parse(await Deno.readTextFile(path));
const exists = (path: string) => Deno.stat(path).then(() => true, () => false);
const backups = async (settings: string) =>
  (await Array.fromAsync(Deno.readDir(join(settings, "..")))).filter((e) =>
    e.name.startsWith("settings.json.hookgate-backup-")
  );

/** Runs a routing command as Claude runs a command hook: sh -c, the event on stdin, in the project. */
async function claudeRuns(command: string, event: Record<string, unknown>, cwd: string, home: string) {
  const child = new Deno.Command("sh", {
    args: ["-c", command],
    cwd,
    env: { CLAUDE_PROJECT_DIR: cwd, HOME: home },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(JSON.stringify({ session_id: "s", cwd, ...event })));
  await writer.close();
  const { code, stdout, stderr } = await child.output();
  return { code, stdout: new TextDecoder().decode(stdout), stderr: new TextDecoder().decode(stderr) };
}

const RM = { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "rm -rf /" } };

Deno.test("hook-run install claude routes every modelled event through a launcher it builds, and moves the user's hooks", async (t) => {
  await withSetUp(async ({ home, hookgate, settings, project, run }) => {
    const before = await Deno.readTextFile(settings);
    const routed = claudeRoutedEvents();
    const bin = join(hookgate, "bin", "hook-run");
    const install = await run(["install", "claude", "--settings", settings]);
    equal(install.code, 0, install.stdout + install.stderr);
    const after = await readJson(settings);

    await t.step("it prints what it did: files, backup, moved hooks, routing, launcher", () => {
      for (const text of [bin, join(hookgate, "hook-run.js"), "backup", "moved", "routing", "gateway"]) {
        ok(install.stdout.includes(text), `${text} in:\n${install.stdout}`);
      }
    });
    await t.step("every other key stays, and a hook on an event the routing leaves to Claude stays with Claude", () => {
      equal(after.model, "opus");
      deepEqual(after.permissions, { allow: ["Bash(ls:*)"] });
      equal(routed.includes("WorktreeCreate"), false);
      deepEqual(after.hooks.WorktreeCreate, original(project).hooks.WorktreeCreate);
    });
    await t.step(
      "each modelled event routes to <launcher> gateway with Claude's longest timeout, marked as install's",
      () => {
        for (const event of routed) {
          deepEqual(
            after.hooks[event],
            [{ hooks: [{ type: "command", command: `${bin} gateway`, timeout: 600, hookgate: "routing" }] }],
            event,
          );
        }
      },
    );
    await t.step("the user's hooks moved into the hookgate home, in Claude's shape", async () => {
      deepEqual(
        (await readJson(join(hookgate, "claude-hooks.json"))).hooks.PreToolUse,
        original(project).hooks.PreToolUse,
      );
    });
    await t.step("the file was backed up first, exactly as it was", async () => {
      const [backup] = await backups(settings);
      ok(backup, "a backup");
      equal(await Deno.readTextFile(join(settings, "..", backup.name)), before);
    });
    await t.step("the routing command, run as Claude runs it, runs the moved guard through hookgate", async () => {
      const answer = await claudeRuns(after.hooks.PreToolUse[0].hooks[0].command, RM, project, home);
      equal(answer.code, 0, answer.stderr);
      deepEqual(JSON.parse(answer.stdout).hookSpecificOutput?.permissionDecision, "deny");
      match(JSON.parse(answer.stdout).hookSpecificOutput.permissionDecisionReason, /python guard: rm -rf/);
    });
    await t.step("a second install changes nothing and says so", async () => {
      const text = await Deno.readTextFile(settings);
      const launcher = await Deno.readTextFile(bin);
      const again = await run(["install", "claude", "--settings", settings]);
      equal(again.code, 0, again.stderr);
      match(again.stdout, /nothing to change/);
      equal(await Deno.readTextFile(settings), text);
      equal(await Deno.readTextFile(bin), launcher);
      equal((await backups(settings)).length, 1);
    });
  });
});

Deno.test("hook-run uninstall claude removes exactly the routing and moves the hooks back", async () => {
  await withSetUp(async ({ hookgate, settings, project, run }) => {
    equal((await run(["install", "claude", "--settings", settings])).code, 0);
    // After install, the user adds a key and a hook of their own.
    const edited = await readJson(settings);
    edited.theme = "dark";
    edited.hooks.PreToolUse.push({ matcher: "Write", hooks: [{ type: "command", command: "true" }] });
    await Deno.writeTextFile(settings, JSON.stringify(edited));
    const uninstall = await run(["uninstall", "claude", "--settings", settings]);
    equal(uninstall.code, 0, uninstall.stdout + uninstall.stderr);
    match(uninstall.stdout, /removed +\d+ routing entries/);
    match(uninstall.stdout, /restored +1 hook/);
    const expected = original(project);
    deepEqual(await readJson(settings), {
      ...expected,
      hooks: {
        ...expected.hooks,
        PreToolUse: [{ matcher: "Write", hooks: [{ type: "command", command: "true" }] }, ...expected.hooks.PreToolUse],
      },
      theme: "dark",
    });
    equal(await exists(join(hookgate, "claude-hooks.json")), false);
    const again = await run(["uninstall", "claude", "--settings", settings]);
    equal(again.code, 0, again.stderr);
    match(again.stdout, /nothing to change/);
  });
});

Deno.test("hook-run install claude --keep-hooks leaves the user's hooks to Claude", async () => {
  await withSetUp(async ({ hookgate, settings, project, run }) => {
    const install = await run(["install", "claude", "--keep-hooks", "--settings", settings]);
    equal(install.code, 0, install.stderr);
    const after = await readJson(settings);
    deepEqual(after.hooks.PreToolUse[0], original(project).hooks.PreToolUse[0]);
    equal(after.hooks.PreToolUse.length, 2);
    equal(await exists(join(hookgate, "claude-hooks.json")), false);
  });
});

Deno.test("hook-run install claude leaves the hooks hookgate cannot run outside Claude in Claude's file", async () => {
  await withSetUp(async ({ hookgate, settings, project, run }) => {
    const claudeOnly = [
      { type: "mcp_tool", server: "memory", tool: "save" },
      { type: "agent", prompt: "Review the diff" },
      { type: "command", command: "Write-Host hi", shell: "powershell" },
    ];
    const before = original(project);
    const group = before.hooks.PreToolUse[0]!;
    await Deno.writeTextFile(
      settings,
      JSON.stringify({
        ...before,
        hooks: { ...before.hooks, PreToolUse: [{ ...group, hooks: [...group.hooks, ...claudeOnly] }] },
      }),
    );
    const install = await run(["install", "claude", "--settings", settings]);
    equal(install.code, 0, install.stdout + install.stderr);
    match(install.stdout, /kept +3 hooks hookgate cannot run outside Claude \(mcp_tool, agent, PowerShell\) stay/);
    const after = await readJson(settings);
    // They stay in their group, which Claude still runs beside the routing; the guard moved.
    deepEqual(after.hooks.PreToolUse[0], { matcher: "Bash", hooks: claudeOnly });
    equal(after.hooks.PreToolUse.length, 2);
    deepEqual((await readJson(join(hookgate, "claude-hooks.json"))).hooks.PreToolUse[0].hooks, [
      original(project).hooks.PreToolUse[0]!.hooks[0],
    ]);
    const again = await run(["install", "claude", "--settings", settings]);
    match(again.stdout, /nothing to change/);
    // Uninstall puts the guard back beside them: nothing was lost on the way.
    equal((await run(["uninstall", "claude", "--settings", settings])).code, 0);
    const restored = (await readJson(settings)).hooks.PreToolUse as { hooks: unknown[] }[];
    deepEqual(restored.flatMap((group) => group.hooks).length, 4);
  });
});

Deno.test("hook-run install claude --serve routes to per-event URLs, SessionStart through the gateway", async () => {
  await withSetUp(async ({ hookgate, settings, run }) => {
    const install = await run([
      "install",
      "claude",
      "--serve",
      "--port",
      "8799",
      "--token-env",
      "HOOKGATE_TOKEN",
      "--settings",
      settings,
    ]);
    equal(install.code, 0, install.stderr);
    match(install.stdout, /serve --port 8799 --token-env HOOKGATE_TOKEN/);
    const after = await readJson(settings);
    for (const event of claudeRoutedEvents()) {
      const [handler] = after.hooks[event].at(-1).hooks;
      if (event === "SessionStart" || event === "Setup") {
        deepEqual(handler, {
          type: "command",
          command: `${join(hookgate, "bin", "hook-run")} gateway`,
          timeout: 600,
          hookgate: "routing",
        });
      } else {
        deepEqual(handler, {
          type: "http",
          url: `http://127.0.0.1:8799/hooks/${event}`,
          timeout: 600,
          headers: { Authorization: "Bearer $HOOKGATE_TOKEN" },
          allowedEnvVars: ["HOOKGATE_TOKEN"],
          hookgate: "routing",
        });
      }
    }
    // Back to the gateway: the server's routing is replaced, not added to.
    equal((await run(["install", "claude", "--settings", settings])).code, 0);
    equal((await readJson(settings)).hooks.Stop.length, 1);
  });
});

Deno.test("hook-run install and uninstall refuse a settings file Claude could not read, and change nothing", async (t) => {
  const cases: [string, string, RegExp][] = [
    ["not JSON", `{"hooks": {`, /is not valid JSON/],
    ["hooks not an object", `{"hooks": []}`, /"hooks" must be an object of events/],
    ["an event that is no list", `{"hooks": {"Stop": {"command": "x"}}}`, /hooks\.Stop must be a list/],
    [
      "a hook outside a matcher group",
      `{"hooks": {"Stop": [{"command": "x"}]}}`,
      /hooks\.Stop\[0\] must be a matcher group/,
    ],
  ];
  for (const [what, text, expected] of cases) {
    await t.step(what, async () => {
      await withSetUp(async ({ hookgate, settings, run }) => {
        await Deno.writeTextFile(settings, text);
        for (const command of ["install", "uninstall"]) {
          const refused = await run([command, "claude", "--settings", settings]);
          equal(refused.code, 1, refused.stdout);
          match(refused.stderr, expected);
          match(refused.stderr, /nothing was changed/);
          equal(await Deno.readTextFile(settings), text);
          equal((await backups(settings)).length, 0);
          equal(await exists(hookgate), false, "nothing written in the hookgate home");
        }
      });
    });
  }
});

Deno.test("hook-run install claude --least-privilege builds the launcher with the derived flags, and names the fix when they fall short", async (t) => {
  await withSetUp(async ({ home, hookgate, settings, project, run }) => {
    const bin = join(hookgate, "bin", "hook-run");
    const install = await run(["install", "claude", "--least-privilege", "--settings", settings]);
    equal(install.code, 0, install.stderr);
    const launcher = await Deno.readTextFile(bin);
    await t.step("no --allow-all, and exactly the programs the moved hooks run", () => {
      equal(launcher.includes("--allow-all '"), false, launcher);
      match(launcher, /--allow-run=kill,(pkill,)?python3(,setsid)?\b/);
      match(launcher, /--allow-write=\S*hookgate\b/);
    });
    await t.step("the moved guard runs under it", async () => {
      const answer = await claudeRuns(`${bin} gateway`, RM, project, home);
      equal(JSON.parse(answer.stdout).hookSpecificOutput?.permissionDecision, "deny", answer.stdout + answer.stderr);
    });
    // The project gains a node guard the launcher was not built for.
    await Deno.mkdir(join(project, ".hookgate"));
    await Deno.writeTextFile(
      join(project, ".hookgate", "config.jsonc"),
      JSON.stringify({ hooks: { PreToolUse: [{ name: "node-guard", command: `node ${project}/.claude/guard.js` }] } }),
    );
    const trusted = { HOOKGATE_TRUST_PROJECT: "1", HOME: home };
    await t.step("check through the launcher fails, naming the hook, the flag and the rebuild", async () => {
      const check = await new Deno.Command(bin, { args: ["check"], cwd: project, env: trusted, stdout: "piped" })
        .output();
      equal(check.code, 1);
      const text = new TextDecoder().decode(check.stdout);
      match(text, /"node-guard".*add --allow-run=node .*run in the project: .*install claude --least-privilege/);
    });
    await t.step("the gateway's refusal names the flag and the rebuild", async () => {
      // A call the moved guard allows, so that the node guard's turn comes.
      const ls = { ...RM, tool_input: { command: "ls" } };
      const answer = await claudeRuns(`HOOKGATE_TRUST_PROJECT=1 ${bin} gateway`, ls, project, home);
      match(answer.stdout, /add --allow-run=node .*install claude --least-privilege/);
    });
    await t.step("rebuilding in the project adds what it needs, and keeps what was there", async () => {
      const rebuild = /HOOKGATE_LAUNCHER='([^']*)'/.exec(launcher)![1]!;
      const again = await new Deno.Command("sh", {
        args: ["-c", `${rebuild} --settings ${settings}`],
        cwd: project,
        env: { ...trusted, DENO_DIR },
        stdout: "piped",
        stderr: "piped",
      }).output();
      equal(again.code, 0, new TextDecoder().decode(again.stderr));
      const rebuilt = await Deno.readTextFile(bin);
      notEqual(rebuilt, launcher);
      match(rebuilt, /--allow-run=kill,node,(pkill,)?python3(,setsid)?\b/);
      const check = await new Deno.Command(bin, { args: ["check"], cwd: project, env: trusted, stdout: "piped" })
        .output();
      equal(check.code, 0, new TextDecoder().decode(check.stdout));
      // Rebuilt in another project, which needs no node: the launcher still serves this one.
      const other = await new Deno.Command("sh", {
        args: ["-c", `${rebuild} --settings ${settings}`],
        cwd: join(project, ".."),
        env: { ...trusted, DENO_DIR },
      }).output();
      equal(other.code, 0);
      match(await Deno.readTextFile(bin), /--allow-run=kill,node,(pkill,)?python3(,setsid)?\b/);
    });
  });
});

Deno.test("hook-run install claude --least-privilege lets the moved Claude hooks inherit the agent's environment", async () => {
  await withSetUp(async ({ home, hookgate, settings, project, run }) => {
    const seen = join(project, "seen");
    await Deno.writeTextFile(
      settings,
      JSON.stringify({
        hooks: {
          PreToolUse: [{
            matcher: "Bash",
            hooks: [{ type: "command", command: `printf '%s' "$MY_SETTING" > '${seen}'` }],
          }],
        },
      }),
    );
    const install = await run(["install", "claude", "--least-privilege", "--settings", settings]);
    equal(install.code, 0, install.stderr);
    // Said, with why: the flag has no list because the hooks inherit the whole environment.
    match(
      install.stdout,
      /--allow-env has no list: the Claude hooks hookgate runs inherit the agent's whole environment/,
    );
    const bin = join(hookgate, "bin", "hook-run");
    const launcher = await Deno.readTextFile(bin);
    match(launcher, / --allow-env /);
    const ls = { ...RM, tool_input: { command: "ls" } };
    const answer = await claudeRuns(`MY_SETTING=from-the-agent ${bin} gateway`, ls, project, home);
    equal(answer.code, 0, answer.stderr);
    equal(answer.stderr, "");
    equal(await Deno.readTextFile(seen), "from-the-agent");
  });
});

Deno.test("the installed launcher records and trusts in a HOOKGATE_HOME outside ~/.config/hookgate", async () => {
  await withSetUp(async ({ home, settings, project, run }) => {
    const elsewhere = join(home, "..", "elsewhere", "hookgate");
    const env = { HOOKGATE_HOME: elsewhere };
    for (const flags of [[], ["--least-privilege"]]) {
      const install = await run(["install", "claude", ...flags, "--settings", settings], { env });
      equal(install.code, 0, install.stderr);
      const bin = join(elsewhere, "bin", "hook-run");
      await Deno.mkdir(join(project, ".hookgate"), { recursive: true });
      await Deno.writeTextFile(
        join(project, ".hookgate", "config.jsonc"),
        `{"hooks": {"Stop": [{"command": "true"}]}}`,
      );
      const trust = await new Deno.Command(bin, {
        args: ["trust", "--yes"],
        cwd: project,
        env: { HOME: home },
        stdout: "piped",
      })
        .output();
      equal(trust.code, 0, new TextDecoder().decode(trust.stdout));
      ok(await exists(join(elsewhere, "trust.json")));
      const record = join(elsewhere, "events.jsonl");
      const answer = await claudeRuns(`${bin} gateway --record ${record}`, { hook_event_name: "Stop" }, project, home);
      equal(answer.code, 0, answer.stderr);
      ok((await Deno.readTextFile(record)).includes('"Stop"'));
      await Deno.remove(join(project, ".hookgate"), { recursive: true });
      await Deno.remove(record);
    }
  });
});

Deno.test("hook-run install bundles the CLI with the options of deno task bundle", () => {
  deepEqual([...BUNDLE_OPTIONS], bundleFlags);
});

Deno.test("hook-run install claude leaves a user's hooks that call a local /hooks URL in Claude's file, and uninstall keeps them", async (t) => {
  await withSetUp(async ({ hookgate, settings, project, run }) => {
    // A local policy service of the user's own: an HTTP hook, curl and wget.
    const policy = {
      matcher: "Bash",
      hooks: [
        { type: "http", url: "http://127.0.0.1:9911/hooks/PreToolUse", timeout: 5 },
        { type: "command", command: "curl -sf --data-binary @- http://localhost:9911/hooks || exit 2" },
        { type: "command", command: "wget -qO- --post-file=/dev/stdin http://127.0.0.1:9911/hooks/PreToolUse" },
      ],
    };
    const before = original(project);
    const written = { ...before, hooks: { ...before.hooks, PreToolUse: [...before.hooks.PreToolUse, policy] } };
    await Deno.writeTextFile(settings, JSON.stringify(written, null, 2));
    const install = await run(["install", "claude", "--settings", settings]);
    equal(install.code, 0, install.stdout + install.stderr);
    await t.step("they stay where they were, beside the routing, and install says so", async () => {
      match(install.stdout, /kept +3 hooks calling a local \/hooks URL .* stay in Claude's file/);
      const after = await readJson(settings);
      deepEqual(after.hooks.PreToolUse[0], policy);
      equal(after.hooks.PreToolUse[1].hooks[0].hookgate, "routing");
      equal(after.hooks.PreToolUse.length, 2);
      // The guard moved, alone.
      deepEqual((await readJson(join(hookgate, "claude-hooks.json"))).hooks.PreToolUse, before.hooks.PreToolUse);
    });
    await t.step("a second install changes nothing", async () => {
      match((await run(["install", "claude", "--settings", settings])).stdout, /nothing to change/);
    });
    await t.step("uninstall removes only the routing: the user's hooks are all there again", async () => {
      const uninstall = await run(["uninstall", "claude", "--settings", settings]);
      equal(uninstall.code, 0, uninstall.stdout + uninstall.stderr);
      const after = await readJson(settings);
      deepEqual(after.hooks.PreToolUse, [policy, ...before.hooks.PreToolUse]);
      deepEqual({ ...after, hooks: {} }, { ...written, hooks: {} });
      deepEqual(after.hooks.WorktreeCreate, before.hooks.WorktreeCreate);
    });
  });
});

Deno.test("hook-run install and uninstall take an unmarked entry for an earlier install's routing only when it is exactly that", async () => {
  await withSetUp(async ({ hookgate, settings, run }) => {
    const bin = join(hookgate, "bin", "hook-run");
    // As installs wrote the routing before they marked it.
    const earlier = { type: "command", command: `${bin} gateway`, timeout: 600 };
    const earlierServe = { type: "http", url: "http://127.0.0.1:8787/hooks/Stop", timeout: 600 };
    // The user's own, written by hand: not what install wrote.
    const mine = {
      matcher: "Bash",
      hooks: [{ type: "command", command: `${bin} gateway`, timeout: 30 }, {
        type: "command",
        command: "hook-run gateway",
      }],
    };
    await Deno.writeTextFile(
      settings,
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [earlier] }, mine], Stop: [{ hooks: [earlierServe] }] } }),
    );
    const install = await run(["install", "claude", "--settings", settings]);
    equal(install.code, 0, install.stdout + install.stderr);
    match(install.stdout, /replaced +2 earlier routing entries/);
    match(install.stdout, /note +2 moved hooks route to hookgate itself .*uninstall puts it back/);
    const after = await readJson(settings);
    for (const event of ["PreToolUse", "Stop"]) {
      deepEqual(after.hooks[event], [{ hooks: [{ ...earlier, hookgate: "routing" }] }], event);
    }
    deepEqual((await readJson(join(hookgate, "claude-hooks.json"))).hooks.PreToolUse, [mine]);
    const uninstall = await run(["uninstall", "claude", "--settings", settings]);
    equal(uninstall.code, 0, uninstall.stdout + uninstall.stderr);
    deepEqual(await readJson(settings), { hooks: { PreToolUse: [mine] } });
  });
});

Deno.test({
  name: "hook-run install and uninstall keep the settings file's mode, and write the moved hooks 0600",
  ignore: Deno.build.os === "windows",
  async fn(t) {
    const modeOf = async (path: string) => (await Deno.stat(path)).mode! & 0o777;
    for (const mode of [0o600, 0o640]) {
      await t.step(`a settings file with mode ${mode.toString(8)}`, async () => {
        await withSetUp(async ({ hookgate, settings, project, run }) => {
          // API keys in "env": the reason a user keeps it private.
          await Deno.writeTextFile(settings, JSON.stringify({ ...original(project), env: { API_KEY: "secret" } }));
          await Deno.chmod(settings, mode);
          equal((await run(["install", "claude", "--settings", settings])).code, 0);
          equal(await modeOf(settings), mode);
          const [backup] = await backups(settings);
          equal(await modeOf(join(settings, "..", backup!.name)), mode, "the backup has the file's mode");
          equal(await modeOf(join(hookgate, "claude-hooks.json")), 0o600);
          equal((await run(["uninstall", "claude", "--settings", settings])).code, 0);
          equal(await modeOf(settings), mode);
        });
      });
    }
    await t.step("a settings file install creates holds hooks: 0600", async () => {
      await withSetUp(async ({ settings, run }) => {
        await Deno.remove(settings);
        equal((await run(["install", "claude", "--settings", settings])).code, 0);
        equal(await modeOf(settings), 0o600);
      });
    });
  },
});

Deno.test({
  name: "hook-run install and uninstall write a linked settings file through its link, and refuse a link to nothing",
  ignore: Deno.build.os === "windows",
  async fn(t) {
    await t.step("the link stays; the file it points to, and its backup, are written beside each other", async () => {
      await withSetUp(async ({ home, settings, run }) => {
        const dotfiles = join(home, "dotfiles");
        await Deno.mkdir(dotfiles);
        const target = join(dotfiles, "claude-settings.json");
        const before = await Deno.readTextFile(settings);
        await Deno.rename(settings, target);
        await Deno.symlink("../dotfiles/claude-settings.json", settings);
        const install = await run(["install", "claude", "--settings", settings]);
        equal(install.code, 0, install.stdout + install.stderr);
        ok((await Deno.lstat(settings)).isSymlink, "still a link");
        equal(await Deno.readLink(settings), "../dotfiles/claude-settings.json");
        equal((await readJson(target)).hooks.PreToolUse[0].hooks[0].hookgate, "routing");
        const [backup] = (await Array.fromAsync(Deno.readDir(dotfiles))).filter((e) => e.name.includes("backup"));
        equal(await Deno.readTextFile(join(dotfiles, backup!.name)), before);
        deepEqual((await Array.fromAsync(Deno.readDir(join(settings, "..")))).map((e) => e.name), ["settings.json"]);
        equal((await run(["uninstall", "claude", "--settings", settings])).code, 0);
        ok((await Deno.lstat(settings)).isSymlink, "still a link after uninstall");
        deepEqual(await readJson(target), JSON.parse(before));
      });
    });
    await t.step("a link to a file that does not exist is refused, and nothing is written", async () => {
      await withSetUp(async ({ hookgate, settings, run }) => {
        await Deno.remove(settings);
        await Deno.symlink("../dotfiles/missing.json", settings);
        for (const command of ["install", "uninstall"]) {
          const refused = await run([command, "claude", "--settings", settings]);
          equal(refused.code, 1, refused.stdout);
          match(refused.stderr, /is a symbolic link to \.\.\/dotfiles\/missing\.json.*nothing was changed/);
          ok((await Deno.lstat(settings)).isSymlink);
          equal(await exists(hookgate), false, "nothing written in the hookgate home");
        }
      });
    });
  },
});

Deno.test("hook-run install claude keeps an edit made to the settings file while it builds the launcher", async () => {
  await withSetUp(async ({ home, settings, project }) => {
    const tmp = join(home, "tmp");
    await Deno.mkdir(tmp);
    const child = hookRunCommand(["install", "claude", "--settings", settings], {
      home,
      cwd: project,
      stdin: "null",
      stdout: "piped",
      env: { DENO_DIR, TMPDIR: tmp },
    }).spawn();
    // The bundle being built (its temporary file in TMPDIR) takes most of a second: edit the file then.
    let building = false;
    for (let i = 0; i < 6000 && !building; i++) {
      building = (await Array.fromAsync(Deno.readDir(tmp))).some((entry) => entry.name.startsWith("hook-run-"));
      if (!building) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const edited = await readJson(settings);
    edited.theme = "dark";
    await Deno.writeTextFile(settings, JSON.stringify(edited, null, 2));
    const { code, stdout, stderr } = await child.output();
    equal(code, 0, new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr));
    ok(building, "the install was seen building its bundle");
    const after = await readJson(settings);
    equal(after.theme, "dark", "the edit made meanwhile is kept");
    equal(after.hooks.PreToolUse.at(-1).hooks[0].hookgate, "routing");
  });
});
