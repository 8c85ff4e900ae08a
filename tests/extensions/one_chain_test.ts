// One choke point: a plugin hook, an extension's tool_call handler and a
// configured command hook shape one PreToolUse call, in one deterministic
// order (mutators first, then validators in registration order), and one
// trace shows all three.

import { deepEqual, equal } from "node:assert/strict";
import { type HookInvocationRecord, HookRegistry, HookRunner, PluginHost } from "../../mod.ts";
import { ExtensionHost, HookToolWrapper, ToolBlockedError } from "../../src/extensions/mod.ts";

async function setUp() {
  const registry = new HookRegistry();
  // Boot: configuration first (validate stage by default), as a host loads it.
  registry.loadShellHooks({
    PreToolUse: [{
      name: "audit",
      matcher: "bash",
      // Sees the plugin's rewrite: the chain passes the rewritten input on.
      command: `grep -q '"command":"git status --short"' && printf '%s' '{"additionalContext":"audited"}' || exit 2`,
    }],
  });
  const plugins = new PluginHost(registry);
  const report = await plugins.install([{
    name: "short-status",
    capabilities: { hooks: true },
    setup(api) {
      // In-process hooks default to the mutate stage: this one runs first.
      api.registerHook(
        "PreToolUse",
        "bash",
        (input) =>
          input.toolInput?.command === "git status"
            ? { action: "mutate", input: { ...input.toolInput, command: "git status --short" } }
            : undefined,
        { name: "short-status" },
      );
    },
  }]);
  deepEqual(report.failed, []);
  const extensions = new ExtensionHost({ registry });
  const seen: unknown[] = [];
  await extensions.load((api) => {
    api.on("tool_call", (event) => {
      seen.push(event.input.command);
      return event.input.command === "git status --short" && event.toolCallId === "deny-me"
        ? { block: true, reason: "extension says no" }
        : undefined;
    });
  }, "/repo/.hookgate/extensions/guard.ts");
  const records: HookInvocationRecord[] = [];
  const runner = new HookRunner({ registry, onInvocation: (record) => records.push(record) });
  return { registry, plugins, extensions, runner, records, seen };
}

Deno.test("One PreToolUse chain: plugin mutator → configured command validator → extension tool_call, in one trace", async () => {
  const { plugins, extensions, runner, records, seen } = await setUp();
  for (let round = 0; round < 3; round++) {
    records.length = 0;
    const result = await runner.run("PreToolUse", {
      toolName: "bash",
      toolInput: { command: "git status" },
      toolUseId: "t1",
    }, { cwd: Deno.cwd() });
    // PreToolUse's context goes beside the tool's result.
    deepEqual(result, { input: { command: "git status --short" }, additionalContext: "audited" });
    deepEqual(records.map((r) => [r.hookName, r.transport, r.stage, r.action]), [
      ["short-status", "in-process", "mutate", "mutate"],
      ["audit", "command", "validate", "allow"],
      ["guard.ts:tool_call", "in-process", "validate", "allow"],
    ]);
  }
  deepEqual(seen, ["git status --short", "git status --short", "git status --short"]);
  await plugins.uninstallAll();
  extensions.unloadAll();
});

Deno.test("One PreToolUse chain through HookToolWrapper: the extension's block stops the tool, the trace names it", async () => {
  const { plugins, extensions, runner, records } = await setUp();
  const ran: unknown[] = [];
  const bash = new HookToolWrapper({ name: "bash", execute: (_id, input) => (ran.push(input), { content: "ok" }) }, {
    runner,
    cwd: Deno.cwd(),
  });
  const thrown = await bash.execute("deny-me", { command: "git status" }).then(() => null, (error) => error);
  // The audit's context, given before the block, goes with it.
  equal(thrown instanceof ToolBlockedError && thrown.reason, "extension says no\n\naudited");
  deepEqual(records.map((r) => [r.hookName, r.action]), [
    ["short-status", "mutate"],
    ["audit", "allow"],
    ["guard.ts:tool_call", "deny"],
  ]);
  deepEqual(await bash.execute("t2", { command: "git status" }), { content: "ok\n\naudited" });
  deepEqual(ran, [{ command: "git status --short" }]);
  await plugins.uninstallAll();
  extensions.unloadAll();
});
