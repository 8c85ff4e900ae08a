// A Claude Code plugin's hooks/hooks.json as a configuration layer: loaded
// with --plugin or "claudePlugins", read as Claude's loader reads it, its
// hooks given ${CLAUDE_PLUGIN_ROOT} and ${CLAUDE_PLUGIN_DATA} as Claude
// gives them.

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { checkConfig, formatDiagnostic, openHookHost, type ShellHook } from "../../mod.ts";
import { cli } from "../cli/_cli.ts";

interface Plugin extends AsyncDisposable {
  dir: string;
  /** The plugin's directory. */
  root: string;
  /** A home for the load (the user's hookgate files, and Claude's plugin data under CLAUDE_CONFIG_DIR). */
  home: string;
  claude: string;
}

/** A plugin directory `name` with `files` (relative to it), in a throwaway tree. */
async function plugin(files: Record<string, string>, at = "guard"): Promise<Plugin> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-plugin-" }));
  const root = join(dir, at);
  for (const [path, text] of Object.entries(files)) {
    await Deno.mkdir(join(root, path, ".."), { recursive: true });
    await Deno.writeTextFile(join(root, path), text);
  }
  await Deno.mkdir(root, { recursive: true });
  const home = join(dir, "home");
  await Deno.mkdir(home);
  return {
    dir,
    root,
    home,
    claude: join(home, ".claude"),
    [Symbol.asyncDispose]: () => Deno.remove(dir, { recursive: true }),
  };
}

const GUARD_PLUGIN = {
  ".claude-plugin/plugin.json": JSON.stringify({ name: "guard", version: "1.0.0" }),
  "hooks/hooks.json": JSON.stringify({
    description: "Blocks rm -rf, remembers what it saw",
    hooks: {
      PreToolUse: [{
        matcher: "Bash",
        hooks: [
          { type: "command", command: "python3 ${CLAUDE_PLUGIN_ROOT}/hooks/guard.py" },
          { type: "command", command: "node", args: ["${CLAUDE_PLUGIN_ROOT}/hooks/x.js", "${CLAUDE_PLUGIN_DATA}"] },
        ],
      }],
      Stop: [{ hooks: [{ type: "command", command: 'echo "$CLAUDE_PLUGIN_ROOT" > "$CLAUDE_PLUGIN_DATA/seen"' }] }],
    },
  }),
};

Deno.test("checkConfig() loads a Claude Code plugin's hooks, its placeholders substituted and exported as Claude does", async () => {
  await using p = await plugin(GUARD_PLUGIN);
  const previous = Deno.env.get("CLAUDE_CONFIG_DIR");
  Deno.env.set("CLAUDE_CONFIG_DIR", p.claude);
  try {
    const config = await checkConfig({ defaultLayers: false, plugins: [p.root] });
    deepEqual(config.diagnostics.map(formatDiagnostic), []);
    const data = join(p.claude, "plugins", "data", "guard-inline");
    const layer = config.layers.find((l) => l.kind === "plugin")!;
    deepEqual(layer.plugin, { root: p.root, name: "guard", data });
    equal(layer.path, join(p.root, "hooks", "hooks.json"));
    const [shell, exec] = config.hooks.PreToolUse! as ShellHook[];
    equal(shell!.command, `python3 ${p.root}/hooks/guard.py`);
    deepEqual(exec!.args, [`${p.root}/hooks/x.js`, data]);
    deepEqual(exec!.env, { CLAUDE_PLUGIN_ROOT: p.root, CLAUDE_PLUGIN_DATA: data });
    equal(config.hooks.Stop?.[0]?.dialect, "claude");
    // Claude creates the data directory when a hook refers to it: so does hookgate.
    ok((await Deno.stat(data)).isDirectory);
  } finally {
    if (previous === undefined) Deno.env.delete("CLAUDE_CONFIG_DIR");
    else Deno.env.set("CLAUDE_CONFIG_DIR", previous);
  }
});

Deno.test("checkConfig() reads an empty hooks.json, [] and {} as no hooks, where Claude's loader fails", async (t) => {
  for (const text of ["", "  \n", "[]", "{}", "{ }"]) {
    await t.step(JSON.stringify(text), async () => {
      await using p = await plugin({ "hooks/hooks.json": text });
      const config = await checkConfig({ defaultLayers: false, plugins: [p.root] });
      equal(config.ok, true);
      deepEqual(config.diagnostics, []);
      deepEqual(config.hooks, {});
      deepEqual(config.placeholders, []);
    });
  }
  await t.step("a plugin without hooks at all", async () => {
    await using p = await plugin({ "README.md": "skills only" });
    const config = await checkConfig({ defaultLayers: false, plugins: [p.root] });
    equal(config.ok, true);
  });
});

Deno.test("checkConfig() refuses a plugin's events without the hooks wrapper, as Claude does, naming the fix", async () => {
  await using p = await plugin({
    "hooks/hooks.json": JSON.stringify({ PreToolUse: [{ hooks: [{ type: "command", command: "true" }] }] }),
  });
  const config = await checkConfig({ defaultLayers: false, plugins: [p.root] });
  equal(config.ok, false);
  match(formatDiagnostic(config.diagnostics[0]!), /not wrapped in "hooks": Claude Code refuses this file/);
  equal(config.diagnostics[0]!.hint, 'wrap them: {"description": "…", "hooks": {"PreToolUse": [ … ]}}');
  deepEqual(config.hooks, {});
});

