// discoverAndLoadHooks(): the user's extensions directory, configured
// `extensions`, and a project's .hookgate/extensions/ — which loads only once
// the project is trusted, and stops counting as trusted when its code changes.

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { checkConfig, HookRegistry, HookRunner } from "../../mod.ts";
import { recordProjectTrust } from "../../src/config/mod.ts";
import { discoverAndLoadHooks, ExtensionHost } from "../../src/extensions/mod.ts";

/** A module that records its name when turn_start runs. */
const recorder = (name: string) =>
  `export default (api) => api.on("turn_start", (event) => { event.seen.push(${JSON.stringify(name)}); });\n`;

interface Fixture {
  home: string;
  project: string;
  write(path: string, text: string): Promise<void>;
  load(
    configured?: string[],
    trust?: "all",
  ): Promise<{ seen: string[]; result: Awaited<ReturnType<typeof discoverAndLoadHooks>> }>;
}

async function withFixture(test: (fixture: Fixture) => Promise<void>): Promise<void> {
  const base = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-discover-" }));
  const home = join(base, "home");
  const project = join(base, "project");
  await Deno.mkdir(home);
  await Deno.mkdir(project);
  try {
    await test({
      home,
      project,
      write: async (path, text) => {
        const full = path.startsWith("/") ? path : join(base, path);
        await Deno.mkdir(join(full, ".."), { recursive: true });
        await Deno.writeTextFile(full, text);
      },
      load: async (configured = [], trust) => {
        const registry = new HookRegistry();
        const host = new ExtensionHost({ registry });
        try {
          const result = await discoverAndLoadHooks(configured, project, { host, home, ...(trust ? { trust } : {}) });
          const seen: string[] = [];
          await new HookRunner({ registry }).emit("turn_start", { turnIndex: 0, seen } as never, { cwd: project });
          return { seen, result };
        } finally {
          host.unloadAll();
        }
      },
    });
  } finally {
    await Deno.remove(base, { recursive: true });
  }
}

Deno.test("discoverAndLoadHooks() loads user, configured and (trusted) project modules in order, each once", async () => {
  await withFixture(async ({ home, project, write, load }) => {
    await write("home/extensions/b_user.ts", recorder("user-b"));
    await write("home/extensions/a_user.js", recorder("user-a"));
    await write("home/extensions/types.d.ts", "export type X = 1;");
    await write("home/mine/listed.ts", recorder("user-listed"));
    await write("home/config.jsonc", `{ "extensions": ["mine/listed.ts", "extensions/a_user.js"] }`);
    await write("project/.hookgate/extensions/guard.ts", recorder("project"));
    await write("project/tools/extra.ts", recorder("project-listed"));
    await write("project/.hookgate/config.jsonc", `{ "extensions": ["../tools/extra.ts"] }`);
    await write("project/cli.ts", recorder("cli"));

    const untrusted = await load(["cli.ts", join(home, "extensions/a_user.js")]);
    deepEqual(untrusted.seen, ["user-a", "user-b", "user-listed", "cli"]);
    deepEqual(untrusted.result.errors, []);
    deepEqual(untrusted.result.skipped, [".hookgate/extensions/guard.ts", "tools/extra.ts"]);
    equal(untrusted.result.project?.trusted, false);

    const config = await checkConfig({ home, projectRoot: project });
    await recordProjectTrust(config.project!.snapshot, join(home, "trust.json"));
    const trusted = await load(["cli.ts"]);
    deepEqual(trusted.seen, ["user-a", "user-b", "user-listed", "project", "project-listed", "cli"]);
    deepEqual(trusted.result.skipped, []);
  });
});

Deno.test("discoverAndLoadHooks(): editing any file of the project's extension code untrusts it", async () => {
  await withFixture(async ({ home, project, write, load }) => {
    await write("project/.hookgate/extensions/guard.ts", `import { name } from "./lib/name.ts";\n${recorder("guard")}`);
    await write("project/.hookgate/extensions/lib/name.ts", `export const name = "v1";`);
    const config = await checkConfig({ home, projectRoot: project });
    deepEqual(config.project?.snapshot.extensions.map((file) => file.path), [
      ".hookgate/extensions/guard.ts",
      ".hookgate/extensions/lib/name.ts",
    ]);
    await recordProjectTrust(config.project!.snapshot, join(home, "trust.json"));
    deepEqual((await load()).seen, ["guard"]);
    // A helper the module imports changes: the project must be reviewed again.
    await write(
      "project/.hookgate/extensions/lib/name.ts",
      `export const name = "v2"; fetch("https://example.invalid");`,
    );
    const after = await load();
    deepEqual(after.seen, []);
    equal(after.result.project?.trusted, false);
    equal(after.result.project?.previous !== undefined, true);
    // For one run, the caller may vouch for the project.
    deepEqual((await load([], "all")).seen, ["guard"]);
  });
});

Deno.test("discoverAndLoadHooks() reports a broken configuration and broken modules, and loads the rest", async () => {
  await withFixture(async ({ write, load }) => {
    await write("home/extensions/ok.ts", recorder("ok"));
    await write("home/extensions/broken.ts", "export default 1;");
    const result = (await load()).result;
    deepEqual(result.hooks.map((path) => path.split("/").pop()), ["ok.ts"]);
    deepEqual(result.errors.map((e) => [e.path.split("/").pop(), e.error]), [
      ["broken.ts", "its default export is a number, not a factory function"],
    ]);
    await write("home/config.jsonc", `{ "extensions": [42] }`);
    const bad = (await load()).result;
    match(bad.errors[0]!.error, /^the configuration has an error: /);
    // Nothing of the broken file counts; the rest of the configuration (the user's directory) still loads.
    deepEqual(bad.hooks.map((path) => path.split("/").pop()), ["ok.ts"]);
  });
});

Deno.test("checkConfig() resolves each layer's extensions relative to its own file", async () => {
  await withFixture(async ({ home, project, write }) => {
    await write("elsewhere/hooks.jsonc", `{ "extensions": ["./mods/x.ts", "/abs/y.ts"] }`);
    const config = await checkConfig({ home, projectRoot: project, paths: [join(home, "../elsewhere/hooks.jsonc")] });
    deepEqual(config.extensions, [join(home, "../elsewhere/mods/x.ts"), "/abs/y.ts"]);
    const wrong = await checkConfig({
      home,
      projectRoot: project,
      defaultLayers: false,
      paths: [join(home, "../elsewhere/hooks.jsonc")],
      dialect: "native",
    });
    equal(wrong.ok, true);
    await write("elsewhere/bad.jsonc", `{ "extensions": [""] }`);
    const empty = await checkConfig({ defaultLayers: false, paths: [join(home, "../elsewhere/bad.jsonc")] });
    equal(empty.ok, false);
    equal(empty.diagnostics[0]!.message, `"extensions[0]" must not be empty`);
  });
});

Deno.test("discoverAndLoadHooks() does not load a link added to a trusted project's extensions directory", async () => {
  await withFixture(async ({ home, project, write, load }) => {
    await write("project/.hookgate/extensions/guard.ts", recorder("guard"));
    await write("elsewhere/evil.ts", recorder("evil"));
    const config = await checkConfig({ home, projectRoot: project });
    await recordProjectTrust(config.project!.snapshot, join(home, "trust.json"));
    deepEqual((await load()).seen, ["guard"]);
    // A git pull is enough to bring a link in.
    await Deno.symlink("../../../elsewhere/evil.ts", join(project, ".hookgate/extensions/evil.ts"));
    const after = await load();
    deepEqual(after.seen, []);
    equal(after.result.project?.trusted, false);
  });
});
