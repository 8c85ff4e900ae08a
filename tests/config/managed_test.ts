// The managed layer: an administrator's file, read before every other
// layer, whose hooks always run and whose rules rank first; "managedOnly"
// leaves the other layers out; a managed file others could write, or that
// cannot be read, fails closed with the reason named. An added managed
// directory only adds: the system one is always among the layers.

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { checkConfig, compilePolicy, HookRegistry } from "../../mod.ts";
import { managedLayers, systemManagedDir } from "../../src/config/mod.ts";

async function withDirs(
  fn: (dirs: { base: string; managed: string; home: string; project: string }) => Promise<void>,
): Promise<void> {
  const base = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-managed-" }));
  const managed = join(base, "managed");
  const home = join(base, "home");
  const project = join(base, "project");
  await Deno.mkdir(managed, { mode: 0o700 });
  await Deno.chmod(managed, 0o700);
  await Deno.mkdir(join(project, ".hookgate"), { recursive: true });
  await Deno.mkdir(home);
  try {
    await fn({ base, managed, home, project });
  } finally {
    await Deno.remove(base, { recursive: true });
  }
}

const GUARD = {
  PreToolUse: [{ name: "managed-guard", matcher: "bash", command: "exit 2" }],
};

async function write(path: string, value: unknown, mode = 0o644): Promise<void> {
  await Deno.writeTextFile(path, typeof value === "string" ? value : JSON.stringify(value));
  await Deno.chmod(path, mode);
}

const RM = { toolName: "Bash", toolInput: { command: "rm -r victim" } };

Deno.test("managedLayers() always lists the system file first; added directories only add", () => {
  const layers = managedLayers(["/opt/a", "/opt/b"]);
  deepEqual(layers.map((layer) => layer.path), [
    join(systemManagedDir(), "config.jsonc"),
    "/opt/a/config.jsonc",
    "/opt/b/config.jsonc",
  ]);
  equal(layers[0]?.managedExtra, undefined);
  ok(layers.slice(1).every((layer) => layer.kind === "managed" && layer.managedExtra === true));
  // Naming the system directory again adds nothing, and cannot make it an extra.
  deepEqual(managedLayers([systemManagedDir()]).map((layer) => layer.managedExtra), [undefined]);
  equal(systemManagedDir("linux"), "/etc/hookgate");
  equal(systemManagedDir("darwin"), "/Library/Application Support/hookgate");
});

Deno.test("managedLayers() adds $HOOKGATE_MANAGED_DIR beside the system directory, never instead of it", () => {
  const before = Deno.env.get("HOOKGATE_MANAGED_DIR");
  Deno.env.set("HOOKGATE_MANAGED_DIR", "/opt/x:/opt/y");
  try {
    deepEqual(managedLayers().map((layer) => layer.path), [
      join(systemManagedDir(), "config.jsonc"),
      "/opt/x/config.jsonc",
      "/opt/y/config.jsonc",
    ]);
  } finally {
    if (before === undefined) Deno.env.delete("HOOKGATE_MANAGED_DIR");
    else Deno.env.set("HOOKGATE_MANAGED_DIR", before);
  }
});

Deno.test("checkConfig() reads a managed layer first, even without default layers, its hooks policy hooks", async () => {
  await withDirs(async ({ base, managed }) => {
    await write(join(managed, "config.jsonc"), { hooks: GUARD });
    const explicit = join(base, "explicit.jsonc");
    await write(explicit, { hooks: { PreToolUse: [{ name: "mine", command: "true" }] } });
    const config = await checkConfig({ paths: [explicit], defaultLayers: false, managedDirs: [managed] });
    equal(config.ok, true, JSON.stringify(config.diagnostics));
    deepEqual(config.layers.map((layer) => [layer.kind, layer.found]), [["managed", true], ["explicit", true]]);
    deepEqual(config.hooks.PreToolUse?.map((hook) => [hook.name, hook.policy === true]), [
      ["managed-guard", true],
      ["mine", false],
    ]);
    // --no-hooks (policyOnly) keeps the managed hook.
    const registry = new HookRegistry();
    registry.loadShellHooks(config.hooks, { policyOnly: true, placeholders: [] });
    deepEqual(registry.list("PreToolUse").map((entry) => entry.name), ["managed-guard"]);
  });
});

