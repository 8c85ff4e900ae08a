// loadHooks(): every path form, a broken module among good ones, duplicates,
// and load order — which is the order their handlers run in.

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { HookRegistry, HookRunner } from "../../mod.ts";
import { discoverAndLoadHooks, ExtensionHost, loadHooks } from "../../src/extensions/mod.ts";

/** A module that records its name when turn_start runs. */
function recorder(name: string): string {
  return `export default function (api) {
  api.on("turn_start", (event) => { event.seen.push(${JSON.stringify(name)}); });
}
`;
}

async function withModules(
  files: Record<string, string>,
  test: (dir: string, host: ExtensionHost, seen: () => Promise<string[]>) => Promise<void>,
): Promise<void> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-ext-" }));
  const registry = new HookRegistry();
  const host = new ExtensionHost({ registry });
  const runner = new HookRunner({ registry });
  try {
    for (const [name, text] of Object.entries(files)) {
      await Deno.mkdir(join(dir, name, ".."), { recursive: true });
      await Deno.writeTextFile(join(dir, name), text);
    }
    await test(dir, host, async () => {
      const seen: string[] = [];
      await runner.emit("turn_start", { turnIndex: 0, seen } as never, { cwd: dir });
      return seen;
    });
  } finally {
    host.unloadAll();
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("loadHooks() resolves absolute, ~ and relative paths, and loads in the given order", async () => {
  await withModules({
    "a.ts": recorder("a"),
    "home/b.ts": recorder("b"),
    "sub/c.js": recorder("c"),
  }, async (dir, host, seen) => {
    const result = await loadHooks(["sub/c.js", join(dir, "a.ts"), "~/b.ts"], dir, {
      host,
      homeDir: join(dir, "home"),
    });
    deepEqual(result.errors, []);
    deepEqual(result.hooks, [join(dir, "sub/c.js"), join(dir, "a.ts"), join(dir, "home/b.ts")]);
    deepEqual(await seen(), ["c", "a", "b"]);
  });
});

Deno.test("loadHooks() reports each broken module with why, and loads the rest", async () => {
  await withModules({
    "good.ts": recorder("good"),
    "syntax.ts": "export default (api => {",
    "nodefault.ts": "export const x = 1;",
    "number.ts": "export default 42;",
    "throws.ts": `export default (api) => { api.on("turn_start", () => {}); throw new Error("factory broke"); };`,
    "badimport.ts": `import "./nowhere.ts";\nexport default () => {};`,
    "last.ts": recorder("last"),
  }, async (dir, host, seen) => {
    const result = await loadHooks(
      ["good.ts", "syntax.ts", "nodefault.ts", "number.ts", "throws.ts", "badimport.ts", "missing.ts", "last.ts"],
      dir,
      { host },
    );
    deepEqual(result.hooks, [join(dir, "good.ts"), join(dir, "last.ts")]);
    const why = Object.fromEntries(result.errors.map((e) => [e.path.slice(dir.length + 1), e.error]));
    deepEqual(Object.keys(why), ["syntax.ts", "nodefault.ts", "number.ts", "throws.ts", "badimport.ts", "missing.ts"]);
    match(why["syntax.ts"]!, /^cannot be imported: /);
    match(why["nodefault.ts"]!, /it has no default export; export a factory: export default function \(api\)/);
    equal(why["number.ts"], "its default export is a number, not a factory function");
    equal(why["throws.ts"], "its factory failed: Error: factory broke");
    match(why["badimport.ts"]!, /^cannot be imported: .*nowhere\.ts/);
    equal(why["missing.ts"], "the file does not exist");
    // The failed factory's handler was removed again.
    deepEqual(await seen(), ["good", "last"]);
  });
});

Deno.test("loadHooks() loads one file once, however it is named (relative, absolute, symlink, already loaded)", async () => {
  await withModules({ "a.ts": recorder("a"), "b.ts": recorder("b") }, async (dir, host, seen) => {
    await Deno.symlink(join(dir, "a.ts"), join(dir, "link.ts"));
    const first = await loadHooks(["a.ts", join(dir, "a.ts"), "./link.ts", "b.ts", "a.ts"], dir, { host });
    deepEqual(first.hooks, [join(dir, "a.ts"), join(dir, "b.ts")]);
    const again = await loadHooks(["b.ts"], dir, { host });
    deepEqual([again.hooks, again.errors, again.host], [[], [], host]);
    deepEqual(await seen(), ["a", "b"]);
  });
});

Deno.test("loadHooks() refuses an empty path and a directory", async () => {
  await withModules({ "dir/x.ts": recorder("x") }, async (dir, host) => {
    const result = await loadHooks(["", "dir"], dir, { host });
    deepEqual(result.errors.map((e) => e.error), [
      'Cannot load extension "": expected a file path',
      "not a file",
    ]);
  });
});

Deno.test("loadHooks(paths, cwd) and discoverAndLoadHooks(configuredPaths, cwd) work as written, returning the host and a runner to emit to", async (t) => {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-ext-" }));
  const home = join(dir, "home");
  const previous = Deno.env.get("HOOKGATE_HOME");
  Deno.env.set("HOOKGATE_HOME", home);
  try {
    await Deno.writeTextFile(join(dir, "a.ts"), recorder("a"));
    await Deno.mkdir(join(home, "extensions"), { recursive: true });
    await Deno.writeTextFile(join(home, "extensions", "b.ts"), recorder("b"));
    const emitted = async (runner: HookRunner) => {
      const seen: string[] = [];
      await runner.emit("turn_start", { turnIndex: 0, seen } as never, { cwd: dir });
      return seen;
    };

    await t.step("loadHooks", async () => {
      const { hooks, errors, host, runner } = await loadHooks(["a.ts"], dir);
      deepEqual([hooks, errors], [[join(dir, "a.ts")], []]);
      deepEqual(await emitted(runner), ["a"]);
      equal(host.unloadAll(), 1);
    });
    await t.step("discoverAndLoadHooks", async () => {
      const { hooks, errors, host, runner } = await discoverAndLoadHooks(["a.ts"], dir);
      deepEqual([hooks, errors], [[join(home, "extensions", "b.ts"), join(dir, "a.ts")], []]);
      deepEqual(await emitted(runner), ["b", "a"]);
      equal(host.unloadAll(), 2);
    });
  } finally {
    if (previous === undefined) Deno.env.delete("HOOKGATE_HOME");
    else Deno.env.set("HOOKGATE_HOME", previous);
    await Deno.remove(dir, { recursive: true });
  }
});
