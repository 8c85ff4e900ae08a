/**
 * What every front end of an agent's hook calls shares — `hook-run gateway`,
 * `hook-run serve` and the courier of async hooks: the agent and its
 * dialect, its call read from JSON, the host opened with the agent as the
 * caller, and the answer in the agent's format (the same bytes from every
 * front end). `openHookHost`, the set-up beneath, is the library's own
 * (`@hookgate/core`).
 *
 * @module
 */

export {
  type Agent,
  agentAnswer,
  AgentCallError,
  agentEvent,
  agentExit,
  agentOf,
  agentRunEnv,
  blockingAnswer,
  CLAUDE_AGENT,
  eventInPrefix,
  hookErrors,
  readAgentCall,
  unknownAgent,
} from "./agent_call.ts";
export {
  type AgentHostFlags,
  type AgentHostOptions,
  AgentHosts,
  hostErrorMessage,
  openAgentHost,
  refusedConfig,
} from "./agent_host.ts";
export { skippedSummary, trustCommandLine } from "./untrusted.ts";
