import { deepEqual, equal, match, ok, rejects } from "node:assert/strict";
import { HookRegistry, type Plugin, PluginHost } from "../../mod.ts";
import { memoryLogger } from "../_helpers.ts";

Deno.test("PluginHost.uninstallAll() tears down in reverse setup order: teardown, cleanups (last first), hooks", async () => {
  const registry = new HookRegistry();
  const host = new PluginHost(registry);
  const log: string[] = [];
  function plugin(name: string, dependsOn: string[] = []): Plugin {
    return {
      name,
      dependsOn,
      setup(api) {
        api.registerHook("Stop", undefined, () => {});
        api.onCleanup(() => void log.push(`${name}: first cleanup, hooks ${registry.countByOwner(name)}`));
        api.onCleanup(async () => {
          await Promise.resolve();
          log.push(`${name}: second cleanup`);
        });
        api.signal.addEventListener("abort", () => void log.push(`${name}: signal`));
      },
      teardown(api) {
        log.push(`${name}: teardown, hooks ${registry.countByOwner(name)}, signal ${api.signal.aborted}`);
      },
    };
  }
  await host.install([plugin("app", ["db"]), plugin("db", ["log"]), plugin("log")]);
  deepEqual(host.installed, ["log", "db", "app"]);
  const report = await host.uninstallAll();
  deepEqual(report, { uninstalled: ["app", "db", "log"], problems: [] });
  deepEqual(log, [
    "app: teardown, hooks 1, signal false",
    "app: signal",
    "app: second cleanup",
    // The hook's unsubscribe was registered before either cleanup, so it runs after them.
    "app: first cleanup, hooks 1",
    "db: teardown, hooks 1, signal false",
    "db: signal",
    "db: second cleanup",
    "db: first cleanup, hooks 1",
    "log: teardown, hooks 1, signal false",
    "log: signal",
    "log: second cleanup",
    "log: first cleanup, hooks 1",
  ]);
  equal(registry.all().length, 0);
  deepEqual(host.installed, []);
});

Deno.test("PluginHost.uninstall() refuses a plugin others depend on, or takes them along with withDependents", async (t) => {
  const registry = new HookRegistry();
  const host = new PluginHost(registry);
  const torn: string[] = [];
  const plugin = (name: string, extra: Partial<Plugin> = {}): Plugin => ({
    name,
    setup: (api) => void api.registerHook("Stop", undefined, () => {}),
    teardown: () => void torn.push(name),
    ...extra,
  });
  await host.install([
    plugin("base"),
    plugin("mid", { dependsOn: ["base"] }),
    plugin("top", { dependsOn: ["mid"] }),
    plugin("side", { dependsOn: ["base"] }),
    plugin("optional", { optionalDeps: ["base"] }),
  ]);

  await t.step("refused, naming the direct dependents; nothing is torn down", async () => {
    await rejects(host.uninstall("base"), {
      name: "TypeError",
      message:
        'Cannot uninstall plugin "base": "mid", "side" depend on it; uninstall them first, or pass {withDependents: true}',
    });
    await rejects(host.uninstall("mid"), { message: /"top" depends on it; uninstall it first/ });
    deepEqual(torn, []);
    equal(registry.list("Stop").length, 5);
  });

  await t.step("withDependents: dependents first, in reverse setup order; optional dependents stay", async () => {
    const report = await host.uninstall("base", { withDependents: true });
    deepEqual(report.uninstalled, ["side", "top", "mid", "base"]);
    deepEqual(torn, ["side", "top", "mid", "base"]);
    deepEqual(host.installed, ["optional"]);
    deepEqual(registry.list("Stop").map((entry) => entry.owner), ["optional"]);
  });

  await t.step("a plugin that is not installed", async () => {
    await rejects(host.uninstall("base"), {
      name: "TypeError",
      message: 'Cannot uninstall plugin "base": it is not installed',
    });
  });
});

Deno.test("PluginHost.uninstall() stops waiting for a teardown that never resolves", async () => {
  const registry = new HookRegistry();
  const logger = memoryLogger();
  const host = new PluginHost(registry, { logger, teardownTimeoutMs: 50 });
  let signal: AbortSignal | undefined;
  let cleaned = false;
  await host.install([{
    name: "hung",
    setup(api) {
      api.registerHook("PreToolUse", "bash", () => {});
      api.registerHook("context", undefined, (input) => ({ messages: input.messages }));
      api.onCleanup(() => void (cleaned = true));
    },
    teardown(_api, context) {
      signal = context.signal;
      return new Promise<void>(() => {});
    },
  }]);
  const started = performance.now();
  const report = await host.uninstall("hung");
  const took = performance.now() - started;
  ok(took >= 45 && took < 2000, `returned after ${took} ms`);
  equal(signal?.aborted, true);
  equal((signal?.reason as DOMException).name, "TimeoutError");
  equal(cleaned, true);
  equal(registry.all().length, 0);
  deepEqual(report.uninstalled, ["hung"]);
  deepEqual(report.problems.map((p) => [p.name, p.kind, p.error.message]), [[
    "hung",
    "timeout",
    'Cannot tear down plugin "hung" cleanly: teardown did not finish within 50 ms; its hooks are removed anyway',
  ]]);
  deepEqual(logger.warnings, [report.problems[0]!.error.message]);
});

