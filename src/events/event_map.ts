/**
 * The type of each event: its payload fields and its result, in one map.
 * {@linkcode HookEvent} is its key set, the runner's generic `run` is typed
 * by it, and the event table must have a row for every key.
 *
 * @module
 */

import type {
  AgentFields,
  AnyHookEventFields,
  CompactFields,
  FileChangedFields,
  NoFields,
  PostCompactFields,
  PromptFields,
  SessionEndFields,
  SessionStartFields,
  ToolCallFields,
  ToolFailureFields,
  ToolResultFields,
} from "./fields.ts";
import type {
  ConfigChangeFields,
  CwdChangedFields,
  DirectoryAddedFields,
  ElicitationFields,
  InstructionsLoadedFields,
  NotificationFields,
  PermissionDeniedFields,
  PromptExpansionFields,
  SetupFields,
  StopFailureFields,
  TaskFields,
  TeammateFields,
  WorktreeRemoveFields,
} from "./lifecycle_payload.ts";
import type { AnswerExtra, ToolResultUpdate } from "./outcome.ts";
import type { GeminiEventMap } from "./gemini_rows.ts";

export type { AnyHookEventFields, GeminiEventMap };
import type {
  BlockResult,
  ContextResult,
  NoResult,
  PermissionRequestResult,
  PostToolUseResult,
  PreToolUseResult,
  PromptResult,
  StopResult,
} from "./results.ts";
import type { CursorEventMap } from "./cursor_rows.ts";

export type { CursorEventMap };

/**
 * Each event's payload fields (what the caller gives besides `cwd`) and its
 * result.
 *
 * @example Type a helper by event
 * ```ts
 * import type { HookEventMap } from "@hookgate/core";
 *
 * type StopFields = HookEventMap["Stop"]["fields"];
 * type StopOutcome = HookEventMap["Stop"]["result"];
 * const result: StopOutcome = { block: true, reason: "tests fail" };
 * ```
 */
export interface HookEventMap extends CursorEventMap, GeminiEventMap {
  /** Before a tool runs. */
  PreToolUse: { fields: ToolCallFields; result: PreToolUseResult };
  /** During tool authorization. */
  PermissionRequest: { fields: ToolCallFields; result: PermissionRequestResult };
  /** After a tool succeeded. */
  PostToolUse: { fields: ToolResultFields; result: PostToolUseResult };
  /** After a tool failed. */
  PostToolUseFailure: { fields: ToolFailureFields; result: PostToolUseResult };
  /** Before a user turn. */
  UserPromptSubmit: { fields: PromptFields; result: PromptResult };
  /** Once per session. */
  SessionStart: { fields: SessionStartFields; result: ContextResult };
  /** Session teardown. */
  SessionEnd: { fields: SessionEndFields; result: NoResult };
  /** End of every turn. */
  Stop: { fields: NoFields; result: StopResult };
  /** Before a subagent turn. */
  SubagentStart: { fields: AgentFields; result: ContextResult };
  /** After a subagent turn. */
  SubagentStop: { fields: AgentFields; result: StopResult };
  /** Before compaction. */
  PreCompact: { fields: CompactFields; result: BlockResult };
  /** After compaction. */
  PostCompact: { fields: PostCompactFields; result: BlockResult };
  /** After a tool wrote or edited a file. */
  FileChanged: { fields: FileChangedFields; result: NoResult };
  /** When a project is set up or maintained. */
  Setup: { fields: SetupFields; result: ContextResult };
  /** After an instructions file was loaded. */
  InstructionsLoaded: { fields: InstructionsLoadedFields; result: NoResult };
  /** Before a command in the prompt is expanded. */
  UserPromptExpansion: { fields: PromptExpansionFields; result: PromptResult };
  /** While the agent's message is shown. */
  MessageDisplay: { fields: NoFields; result: NoResult };
  /** After a tool call was denied. */
  PermissionDenied: { fields: PermissionDeniedFields; result: NoResult };
  /** After a batch of tool calls. */
  PostToolBatch: { fields: NoFields; result: PromptResult };
  /** When the agent notifies the user. */
  Notification: { fields: NotificationFields; result: NoResult };
  /** Before a task is created. */
  TaskCreated: { fields: TaskFields; result: BlockResult };
  /** Before a task is marked completed. */
  TaskCompleted: { fields: TaskFields; result: BlockResult };
  /** When a turn ends on an error. */
  StopFailure: { fields: StopFailureFields; result: NoResult };
  /** Before a teammate goes idle. */
  TeammateIdle: { fields: TeammateFields; result: BlockResult };
  /** Before changed settings take effect. */
  ConfigChange: { fields: ConfigChangeFields; result: BlockResult };
  /** After the working directory changed. */
  CwdChanged: { fields: CwdChangedFields; result: NoResult };
  /** After a directory was added to the session. */
  DirectoryAdded: { fields: DirectoryAddedFields; result: NoResult };
  /** Before a worktree is created. */
  WorktreeCreate: { fields: NoFields; result: BlockResult };
  /** When a worktree is removed. */
  WorktreeRemove: { fields: WorktreeRemoveFields; result: NoResult };
  /** Before an MCP server's request for input reaches the user. */
  Elicitation: { fields: ElicitationFields; result: BlockResult };
  /** Before the user's answer goes back to the MCP server. */
  ElicitationResult: { fields: ElicitationFields; result: BlockResult };
}

