/**
 * The typed methods of the tool events (PreToolUse, PostToolUse,
 * PostToolUseFailure, PermissionRequest): one per event, each a thin call
 * into the runner's one generic path. `HookRunner` extends this class with
 * the session and turn events.
 *
 * @module
 */

import type { HookRunEnv, PreToolUseEnv } from "../events/env.ts";
import type { ToolResult } from "../events/payload.ts";
import type { PermissionRequestResult, PostToolUseResult, PreToolUseResult } from "../events/results.ts";
import { dispatcherOf, HookEngine } from "./engine.ts";
import type { HookRunnerOptions } from "./types.ts";

/**
 * The tool events of `HookRunner`: gate a tool call before it runs, add
 * context after it ran or failed, answer its permission prompt. Each
 * method builds the event's payload fields from its arguments (which a
 * tool event's signature makes complete) and runs the event as
 * {@linkcode HookEngine.run} does; construct a `HookRunner`, which has
 * every method documented here.
 *
 * @example Gate a tool call
 * ```ts
 * import { HookRegistry, HookRunner } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const registry = new HookRegistry();
 * registry.registerInProcess("PreToolUse", "bash", () => ({ action: "deny", reason: "no shell" }));
 * const runner = new HookRunner({ registry });
 * equal((await runner.preToolUse("bash", { command: "ls" }, { cwd: "/tmp" })).block, true);
 * ```
 */
export class ToolEventRunner extends HookEngine {
  /**
   * Creates the tool events of a runner.
   *
   * @param options The registry, and optionally a logger, the `--no-hooks`
   * switch, a session id source, an invocation listener and the Stop cap.
   */
  constructor(options: HookRunnerOptions) {
    super(options);
  }

  /**
   * Runs PreToolUse in three phases: the native mutate chain (one after
   * another, each seeing the previous rewrite), then the Claude-dialect
   * hooks at the same time on that input, then the validators at the same
   * time on the final input; a deny ends the run after its phase. When a
   * hook rewrote the input and `env.inputSchema` is given, the final input
   * is re-validated; a failure comes back as a block whose reason tells the
   * model what is wrong.
   *
   * @param toolName The tool about to run.
   * @param toolInput Its arguments.
   * @param env The working directory, the caller's signal, the input schema.
   * @returns `{block, reason}` to stop the tool, `{input}` when rewritten,
   * `decision` when a hook asked, deferred or granted (`"allow"`: the
   * host may skip its own prompt), `{}` to go ahead unchanged under the
   * host's own permissions.
   *
   * @example A rewrite, re-validated
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   * import { deepEqual } from "node:assert/strict";
   *
   * const registry = new HookRegistry();
   * registry.registerInProcess("PreToolUse", "ls", (input) => ({
   *   action: "mutate",
   *   input: { ...input.toolInput, long: true },
   * }));
   * const runner = new HookRunner({ registry });
   * const result = await runner.preToolUse("ls", { path: "." }, {
   *   cwd: "/tmp",
   *   inputSchema: { type: "object", properties: { long: { type: "boolean" } } },
   * });
   * deepEqual(result, { input: { path: ".", long: true } });
   * ```
   */
  preToolUse(
    toolName: string,
    toolInput: Record<string, unknown>,
    env: PreToolUseEnv,
  ): Promise<PreToolUseResult> {
    return dispatcherOf(this).call("PreToolUse", { toolName, toolInput }, env);
  }

  /**
   * Runs PostToolUse: fan-out; hook contexts are joined. A hook that
   * objects (deny) cannot undo the tool, so its reason is returned as
   * context with `contextAs: "feedback"`. Background hooks start here and
   * do not delay the result.
   *
   * @param toolName The tool that ran.
   * @param toolInput The arguments it ran with.
   * @param toolResult Its result.
   * @param env The working directory and the caller's signal.
   * @returns The joined context, if any.
   *
   * @example Lint after an edit
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   * import { deepEqual } from "node:assert/strict";
   *
   * const registry = new HookRegistry();
   * registry.registerInProcess("PostToolUse", "edit", () => ({
   *   additionalContext: "Lint: clean",
   * }));
   * const runner = new HookRunner({ registry });
   * const result = await runner.postToolUse("edit", { path: "a.ts" }, {
   *   content: "ok",
   *   isError: false,
   * }, { cwd: "/tmp" });
   * deepEqual(result, { additionalContext: "Lint: clean", contextAs: "context" });
   * ```
   */
  postToolUse(
    toolName: string,
    toolInput: Record<string, unknown>,
    toolResult: ToolResult,
    env: HookRunEnv,
  ): Promise<PostToolUseResult> {
    return dispatcherOf(this).call("PostToolUse", { toolName, toolInput, toolResult }, env);
  }

  /**
   * Runs PostToolUseFailure: fan-out after a tool failed. Hook errors never
   * replace the tool's own failure.
   *
   * @param toolName The tool that failed.
   * @param toolInput The arguments it ran with.
   * @param error The failure text.
   * @param env The working directory and the caller's signal.
   * @returns The joined context, if any.
   *
   * @example Explain a failure
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   * import { equal } from "node:assert/strict";
   *
   * const registry = new HookRegistry();
   * registry.registerInProcess("PostToolUseFailure", "*", (input) => ({
   *   additionalContext: `hint for: ${input.error}`,
   * }));
   * const runner = new HookRunner({ registry });
   * const result = await runner.postToolUseFailure("bash", {}, "exit 1", { cwd: "/tmp" });
   * equal(result.additionalContext, "hint for: exit 1");
   * ```
   */
  postToolUseFailure(
    toolName: string,
    toolInput: Record<string, unknown>,
    error: string,
    env: HookRunEnv,
  ): Promise<PostToolUseResult> {
    return dispatcherOf(this).call("PostToolUseFailure", { toolName, toolInput, error }, env);
  }

  /**
   * Runs PermissionRequest: native hooks one after another (the first
   * block wins), then Claude-dialect hooks at the same time. A block
   * refuses the permission; a Claude-dialect hook's approval grants it
   * (`decision: "allow"`, with its `input` and `updatedPermissions`) when
   * no hook refused and the runner forwards grants; a native hook's allow
   * grants nothing.
   *
   * @param toolName The tool asking for permission.
   * @param toolInput Its arguments.
   * @param env The working directory and the caller's signal.
   * @returns `{block, reason}` to refuse, `{decision: "allow", …}` to grant, `{}` to ask as usual.
   *
   * @example Refuse network tools
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   * import { equal } from "node:assert/strict";
   *
   * const registry = new HookRegistry();
   * registry.registerInProcess("PermissionRequest", "fetch", () => ({
   *   action: "deny",
   *   reason: "offline session",
   * }));
   * const runner = new HookRunner({ registry });
   * const result = await runner.permissionRequest("fetch", {}, { cwd: "/tmp" });
   * equal(result.block, true);
   * ```
   */
  permissionRequest(
    toolName: string,
    toolInput: Record<string, unknown>,
    env: HookRunEnv,
  ): Promise<PermissionRequestResult> {
    // The rule gives PermissionRequest no decision but a grant (it cannot ask).
    return dispatcherOf(this).call("PermissionRequest", { toolName, toolInput }, env) as Promise<
      PermissionRequestResult
    >;
  }
}
