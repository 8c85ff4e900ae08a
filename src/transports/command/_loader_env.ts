// The dynamic loader's variables (LD_PRELOAD, LD_LIBRARY_PATH, DYLD_*) and
// Deno: under a scoped --allow-run (the hook-run task's), Deno refuses to
// start any child whose environment holds one — inherited ones too — with a
// NotCapable that is thrown, not returned. An agent's environment often has
// one (CUDA, conda, nix), so hookgate's own helpers (kill, pkill, the
// watchdog) start with a clean environment, and a hook that inherits the
// agent's gets them only where Deno allows it.

import { readGrantedEnv } from "../../_internal/env.ts";

/** Whether `name` is a variable of the dynamic loader. */
export function isLoaderVariable(name: string): boolean {
  return name.startsWith("LD_") || name.startsWith("DYLD_");
}

/** Whether Deno lets a child have the loader's variables: only under an unscoped `--allow-run`. */
export function mayPassLoaderVariables(): boolean {
  try {
    return Deno.permissions.querySync({ name: "run" }).state === "granted";
  } catch {
    return false;
  }
}

/**
 * The environment options of a helper process (kill, pkill, the watchdog):
 * nothing but `PATH`, which finds the helper as the allowed name was found.
 * When `PATH` cannot be read, the inherited environment (and Deno's
 * refusal, which the caller handles, where it applies).
 */
export function helperEnv(): { clearEnv?: true; env?: Record<string, string> } {
  const path = readGrantedEnv("PATH");
  return path === undefined ? {} : { clearEnv: true, env: { PATH: path } };
}
