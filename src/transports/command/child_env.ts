/**
 * The environment of command hooks: sanitized, or — for a dialect whose
 * agent's hooks inherit its environment (Claude's), unless an operator
 * says otherwise — the parent's, without `OTEL_*`.
 *
 * @module
 */

import { readGrantedEnv } from "../../_internal/env.ts";
import { isLoaderVariable, mayPassLoaderVariables } from "./_loader_env.ts";

/**
 * Parent variables every command hook gets (plus every `LC_*`).
 *
 * @example Check a name
 * ```ts
 * import { CHILD_ENV_ALLOWLIST } from "@hookgate/core/transports";
 * import { ok } from "node:assert/strict";
 *
 * ok(CHILD_ENV_ALLOWLIST.includes("PATH"));
 * ```
 */
export const CHILD_ENV_ALLOWLIST: readonly string[] = Object.freeze([
  "PATH",
  "HOME",
  "USER",
  "LOGNAME",
  "LANG",
  "TERM",
  "TMPDIR",
  "SHELL",
  "TZ",
]);

// The locale variables looked up by name when the environment cannot be
// listed (scoped --allow-env, e.g. --allow-env=LC_*).
const LOCALE_VARIABLES = [
  "LC_ALL",
  "LC_CTYPE",
  "LC_COLLATE",
  "LC_MESSAGES",
  "LC_MONETARY",
  "LC_NUMERIC",
  "LC_TIME",
];

/**
 * Options of {@linkcode buildChildEnv}.
 *
 * @example A hook's own variables
 * ```ts
 * import type { BuildChildEnvOptions } from "@hookgate/core/transports";
 *
 * const options: BuildChildEnvOptions = {
 *   hookEnv: { LINT_LEVEL: "strict" },
 *   passEnv: ["GITHUB_TOKEN"],
 *   event: "PreToolUse",
 * };
 * ```
 */
export interface BuildChildEnvOptions {
  /** The hook's own `env` entries, passed as given. */
  hookEnv?: Record<string, string>;
  /**
   * Parent variables the hook asks for by name — the only way a variable
   * that looks like a secret reaches a hook.
   */
  passEnv?: readonly string[];
  /** Sets `HOOKGATE_EVENT`. */
  event?: string;
  /** Sets `HOOKGATE_SESSION_ID`. */
  sessionId?: string;
  /** Sets `HOOKGATE_PROJECT_DIR`. */
  projectDir?: string;
  /**
   * The parent environment to draw from.
   *
   * @default {Deno.env} as far as `--allow-env` permits reading it
   */
  parentEnv?: Record<string, string>;
  /**
   * Start from the whole parent environment — secrets too, but never
   * `OTEL_*` — instead of the allowlist: what the hooks of an agent whose
   * hooks inherit its environment (Claude Code's) expect. It needs an
   * unscoped `--allow-env` to list the environment; under a scoped one only
   * the granted names are read. The loader's variables (`LD_*`, `DYLD_*`)
   * pass only under an unscoped `--allow-run`: Deno starts no child with
   * them otherwise.
   *
   * @default {false}
   */
  inherit?: boolean;
}

/**
 * Tells whether a variable name looks like it holds a secret: `*_TOKEN`,
 * `*_KEY`, `*_SECRET`, `*_CREDENTIALS`, `*PASSWORD*`, `AWS_*`.
 *
 * @param name The variable name.
 * @returns `true` for names that must not be passed implicitly.
 *
 * @example
 * ```ts
 * import { looksLikeSecret } from "@hookgate/core/transports";
 * import { equal } from "node:assert/strict";
 *
 * equal(looksLikeSecret("OPENAI_API_KEY"), true);
 * equal(looksLikeSecret("PATH"), false);
 * ```
 */
export function looksLikeSecret(name: string): boolean {
  const upper = name.toUpperCase();
  return /(^|_)(TOKEN|KEY|SECRET|SECRETS|CREDENTIAL|CREDENTIALS|APIKEY)(_|$)/
    .test(upper) ||
    upper.includes("PASSWORD") || upper.includes("PASSWD") ||
    upper.startsWith("AWS_");
}

