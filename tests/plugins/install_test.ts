import { deepEqual, equal, match, ok, rejects, throws } from "node:assert/strict";
import { HookRegistry, type Plugin, type PluginAPI, PluginHost } from "../../mod.ts";
import { delay, memoryLogger } from "../_helpers.ts";

/** A plugin that records its setup in `log` and registers one Stop hook. */
function recorded(log: string[], name: string, extra: Partial<Plugin> = {}): Plugin {
  return {
    name,
    setup(api) {
      log.push(name);
      api.registerHook("Stop", undefined, () => {});
    },
    ...extra,
  };
}

Deno.test("PluginHost.install() sets plugins up in dependency order, ties in the given order", async (t) => {
  await t.step("no dependencies: the given order", async () => {
    const log: string[] = [];
    const host = new PluginHost(new HookRegistry());
    const report = await host.install(["c", "a", "b"].map((name) => recorded(log, name)));
    deepEqual(log, ["c", "a", "b"]);
    deepEqual(report, { installed: ["c", "a", "b"], failed: [] });
    deepEqual(host.installed, ["c", "a", "b"]);
  });

  await t.step("dependsOn first; among ready plugins the earlier given goes first", async () => {
    const log: string[] = [];
    const host = new PluginHost(new HookRegistry());
    await host.install([
      recorded(log, "app", { dependsOn: ["db", "log"] }),
      recorded(log, "db", { dependsOn: ["log"] }),
      recorded(log, "other"),
      recorded(log, "log"),
    ]);
    deepEqual(log, ["other", "log", "db", "app"]);
  });

  await t.step("an optional dependency orders only when it is in the batch", async () => {
    const log: string[] = [];
    const host = new PluginHost(new HookRegistry());
    await host.install([recorded(log, "b", { optionalDeps: ["a"] }), recorded(log, "a")]);
    deepEqual(log, ["a", "b"]);
    const alone: string[] = [];
    const report = await new PluginHost(new HookRegistry()).install([
      recorded(alone, "b", { optionalDeps: ["absent"] }),
    ]);
    deepEqual(report.installed, ["b"]);
    deepEqual(alone, ["b"]);
  });

  await t.step("a dependency installed earlier satisfies a later batch", async () => {
    const log: string[] = [];
    const host = new PluginHost(new HookRegistry());
    await host.install([recorded(log, "a")]);
    const report = await host.install([recorded(log, "b", { dependsOn: ["a"] })]);
    deepEqual(report.installed, ["b"]);
    deepEqual(host.installed, ["a", "b"]);
  });
});

Deno.test("PluginHost.install() refuses a dependency cycle, naming it, and installs nothing", async (t) => {
  const cases: [string, Plugin[], string][] = [
    ["two plugins", [
      { name: "a", dependsOn: ["b"], setup() {} },
      { name: "b", dependsOn: ["a"], setup() {} },
    ], 'Cannot install plugins: dependency cycle "a" → "b" → "a"'],
    ["through an optional dependency, behind a plugin outside the cycle", [
      { name: "free", setup() {} },
      { name: "x", dependsOn: ["y"], setup() {} },
      { name: "y", optionalDeps: ["z"], setup() {} },
      { name: "z", dependsOn: ["x"], setup() {} },
    ], 'Cannot install plugins: dependency cycle "x" → "y" → "z" → "x"'],
    [
      "a plugin depending on itself",
      [{ name: "self", dependsOn: ["self"], setup() {} }],
      'dependency cycle "self" → "self"',
    ],
  ];
  for (const [label, plugins, message] of cases) {
    await t.step(label, async () => {
      const registry = new HookRegistry();
      const host = new PluginHost(registry);
      const setUp: string[] = [];
      const spied = plugins.map((plugin) => ({ ...plugin, setup: () => void setUp.push(plugin.name) }));
      await rejects(host.install(spied), (error: Error) => {
        ok(error instanceof TypeError);
        ok(error.message.includes(message), error.message);
        return true;
      });
      deepEqual(setUp, []);
      deepEqual(host.installed, []);
    });
  }
});

Deno.test("PluginHost.install() refuses a missing required dependency and installs nothing", async () => {
  const registry = new HookRegistry();
  const host = new PluginHost(registry);
  const log: string[] = [];
  await rejects(
    host.install([recorded(log, "c"), recorded(log, "b", { dependsOn: ["a"] })]),
    {
      name: "TypeError",
      message: 'Cannot install plugins: "b" depends on "a", which is neither installed nor being installed',
    },
  );
  deepEqual(log, []);
  equal(registry.all().length, 0);
  deepEqual(host.installed, []);
});

