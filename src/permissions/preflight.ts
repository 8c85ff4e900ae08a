/**
 * Deno permissions alongside the hook allowlist: a preflight that turns a
 * missing `--allow-run` or `--allow-net` into a clear rejection naming the
 * exact flag, instead of an uncaught `NotCapable`. A leaf: transports use
 * it, it uses nothing of theirs.
 *
 * @module
 */

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
  return `Deno's --allow-net does not include "${host}"; add --allow-net=${host}`;
}

function granted(descriptor: Deno.PermissionDescriptor): boolean {
  try {
    return Deno.permissions.querySync(descriptor).state === "granted";
  } catch {
    return false;
  }
}