/**
 * A lifecycle point a hook can attach to.
 *
 * The first five come from the primary contract, the next eight from
 * Wuu's; the rest are the other events of Claude Code's contract.
 *
 * @example Narrow a string to an event
 * ```ts
 * import { type HookEvent, isHookEvent } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const name: string = "PreToolUse";
 * const event: HookEvent | undefined = isHookEvent(name) ? name : undefined;
 * equal(event, "PreToolUse");
 * ```
 */
export type HookEvent = keyof HookEventMap;

/**
 * The event-specific payload fields given to `HookRunner.run`: everything
 * of the payload except what the runner fills in (`event`, `cwd`,
 * `sessionId`). For one event it is that event's fields; for an event not
 * known statically, every field the payload may carry.
 *
 * @example Fields of a FileChanged run
 * ```ts
 * import type { HookEventFields } from "@hookgate/core";
 *
 * const fields: HookEventFields<"FileChanged"> = { filePath: "/abs/project/src/a.ts" };
 * const any: HookEventFields = { toolName: "bash", toolInput: {} };
 * ```
 */
export type HookEventFields<E extends HookEvent = HookEvent> = HookEvent extends E ? AnyHookEventFields
  : HookEventMap[E]["fields"];

/**
 * The result of `HookRunner.run`: that event's result type, or — for an
 * event not known statically — every field any event may set.
 *
 * @example Read a generic result
 * ```ts
 * import type { HookEventResult } from "@hookgate/core";
 *
 * function blocked(result: HookEventResult): boolean {
 *   return result.block === true;
 * }
 * ```
 */
export type HookEventResult<E extends HookEvent = HookEvent> = HookEvent extends E ? AnyHookEventResult
  : HookEventMap[E]["result"];

/**
 * Every field any event's result may set.
 *
 * @example
 * ```ts
 * import type { AnyHookEventResult } from "@hookgate/core";
 *
 * const result: AnyHookEventResult = { block: true, reason: "no" };
 * ```
 */
export interface AnyHookEventResult {
  /** The operation must not go ahead (events that can block). */
  block?: boolean;
  /** Why it was blocked. */
  reason?: string;
  /** The rewritten tool input (PreToolUse), or the one a grant runs the call with (PermissionRequest). */
  input?: Record<string, unknown>;
  /** Joined context, where the event supports it. */
  additionalContext?: string;
  /** How to present the context (PostToolUse and PostToolUseFailure). */
  contextAs?: "context" | "feedback";
  /**
   * A hook asked the user to decide, or to defer the call (PreToolUse); or
   * a hook granted the call (PreToolUse, PermissionRequest).
   */
  decision?: "allow" | "ask" | "defer";
  /** The permission updates that come with a grant (PermissionRequest). */
  updatedPermissions?: Record<string, unknown>[];
  /** A hook requires the agent to stop, whatever else was decided. */
  halt?: boolean;
  /** Why the agent must stop (for the user). */
  stopReason?: string;
  /** Messages hooks want the user to see. */
  systemMessage?: string;
  /** The tool's result as hooks replaced it (PostToolUse). */
  updatedToolResult?: ToolResultUpdate;
  /** What hooks answered that hookgate does not model, for the agent whose dialect reads it. */
  extra?: AnswerExtra;
}