/**
 * Builds a command hook's environment: the allowlisted parent variables
 * (`PATH`, `HOME`, `USER`, `LOGNAME`, `LANG`, `LC_*`, `TERM`, `TMPDIR`,
 * `SHELL`, `TZ`) minus anything that looks like a secret (with `inherit`:
 * every parent variable but `OTEL_*`), then the
 * variables named in `passEnv`, then the hook's own `env`, then
 * `HOOKGATE_PROJECT_DIR`, `HOOKGATE_EVENT` and `HOOKGATE_SESSION_ID`, and
 * with an event `HOOKGATE_DEPTH` (one more than this process's own: how
 * deep in hookgate's hooks the child runs, so `hook-run gateway` can stop
 * recursion it did not recognise). The child is spawned with `clearEnv`, so
 * nothing else leaks.
 *
 * @param options Hook variables, pass-through names and the hookgate values.
 * @returns The complete child environment.
 *
 * @example Secrets stay out unless asked for
 * ```ts
 * import { buildChildEnv } from "@hookgate/core/transports";
 * import { deepEqual } from "node:assert/strict";
 *
 * const env = buildChildEnv({
 *   parentEnv: { PATH: "/usr/bin", GITHUB_TOKEN: "t", NPM_TOKEN: "n" },
 *   passEnv: ["GITHUB_TOKEN"],
 *   hookEnv: { LEVEL: "strict" },
 *   event: "Stop",
 * });
 * deepEqual(env, { PATH: "/usr/bin", GITHUB_TOKEN: "t", LEVEL: "strict", HOOKGATE_EVENT: "Stop", HOOKGATE_DEPTH: "1" });
 * ```
 */
export function buildChildEnv(
  options: BuildChildEnvOptions = {},
): Record<string, string> {
  const parent = options.parentEnv ?? readParentEnv(options.passEnv ?? []);
  // Deno starts no child with the loader's variables under a scoped --allow-run.
  const loader = options.inherit === true && mayPassLoaderVariables();
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(parent)) {
    const passed = options.inherit
      ? !name.startsWith("OTEL_") && (!isLoaderVariable(name) || loader)
      : (CHILD_ENV_ALLOWLIST.includes(name) || name.startsWith("LC_")) && !looksLikeSecret(name);
    if (passed) env[name] = value;
  }
  for (const name of options.passEnv ?? []) {
    const value = parent[name];
    if (value !== undefined) env[name] = value;
  }
  Object.assign(env, options.hookEnv);
  if (options.projectDir !== undefined) {
    env.HOOKGATE_PROJECT_DIR = options.projectDir;
  }
  if (options.event !== undefined) {
    env.HOOKGATE_EVENT = options.event;
    env.HOOKGATE_DEPTH = String(hookDepth(parent) + 1);
  }
  if (options.sessionId !== undefined) {
    env.HOOKGATE_SESSION_ID = options.sessionId;
  }
  return env;
}

/**
 * How deep in hookgate's hooks a process with environment `env` runs (0:
 * not in one), from `HOOKGATE_DEPTH`, which each command hook gets one
 * higher than its host. An inherited count says nothing about policy: it
 * only bounds recursion that nothing else recognised (`hook-run gateway`
 * stops, failing closed, past `MAX_HOOK_DEPTH`).
 *
 * @param env The environment.
 * @returns The depth.
 *
 * @example
 * ```ts
 * import { hookDepth } from "@hookgate/core/transports";
 * import { equal } from "node:assert/strict";
 *
 * equal(hookDepth({ HOOKGATE_DEPTH: "2" }), 2);
 * equal(hookDepth({ HOOKGATE_DEPTH: "x" }), 0);
 * ```
 */
export function hookDepth(env: Record<string, string | undefined>): number {
  const depth = Number(env.HOOKGATE_DEPTH ?? 0);
  return Number.isInteger(depth) && depth > 0 ? depth : 0;
}

/**
 * The parent environment as far as the process may read it: everything with
 * unscoped `--allow-env`, else only the allowlisted and requested names that
 * are granted (reading is never allowed to throw).
 */
function readParentEnv(passEnv: readonly string[]): Record<string, string> {
  try {
    // Ask first: on a terminal, toObject() under a scoped --allow-env would
    // stop the host at Deno's interactive permission prompt.
    if (Deno.permissions.querySync({ name: "env" }).state === "granted") return Deno.env.toObject();
  } catch {
    // Fall through to the names we may read.
  }
  const env: Record<string, string> = {};
  for (const name of [...CHILD_ENV_ALLOWLIST, ...LOCALE_VARIABLES, "HOOKGATE_DEPTH", ...passEnv]) {
    const value = readGrantedEnv(name);
    if (value !== undefined) env[name] = value;
  }
  return env;
}
