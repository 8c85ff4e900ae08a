// What a load for a caller does with the files that caller runs itself: a
// --config naming one is refused (never run twice, never dropped in
// silence), and a hook `hook-run install claude` moved out of Claude's user
// settings is left to Claude wherever Claude would have run it once with an
// identical hook of its own files (Claude's de-duplication, kept across the
// move).

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { checkConfig, type ConfiguredHook } from "../../mod.ts";
import { compileClaudeMatcher } from "../../src/matchers/claude.ts";

async function withDirs(
  fn: (dirs: { base: string; home: string; agentHome: string; project: string }) => Promise<void>,
) {
  const base = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-caller-" }));
  const dirs = { base, home: join(base, "hookgate"), agentHome: join(base, "home"), project: join(base, "project") };
  for (const dir of [dirs.home, dirs.agentHome, dirs.project]) await Deno.mkdir(dir);
  try {
    await fn(dirs);
  } finally {
    await Deno.remove(base, { recursive: true });
  }
}

async function writeJson(path: string, value: unknown): Promise<void> {
  await Deno.mkdir(join(path, ".."), { recursive: true });
  await Deno.writeTextFile(path, JSON.stringify(value));
}

const command = (text: string, extra: Record<string, unknown> = {}) => ({ type: "command", command: text, ...extra });

/** Hooks as the user had them in ~/.claude/settings.json, moved to claude-hooks.json by install. */
const MOVED = {
  hooks: {
    PreToolUse: [
      { matcher: "Bash|Edit", hooks: [command("sh guard.sh")] },
      { matcher: "Bash", hooks: [command("sh git-guard.sh", { if: "Bash(git *)" })] },
      { hooks: [{ type: "http", url: "http://127.0.0.1:9/policy" }] },
      { matcher: "Write", hooks: [command("sh shelled.sh", { shell: "bash" })] },
      { matcher: "Read", hooks: [command("sh mine-only.sh")] },
    ],
    UserPromptSubmit: [{ hooks: [command("sh prompt.sh")] }],
    Stop: [{ hooks: [command("sh notify.sh")] }],
  },
};

/** The same hooks in the project's .claude/settings.json, some under other matchers, timeouts or `if`. */
const PROJECT = {
  hooks: {
    PreToolUse: [
      { matcher: "Bash", hooks: [command("sh guard.sh", { timeout: 5 })] },
      { matcher: "Bash", hooks: [command("sh git-guard.sh")] },
      { matcher: "*", hooks: [{ type: "http", url: "http://127.0.0.1:9/policy", timeout: 3 }] },
      { matcher: "Write|Edit", hooks: [command("sh shelled.sh")] },
    ],
    UserPromptSubmit: [{ matcher: "ignored", hooks: [command("sh prompt.sh")] }],
  },
};

function commands(hooks: ConfiguredHook[] | undefined): string[] {
  return (hooks ?? []).map((hook) =>
    hook.type === "http"
      ? hook.url
      : hook.type === "prompt"
      ? hook.prompt
      : [hook.command, ...hook.args ?? []].join(" ")
  );
}

