/**
 * What may run and where it may connect: the command allowlist (a
 * convenience filter, not a security boundary), the URL rules of HTTP
 * hooks, and the Deno permission preflight that names the exact flag to
 * add. A leaf: it imports nothing of hookgate but its private helpers.
 *
 * @example Is this URL allowed for an HTTP hook?
 * ```ts
 * import { httpUrlProblem } from "@hookgate/core/permissions";
 * import { equal, match } from "node:assert/strict";
 *
 * equal(httpUrlProblem("http://127.0.0.1:8787/hook"), undefined);
 * match(httpUrlProblem("http://example.com/hook")!, /only allowed to loopback/);
 * ```
 *
 * @module
 */

export { type CommandPlan, commandRejection, DEFAULT_COMMAND_ALLOWLIST, planCommand } from "./command_line.ts";
export {
  type HttpUrlPolicy,
  httpUrlProblem,
  isLoopbackHost,
  urlMatchesPattern,
  urlPatternCovers,
} from "./url_policy.ts";
export { envPermissionProblem, netPermissionProblem, runPermissionProblem } from "./preflight.ts";
