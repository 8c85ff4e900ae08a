/**
 * hookgate: lifecycle hooks for AI coding agents.
 *
 * Operators, plugins and policy services observe and steer an agent at
 * well-defined points — block a tool call, rewrite its arguments, inject
 * context, run side effects — through one {@linkcode HookRegistry} and one
 * {@linkcode HookRunner}, whatever the hook's transport: an in-process
 * function, a command, an HTTP endpoint.
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

export * from "./src/events.ts";
export * from "./src/types.ts";
export { hookMatcherMatches } from "./src/matcher.ts";
export { parseHookOutcome } from "./src/outcome.ts";
export { HookRegistry, type LoadShellHooksOptions } from "./src/registry.ts";
export { type HookEventFields, type HookEventResult, HookRunner, type HookRunnerOptions } from "./src/runner.ts";
export {
  DEFAULT_MAX_OUTPUT_BYTES,
  killRunningHooks,
  MAX_OUTPUT_BYTES,
  runShellHook,
  runShellHookDetailed,
  type RunShellHookOptions,
  type ShellHookResult,
} from "./src/transports/command.ts";
export {
  buildChildEnv,
  type BuildChildEnvOptions,
  CHILD_ENV_ALLOWLIST,
  looksLikeSecret,
} from "./src/transports/child_env.ts";
export { type HttpHookResult, runHttpHookDetailed, type RunHttpHookOptions } from "./src/transports/http.ts";
export { type HttpUrlPolicy, httpUrlProblem, isLoopbackHost, urlMatchesPattern } from "./src/url_policy.ts";
export { type CommandPlan, commandRejection, DEFAULT_COMMAND_ALLOWLIST, planCommand } from "./src/command_line.ts";
export {
  netPermissionProblem,
  permissionFlags,
  type PermissionOptions,
  type RequiredPermissions,
  requiredPermissions,
  runPermissionProblem,
} from "./src/permissions.ts";
export {
  parseModelVerdict,
  PROMPT_HOOK_SYSTEM,
  type PromptHookResult,
  renderPrompt,
  runPromptHookDetailed,
  type RunPromptHookOptions,
} from "./src/transports/prompt.ts";
export {
  type ModelClient,
  ModelClientError,
  type ModelClientOptions,
  type ModelEndpoint,
  type ModelProvider,
  type ModelRequest,
  type ModelsConfig,
} from "./src/models/client.ts";
export { createModelClient } from "./src/models/create.ts";
export { createOpenAiClient } from "./src/models/openai.ts";
export { ANTHROPIC_VERSION, createAnthropicClient } from "./src/models/anthropic.ts";
export { encodePayload } from "./src/dialects/payload.ts";
export { toWuuInput } from "./src/dialects/wuu.ts";
export { countShellHooks, shellHooksEqual } from "./src/config/equal.ts";
export { type ConfigDiagnostic, formatDiagnostic, HookConfigError } from "./src/config/diagnostics.ts";
export {
  type ConfigDialect,
  type ParsedHooksConfig,
  parseHooksConfig,
  type ParseHooksConfigOptions,
} from "./src/config/parse.ts";
export {
  checkConfig,
  type ConfigLayer,
  configLayers,
  loadConfig,
  type LoadConfigOptions,
  type LoadedConfig,
} from "./src/config/load.ts";
export { type ConfigWatcher, watchConfig, type WatchConfigOptions } from "./src/config/watch.ts";