Deno.test("checkConfig() for Claude runs a moved hook only where no identical hook of Claude's own files matches", async (t) => {
  await withDirs(async ({ home, agentHome, project }) => {
    await writeJson(join(home, "claude-hooks.json"), MOVED);
    await writeJson(join(project, ".claude/settings.json"), PROJECT);
    const load = (caller?: "claude" | "gemini") =>
      checkConfig({ home, agentHome, projectRoot: project, ...(caller ? { caller } : {}) });
    const config = await load("claude");
    const pre = config.hooks.PreToolUse;
    await t.step("a twin matching every call (or an event without matchers) leaves the moved copy out", () => {
      deepEqual(commands(pre), ["sh guard.sh", "sh git-guard.sh", "bash -c sh shelled.sh", "sh mine-only.sh"]);
      deepEqual(commands(config.hooks.UserPromptSubmit), []);
    });
    await t.step("a twin under a narrower matcher leaves the moved copy the calls it does not match", () => {
      const guard = compileClaudeMatcher(pre?.[0]?.matcher, "PreToolUse")!;
      deepEqual(["Bash", "Edit", "Write"].map(guard), [false, true, false]);
      const shelled = compileClaudeMatcher(pre?.[2]?.matcher, "PreToolUse")!;
      deepEqual(["Write", "Edit", "Read"].map(shelled), [false, false, false]);
    });
    await t.step("another `if`, another hook: it stays as it was, as one without a twin does", () => {
      deepEqual([pre?.[1]?.matcher, pre?.[1]?.toolRule, pre?.[3]?.matcher], ["Bash", "Bash(git *)", "Read"]);
      deepEqual(commands(config.hooks.Stop), ["sh notify.sh"]);
    });
    await t.step("for any other caller, and without one, every moved hook runs as written", async () => {
      for (const other of [await load("gemini"), await load()]) {
        equal(other.hooks.PreToolUse?.filter((hook) => hook.source === join(home, "claude-hooks.json")).length, 5);
        equal(other.hooks.PreToolUse?.[0]?.matcher, "Bash|Edit");
      }
    });
  });
});

Deno.test("checkConfig() looks for Claude's own twins in Claude's project directory when the project root is above it", async () => {
  await withDirs(async ({ home, agentHome, project }) => {
    await writeJson(join(home, "claude-hooks.json"), MOVED);
    await writeJson(join(project, "pkg/.claude/settings.local.json"), PROJECT);
    const config = await checkConfig({
      home,
      agentHome,
      projectRoot: project,
      caller: "claude",
      callerProjectDir: join(project, "pkg"),
    });
    deepEqual(commands(config.hooks.UserPromptSubmit), []);
    // The root's Claude settings are not the ones Claude runs there: nothing to de-duplicate against.
    const atRoot = await checkConfig({ home, agentHome, projectRoot: project, caller: "claude" });
    deepEqual(commands(atRoot.hooks.UserPromptSubmit), ["sh prompt.sh"]);
  });
});

Deno.test("checkConfig() refuses a --config naming a file the caller runs itself, and runs one it does not", async (t) => {
  await withDirs(async ({ base, home, agentHome, project }) => {
    const settings = { hooks: { Stop: [{ hooks: [command("sh stop.sh")] }] } };
    const projectSettings = join(project, ".claude/settings.json");
    const userSettings = join(agentHome, ".claude/settings.json");
    const teamSettings = join(base, "team/.claude/settings.json");
    for (const path of [projectSettings, userSettings, teamSettings]) await writeJson(path, settings);
    await Deno.symlink(projectSettings, join(base, "linked.json"));
    const load = (path: string, caller: "claude" | "gemini" = "claude") =>
      checkConfig({ home, agentHome, projectRoot: project, caller, paths: [path] });
    for (
      const [name, path] of [["the project's", projectSettings], ["the user's", userSettings], [
        "a link to the project's",
        join(base, "linked.json"),
      ]]
    ) {
      await t.step(`${name} settings, for Claude: refused, with the reason and the fix`, async () => {
        const config = await load(path!);
        const layer = config.layers.find((l) => l.kind === "explicit")!;
        match(layer.refused ?? "", /is Claude Code's own settings file, which Claude Code runs itself/);
        equal(config.ok, false);
        const problem = config.diagnostics.find((d) => d.file === path)!;
        match(problem.message, /each of its hooks would run twice/);
        match(problem.hint ?? "", /remove "--config /);
        equal(config.hooks.Stop, undefined);
      });
    }
    await t.step("a Claude settings file Claude does not read runs, as the user asked", async () => {
      const config = await load(teamSettings);
      equal(config.ok, true);
      equal(config.layers.find((l) => l.kind === "explicit")?.refused, undefined);
      deepEqual(commands(config.hooks.Stop), ["sh stop.sh"]);
    });
    await t.step("the project's Claude settings for Gemini CLI, which does not run them: run", async () => {
      const config = await load(projectSettings, "gemini");
      ok(config.hooks.Stop?.some((hook) => hook.source === projectSettings));
    });
  });
});