Deno.test("PluginHost.install() refuses malformed plugins, repeated and taken names with TypeErrors", async (t) => {
  const registry = new HookRegistry();
  const host = new PluginHost(registry);
  await host.install([{ name: "taken", setup() {} }]);
  registry.registerInProcess("Stop", undefined, () => {}, "someone-else");
  const cases: [string, unknown, string][] = [
    ["not an array", { name: "a", setup() {} }, "Cannot install plugins: expected an array of plugins, got an object"],
    ["not an object", ["a"], "Cannot install plugins: plugin #1 must be an object, got a string"],
    ["no name", [{ setup() {} }], 'Cannot install plugins: plugin #1 needs a non-empty string "name", got undefined'],
    ["no setup", [{ name: "a" }], 'Cannot install plugin "a": "setup" must be a function, got undefined'],
    ["bad teardown", [{ name: "a", setup() {}, teardown: 1 }], '"teardown" must be a function when given'],
    ["bad dependsOn", [{ name: "a", setup() {}, dependsOn: "b" }], '"dependsOn" must be an array of plugin names'],
    ["bad optionalDeps", [{ name: "a", setup() {}, optionalDeps: [1] }], '"optionalDeps" must be an array'],
    ["bad capabilities", [{ name: "a", setup() {}, capabilities: true }], '"capabilities" must be an object'],
    ["bad capabilities.hooks", [{ name: "a", setup() {}, capabilities: { hooks: "yes" } }], '"capabilities.hooks"'],
    ["bad capabilities.pipelines", [{ name: "a", setup() {}, capabilities: { pipelines: "x" } }], "pipelines"],
    [
      "a name given twice",
      [{ name: "a", setup() {} }, { name: "b", setup() {} }, { name: "a", setup() {} }],
      'Cannot install plugins: "a" is given twice (plugins #1 and #3)',
    ],
    ["an installed name", [{ name: "taken", setup() {} }], 'Cannot install plugin "taken": a plugin of that name is'],
    ["a name that owns other hooks", [{ name: "someone-else", setup() {} }], 'hooks owned by "someone-else"'],
  ];
  for (const [label, plugins, message] of cases) {
    await t.step(label, async () => {
      let ran = false;
      const good: Plugin = { name: "good", setup: () => void (ran = true) };
      const batch = Array.isArray(plugins) ? [good, ...plugins] : plugins;
      await rejects(host.install(batch as Plugin[]), (error: Error) => {
        ok(error instanceof TypeError, String(error));
        ok(
          error.message.includes(message.replace("plugin #1", "plugin #2").replace("#1 and #3", "#2 and #4")),
          error.message,
        );
        return true;
      });
      equal(ran, false, "nothing is set up when the batch is refused");
    });
  }
  deepEqual(host.installed, ["taken"]);
});

Deno.test("PluginHost.install() leaves no hook of a plugin whose setup throws after registering two", async (t) => {
  for (const mode of ["throws", "rejects"] as const) {
    await t.step(`setup ${mode}: registry clean, dependents skipped, the rest installed`, async () => {
      const registry = new HookRegistry();
      const logger = memoryLogger();
      const host = new PluginHost(registry, { logger });
      const cleaned: string[] = [];
      let signal: AbortSignal | undefined;
      const broken: Plugin = {
        name: "broken",
        setup(api: PluginAPI) {
          signal = api.signal;
          api.registerHook("PreToolUse", "bash", () => {});
          api.registerHook("SessionStart", undefined, () => {});
          api.onCleanup(() => void cleaned.push("cleanup"));
          const error = new Error("no config file");
          if (mode === "throws") throw error;
          return Promise.reject(error);
        },
      };
      const report = await host.install([
        { name: "dependent", dependsOn: ["broken"], setup: () => void cleaned.push("dependent set up") },
        { name: "transitive", dependsOn: ["dependent"], setup() {} },
        {
          name: "optional",
          optionalDeps: ["broken"],
          setup: (api) => void api.registerHook("Stop", undefined, () => {}),
        },
        broken,
        { name: "other", setup: (api) => void api.registerHook("Stop", undefined, () => {}) },
      ]);
      deepEqual(report.installed, ["optional", "other"]);
      deepEqual(report.failed.map((f) => [f.name, f.kind, f.dependency]), [
        ["broken", "setup", undefined],
        ["dependent", "dependency", "broken"],
        ["transitive", "dependency", "dependent"],
      ]);
      const [own, direct] = report.failed;
      equal(own!.error.message, 'Cannot install plugin "broken": setup failed: no config file');
      equal((own!.error.cause as Error).message, "no config file");
      equal(
        direct!.error.message,
        'Cannot install plugin "dependent": it depends on "broken", which failed to install',
      );
      equal(direct!.error.cause, own!.error);
      equal(registry.countByOwner("broken"), 0);
      equal(registry.has("PreToolUse"), false);
      equal(registry.has("SessionStart"), false);
      equal(registry.list("Stop").length, 2);
      deepEqual(cleaned, ["cleanup"], "its cleanups ran; its dependent was never set up");
      equal(signal?.aborted, true);
      deepEqual(host.installed, ["optional", "other"]);
      deepEqual(logger.errors, report.failed.map((f) => f.error.message));
      // The name is free again.
      deepEqual((await host.install([{ name: "broken", setup() {} }])).installed, ["broken"]);
    });
  }
});

