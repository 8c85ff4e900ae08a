/**
 * The tool wrapper (the xcsh-style `HookToolWrapper`): a tool whose every call
 * runs PreToolUse before it (where `tool_call` handlers, plugins and
 * configured hooks decide, in one order) and PostToolUse after it (where
 * `tool_result` handlers may replace the result), or PostToolUseFailure when
 * it throws — after which the original error is rethrown.
 *
 * @module
 */

import type { ToolInputValidator } from "../events/env.ts";
import type { AnyHookEventResult } from "../events/event_map.ts";
import type { ToolResult } from "../events/payload.ts";
import type { HookRunner } from "../runner/runner.ts";
import type { HookUIContext } from "./types.ts";

/**
 * A tool the wrapper can wrap.
 *
 * @example
 * ```ts
 * import type { WrappableTool } from "@hookgate/core/extensions";
 *
 * const echo: WrappableTool = {
 *   name: "echo",
 *   execute: (_id, input) => ({ content: [{ type: "text", text: String(input.text) }] }),
 * };
 * ```
 */
export interface WrappableTool<D = unknown> {
  /** The tool's name: what matchers and handlers see as `toolName`. */
  readonly name: string;
  /** The input's JSON Schema (or a validator): a rewritten input is re-validated against it. */
  readonly inputSchema?: Record<string, unknown> | ToolInputValidator | undefined;
  /** Runs the tool. */
  execute(
    toolCallId: string,
    input: Record<string, unknown>,
    signal?: AbortSignal,
  ): ToolResult<D> | Promise<ToolResult<D>>;
}

/**
 * Options of {@linkcode HookToolWrapper}.
 *
 * @example
 * ```ts
 * import { HookRegistry, HookRunner } from "@hookgate/core";
 * import type { HookToolWrapperOptions } from "@hookgate/core/extensions";
 *
 * const options: HookToolWrapperOptions = { runner: new HookRunner({ registry: new HookRegistry() }), cwd: "/repo" };
 * ```
 */
export interface HookToolWrapperOptions {
  /** The runner whose hooks gate the tool. */
  runner: HookRunner;
  /** The agent's working directory (a function when it changes). */
  cwd: string | (() => string);
  /** The session, when the host knows it. */
  sessionId?: string;
  /**
   * Where a hook's `ask` goes: the user confirms or refuses. Without a UI an
   * `ask` blocks the call (it is never turned into an allow).
   */
  ui?: HookUIContext;
  /**
   * Sees every hook result (to act on a `halt` or show a `systemMessage`).
   */
  onHookResult?: (event: "PreToolUse" | "PostToolUse" | "PostToolUseFailure", result: AnyHookEventResult) => void;
}

/**
 * Why a wrapped tool did not run: a hook blocked it, the user refused an
 * `ask`, a hook deferred it to the host, or a hook halted the agent.
 *
 * @example Tell a block from a tool failure
 * ```ts
 * import { ToolBlockedError } from "@hookgate/core/extensions";
 *
 * function report(error: unknown): string {
 *   return error instanceof ToolBlockedError ? `blocked: ${error.reason}` : `failed: ${error}`;
 * }
 * ```
 */
export class ToolBlockedError extends Error {
  /** Why the call did not run, for the model. */
  readonly reason: string;
  /** What stopped it. */
  readonly kind: "block" | "ask" | "defer" | "halt";

  /**
   * Creates the error.
   *
   * @param toolName The tool.
   * @param kind What stopped it.
   * @param reason Why.
   */
  constructor(toolName: string, kind: "block" | "ask" | "defer" | "halt", reason: string) {
    super(`Tool "${toolName}" was not run: ${reason}`);
    this.name = "ToolBlockedError";
    this.kind = kind;
    this.reason = reason;
  }
}

/**
 * Wraps a tool so that hooks run around each call.
 *
 * @example Redact a tool's output
 * ```ts
 * import { HookRegistry, HookRunner } from "@hookgate/core";
 * import { ExtensionHost, HookToolWrapper } from "@hookgate/core/extensions";
 * import { deepEqual } from "node:assert/strict";
 *
 * const registry = new HookRegistry();
 * const host = new ExtensionHost({ registry });
 * await host.load((api) => {
 *   api.on("tool_result", (event) => ({ content: String(event.content).replace(/KEY=\S+/, "KEY=[REDACTED]") }));
 * }, "redact");
 * const read = new HookToolWrapper({ name: "read", execute: () => ({ content: "KEY=abc" }) }, {
 *   runner: new HookRunner({ registry }),
 *   cwd: "/tmp",
 * });
 * deepEqual(await read.execute("call-1", { path: ".env" }), { content: "KEY=[REDACTED]" });
 * host.unloadAll();
 * ```
 */
export class HookToolWrapper<D = unknown> implements WrappableTool<D> {
  #tool: WrappableTool<D>;
  #options: HookToolWrapperOptions;

