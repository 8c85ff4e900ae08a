/**
 * Deno permissions alongside the hook allowlist: a preflight that turns a
 * missing `--allow-run` into a clear rejection instead of an uncaught
 * `NotCapable`, and the minimal flags a set of configured hooks needs.
 *
 * @module
 */

import { planCommand } from "./command_line.ts";
import { CHILD_ENV_ALLOWLIST } from "./transports/child_env.ts";
import type { ModelsConfig } from "./models/client.ts";
import type { ConfiguredHook, ConfiguredHooks } from "./types.ts";

/**
 * Checks, before spawning, that Deno may run `program` and may stop its
 * process group (unscoped `--allow-run`, or `kill` allowed).
 *
 * A permission in the `prompt` state counts as missing: a hook must never
 * stop the agent on an interactive permission prompt.
 *
 * @param program The program that will actually be executed.
 * @returns `undefined` when everything is granted, else the flag to add.
 *
 * @example Inside `deno test --allow-run` everything is granted
 * ```ts
 * import { runPermissionProblem } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * equal(runPermissionProblem("sh"), undefined);
 * ```
 */
export function runPermissionProblem(program: string): string | undefined {
  if (granted({ name: "run" })) return undefined;
  const missing: string[] = [];
  if (!granted({ name: "run", command: program })) missing.push(program);
  if (
    Deno.build.os !== "windows" && !granted({ name: "run", command: "kill" })
  ) missing.push("kill");
  if (missing.length === 0) return undefined;
  const why = missing.includes("kill")
    ? ` ("kill" lets hookgate stop the hook's whole process group under a scoped --allow-run)`
    : "";
  return `Deno's --allow-run does not include ${missing.map((m) => `"${m}"`).join(" and ")}; ` +
    `add --allow-run=${missing.join(",")}${why}`;
}

/**
 * Checks, before connecting, that Deno's `--allow-net` covers a URL's host
 * and port (a `prompt` state counts as missing).
 *
 * @param url The URL.
 * @returns `undefined` when granted, else the flag to add.
 *
 * @example Inside `deno test --allow-net=127.0.0.1` loopback is granted
 * ```ts
 * import { netPermissionProblem } from "@hookgate/core";
 *
 * netPermissionProblem("http://127.0.0.1:8787/hook");
 * ```
 */
export function netPermissionProblem(url: string): string | undefined {
  let host: string;
  try {
    const parsed = new URL(url);
    host = parsed.port === "" ? parsed.hostname : `${parsed.hostname}:${parsed.port}`;
  } catch {
    return `"${url}" is not a valid URL`;
  }
  if (granted({ name: "net", host })) return undefined;
  return `Deno's --allow-net does not include "${host}"; add --allow-net=${host}`;
}

/**
 * The Deno permissions a set of configured hooks needs.
 *
 * @example The needs of two hooks
 * ```ts
 * import { requiredPermissions } from "@hookgate/core";
 * import { deepEqual } from "node:assert/strict";
 *
 * const needs = requiredPermissions({
 *   PreToolUse: [{ command: "python3 /abs/check.py" }],
 *   Stop: [{ type: "http", url: "http://127.0.0.1:8787/stop" }],
 * });
 * deepEqual(needs.run.filter((p) => p !== "setsid"), ["kill", "python3"]);
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
 * import type { PermissionOptions } from "@hookgate/core";
 *
 * const options: PermissionOptions = {
 *   models: { default: "fast", endpoints: { fast: { provider: "openai", model: "m", apiKeyEnv: "OPENAI_API_KEY" } } },
 * };
 * ```
 */
export interface PermissionOptions {
  /** The model endpoints prompt hooks use. */
  models?: ModelsConfig;
}

/**
 * Computes the minimal permissions for configured hooks: every program a
 * command hook actually executes (after the direct-spawn decision) plus
 * `kill` for process-group cleanup and, on Linux, `setsid` to start each
 * hook in its own process group cheaply; every HTTP hook's and model
 * endpoint's host and port; and the environment variables hooks read (the
 * child allowlist, `passEnv`, `allowedEnvVars`, model `apiKeyEnv`).
 *
 * @param hooks Configured hooks per event.
 * @param options The model endpoints prompt hooks use.
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
        const endpoints = options.models?.endpoints ?? {};
        const name = hook.model !== undefined && Object.hasOwn(endpoints, hook.model)
          ? hook.model
          : options.models?.default;
        const endpoint = name === undefined ? undefined : endpoints[name];
        if (endpoint === undefined) break;
        addHost(endpoint.baseUrl ?? DEFAULT_BASE_URLS[endpoint.provider]);
        if (endpoint.apiKeyEnv !== undefined) env.add(endpoint.apiKeyEnv);
        break;
      }
      default:
        try {
          run.add(planCommand(hook).program);
        } catch {
          break;
        }
        run.add("kill");
        // Linux: hooks get their process group through setsid(1) (see _spawn.ts).
        if (Deno.build.os === "linux") run.add("setsid");
        for (const name of CHILD_ENV_ALLOWLIST) env.add(name);
        env.add("LC_*");
        for (const name of hook.passEnv ?? []) env.add(name);
    }
  }
  return { run: [...run].sort(), net: [...net].sort(), env: [...env].sort() };
}

const DEFAULT_BASE_URLS = { openai: "https://api.openai.com/v1", anthropic: "https://api.anthropic.com/v1" };

/**
 * The Deno flags for {@linkcode requiredPermissions}, ready to paste.
 *
 * @param hooks Configured hooks per event.
 * @param options The model endpoints prompt hooks use.
 * @returns Flags such as `--allow-run=kill,python3`; empty when none needed.
 *
 * @example Flags for a command hook
 * ```ts
 * import { permissionFlags } from "@hookgate/core";
 * import { deepEqual } from "node:assert/strict";
 *
 * const flags = permissionFlags({ Stop: [{ command: "cat", args: ["-"] }] });
 * deepEqual(flags.map((flag) => flag.replace(",setsid", "")), [
 *   "--allow-run=cat,kill",
 *   "--allow-env=HOME,LANG,LC_*,LOGNAME,PATH,SHELL,TERM,TMPDIR,TZ,USER",
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

function granted(descriptor: Deno.PermissionDescriptor): boolean {
  try {
    return Deno.permissions.querySync(descriptor).state === "granted";
  } catch {
    return false;
  }
}
