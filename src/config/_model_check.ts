// After the layers are merged: a models.default no layer defines is an
// error, and a prompt hook that no endpoint serves (it would pass through
// unless the host brings a model client) is a warning.

import type { ConfiguredHooks } from "../events/configured.ts";
import type { HookEvent } from "../events/event_map.ts";
import type { ModelsConfig } from "../models/client.ts";
import type { ConfigDiagnostic } from "./diagnostics.ts";
import type { ConfigLayer } from "./layers.ts";

/**
 * Prompt hooks whose model cannot be resolved from the merged `models` load
 * (a host may still supply a client), but they would pass through: say so.
 */
export function unresolvedModels(
  hooks: ConfiguredHooks,
  models: ModelsConfig | undefined,
  layers: ConfigLayer[],
): ConfigDiagnostic[] {
  const diagnostics: ConfigDiagnostic[] = [];
  const endpoints = models?.endpoints ?? {};
  const hasDefault = models?.default !== undefined && Object.hasOwn(endpoints, models.default);
  if (models?.default !== undefined && !hasDefault) {
    diagnostics.push({
      severity: "error",
      file: layers.findLast((layer) => layer.found)?.path ?? "",
      line: 1,
      column: 1,
      path: ["models", "default"],
      message: `models.default names "${models.default}", which no configuration layer defines`,
      hint: `define it under "models", or name one of: ${Object.keys(endpoints).join(", ") || "(none defined)"}`,
    });
  }
  for (const event of Object.keys(hooks) as HookEvent[]) {
    for (const hook of hooks[event] ?? []) {
      if (hook.type !== "prompt" || hasDefault) continue;
      if (hook.model !== undefined && Object.hasOwn(endpoints, hook.model)) continue;
      diagnostics.push({
        severity: "warning",
        file: hook.source ?? "",
        line: 1,
        column: 1,
        path: ["hooks", event],
        message: `prompt hook "${hook.name ?? hook.prompt.slice(0, 30)}" on ${event} has no model endpoint${
          hook.model === undefined ? "" : ` named "${hook.model}"`
        } and there is no default, so it will pass through unless the host supplies a model client`,
        hint: 'add a "models" section with a "default" entry',
      });
    }
  }
  return diagnostics;
}
