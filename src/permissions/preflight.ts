/**
 * Deno permissions alongside the hook allowlist: a preflight that turns a
 * missing `--allow-run`, `--allow-net` or `--allow-env` into a clear
 * rejection naming the exact flag, instead of an uncaught `NotCapable` or a
 * variable silently read as unset. A leaf: transports use it, it uses
 * nothing of theirs.
 *
 * Under a launcher built with fixed flags (`hook-run install claude
 * --least-privilege`), the launcher names the command that rebuilds it in
 * `HOOKGATE_LAUNCHER`, and every message ends with it: adding a flag by hand
 * to a generated file is not the fix.
 *
 * @module
 */

import { readGrantedEnv } from "../_internal/env.ts";

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
 * import { runPermissionProblem } from "@hookgate/core/permissions";
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
    `add --allow-run=${missing.join(",")}${why}${launcherHint()}`;
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
 * import { netPermissionProblem } from "@hookgate/core/permissions";
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
    // Not repeated: a URL that does not parse may still carry a secret.
    return "the URL is not a valid absolute URL (it is not repeated here, since URLs may carry secrets); " +
      "check its spelling";
  }
  if (granted({ name: "net", host })) return undefined;
  return `Deno's --allow-net does not include "${host}"; add --allow-net=${host}${launcherHint()}`;
}

/**
 * Checks, before a hook reads them, that Deno's `--allow-env` grants the
 * variables a hook is configured to receive or send (`passEnv`,
 * `allowedEnvVars`, a model's `apiKeyEnv`): read without the permission,
 * they would be unset, and the hook would run without them — a policy
 * service answering 401 to an empty token, say. A `prompt` state counts as
 * missing.
 *
 * @param names The variables.
 * @returns `undefined` when all are granted, else the flag to add.
 *
 * @example Inside `deno test --allow-env` every variable is granted
 * ```ts
 * import { envPermissionProblem } from "@hookgate/core/permissions";
 * import { equal } from "node:assert/strict";
 *
 * equal(envPermissionProblem(["POLICY_TOKEN"]), undefined);
 * ```
 */
export function envPermissionProblem(names: readonly string[]): string | undefined {
  if (names.length === 0 || granted({ name: "env" })) return undefined;
  const missing = names.filter((name) => !granted({ name: "env", variable: name }));
  if (missing.length === 0) return undefined;
  return `Deno's --allow-env does not include ${missing.map((m) => `"${m}"`).join(" and ")}; ` +
    `add --allow-env=${missing.join(",")}${launcherHint()}`;
}

/** What rebuilds the launcher this process runs under, when it has fixed flags. */
function launcherHint(): string {
  const rebuild = readGrantedEnv("HOOKGATE_LAUNCHER");
  return rebuild
    ? ` (this hook-run is a launcher built with the flags its configuration needed then: to rebuild it with what the hooks need now, run in the project: ${rebuild})`
    : "";
}

function granted(descriptor: Deno.PermissionDescriptor): boolean {
  try {
    return Deno.permissions.querySync(descriptor).state === "granted";
  } catch {
    return false;
  }
}
