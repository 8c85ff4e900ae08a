import { deepEqual, equal } from "node:assert/strict";
import { HookRegistry, HookRunner, PluginHost } from "../../mod.ts";

/** A promise with its resolver, to hold a hook mid-call. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => open = resolve);
  return { opened, open };
}

Deno.test("PluginHost.uninstall() lets an in-flight HookRunner call finish on the snapshot it started with", async () => {
  const registry = new HookRegistry();
  const host = new PluginHost(registry);
  const runner = new HookRunner({ registry });
  const ran: string[] = [];
  const hold = gate();
  let entered: () => void = () => {};
  const inFirstHook = new Promise<void>((resolve) => entered = resolve);
  // PreToolUse mutators run one after another, so the plugin's hook starts
  // only after this one lets go — after the uninstall.
  registry.registerInProcess("PreToolUse", "bash", async () => {
    ran.push("first");
    entered();
    await hold.opened;
  }, "agent");
  await host.install([{
    name: "rewriter",
    setup(api) {
      api.registerHook("PreToolUse", "bash", (input) => {
        ran.push("rewriter");
        return { action: "mutate", input: { ...input.toolInput, command: "ls -la" } };
      });
    },
  }]);

  const inFlight = runner.preToolUse("bash", { command: "ls" }, { cwd: "/tmp" });
  await inFirstHook;
  await host.uninstall("rewriter");
  equal(registry.countByOwner("rewriter"), 0);
  hold.open();
  deepEqual(await inFlight, { input: { command: "ls -la" } }, "the in-flight call still ran the plugin's hook");
  deepEqual(ran, ["first", "rewriter"]);

  ran.length = 0;
  deepEqual(await runner.preToolUse("bash", { command: "ls" }, { cwd: "/tmp" }), {}, "the next call does not");
  deepEqual(ran, ["first"]);
});

Deno.test("PluginHost.install() during an in-flight HookRunner call takes effect from the next call", async () => {
  const registry = new HookRegistry();
  const host = new PluginHost(registry);
  const runner = new HookRunner({ registry });
  const hold = gate();
  let entered: () => void = () => {};
  const inFirstHook = new Promise<void>((resolve) => entered = resolve);
  registry.registerInProcess("UserPromptSubmit", undefined, async () => {
    entered();
    await hold.opened;
  }, "agent");
  const inFlight = runner.userPromptSubmit("hello", { cwd: "/tmp" });
  await inFirstHook;
  await host.install([{
    name: "blocker",
    setup: (api) => void api.registerHook("UserPromptSubmit", undefined, () => ({ action: "deny", reason: "no" })),
  }]);
  hold.open();
  equal((await inFlight).block, undefined);
  equal((await runner.userPromptSubmit("hello", { cwd: "/tmp" })).block, true);
  await host.uninstallAll();
});

Deno.test("PluginHost.uninstall() never removes configured hooks", async () => {
  const registry = new HookRegistry();
  registry.loadShellHooks({
    SessionStart: [{ name: "configured", command: `echo '{"additionalContext":"from config"}'` }],
  });
  const host = new PluginHost(registry);
  // Even a plugin whose name a configured hook also uses owns only its own hooks.
  await host.install([{
    name: "configured",
    setup: (api) => void api.registerHook("SessionStart", undefined, () => ({ additionalContext: "from plugin" })),
  }]);
  const runner = new HookRunner({ registry });
  equal((await runner.sessionStart({ cwd: "/tmp" })).additionalContext, "from config\nfrom plugin");
  await host.uninstallAll();
  deepEqual(registry.list("SessionStart").map((entry) => [entry.name, entry.configured]), [["configured", true]]);
  equal((await runner.sessionStart({ cwd: "/tmp" })).additionalContext, "from config");
});

Deno.test("PluginHost.install() types and runs a plugin's hooks on extension events", async () => {
  const registry = new HookRegistry();
  const host = new PluginHost(registry);
  await host.install([{
    name: "no-debug",
    setup(api) {
      api.registerHook("context", undefined, (input) => ({
        messages: input.messages.filter((message) => message.role !== "debug"),
      }));
    },
  }]);
  const runner = new HookRunner({ registry });
  const messages = [{ role: "user", content: "hi" }, { role: "debug", content: "x" }];
  deepEqual(await runner.emit("context", { messages }, { cwd: "/tmp" }), { messages: [messages[0]] });
  await host.uninstall("no-debug");
  deepEqual(await runner.emit("context", { messages }, { cwd: "/tmp" }), {});
});
