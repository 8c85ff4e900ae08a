// The capability gate for hooks ("Capability gating for hooks" of the WrongStack-compatible plugin API).
// Gating is opt-in: a plugin without `capabilities` is not gated, and
// neither is one that declares `hooks: true`. A plugin that declares
// capabilities but not `hooks: true` has said what it touches and left hooks
// out, so registering one is a warning (the call still goes through), or an
// error under `enforceCapabilities: true` — strict deployments use that to
// make plugins declare every subsystem they touch.

import type { Logger } from "../events/env.ts";
import type { PluginCapabilities } from "./plugin.ts";

/** Called before each `registerHook` of a plugin; throws to refuse it. */
export type HookGate = (event: string) => void;

/** The gate for a plugin, or `null` when it is not gated. */
export function hookGate(
  name: string,
  capabilities: PluginCapabilities | undefined,
  enforce: boolean,
  logger: Logger,
): HookGate | null {
  if (capabilities === undefined || capabilities.hooks === true) return null;
  const declared = capabilities.hooks === false
    ? "declares capabilities.hooks: false"
    : "does not declare capabilities.hooks: true";
  let warned = false;
  return (event) => {
    if (enforce) {
      throw new Error(
        `Cannot register hook "${event}" for plugin "${name}": the plugin ${declared} and enforceCapabilities is on`,
      );
    }
    // Once per plugin: the point is that its declaration is wrong, not how
    // many hooks it registers.
    if (warned) return;
    warned = true;
    logger.warn?.(
      `Plugin "${name}" ${declared} but registers a hook for "${event}"; registering it anyway (enforceCapabilities: true refuses)`,
    );
  };
}