Deno.test("checkConfig() ranks a managed deny above a trusted project's and the user's allow", async () => {
  await withDirs(async ({ managed, home, project }) => {
    await write(join(managed, "config.jsonc"), { rules: { deny: ["Bash(rm *)"] } });
    await write(join(home, "config.jsonc"), { rules: { allow: ["Bash(rm *)"] } });
    await write(join(project, ".hookgate/config.jsonc"), { rules: { allow: ["Bash(rm *)"] } });
    const config = await checkConfig({
      projectRoot: project,
      home,
      agentHome: home,
      trust: "all",
      managedDirs: [managed],
    });
    equal(config.ok, true, JSON.stringify(config.diagnostics));
    deepEqual(config.rules?.map((layer) => layer.kind), ["managed", "user", "project"]);
    const decision = compilePolicy(config.rules ?? []).decide({ ...RM, cwd: project, projectDir: project });
    deepEqual([decision?.list, decision?.layer.kind], ["deny", "managed"]);
  });
});

Deno.test("checkConfig() keeps an untrusted project's managed hooks and rules: they need no trust", async () => {
  await withDirs(async ({ managed, home, project }) => {
    await write(join(managed, "config.jsonc"), { hooks: GUARD, rules: { deny: ["Bash(rm *)"] } });
    await write(join(project, ".hookgate/config.jsonc"), { hooks: { PreToolUse: [{ name: "p", command: "true" }] } });
    const config = await checkConfig({ projectRoot: project, home, agentHome: home, managedDirs: [managed] });
    equal(config.project?.trusted, false);
    deepEqual(config.hooks.PreToolUse?.map((hook) => hook.name), ["managed-guard"]);
    equal(config.rules?.[0]?.trusted, undefined);
  });
});

