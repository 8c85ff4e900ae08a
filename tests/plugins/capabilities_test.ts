import { deepEqual, equal, match } from "node:assert/strict";
import { HookRegistry, HookRunner, type Plugin, type PluginCapabilities, PluginHost } from "../../mod.ts";
import { memoryLogger } from "../_helpers.ts";

/** A plugin that registers two SessionStart hooks adding context. */
function contextPlugin(name: string, capabilities?: PluginCapabilities): Plugin {
  return {
    name,
    ...(capabilities === undefined ? {} : { capabilities }),
    setup(api) {
      api.registerHook("SessionStart", undefined, () => ({ additionalContext: `${name} 1` }));
      api.registerHook("SessionStart", undefined, () => ({ additionalContext: `${name} 2` }));
    },
  };
}

Deno.test("PluginHost.install() gates hooks by capabilities: a warning by default, the call still forwarded", async (t) => {
  const cases: [string, PluginCapabilities | undefined, string | undefined][] = [
    ["hooks: false", { hooks: false }, "declares capabilities.hooks: false"],
    ["capabilities that leave hooks out", { tools: true }, "does not declare capabilities.hooks: true"],
    ["hooks: true", { hooks: true }, undefined],
    ["no capabilities (gating is opt-in)", undefined, undefined],
  ];
  for (const [label, capabilities, warning] of cases) {
    await t.step(label, async () => {
      const registry = new HookRegistry();
      const logger = memoryLogger();
      const host = new PluginHost(registry, { logger });
      const report = await host.install([contextPlugin("p", capabilities)]);
      deepEqual(report.installed, ["p"]);
      equal(registry.countByOwner("p"), 2, "both hooks are registered");
      const result = await new HookRunner({ registry }).sessionStart({ cwd: "/tmp" });
      equal(result.additionalContext, "p 1\np 2");
      if (warning === undefined) {
        deepEqual(logger.warnings, []);
      } else {
        // Once per plugin, naming it and the event.
        equal(logger.warnings.length, 1);
        match(logger.warnings[0]!, new RegExp(`^Plugin "p" ${warning} but registers a hook for "SessionStart"`));
        match(logger.warnings[0]!, /registering it anyway \(enforceCapabilities: true refuses\)$/);
      }
      await host.uninstallAll();
    });
  }
});

Deno.test("PluginHost.install() refuses registerHook under enforceCapabilities: true", async (t) => {
  await t.step("hooks: false: setup fails on the first registration, nothing stays", async () => {
    const registry = new HookRegistry();
    const logger = memoryLogger();
    const host = new PluginHost(registry, { logger, enforceCapabilities: true });
    const report = await host.install([
      contextPlugin("strict", { hooks: false }),
      contextPlugin("declared", { hooks: true }),
    ]);
    deepEqual(report.installed, ["declared"]);
    equal(report.failed[0]?.name, "strict");
    equal(report.failed[0]?.kind, "setup");
    equal(
      (report.failed[0]?.error.cause as Error).message,
      'Cannot register hook "SessionStart" for plugin "strict": the plugin declares capabilities.hooks: false and enforceCapabilities is on',
    );
    equal(registry.countByOwner("strict"), 0);
    equal(registry.countByOwner("declared"), 2);
    deepEqual(logger.warnings, []);
    await host.uninstallAll();
  });

  await t.step("capabilities without hooks are refused too; none at all are not gated", async () => {
    const registry = new HookRegistry();
    const host = new PluginHost(registry, { enforceCapabilities: true });
    const report = await host.install([contextPlugin("tools-only", { tools: true }), contextPlugin("undeclared")]);
    deepEqual(report.failed.map((f) => f.name), ["tools-only"]);
    deepEqual(report.installed, ["undeclared"]);
    await host.uninstallAll();
  });
});