  /**
   * Wraps `tool`.
   *
   * @param tool The tool.
   * @param options The runner, working directory, session, UI and result listener.
   */
  constructor(tool: WrappableTool<D>, options: HookToolWrapperOptions) {
    this.#tool = tool;
    this.#options = options;
  }

  /**
   * The wrapped tool's name.
   *
   * @returns The name.
   */
  get name(): string {
    return this.#tool.name;
  }

  /**
   * The wrapped tool's input schema.
   *
   * @returns The schema, if the tool has one.
   */
  get inputSchema(): Record<string, unknown> | ToolInputValidator | undefined {
    return this.#tool.inputSchema;
  }

  /**
   * Runs PreToolUse, then the tool (with the input as hooks rewrote it),
   * then PostToolUse — or, when the tool throws, PostToolUseFailure and the
   * original error.
   *
   * @param toolCallId The call's identifier (the hooks' `toolUseId`).
   * @param input The arguments.
   * @param signal Cancels the hooks and is passed to the tool.
   * @returns The tool's output, with hook replacements and context applied.
   * @throws {ToolBlockedError} When a hook blocked, deferred or halted the
   * call, or the user refused a hook's `ask`.
   * @throws Whatever the tool threw.
   */
  async execute(toolCallId: string, input: Record<string, unknown>, signal?: AbortSignal): Promise<ToolResult<D>> {
    const name = this.#tool.name;
    const env = this.#env(signal);
    const before = await this.#options.runner.run("PreToolUse", {
      toolName: name,
      toolInput: input,
      toolUseId: toolCallId,
    }, {
      ...env,
      ...(this.#tool.inputSchema === undefined ? {} : { inputSchema: this.#tool.inputSchema }),
    });
    this.#options.onHookResult?.("PreToolUse", before);
    await this.#gate(before);
    const toolInput = before.input ?? input;
    const call = { toolName: name, toolInput, toolUseId: toolCallId };
    let output: ToolResult<D>;
    try {
      output = await this.#tool.execute(toolCallId, toolInput, signal);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      const failed = await this.#options.runner.run("PostToolUseFailure", { ...call, error: text }, env);
      this.#options.onHookResult?.("PostToolUseFailure", failed);
      throw error;
    }
    const toolResult = {
      content: output.content,
      isError: false,
      ...(output.details === undefined ? {} : { details: output.details }),
    };
    const after = await this.#options.runner.run("PostToolUse", { ...call, toolResult }, env);
    this.#options.onHookResult?.("PostToolUse", after);
    // PreToolUse's context goes beside the result too, before PostToolUse's.
    return withHooks(output, after, before.additionalContext);
  }

  #env(signal: AbortSignal | undefined) {
    const cwd = typeof this.#options.cwd === "function" ? this.#options.cwd() : this.#options.cwd;
    return {
      cwd,
      ...(signal === undefined ? {} : { signal }),
      ...(this.#options.sessionId === undefined ? {} : { sessionId: this.#options.sessionId }),
    };
  }

  /** Throws unless the call may go ahead. */
  async #gate(result: AnyHookEventResult): Promise<void> {
    const name = this.#tool.name;
    if (result.halt) throw new ToolBlockedError(name, "halt", result.stopReason ?? "a hook stopped the agent");
    if (result.block) {
      // The block is the call's result: the hooks' context goes with it.
      const reason = result.reason ?? "blocked by hook";
      throw new ToolBlockedError(
        name,
        "block",
        result.additionalContext ? `${reason}\n\n${result.additionalContext}` : reason,
      );
    }
    if (result.decision === "defer") {
      throw new ToolBlockedError(name, "defer", result.reason ?? "a hook deferred the decision to the host");
    }
    if (result.decision === "ask") {
      const ui = this.#options.ui;
      const why = result.reason ?? `a hook asks before "${name}" runs`;
      if (ui === undefined) throw new ToolBlockedError(name, "ask", `${why} (no one can answer: there is no UI)`);
      if (!await ui.confirm(`Allow ${name}?`, why)) throw new ToolBlockedError(name, "ask", `${why} (refused)`);
    }
  }
}

/** The output with the hooks' replacements, then their context (PreToolUse's first) appended for the model. */
function withHooks<D>(output: ToolResult<D>, result: AnyHookEventResult, before?: string): ToolResult<D> {
  const update = result.updatedToolResult;
  let next = output;
  if (update !== undefined) {
    next = { ...next };
    if (update.content !== undefined) next.content = update.content;
    if (update.details !== undefined) next.details = update.details as D;
  }
  const contexts = [before, result.additionalContext].filter((text) => text !== undefined);
  if (contexts.length === 0) return next;
  const context = contexts.join("\n\n");
  const content = next.content;
  if (Array.isArray(content)) return { ...next, content: [...content, { type: "text", text: context }] };
  if (typeof content === "string") return { ...next, content: `${content}\n\n${context}` };
  return { ...next, content: [{ type: "text", text: JSON.stringify(content) }, { type: "text", text: context }] };
}
