/**
 * Wire dialects, both directions: how a payload is written for a hook and
 * read from an agent, how a hook's answer is read, and how a result is
 * written back — native camelCase and Wuu's snake_case — and how a Claude
 * Code settings file is routed to hookgate and back.
 *
 * @example Encode a payload for a Wuu hook
 * ```ts
 * import { encodePayload } from "@hookgate/core/dialects";
 * import { equal } from "node:assert/strict";
 *
 * equal(encodePayload({ event: "Stop", cwd: "/p", sessionId: "s" }, "wuu"), '{"hook_event_name":"Stop","session_id":"s","cwd":"/p"}');
 * ```
 *
 * @module
 */

export { DIALECT_NAMES, dialectEvent, dialectOf, encodePayload, laterEvent } from "./dialects.ts";
export {
  type DecodedInput,
  type DecodedOutput,
  type Dialect,
  type DialectEnv,
  type DialectEnvContext,
  type EventAlias,
  type HookAnswer,
  type ModelVerdict,
  type PromptModelDefault,
} from "./shared/types.ts";
export { type McpNames, type ToolMap, toolMap, type ToolRow } from "./shared/_tool_map.ts";
export { toWuuInput } from "./wuu/wire.ts";
export {
  addClaudeHooks,
  CLAUDE_ROUTING_MARK,
  claudeHandlerHook,
  type ClaudeHooks,
  claudeOnlyHandler,
  type ClaudeRoute,
  claudeRoutedEvents,
  claudeRoutingGroup,
  type ClaudeRoutingOptions,
  type ClaudeSettings,
  claudeSettingsProblem,
  type ClaudeSettingsSplit,
  claudeTimeouts,
  isClaudeRouting,
  routingTimeout,
  splitClaudeSettings,
  type SplitClaudeSettingsOptions,
} from "./claude/settings.ts";
export type { MatcherKind } from "../matchers/compile.ts";
