/**
 * Where an event runs and where hookgate reports: the run environment a
 * host passes with each event, and the logger interface.
 *
 * @module
 */

/**
 * Where and under which cancellation an event runs.
 *
 * @example A run environment with a caller signal
 * ```ts
 * import type { HookRunEnv } from "@hookgate/core";
 *
 * const controller = new AbortController();
 * const env: HookRunEnv = { cwd: "/abs/project", signal: controller.signal };
 * ```
 */
export interface HookRunEnv {
  /** The agent's working directory: the payload's `cwd` and the hooks' cwd. */
  cwd: string;
  /** Aborting it cancels every running hook (failure kind `aborted`). */
  signal?: AbortSignal;
  /**
   * The session, when the caller knows it (a gateway or server passes the
   * agent's); otherwise the runner's `sessionId` option supplies it.
   */
  sessionId?: string;
  /** The session's transcript path, passed to hooks when given. */
  transcriptPath?: string;
  /** The agent's permission mode, passed to hooks when given. */
  permissionMode?: string;
  /**
   * The agent says it is already continuing because of a Stop block (a
   * stateless front end such as a gateway, which cannot count blocks
   * itself); the payload's `stopHookActive` is then true.
   */
  stopHookActive?: boolean;
  /**
   * Who counts the Stop loop. `"runner"`: the runner counts consecutive
   * blocks per session and allows the stop after its `stopBlockCap`.
   * `"agent"`: the agent counts its own loop and applies its own cap (as
   * Claude Code does, with its `stop_hook_active`), so the payload's
   * `stopHookActive` is exactly `stopHookActive` here and the runner
   * neither counts nor caps — a cap of its own would cut a loop the agent
   * allows.
   *
   * @default {"runner"}
   */
  stopLoop?: "runner" | "agent";
}

/**
 * Validates a tool input after hooks rewrote it: returns an error message,
 * or `undefined` when the input is valid.
 *
 * @example Require a string command
 * ```ts
 * import type { ToolInputValidator } from "@hookgate/core";
 *
 * const validate: ToolInputValidator = (input) =>
 *   typeof input.command === "string" ? undefined : "command must be a string";
 * ```
 */
export type ToolInputValidator = (
  input: Record<string, unknown>,
) => string | undefined;

/**
 * The run environment of PreToolUse: adds the tool's input schema, used to
 * re-validate an input that hooks rewrote before the tool runs.
 *
 * @example Re-validate against a JSON Schema
 * ```ts
 * import type { PreToolUseEnv } from "@hookgate/core";
 *
 * const env: PreToolUseEnv = {
 *   cwd: "/abs/project",
 *   inputSchema: {
 *     type: "object",
 *     properties: { command: { type: "string" } },
 *     required: ["command"],
 *   },
 * };
 * ```
 */
export interface PreToolUseEnv extends HookRunEnv {
  /** A JSON Schema object or a validator function. */
  inputSchema?: Record<string, unknown> | ToolInputValidator;
}

/**
 * Leveled logging; every method is optional. hookgate never logs raw
 * payloads, prompts or header values.
 *
 * @example Route warnings somewhere
 * ```ts
 * import type { Logger } from "@hookgate/core";
 *
 * const warnings: string[] = [];
 * const logger: Logger = { warn: (message) => warnings.push(message) };
 * ```
 */
export interface Logger {
  /** Detail for debugging. */
  debug?(message: string): void;
  /** Normal operation worth noting (e.g. a reload). */
  info?(message: string): void;
  /** A hook failed open, or an outcome field was ignored. */
  warn?(message: string): void;
  /** Something hookgate itself could not do. */
  error?(message: string): void;
}