Deno.test('checkConfig() with a managed "managedOnly": true loads no user, project, --config or agent layer, and says so', async () => {
  await withDirs(async ({ base, managed, home, project }) => {
    await write(join(managed, "config.jsonc"), { managedOnly: true, hooks: GUARD });
    await write(join(home, "config.jsonc"), { hooks: { PreToolUse: [{ name: "user", command: "true" }] } });
    await Deno.mkdir(join(home, ".gemini"));
    await write(join(home, ".gemini/settings.json"), {
      hooks: { BeforeTool: [{ hooks: [{ type: "command", command: "true" }] }] },
    });
    await write(join(project, ".hookgate/config.jsonc"), { rules: { deny: ["Bash(ls)"] } });
    const missing = join(base, "missing.jsonc");
    const config = await checkConfig({
      projectRoot: project,
      home,
      agentHome: home,
      trust: "all",
      paths: [missing],
      managedDirs: [managed],
    });
    equal(config.ok, true, JSON.stringify(config.diagnostics));
    deepEqual(config.layers.map((layer) => layer.kind), ["managed"]);
    deepEqual(config.hooks.PreToolUse?.map((hook) => hook.name), ["managed-guard"]);
    equal(config.rules, undefined);
    const note = config.diagnostics.find((d) => d.path[0] === "managedOnly");
    equal(note?.file, join(managed, "config.jsonc"));
    match(note?.message ?? "", /only the managed layers load; the user, project, --config and agents' settings/);
  });
});

Deno.test('checkConfig() ignores "managedOnly" outside a managed layer, with a warning', async () => {
  await withDirs(async ({ home, project }) => {
    await write(join(home, "config.jsonc"), { managedOnly: true });
    await write(join(project, ".hookgate/config.jsonc"), { hooks: { Stop: [{ command: "true" }] } });
    const config = await checkConfig({ projectRoot: project, home, agentHome: home, trust: "all" });
    deepEqual(config.hooks.Stop?.length, 1);
    const warning = config.diagnostics.find((d) => d.path[0] === "managedOnly");
    deepEqual([warning?.severity, warning?.file], ["warning", join(home, "config.jsonc")]);
    match(warning?.message ?? "", /is ignored here: only a managed layer/);
  });
});

/** Whether the load denies PreToolUse for the managed file, and the reason it gives. */
function failsClosed(config: Awaited<ReturnType<typeof checkConfig>>, path: string) {
  const stands = (config.placeholders ?? []).filter((p) => p.source === path);
  return {
    ok: config.ok,
    deniesPreToolUse: stands.some((p) => p.event === "PreToolUse" && p.policy && p.failurePolicy === "closed"),
    onStop: stands.some((p) => p.event === "Stop"),
    reason: config.diagnostics.find((d) => d.file === path && d.severity === "error")?.message ?? "",
  };
}

Deno.test("checkConfig() fails closed on a managed file that is broken, a dangling link, or writable by others", async (t) => {
  await withDirs(async ({ base, managed }) => {
    const file = join(managed, "config.jsonc");
    const load = () => checkConfig({ defaultLayers: false, managedDirs: [managed] });
    await t.step("a syntax error", async () => {
      await write(file, "{ not json");
      const result = failsClosed(await load(), file);
      deepEqual([result.ok, result.deniesPreToolUse, result.onStop], [false, true, false]);
    });
    await t.step("a link to nothing", async () => {
      await Deno.remove(file);
      await Deno.symlink(join(base, "gone.jsonc"), file);
      const result = failsClosed(await load(), file);
      deepEqual([result.ok, result.deniesPreToolUse, result.onStop], [false, true, false]);
      match(result.reason, /it is a link to .*gone\.jsonc, which does not exist/);
      await Deno.remove(file);
    });
    await t.step("a directory", async () => {
      await Deno.mkdir(file);
      const result = failsClosed(await load(), file);
      deepEqual([result.ok, result.deniesPreToolUse], [false, true]);
      await Deno.remove(file);
    });
    await t.step("writable by its group", async () => {
      await write(file, { hooks: GUARD }, 0o664);
      const config = await load();
      const result = failsClosed(config, file);
      deepEqual([result.ok, result.deniesPreToolUse], [false, true]);
      match(result.reason, /the managed configuration is refused: it is writable by its group \(mode 664\)/);
      // None of its hooks run: what someone else may have written is not the administrator's.
      equal(config.hooks.PreToolUse, undefined);
      await Deno.chmod(file, 0o644);
    });
    await t.step("its directory open to others", async () => {
      await Deno.chmod(managed, 0o777);
      const result = failsClosed(await load(), file);
      deepEqual([result.ok, result.deniesPreToolUse], [false, true]);
      match(result.reason, /its directory .*managed is writable by its group/);
      await Deno.chmod(managed, 0o700);
    });
    await t.step("a clean file afterwards loads", async () => {
      const config = await load();
      equal(config.ok, true, JSON.stringify(config.diagnostics));
      equal(config.hooks.PreToolUse?.[0]?.name, "managed-guard");
    });
  });
});

Deno.test({
  name: "checkConfig() refuses a managed file owned by another user",
  ignore: Deno.build.os === "windows" || !isRoot(),
  fn: async () => {
    await withDirs(async ({ managed }) => {
      const file = join(managed, "config.jsonc");
      await write(file, { hooks: GUARD });
      await Deno.chown(file, 65534, 65534);
      const result = failsClosed(await checkConfig({ defaultLayers: false, managedDirs: [managed] }), file);
      deepEqual([result.ok, result.deniesPreToolUse], [false, true]);
      match(result.reason, /it is owned by uid 65534, not by root/);
    });
  },
});

/** Whether this process is root: the owner of a file it creates (no `--allow-sys` needed). */
function isRoot(): boolean {
  const probe = Deno.makeTempFileSync({ prefix: "hookgate-uid-" });
  try {
    return Deno.statSync(probe).uid === 0;
  } finally {
    Deno.removeSync(probe);
  }
}
