// Setting one plugin up: a scope (its API and cleanup stack), the capability
// gate, `setup` under the deadline. A setup that throws, rejects or overruns
// is undone on the spot — cleanups, then `drainByOwner` — so a plugin that is
// not installed owns no hook.

import { hookGate } from "./_gate.ts";
import type { CheckedPlugin } from "./_check.ts";
import { PluginScope } from "./_scope.ts";
import { callWithin, errorText } from "./_settle.ts";
import { type LifecycleContext, removeRemains } from "./_teardown.ts";
import type { PluginFailure } from "./report.ts";

/** Sets a plugin up: its scope when it succeeded, otherwise why not. */
export async function setUpPlugin(
  checked: CheckedPlugin,
  context: LifecycleContext,
): Promise<{ scope: PluginScope } | { failure: PluginFailure }> {
  const { plugin, name } = checked;
  const { registry, logger, setupTimeoutMs } = context;
  const gate = hookGate(name, plugin.capabilities, context.enforceCapabilities, logger);
  const scope = new PluginScope(name, registry, gate, logger);
  const settled = await callWithin(() => plugin.setup(scope.api), setupTimeoutMs, (error) => {
    logger.warn?.(`Setup of plugin "${name}" failed after its deadline: ${errorText(error)}`);
  });
  if (settled.kind === "done") return { scope };
  const error = settled.kind === "timeout"
    ? new Error(`Cannot install plugin "${name}": setup did not finish within ${setupTimeoutMs} ms`)
    : new Error(`Cannot install plugin "${name}": setup failed: ${errorText(settled.error)}`, { cause: settled.error });
  // No teardown: the plugin never was installed. Its cleanups release what
  // the setup acquired before it failed.
  scope.close();
  scope.abort(settled.kind === "timeout" ? new DOMException(error.message, "TimeoutError") : error);
  await removeRemains(scope, name, Date.now() + context.teardownTimeoutMs, context, () => {});
  return { failure: { name, kind: settled.kind === "timeout" ? "timeout" : "setup", error } };
}

/** The failure of a plugin whose required dependency failed, if one did. */
export function blockedBy(checked: CheckedPlugin, failures: ReadonlyMap<string, Error>): PluginFailure | undefined {
  const dependency = checked.dependsOn.find((name) => failures.has(name));
  if (dependency === undefined) return undefined;
  const error = new Error(
    `Cannot install plugin "${checked.name}": it depends on "${dependency}", which failed to install`,
    { cause: failures.get(dependency) },
  );
  return { name: checked.name, kind: "dependency", dependency, error };
}
