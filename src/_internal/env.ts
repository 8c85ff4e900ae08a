// Reading the environment without ever throwing or prompting.

import { envFound, noteRead, readLogOpen } from "./read_log.ts";

/**
 * The value of `name`, or `undefined` when it is unset or `--allow-env`
 * does not grant it. A permission in the `prompt` state counts as not
 * granted: hookgate must never stop an agent on an interactive prompt.
 * Noted in the read log when one is open.
 */
export function readGrantedEnv(name: string): string | undefined {
  const value = grantedEnv(name);
  if (readLogOpen()) noteRead("env", name, envFound(value));
  return value;
}

/** {@linkcode readGrantedEnv}, never noted. */
export function grantedEnv(name: string): string | undefined {
  try {
    if (Deno.permissions.querySync({ name: "env", variable: name }).state !== "granted") return undefined;
    return Deno.env.get(name);
  } catch {
    return undefined;
  }
}
