/**
 * hookgate: lifecycle hooks for AI coding agents.
 *
 * Operators, plugins and policy services observe and steer an agent at
 * well-defined points — block a tool call, rewrite its arguments, inject
 * context, run side effects — through one {@linkcode HookRegistry} and one
 * {@linkcode HookRunner}, whatever the hook's transport: an in-process
 * function, a command, an HTTP endpoint, a model check.
 *
 * This module is the stable API. Transport-level helpers live behind
 * subpaths: `@hookgate/core/transports`, `/dialects`, `/config`,
 * `/permissions`, `/models`, and the CLI at `/cli`.
 *
 * @example Block a dangerous command, rewrite another
 * ```ts
 * import { HookRegistry, HookRunner } from "@hookgate/core";
 * import { deepEqual } from "node:assert/strict";
 *
 * const registry = new HookRegistry();
 * registry.registerInProcess("PreToolUse", "bash", (input) => {
 *   const command = String(input.toolInput?.command ?? "");
 *   if (command.includes("rm -rf")) {
 *     return { action: "deny", reason: "rm -rf is not allowed here" };
 *   }
 *   if (command === "ls") {
 *     return { action: "mutate", input: { command: "ls -la" } };
 *   }
 * }, "my-plugin", { name: "bash-guard" });
 *
 * const runner = new HookRunner({ registry });
 * const env = { cwd: Deno.cwd() };
 * deepEqual(await runner.preToolUse("bash", { command: "rm -rf /" }, env), {
 *   block: true,
 *   reason: "rm -rf is not allowed here",
 * });
 * deepEqual(await runner.preToolUse("bash", { command: "ls" }, env), {
 *   input: { command: "ls -la" },
 * });
 * ```
 *
 * @module
 */

// Vocabulary: events, payloads, outcomes, results.
export * from "./src/events/table.ts";
export * from "./src/events/event_map.ts";
export * from "./src/events/payload.ts";
export * from "./src/events/lifecycle_payload.ts";
export * from "./src/events/outcome.ts";
export * from "./src/events/results.ts";
export * from "./src/events/hooks.ts";
export * from "./src/events/configured.ts";
export * from "./src/events/tools.ts";
export * from "./src/events/env.ts";
export * from "./src/events/extension_map.ts";
export * from "./src/events/extension_table.ts";
export { parseHookOutcome } from "./src/events/parse_outcome.ts";
// Matching, registry, runner.
export { hookMatcherMatches } from "./src/matchers/exact.ts";
export { compileToolRule, type ToolCall, type ToolRule, type ToolRuleOptions } from "./src/matchers/tool_rule.ts";
export {
  compilePolicy,
  describePolicyDecision,
  type Policy,
  POLICY_LAYER_KINDS,
  type PolicyCall,
  type PolicyDecision,
  type PolicyLayer,
  type PolicyLayerRules,
  type PolicyRule,
  type ReadRules,
  readRules,
  type RuleList,
  type RuleProblem,
  RULES_KEYS,
  type RulesConfig,
  type RuleSpec,
} from "./src/policy/mod.ts";
export {
  loadShellParser,
  parseShellLine,
  type ParseShellLineOptions,
  type ShellCommand,
  type ShellLine,
  shellParserLoaded,
  type ShellWord,
} from "./src/shell/mod.ts";
export * from "./src/registry/types.ts";
export { placeholderDenies, placeholderHook, type PlaceholderHookOptions } from "./src/registry/placeholder.ts";
export {
  type EventTable,
  HookRegistry,
  type HookRegistryOptions,
  type LoadShellHooksOptions,
} from "./src/registry/registry.ts";
export { HookStore } from "./src/registry/store.ts";
export { HookEngine } from "./src/runner/engine.ts";
export { HookRunner } from "./src/runner/runner.ts";
export { ToolEventRunner } from "./src/runner/tool_event_runner.ts";
// Telemetry: OpenTelemetry spans and metrics, loaded only when registered.
export { openTelemetryObserver, telemetryActive } from "./src/telemetry/active.ts";
export type { ObservedHook, ObservedRun, RunObserver, TelemetryOptions } from "./src/telemetry/types.ts";
export { type DeferredHookResult, DeferredResults, type DeferredResultsOptions } from "./src/runner/deferred.ts";
export { DEFERRED_IDLE_MS, MAX_DEFERRED_PER_SESSION } from "./src/_internal/limits.ts";
export type {
  AsyncHookCall,
  CommandGate,
  CommandGateVerdict,
  HookGrants,
  HookInvocationRecord,
  HookRunnerOptions,
} from "./src/runner/types.ts";
// Plugins: in-process hooks with a lifecycle on the shared registry.
export {
  type Plugin,
  type PluginAPI,
  type PluginCapabilities,
  type PluginFailure,
  type PluginFailureKind,
  PluginHost,
  type PluginHostOptions,
  type PluginInstallReport,
  type PluginTeardownContext,
  type PluginTeardownProblem,
  type PluginTeardownProblemKind,
  type PluginUninstallOptions,
  type PluginUninstallReport,
} from "./src/plugins/mod.ts";
// The transport functions and limits of the WrongStack-compatible API.
export {
  runShellHook,
  runShellHookDetailed,
  type RunShellHookOptions,
  type ShellHookResult,
} from "./src/transports/command/command.ts";
export { HookProcesses, type HookProcessGroup, killRunningHooks } from "./src/transports/command/processes.ts";
export { type HttpHookResult, runHttpHookDetailed, type RunHttpHookOptions } from "./src/transports/http/http.ts";
export { DEFAULT_MAX_OUTPUT_BYTES, MAX_OUTPUT_BYTES } from "./src/_internal/limits.ts";
export { type CommandPlan, DEFAULT_COMMAND_ALLOWLIST } from "./src/permissions/command_line.ts";
export type { ModelClient, ModelEndpoint, ModelProvider, ModelRequest, ModelsConfig } from "./src/models/client.ts";
// Configuration.
export { defaultHome } from "./src/config/layers.ts";
export { countShellHooks, shellHooksEqual } from "./src/config/equal.ts";
export { type ConfigDiagnostic, formatDiagnostic, HookConfigError } from "./src/config/diagnostics.ts";
export type { ConfigDialect } from "./src/config/parse.ts";
export {
  AGENT_FILES,
  AGENT_LABELS,
  type AgentFiles,
  AGENTS,
  checkConfig,
  type ClaudePlugin,
  type ConfigLayer,
  type ConfigLayerOptions,
  type HookAgent,
  loadConfig,
  type LoadConfigOptions,
  type LoadedConfig,
  parseAgent,
  type ProjectTrust,
  type RoutingEntry,
  type TrustOption,
} from "./src/config/load.ts";
export { findProjectRoot, type FindProjectRootOptions, type ProjectRoot } from "./src/config/project_root.ts";
export type { ProjectFile, ProjectHook, ProjectSnapshot } from "./src/trust/types.ts";
export type { ProjectGuard } from "./src/trust/project_guard.ts";
export type { TrustRecord } from "./src/trust/trust_store.ts";
export { type ConfigWatcher, watchConfig, type WatchConfigOptions } from "./src/config/watch.ts";
// One runner set-up for hosts.
export { type HookHost, type HookHostOptions, openHookHost } from "./src/host/hook_host.ts";
