/**
 * Whether the configured hooks could run under this process's Deno
 * permissions: the same preflight each transport runs before a hook starts
 * or connects, done for every hook at once, so that `hook-run check` fails
 * before a hook would be refused (and skipped, under the default failure
 * policy) at run time.
 *
 * @module
 */

import type { ConfiguredHook, ConfiguredHooks } from "../events/configured.ts";
import type { HookEvent } from "../events/event_map.ts";
import type { ModelsConfig } from "../models/client.ts";
import { modelBaseUrl, modelEndpointFor } from "../models/resolve.ts";
import { envPermissionProblem, netPermissionProblem, runPermissionProblem } from "../permissions/preflight.ts";
import type { ConfigDiagnostic } from "./diagnostics.ts";
import { AGENT_LABELS, layerOwner } from "./layers.ts";
import { spawnedProgram } from "./_spawned_program.ts";

/**
 * Options of {@linkcode permissionDiagnostics}.
 *
 * @example
 * ```ts
 * import type { PermissionCheckOptions } from "@hookgate/core/config";
 *
 * const options: PermissionCheckOptions = { projectDir: "/src/app" };
 * ```
 */
export interface PermissionCheckOptions {
  /** The model endpoints prompt hooks use. */
  models?: ModelsConfig;
  /** The project root, for placeholders such as `${CLAUDE_PROJECT_DIR}` in an exec-form program. */
  projectDir?: string;
}

/**
 * One diagnostic per thing a configured hook needs that Deno does not grant
 * this process: the program a command hook spawns (after planning: `sh`
 * for shell syntax) and `kill` under a scoped `--allow-run`; the host of an
 * HTTP hook or a prompt hook's model endpoint (`--allow-net`); the
 * variables of `passEnv`, `allowedEnvVars` and a model's `apiKeyEnv`
 * (`--allow-env`). Each names the hook and the exact flag. Permissions are
 * queried, never requested: nothing prompts.
 *
 * A hook in an agent's own settings file (`.claude/settings.json`) is a
 * warning, not an error: that agent runs it itself, and hookgate runs it
 * only for other callers (`hook-run run`).
 *
 * @param hooks The hooks that run (a load's `hooks`).
 * @param options The model endpoints and the project root.
 * @returns The diagnostics, in configuration order; empty when every hook can run.
 *
 * @example Under `deno test --allow-all` every hook can run
 * ```ts
 * import { permissionDiagnostics } from "@hookgate/core/config";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(permissionDiagnostics({ PreToolUse: [{ command: "python3 /abs/guard.py" }] }), []);
 * ```
 */
export function permissionDiagnostics(
  hooks: ConfiguredHooks,
  options: PermissionCheckOptions = {},
): ConfigDiagnostic[] {
  const diagnostics: ConfigDiagnostic[] = [];
  for (const [event, list] of Object.entries(hooks) as [HookEvent, ConfiguredHook[]][]) {
    for (const hook of list) {
      for (const problem of problemsOf(hook, options)) diagnostics.push(diagnostic(event, hook, problem));
    }
  }
  return diagnostics;
}

function problemsOf(hook: ConfiguredHook, options: PermissionCheckOptions): string[] {
  const problems: (string | undefined)[] = [];
  switch (hook.type) {
    case "http":
      problems.push(netPermissionProblem(hook.url), envPermissionProblem(hook.allowedEnvVars ?? []));
      break;
    case "prompt": {
      const endpoint = modelEndpointFor(options.models, hook.model);
      // An unresolved model is reported by the load itself.
      if (endpoint === undefined) break;
      problems.push(netPermissionProblem(modelBaseUrl(endpoint)));
      if (endpoint.apiKeyEnv !== undefined) problems.push(envPermissionProblem([endpoint.apiKeyEnv]));
      break;
    }
    default: {
      const program = spawnedProgram(hook, options.projectDir);
      if (program !== undefined) problems.push(runPermissionProblem(program));
      problems.push(envPermissionProblem(hook.passEnv ?? []));
    }
  }
  return problems.filter((problem) => problem !== undefined);
}

function diagnostic(event: HookEvent, hook: ConfiguredHook, problem: string): ConfigDiagnostic {
  const source = hook.source ?? "(configuration)";
  const owner = layerOwner(source);
  const name = hook.name ?? (hook.type === "http" ? hook.url : hook.type === "prompt" ? "prompt hook" : hook.command);
  const base = {
    file: source,
    line: 1,
    column: 1,
    path: ["hooks", event],
    message: `hook ${JSON.stringify(name)} on ${event} cannot run under this process's Deno permissions: ${problem}`,
  };
  if (owner !== undefined) {
    return {
      ...base,
      severity: "warning",
      message: `${base.message}; it is in ${AGENT_LABELS[owner]}'s own settings, run by ${AGENT_LABELS[owner]} ` +
        "itself (hook-run gateway and serve leave it to it): only hook-run run needs the flag",
    };
  }
  return { ...base, severity: "error" };
}