Deno.test("PluginHost.install() fails a setup that overruns setupTimeoutMs and refuses its late hooks", async () => {
  const registry = new HookRegistry();
  const logger = memoryLogger();
  const host = new PluginHost(registry, { logger, setupTimeoutMs: 30 });
  let late: Promise<void> | undefined;
  let lateCleanup = false;
  let signal: AbortSignal | undefined;
  const started = Date.now();
  const report = await host.install([{
    name: "slow",
    setup(api) {
      signal = api.signal;
      api.registerHook("Stop", undefined, () => {});
      late = (async () => {
        await delay(80);
        api.onCleanup(() => void (lateCleanup = true));
        api.registerHook("Stop", undefined, () => {});
      })();
      return late;
    },
  }]);
  ok(Date.now() - started < 1000);
  deepEqual(report.installed, []);
  equal(report.failed[0]?.kind, "timeout");
  equal(report.failed[0]?.error.message, 'Cannot install plugin "slow": setup did not finish within 30 ms');
  equal(signal?.aborted, true);
  equal((signal?.reason as DOMException).name, "TimeoutError");
  equal(registry.has("Stop"), false);
  await rejects(late!, /Cannot register hook "Stop" for plugin "slow": the plugin is not installed/);
  equal(lateCleanup, true, "a cleanup registered after the plugin stopped runs at once");
  equal(registry.has("Stop"), false);
  match(logger.warnings.join("\n"), /Setup of plugin "slow" failed after its deadline/);
});

Deno.test("PluginHost.install() runs one operation at a time, in call order", async () => {
  const host = new PluginHost(new HookRegistry());
  const log: string[] = [];
  const first = host.install([{
    name: "a",
    async setup() {
      await delay(20);
      log.push("a");
    },
  }]);
  // Checked when its turn comes, so "a" is installed by then.
  const second = host.install([recorded(log, "b", { dependsOn: ["a"] })]);
  const removal = host.uninstall("b");
  deepEqual((await first).installed, ["a"]);
  deepEqual((await second).installed, ["b"]);
  deepEqual((await removal).uninstalled, ["b"]);
  deepEqual(log, ["a", "b"]);
  deepEqual(host.installed, ["a"]);
});

Deno.test("new PluginHost() refuses a registry that is not one, and out-of-range deadlines", () => {
  throws(
    () => new PluginHost({} as HookRegistry),
    { name: "TypeError", message: "Cannot create plugin host: expected a HookRegistry, got an object" },
  );
  const registry = new HookRegistry();
  throws(() => new PluginHost(registry, { teardownTimeoutMs: "1" as unknown as number }), TypeError);
  for (const bad of [0, -1, Infinity, NaN, 600_001]) {
    throws(() => new PluginHost(registry, { setupTimeoutMs: bad }), RangeError);
    throws(() => new PluginHost(registry, { teardownTimeoutMs: bad }), {
      name: "RangeError",
      message:
        `Cannot create plugin host: "teardownTimeoutMs" must be a positive number of milliseconds (1 – 600000), got ${bad}`,
    });
  }
});
