// The gateway's memo is only as good as its read log: a file or variable
// the configuration's loading reads without noting it could change while
// the memo still answers. So every file-system call Deno offers, and every
// variable asked, is watched here while the gateway's load runs — finding
// the project, then the host of every layer (managed, user, moved Claude
// hooks, a plugin, the project trusted with its hook scripts, every agent's
// project file, a layer behind a link) — and each must be in the log.

import { deepEqual, ok } from "node:assert/strict";
import { join } from "node:path";
import { closeReadLog, openReadLog } from "../../src/_internal/read_log.ts";
import { findProjectRoot } from "../../src/config/project_root.ts";
import { CLAUDE_AGENT } from "../../src/host/agent_call.ts";
import { openAgentHost } from "../../src/host/agent_host.ts";

const WATCHED = [
  "stat",
  "lstat",
  "realPath",
  "readLink",
  "readFile",
  "readTextFile",
  "readDir",
  "open",
  "statSync",
  "lstatSync",
  "realPathSync",
  "readLinkSync",
  "readFileSync",
  "readTextFileSync",
  "readDirSync",
  "openSync",
] as const;

/** Every path Deno's file-system calls were asked about, and every variable asked, while `fn` ran. */
async function watched<T>(fn: () => Promise<T>): Promise<{ value: T; paths: Set<string>; variables: Set<string> }> {
  const paths = new Set<string>();
  const variables = new Set<string>();
  const deno = Deno as unknown as Record<string, (...args: unknown[]) => unknown>;
  const originals = WATCHED.map((name) => [name, deno[name]!] as const);
  const get = Deno.env.get;
  for (const [name, original] of originals) {
    deno[name] = (path: unknown, ...rest: unknown[]) => {
      paths.add(String(path instanceof URL ? path.pathname : path));
      return original.call(Deno, path, ...rest);
    };
  }
  Deno.env.get = (name: string) => {
    variables.add(name);
    return get.call(Deno.env, name);
  };
  try {
    return { value: await fn(), paths, variables };
  } finally {
    for (const [name, original] of originals) deno[name] = original;
    Deno.env.get = get;
  }
}

/** Sets the variables for `fn`, then puts back what was there. */
async function withEnv(vars: Record<string, string>, fn: () => Promise<void>): Promise<void> {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, Deno.env.get(name)]));
  for (const [name, value] of Object.entries(vars)) Deno.env.set(name, value);
  try {
    await fn();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) Deno.env.delete(name);
      else Deno.env.set(name, value);
    }
  }
}

async function write(path: string, text: string, mode = 0o644): Promise<void> {
  await Deno.mkdir(join(path, ".."), { recursive: true });
  await Deno.writeTextFile(path, text, { mode });
  await Deno.chmod(path, mode);
}

Deno.test("every file and variable the gateway's load reads is in its read log", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-reads-" }));
  try {
    const home = join(dir, "home");
    const hookgate = join(home, ".config", "hookgate");
    const project = join(dir, "project");
    const managed = join(dir, "managed");
    const plugin = join(dir, "plugin");
    const guard = { type: "command", command: "sh .hookgate/hooks/guard.sh" };
    await Deno.mkdir(managed, { recursive: true, mode: 0o700 });
    await Deno.chmod(managed, 0o700);
    await write(join(managed, "config.jsonc"), JSON.stringify({ rules: { deny: ["Bash(rm -rf /)"] } }), 0o600);
    await write(join(dir, "linked.jsonc"), JSON.stringify({ hooks: { Stop: [{ hooks: [{ command: "true" }] }] } }));
    await Deno.mkdir(hookgate, { recursive: true });
    await Deno.symlink(join(dir, "linked.jsonc"), join(hookgate, "config.jsonc"));
    await write(
      join(hookgate, "claude-hooks.json"),
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "exit 0" }] }] } }),
    );
    await Deno.mkdir(join(hookgate, "extensions"));
    await write(
      join(plugin, "hooks", "hooks.json"),
      JSON.stringify({ hooks: { Notification: [{ hooks: [{ type: "command", command: "true" }] }] } }),
    );
    await write(join(home, ".gemini", "settings.json"), "{}");
    await write(
      join(project, ".hookgate", "config.jsonc"),
      JSON.stringify({ claudePlugins: [plugin], hooks: { PreToolUse: [{ matcher: "Bash", hooks: [guard] }] } }),
    );
    await write(join(project, ".hookgate", "hooks", "guard.sh"), "exit 0\n");
    await write(join(project, ".hookgate", "hooks", "lib.sh"), "true\n");
    await write(join(project, ".claude", "settings.json"), JSON.stringify({ hooks: {} }));
    await write(join(project, ".codex", "hooks.json"), JSON.stringify({ hooks: {} }));
    await write(join(project, ".cursor", "hooks.json"), JSON.stringify({ version: 1, hooks: {} }));
    await Deno.mkdir(join(project, ".git"));
    await Deno.mkdir(join(project, "src"));
    await withEnv({
      HOME: home,
      HOOKGATE_HOME: hookgate,
      HOOKGATE_MANAGED_DIR: managed,
      HOOKGATE_TRUST_PROJECT: "1",
      CLAUDE_PROJECT_DIR: join(project, "src"),
    }, async () => {
      openReadLog();
      const { value: log, paths, variables } = await watched(async () => {
        const found = await findProjectRoot(join(project, "src"), { agent: "claude" });
        const host = await openAgentHost(CLAUDE_AGENT, { config: [], plugins: [], extensions: [] }, found.root, {
          logger: {},
          callerProjectDir: found.start,
        });
        const log = closeReadLog()!;
        await host.close();
        // The load saw what was set up: the host has the project's guard, the plugin's hook and the managed rule.
        deepEqual(host.config.layers.filter((layer) => layer.found).length > 4, true);
        return log;
      });
      ok(paths.size > 20, `the load read ${paths.size} paths`);
      const logged = new Set(log.filter(([kind]) => kind !== "env").map(([, path]) => path));
      for (const path of paths) ok(logged.has(path), `${path} was read outside the read log`);
      const loggedVariables = new Set(log.filter(([kind]) => kind === "env").map(([, name]) => name));
      for (const name of variables) ok(loggedVariables.has(name), `$${name} was read outside the read log`);
      // The project's code was hashed for its trust: its files are in the log with what they held.
      ok(log.some(([kind, path]) => kind === "readFile" && path.endsWith("guard.sh")));
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
