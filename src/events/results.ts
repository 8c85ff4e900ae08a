/**
 * What the runner returns for each event.
 *
 * @module
 */

import type { ToolResultUpdate } from "./outcome.ts";

/**
 * What every event's result may carry besides its own fields: a hook's
 * demand that the agent stop, and messages for the user.
 *
 * @example Stop the agent whatever the event
 * ```ts
 * import type { HookResultBase } from "@hookgate/core";
 *
 * function mustStop(result: HookResultBase): boolean {
 *   return result.halt === true;
 * }
 * ```
 */
export interface HookResultBase {
  /** A hook requires the agent to stop, beating every decision: check it first. */
  halt?: boolean;
  /** Why the agent must stop, for the user. */
  stopReason?: string;
  /** Messages hooks want the user to see (joined with newlines). */
  systemMessage?: string;
}

/**
 * The result of PreToolUse. `input` is present only when a hook replaced
 * the input (and it passed re-validation); run the tool with it.
 *
 * @example Act on a result
 * ```ts
 * import type { PreToolUseResult } from "@hookgate/core";
 *
 * function toolInput(
 *   result: PreToolUseResult,
 *   original: Record<string, unknown>,
 * ): Record<string, unknown> | Error {
 *   if (result.block) return new Error(result.reason);
 *   return result.input ?? original;
 * }
 * ```
 */
export interface PreToolUseResult extends HookResultBase {
  /** The tool must not run. */
  block?: boolean;
  /**
   * Not blocked, but a hook wants the user asked (`ask`) or the call
   * deferred (`defer`), or a hook granted it (`allow`); the most
   * restrictive wins (deny > defer > ask > allow > no decision), so
   * `allow` means that some Claude-dialect hook approved the call and no
   * hook denied, deferred or asked: the host may skip its own permission
   * prompt (its own deny rules still apply). Without `decision` the hooks
   * had no objection, which grants nothing. A rewrite (`input`) applies
   * whatever the decision.
   */
  decision?: "allow" | "ask" | "defer";
  /** Why, for the model (each hook's at most 2 000 characters; a Claude hook's as long as it gave it). */
  reason?: string;
  /** The rewritten tool input. */
  input?: Record<string, unknown>;
  /**
   * The joined context of the hooks, for the model beside the tool's result
   * — also beside a block, which is the tool's result then.
   */
  additionalContext?: string;
}

/**
 * The result of UserPromptSubmit (and the shape of other blocking events
 * that also add context).
 *
 * @example End the turn on a block
 * ```ts
 * import type { PromptResult } from "@hookgate/core";
 *
 * const result: PromptResult = { block: true, reason: "off-topic" };
 * ```
 */
export interface PromptResult extends HookResultBase {
  /** The turn ends without a model call. */
  block?: boolean;
  /** Why, for the model and the user. */
  reason?: string;
  /** Context to add beside the prompt. */
  additionalContext?: string;
}

/**
 * The result of PostToolUse and PostToolUseFailure. `contextAs` tells how
 * to present the context: `"context"` for plain notes, `"feedback"` when a
 * hook objected (a deny after the fact cannot undo the tool, so its reason
 * is delivered as feedback the model should act on).
 *
 * @example Append context to a tool result
 * ```ts
 * import type { PostToolUseResult } from "@hookgate/core";
 *
 * const result: PostToolUseResult = {
 *   additionalContext: "Lint: 1 error",
 *   contextAs: "feedback",
 * };
 * ```
 */
export interface PostToolUseResult extends HookResultBase {
  /** The joined context of every hook, in registration order. */
  additionalContext?: string;
  /** How to present it. */
  contextAs?: "context" | "feedback";
  /**
   * The tool's result as hooks replaced it: the last replacement of
   * `content` and of `details`, in registration order. Absent when no hook
   * replaced anything.
   */
  updatedToolResult?: ToolResultUpdate;
}

/**
 * The result of events that only add context (SessionStart,
 * SubagentStart).
 *
 * @example Context for the system prompt
 * ```ts
 * import type { ContextResult } from "@hookgate/core";
 *
 * const result: ContextResult = { additionalContext: "Use conventional commits." };
 * ```
 */
export interface ContextResult extends HookResultBase {
  /** The joined context of every hook, in registration order. */
  additionalContext?: string;
}

/**
 * The result of events that can only block (PreCompact, PostCompact; and
 * the base of PermissionRequest's).
 *
 * @example A refused compaction
 * ```ts
 * import type { BlockResult } from "@hookgate/core";
 *
 * const result: BlockResult = { block: true, reason: "keep the full log" };
 * ```
 */
export interface BlockResult extends HookResultBase {
  /** The operation must not go ahead. */
  block?: boolean;
  /** Why. */
  reason?: string;
}

/**
 * The result of PermissionRequest: a block refuses the permission;
 * `decision: "allow"` grants it — some Claude-dialect hook approved it and
 * no hook refused — with the tool input to run it with (`input`) and the
 * permission updates to apply (`updatedPermissions`, as the hook gave
 * them). With neither the hooks decided nothing: the host asks as usual.
 *
 * @example Act on a result
 * ```ts
 * import type { PermissionRequestResult } from "@hookgate/core";
 *
 * function verdict(result: PermissionRequestResult): "refused" | "granted" | "ask the user" {
 *   if (result.block) return "refused";
 *   return result.decision === "allow" ? "granted" : "ask the user";
 * }
 * ```
 */
export interface PermissionRequestResult extends BlockResult {
  /** A hook granted the permission. */
  decision?: "allow";
  /** The tool input to run the call with, when the granting hook replaced it. */
  input?: Record<string, unknown>;
  /**
   * Permission updates that come with the grant (Claude's `addRules`,
   * `setMode`, … entries), unchanged.
   */
  updatedPermissions?: Record<string, unknown>[];
}

/**
 * The result of Stop and SubagentStop: `block` keeps the turn going with
 * `reason` as the next instruction (or, for hosts following Wuu, marks the
 * turn failed).
 *
 * @example Keep going
 * ```ts
 * import type { StopResult } from "@hookgate/core";
 *
 * const result: StopResult = { block: true, reason: "tests are failing" };
 * ```
 */
export interface StopResult extends HookResultBase {
  /** The stop is refused. */
  block?: boolean;
  /** Why, as the instruction to continue. */
  reason?: string;
  /** Joined context of the hooks. */
  additionalContext?: string;
}

/**
 * The result of events with side effects only (SessionEnd, FileChanged):
 * nothing to act on but a halt or a message.
 *
 * @example
 * ```ts
 * import type { NoResult } from "@hookgate/core";
 *
 * const result: NoResult = {};
 * ```
 */
export type NoResult = HookResultBase;
