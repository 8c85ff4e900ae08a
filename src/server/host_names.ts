// Which Host names reach the policy server: a Host header's name, and
// loopback's names, which without a token are the only ones it answers (a
// web page's request after DNS rebinding carries the attacker's name).

import { trimOws } from "./_http_text.ts";

/** The names of the loopback address, as a Host header gives them. */
export const LOOPBACK_NAMES: readonly string[] = ["127.0.0.1", "localhost", "[::1]"];

/** A Host header's name: lower case, without its port or a final dot. */
export function hostName(host: string): string {
  // SP and HTAB only: a Host ending in 0xA0 is not loopback's name.
  const name = trimOws(host).toLowerCase().replace(/:\d*$/, "");
  return name.endsWith(".") ? name.slice(0, -1) : name;
}