Deno.test("checkConfig() takes the plugins a user's file lists, never a project's, and says when a directory is missing", async () => {
  await using p = await plugin(GUARD_PLUGIN);
  const hookgate = join(p.home, "hookgate");
  const project = join(p.dir, "project");
  await Deno.mkdir(join(project, ".hookgate"), { recursive: true });
  await Deno.mkdir(hookgate);
  await Deno.writeTextFile(join(hookgate, "config.jsonc"), JSON.stringify({ claudePlugins: ["../../guard"] }));
  const listed = await checkConfig({ home: hookgate, projectRoot: project });
  equal(listed.hooks.PreToolUse?.length, 2, listed.diagnostics.map(formatDiagnostic).join("\n"));

  await Deno.writeTextFile(join(hookgate, "config.jsonc"), "{}");
  await Deno.writeTextFile(join(project, ".hookgate", "config.jsonc"), JSON.stringify({ claudePlugins: [p.root] }));
  const fromProject = await checkConfig({ home: hookgate, projectRoot: project, trust: "all" });
  equal(fromProject.hooks.PreToolUse, undefined);
  match(formatDiagnostic(fromProject.diagnostics[0]!), /"claudePlugins" is ignored in a project's configuration/);

  const missing = await checkConfig({ defaultLayers: false, plugins: [join(p.dir, "nowhere")] });
  equal(missing.ok, false);
  match(formatDiagnostic(missing.diagnostics[0]!), /plugin directory cannot be used: it does not exist/);
});

Deno.test("checkConfig() gives a plugin in Claude's cache the data directory Claude gives it", async () => {
  await using p = await plugin(GUARD_PLUGIN, "plugins/cache/acme-tools/guard/1.0.0");
  const previous = Deno.env.get("CLAUDE_CONFIG_DIR");
  Deno.env.set("CLAUDE_CONFIG_DIR", p.claude);
  try {
    const config = await checkConfig({ defaultLayers: false, plugins: [p.root] });
    equal(
      config.layers.find((l) => l.kind === "plugin")?.plugin?.data,
      join(p.claude, "plugins/data/guard-acme-tools"),
    );
  } finally {
    if (previous === undefined) Deno.env.delete("CLAUDE_CONFIG_DIR");
    else Deno.env.set("CLAUDE_CONFIG_DIR", previous);
  }
});

Deno.test("hook-run gateway --plugin runs a plugin's hooks with CLAUDE_PLUGIN_ROOT and CLAUDE_PLUGIN_DATA", async () => {
  await using p = await plugin({
    "hooks/hooks.json": JSON.stringify({
      hooks: {
        PreToolUse: [{
          matcher: "Bash",
          // Unquoted, as published plugins write it; exit 2 with the reason on stderr.
          hooks: [{ type: "command", command: "sh ${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh" }],
        }],
      },
    }),
    "hooks/guard.sh":
      `cat > /dev/null; echo "$CLAUDE_PLUGIN_ROOT" > "$CLAUDE_PLUGIN_DATA/root"; echo 'blocked by the plugin' >&2; exit 2\n`,
  });
  const run = await cli(["gateway", "--plugin", p.root], {
    home: p.home,
    cwd: p.dir,
    stdin: JSON.stringify({
      hook_event_name: "PreToolUse",
      cwd: p.dir,
      tool_name: "Bash",
      tool_input: { command: "ls" },
    }),
    env: { CLAUDE_CONFIG_DIR: p.claude },
  });
  equal(run.code, 0, run.stderr);
  equal(JSON.parse(run.stdout).hookSpecificOutput.permissionDecisionReason, "blocked by the plugin");
  equal(await Deno.readTextFile(join(p.claude, "plugins/data/guard-inline/root")), `${p.root}\n`);
  const check = await cli(["check", "--plugin", p.root], { home: p.home, cwd: p.dir });
  equal(check.code, 0, check.stdout + check.stderr);
  match(check.stdout, /ok: 1 hook/);
});

Deno.test("a plugin's copy of a settings hook runs beside it, as in Claude, which dedupes only settings files", async () => {
  const log = (p: Plugin) => `echo run >> '${join(p.dir, "runs.log")}'`;
  await using p = await plugin({});
  const handler = { type: "command", command: log(p) };
  await Deno.mkdir(join(p.root, "hooks"), { recursive: true });
  await Deno.writeTextFile(
    join(p.root, "hooks/hooks.json"),
    JSON.stringify({ hooks: { Stop: [{ hooks: [handler] }] } }),
  );
  const settings = join(p.dir, "settings.json");
  await Deno.writeTextFile(settings, JSON.stringify({ hooks: { Stop: [{ hooks: [handler] }, { hooks: [handler] }] } }));
  const host = await openHookHost({ defaultLayers: false, paths: [settings], plugins: [p.root], projectRoot: p.dir });
  try {
    await host.runner.stop({ cwd: p.dir });
  } finally {
    await host.close();
  }
  // The settings' two copies run once; the plugin's copy runs too.
  equal(await Deno.readTextFile(join(p.dir, "runs.log")), "run\nrun\n");
});
