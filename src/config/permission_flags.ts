/**
 * The minimal Deno permission flags a set of configured hooks needs.
 *
 * @module
 */

import { CHILD_ENV_ALLOWLIST } from "../transports/command/child_env.ts";
import type { ModelsConfig } from "../models/client.ts";
import { modelBaseUrl, modelEndpointFor } from "../models/resolve.ts";
import type { ConfiguredHook, ConfiguredHooks } from "../events/configured.ts";
import { spawnedProgram } from "./_spawned_program.ts";

/**
 * The Deno permissions a set of configured hooks needs.
 *
 * @example The needs of two hooks
 * ```ts
 * import { requiredPermissions } from "@hookgate/core/config";
 * import { deepEqual } from "node:assert/strict";
 *
 * const needs = requiredPermissions({
 *   PreToolUse: [{ command: "python3 /abs/check.py" }],
 *   Stop: [{ type: "http", url: "http://127.0.0.1:8787/stop" }],
 * });
 * deepEqual(needs.run.filter((p) => p !== "setsid" && p !== "pkill"), ["kill", "python3"]);
 * deepEqual(needs.net, ["127.0.0.1:8787"]);
 * ```
 */
export interface RequiredPermissions {
  /** Programs for `--allow-run`. */
  run: string[];
  /** Hosts (with port) for `--allow-net`. */
  net: string[];
  /** Variables for `--allow-env`. */
  env: string[];
}

/**
 * Options of {@linkcode requiredPermissions} and {@linkcode permissionFlags}.
 *
 * @example
 * ```ts
 * import type { PermissionOptions } from "@hookgate/core/config";
 *
 * const options: PermissionOptions = {
 *   models: { default: "fast", endpoints: { fast: { provider: "openai", model: "m", apiKeyEnv: "OPENAI_API_KEY" } } },
 * };
 * ```
 */
export interface PermissionOptions {
  /** The model endpoints prompt hooks use. */
  models?: ModelsConfig;
  /** The project root, for placeholders such as `${CLAUDE_PROJECT_DIR}` in an exec-form program. */
  projectDir?: string;
}

/**
 * Computes the minimal permissions for configured hooks: every program a
 * command hook actually executes (after the direct-spawn decision) plus
 * `kill` for process-group cleanup and, on Linux, `setsid` to start each
 * hook in its own session cheaply and `pkill` to find descendants that left
 * the hook's process group but not its session; every HTTP hook's and model
 * endpoint's host and port; and the environment variables hooks read (the
 * child allowlist, `passEnv`, `allowedEnvVars`, model `apiKeyEnv`).
 *
 * @param hooks Configured hooks per event.
 * @param options The model endpoints prompt hooks use, and the project root.
 * @returns Sorted, de-duplicated needs.
 */
export function requiredPermissions(hooks: ConfiguredHooks, options: PermissionOptions = {}): RequiredPermissions {
  const run = new Set<string>();
  const net = new Set<string>();
  const env = new Set<string>();
  const addHost = (url: string) => {
    try {
      const parsed = new URL(url);
      net.add(parsed.port === "" ? parsed.hostname : `${parsed.hostname}:${parsed.port}`);
    } catch {
      // Invalid URLs are reported by validation, not here.
    }
  };
  for (const hook of Object.values(hooks).flat() as ConfiguredHook[]) {
    switch (hook.type) {
      case "http":
        addHost(hook.url);
        for (const name of hook.allowedEnvVars ?? []) env.add(name);
        break;
      case "prompt": {
        const endpoint = modelEndpointFor(options.models, hook.model);
        if (endpoint === undefined) break;
        addHost(modelBaseUrl(endpoint));
        if (endpoint.apiKeyEnv !== undefined) env.add(endpoint.apiKeyEnv);
        break;
      }
      default: {
        const program = spawnedProgram(hook, options.projectDir);
        if (program === undefined) break;
        run.add(program);
        run.add("kill");
        // Linux: hooks get their session through setsid(1), and descendants
        // that left the group are found by session with pkill (see _spawn.ts).
        if (Deno.build.os === "linux") {
          run.add("setsid");
          run.add("pkill");
        }
        for (const name of CHILD_ENV_ALLOWLIST) env.add(name);
        env.add("HOOKGATE_DEPTH");
        env.add("LC_*");
        for (const name of hook.passEnv ?? []) env.add(name);
      }
    }
  }
  return { run: [...run].sort(), net: [...net].sort(), env: [...env].sort() };
}

/**
 * The Deno flags for {@linkcode requiredPermissions}, ready to paste.
 *
 * @param hooks Configured hooks per event.
 * @param options The model endpoints prompt hooks use.
 * @returns Flags such as `--allow-run=kill,python3`; empty when none needed.
 *
 * @example Flags for a command hook
 * ```ts
 * import { permissionFlags } from "@hookgate/core/config";
 * import { deepEqual } from "node:assert/strict";
 *
 * const flags = permissionFlags({ Stop: [{ command: "cat", args: ["-"] }] });
 * deepEqual(flags.map((flag) => flag.replace(",setsid", "").replace(",pkill", "")), [
 *   "--allow-run=cat,kill",
 *   "--allow-env=HOME,HOOKGATE_DEPTH,LANG,LC_*,LOGNAME,PATH,SHELL,TERM,TMPDIR,TZ,USER",
 * ]);
 * ```
 */
export function permissionFlags(hooks: ConfiguredHooks, options: PermissionOptions = {}): string[] {
  const needs = requiredPermissions(hooks, options);
  const flags: string[] = [];
  if (needs.run.length > 0) flags.push(`--allow-run=${needs.run.join(",")}`);
  if (needs.net.length > 0) flags.push(`--allow-net=${needs.net.join(",")}`);
  if (needs.env.length > 0) flags.push(`--allow-env=${needs.env.join(",")}`);
  return flags;
}
