/**
 * The HTTP/1.1 policy server `hook-run serve` runs: Claude Code's HTTP hooks
 * (and, with `?agent=`, any agent's) answered as `hook-run gateway` answers
 * its command hooks, from one long-running process with one host per agent.
 * Its own HTTP/1.1 (every part of a request bounded in size and time), a
 * bearer token checked in constant time, `/healthz`, Prometheus `/metrics`,
 * and an audit log of every call; a failure on an event that can block is
 * answered with the block, never a status the agent reads as "go ahead".
 *
 * @module
 */

export {
  DEFAULT_BODY_MEMORY_MIB,
  DEFAULT_BODY_TIMEOUT_S,
  DEFAULT_HEADER_TIMEOUT_S,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_RECORD_KEEP,
  DEFAULT_RECORD_MAX_BYTES,
  DEFAULT_SERVE_PORT,
} from "./defaults.ts";
export { hostName, LOOPBACK_NAMES } from "./host_names.ts";
export { type PolicyServerEnd, type PolicyServerOptions, servePolicy, SHUTDOWN_GRACE_MS } from "./policy_server.ts";