Deno.test("PluginHost.uninstall() reports teardown and cleanup errors to the logger, never throws them", async () => {
  const registry = new HookRegistry();
  const logger = memoryLogger();
  const host = new PluginHost(registry, { logger });
  const ran: string[] = [];
  await host.install([{
    name: "messy",
    setup(api) {
      api.registerHook("Stop", undefined, () => {});
      api.onCleanup(() => void ran.push("last"));
      api.onCleanup(() => Promise.reject(new Error("socket already closed")));
      api.onCleanup(() => {
        ran.push("first");
        throw new TypeError("cannot close twice");
      });
    },
    teardown() {
      throw new Error("flush failed");
    },
  }]);
  const report = await host.uninstall("messy");
  deepEqual(ran, ["first", "last"], "every cleanup ran, last registered first");
  equal(registry.all().length, 0);
  deepEqual(report.problems.map((p) => [p.kind, p.error.message]), [
    ["teardown", 'Cannot tear down plugin "messy" cleanly: teardown failed: flush failed'],
    ["cleanup", 'Cannot tear down plugin "messy" cleanly: a cleanup function failed: cannot close twice'],
    ["cleanup", 'Cannot tear down plugin "messy" cleanly: a cleanup function failed: socket already closed'],
  ]);
  equal((report.problems[0]!.error.cause as Error).message, "flush failed");
  ok(report.problems[1]!.error.cause instanceof TypeError);
  deepEqual(logger.warnings, report.problems.map((p) => p.error.message));
  deepEqual(host.installed, []);
});

Deno.test("PluginHost.uninstall() bounds asynchronous cleanups by the teardown deadline", async () => {
  const registry = new HookRegistry();
  const logger = memoryLogger();
  const host = new PluginHost(registry, { logger, teardownTimeoutMs: 40 });
  let release: () => void = () => {};
  await host.install([{
    name: "slow-cleanup",
    setup(api) {
      api.registerHook("Stop", undefined, () => {});
      api.onCleanup(() => new Promise<void>((resolve) => release = resolve));
    },
  }]);
  const report = await host.uninstall("slow-cleanup");
  deepEqual(report.problems.map((p) => p.kind), ["timeout"]);
  match(report.problems[0]!.error.message, /a cleanup function did not finish before the teardown deadline/);
  equal(registry.all().length, 0);
  release();
});

Deno.test("PluginHost.uninstall() removes hooks the plugin registered behind the API's back (drainByOwner backstop)", async () => {
  const registry = new HookRegistry();
  const host = new PluginHost(registry);
  await host.install([{
    name: "sneaky",
    setup(api) {
      api.registerHook("Stop", undefined, () => {});
      // Straight into the registry under its own name: no unsubscribe on the stack.
      registry.registerInProcess("SessionStart", undefined, () => {}, api.name);
    },
  }]);
  equal(registry.countByOwner("sneaky"), 2);
  await host.uninstall("sneaky");
  equal(registry.countByOwner("sneaky"), 0);
  equal(registry.all().length, 0);
});

Deno.test("PluginHost.uninstall() refuses hooks registered after uninstall began, and frees the name", async () => {
  const registry = new HookRegistry();
  const host = new PluginHost(registry);
  let lateError: unknown;
  const plugin: Plugin = {
    name: "again",
    setup: (api) => void api.registerHook("Stop", undefined, () => {}),
    teardown(api) {
      try {
        api.registerHook("Stop", undefined, () => {});
      } catch (error) {
        lateError = error;
      }
    },
  };
  await host.install([plugin]);
  const report = await host.uninstall("again");
  deepEqual(report.problems, []);
  match(String(lateError), /Cannot register hook "Stop" for plugin "again": the plugin is not installed/);
  equal(registry.all().length, 0);
  deepEqual((await host.install([plugin])).installed, ["again"]);
  equal(registry.countByOwner("again"), 1);
  await host.uninstallAll();
});

Deno.test("PluginHost.uninstall() lets a plugin remove one of its hooks early, and tolerates a second removal", async () => {
  const registry = new HookRegistry();
  const host = new PluginHost(registry);
  let off: () => void = () => {};
  await host.install([{
    name: "toggle",
    setup(api) {
      off = api.registerHook("Stop", undefined, () => {});
      api.registerHook("SessionStart", undefined, () => {});
    },
  }]);
  off();
  equal(registry.has("Stop"), false);
  equal(registry.has("SessionStart"), true);
  deepEqual((await host.uninstall("toggle")).problems, []);
  off();
  equal(registry.all().length, 0);
});
