// A layer file that is there but cannot be read — a link leading nowhere, a
// directory, a directory on its way that is such a link — is a broken layer:
// it stands for what it might have held and denies the gating events (never
// Stop), the reason named. Only nothing at the path is "no configuration".

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { checkConfig } from "../../mod.ts";
import { readTrustStore } from "../../src/config/mod.ts";

async function withDirs(fn: (base: string, home: string, agentHome: string, project: string) => Promise<void>) {
  const base = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-broken-" }));
  const home = join(base, "hookgate-home");
  const agentHome = join(base, "home");
  const project = join(base, "project");
  for (const dir of [home, agentHome, project]) await Deno.mkdir(dir);
  try {
    await fn(base, home, agentHome, project);
  } finally {
    await Deno.remove(base, { recursive: true });
  }
}

/** Puts a link to a missing file at `path` (its directory made first). */
async function dangle(path: string, base: string): Promise<string> {
  await Deno.mkdir(join(path, ".."), { recursive: true });
  const target = join(base, "gone", "file.json");
  await Deno.symlink(target, path);
  return target;
}

/** What the load made of the layer at `path`, and whether its stand-ins deny PreToolUse and stay off Stop. */
function brokenLayer(config: Awaited<ReturnType<typeof checkConfig>>, path: string) {
  const layer = config.layers.find((l) => l.path === path);
  const stands = (config.placeholders ?? []).filter((p) => p.source === path);
  return {
    found: layer?.found,
    unreadable: layer?.unreadable,
    ok: config.ok,
    deniesPreToolUse: stands.some((p) => p.event === "PreToolUse" && p.failurePolicy === "closed"),
    onStop: stands.some((p) => p.event === "Stop"),
    message: config.diagnostics.find((d) => d.file === path)?.message,
  };
}

Deno.test("checkConfig() reads a layer file that is a link leading nowhere as broken, never as absent", async (t) => {
  await withDirs(async (base, home, agentHome, project) => {
    const cases: [string, string, Record<string, unknown>][] = [
      ["the user file", join(home, "config.jsonc"), {}],
      ["the moved Claude hooks", join(home, "claude-hooks.json"), {}],
      ["Gemini CLI's user settings", join(agentHome, ".gemini/settings.json"), {}],
      ["the project file, once trusted", join(project, ".hookgate/config.jsonc"), { trust: "all" }],
      ["Claude's project settings, for another caller", join(project, ".claude/settings.json"), {
        trust: "all",
        caller: "gemini",
      }],
      ["a --config file", join(base, "explicit.jsonc"), { paths: [join(base, "explicit.jsonc")] }],
    ];
    for (const [name, path, options] of cases) {
      await t.step(name, async () => {
        const target = await dangle(path, base);
        try {
          const config = await checkConfig({ home, agentHome, projectRoot: project, ...options });
          const broken = brokenLayer(config, path);
          deepEqual(
            { ...broken, message: undefined },
            {
              found: true,
              unreadable: `it is a link to ${target}, which does not exist`,
              ok: false,
              deniesPreToolUse: true,
              onStop: false,
              message: undefined,
            },
          );
          equal(broken.message, `the file cannot be read: it is a link to ${target}, which does not exist`);
        } finally {
          await Deno.remove(path);
        }
      });
    }
  });
});

Deno.test("checkConfig() reads a layer under a directory that is a link leading nowhere as broken", async () => {
  await withDirs(async (base, _home, agentHome, project) => {
    // $HOOKGATE_HOME itself moved away under a dotfiles link.
    const home = join(base, "linked-home");
    await Deno.symlink(join(base, "dotfiles", "hookgate"), home);
    const config = await checkConfig({ home, agentHome, projectRoot: project });
    const broken = brokenLayer(config, join(home, "config.jsonc"));
    equal(broken.found, true);
    equal(
      broken.unreadable,
      `its directory ${home} is a link to ${join(base, "dotfiles", "hookgate")}, which does not exist`,
    );
    equal(broken.deniesPreToolUse, true);
  });
});

Deno.test("checkConfig() reads a directory where a layer file should be as broken, the reason named", async () => {
  await withDirs(async (_base, home, agentHome, project) => {
    await Deno.mkdir(join(home, "config.jsonc"));
    const config = await checkConfig({ home, agentHome, projectRoot: project });
    const broken = brokenLayer(config, join(home, "config.jsonc"));
    deepEqual([broken.found, broken.unreadable, broken.deniesPreToolUse], [
      true,
      "it is a directory, not a file",
      true,
    ]);
  });
});

Deno.test("checkConfig() takes nothing at a layer's path, in real directories, for no configuration", async () => {
  await withDirs(async (_base, home, agentHome, project) => {
    const config = await checkConfig({ home, agentHome, projectRoot: project });
    equal(config.ok, true);
    deepEqual(config.placeholders ?? [], []);
    ok(config.layers.every((layer) => !layer.found && layer.unreadable === undefined));
  });
});

Deno.test("readTrustStore() refuses a trust file that is a link leading nowhere: what was trusted cannot be known", async () => {
  await withDirs(async (base, home) => {
    const target = await dangle(join(home, "trust.json"), base);
    let message = "";
    await readTrustStore(join(home, "trust.json")).catch((error) => message = error.message);
    match(message, new RegExp(`it is a link to ${target}, which does not exist`));
  });
});

Deno.test("checkConfig() counts an extension directory that is a link leading nowhere as a load problem that denies", async () => {
  await withDirs(async (base, home, agentHome, project) => {
    await Deno.symlink(join(base, "gone"), join(home, "extensions"));
    const config = await checkConfig({ home, agentHome, projectRoot: project });
    equal(config.ok, false);
    match(config.diagnostics.map((d) => d.message).join("\n"), /extensions.*is a link to .*gone, which does not exist/);
    ok((config.placeholders ?? []).some((p) => p.event === "PreToolUse"));
  });
});
