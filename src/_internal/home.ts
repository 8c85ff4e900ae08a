// The hookgate home: where the user layer, the trust file, the launcher,
// the async hooks' results and the gateway's memo live.

import { readGrantedEnv } from "./env.ts";
import { join } from "./path.ts";

/** `$HOOKGATE_HOME`, else `~/.config/hookgate`; `undefined` when no home directory is known. */
export function hookgateHome(): string | undefined {
  const explicit = readGrantedEnv("HOOKGATE_HOME");
  if (explicit) return explicit;
  const home = readGrantedEnv("HOME") ?? readGrantedEnv("USERPROFILE");
  return home ? join(home, ".config", "hookgate") : undefined;
}
