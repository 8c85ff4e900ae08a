/**
 * The transports, one level below the runner: a hook as a child process
 * (command), an HTTP call, a model check (prompt), and the helpers each is
 * built from. Each takes the payload and `{signal, deadlineAt}` and returns
 * an outcome or a failure; none knows the runner.
 *
 * @example Run a command hook on its own
 * ```ts
 * import { runShellHookDetailed } from "@hookgate/core/transports";
 * import { equal } from "node:assert/strict";
 *
 * const result = await runShellHookDetailed({ command: "true" }, { event: "Stop", cwd: Deno.cwd() });
 * equal(result.outcome?.action, "allow");
 * ```
 *
 * @module
 */

export {
  runShellHook,
  runShellHookDetailed,
  type RunShellHookOptions,
  type ShellHookResult,
} from "./command/command.ts";
export {
  DEFAULT_MAX_RUNNING_HOOKS,
  HookProcesses,
  type HookProcessesOptions,
  type HookProcessGroup,
  killRunningHooks,
} from "./command/processes.ts";
export { execCommand, type ExecCommandOptions, type ExecResult } from "./command/exec.ts";
export {
  buildChildEnv,
  type BuildChildEnvOptions,
  CHILD_ENV_ALLOWLIST,
  hookDepth,
  looksLikeSecret,
} from "./command/child_env.ts";
export { MAX_HOOK_DEPTH } from "../_internal/limits.ts";
export { type HttpHookResult, runHttpHookDetailed, type RunHttpHookOptions } from "./http/http.ts";
export { type PromptHookResult, runPromptHookDetailed, type RunPromptHookOptions } from "./prompt/prompt.ts";
export { PROMPT_HOOK_SYSTEM, renderPrompt } from "./prompt/render.ts";
export { parseModelVerdict } from "./prompt/verdict.ts";
