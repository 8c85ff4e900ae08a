// `hook-run install claude --managed`: the routing merged into Claude Code's
// managed settings (a file given with --managed-settings here) after a
// backup, the administrator's own hooks left in place, a new file readable
// by every user's Claude, a system launcher that leaves each user's
// HOOKGATE_HOME alone; `uninstall claude --managed` takes out only the
// routing.

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli } from "./_cli.ts";

const ADMIN_HOOK = { matcher: "Bash", hooks: [{ type: "command", command: "/opt/guard.sh" }] };

Deno.test("hook-run install claude --managed merges the routing into the managed file and keeps its own hooks", async () => {
  const base = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-install-managed-" }));
  try {
    const settings = join(base, "claude-code", "managed-settings.json");
    const launcherDir = join(base, "lib", "hookgate");
    await Deno.mkdir(join(base, "claude-code"));
    const before = { allowManagedHooksOnly: false, hooks: { PreToolUse: [ADMIN_HOOK] } };
    await Deno.writeTextFile(settings, JSON.stringify(before));
    await Deno.chmod(settings, 0o644);
    const args = ["--managed", "--managed-settings", settings, "--launcher-dir", launcherDir];
    const install = await cli(["install", "claude", ...args], { cwd: base });
    equal(install.code, 0, install.stdout + install.stderr);
    match(install.stdout, /backup +.*managed-settings\.json/);
    const written = JSON.parse(await Deno.readTextFile(settings));
    equal(written.allowManagedHooksOnly, false);
    // The administrator's hook stays where Claude runs it; the routing is beside it, marked.
    deepEqual(written.hooks.PreToolUse[0], ADMIN_HOOK);
    const routing = (written.hooks.PreToolUse as { hooks: { command: string; hookgate?: string }[] }[]).slice(1);
    equal(routing.length, 1);
    equal(routing[0]!.hooks[0]!.hookgate, "routing");
    equal(routing[0]!.hooks[0]!.command, `${join(launcherDir, "bin", "hook-run")} gateway`);
    equal((await Deno.stat(settings)).mode! & 0o777, 0o644);
    const script = await Deno.readTextFile(join(launcherDir, "bin", "hook-run"));
    ok(!script.includes("HOOKGATE_HOME="), script);
    equal((await Deno.stat(join(launcherDir, "hook-run.js"))).mode! & 0o044, 0o044);
    // Every user runs it: the build's directories and files are readable by all.
    const lib = join(launcherDir, "lib");
    equal((await Deno.stat(lib)).mode! & 0o055, 0o055);
    for await (const build of Deno.readDir(lib)) {
      equal((await Deno.stat(join(lib, build.name))).mode! & 0o055, 0o055);
      for await (const file of Deno.readDir(join(lib, build.name))) {
        equal((await Deno.stat(join(lib, build.name, file.name))).mode! & 0o044, 0o044, file.name);
      }
    }

    const again = await cli(["install", "claude", ...args], { cwd: base });
    match(again.stdout, /nothing to change/);

    const uninstall = await cli(["uninstall", "claude", ...args], { cwd: base });
    equal(uninstall.code, 0, uninstall.stdout + uninstall.stderr);
    deepEqual(JSON.parse(await Deno.readTextFile(settings)), before);
  } finally {
    await Deno.remove(base, { recursive: true });
  }
});

Deno.test("hook-run install claude --managed creates a managed file every user can read", async () => {
  const base = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-install-managed-" }));
  try {
    const settings = join(base, "claude-code", "managed-settings.json");
    const args = ["--managed", "--managed-settings", settings, "--launcher-dir", join(base, "lib")];
    const install = await cli(["install", "claude", ...args], { cwd: base });
    equal(install.code, 0, install.stdout + install.stderr);
    equal((await Deno.stat(settings)).mode! & 0o777, 0o644);
    const refused = await cli(["install", "claude", "--managed", "--settings", settings], { cwd: base });
    equal(refused.code, 1);
    match(refused.stderr, /--managed .* takes neither --serve, --least-privilege nor --settings/);
  } finally {
    await Deno.remove(base, { recursive: true });
  }
});
