/**
 * The fields events add to the payload, each event's and all of them
 * (`AnyHookEventFields`), below the event map that names the events: the
 * payload (`HookInput`) is these plus the event and where it runs.
 *
 * @module
 */

/**
 * A tool's result: what a tool returns (content for the model, details for
 * the host), and what hooks see of it on PostToolUse.
 *
 * @typeParam D The details' type.
 *
 * @example A successful result
 * ```ts
 * import type { ToolResult } from "@hookgate/core";
 *
 * const result: ToolResult = { content: [{ type: "text", text: "3 files" }], details: { count: 3 }, isError: false };
 * ```
 */
export interface ToolResult<D = unknown> {
  /** The result content (text, parts, or any JSON value). */
  content: unknown;
  /** Whether the tool reported an error (always set in a PostToolUse payload). */
  isError?: boolean;
  /** Structured data beside the content (for the host's UI, not the model). */
  details?: D;
}

/**
 * Every payload field any event may carry (all optional): the payload
 * without what the runner fills in.
 *
 * @example
 * ```ts
 * import type { AnyHookEventFields } from "@hookgate/core";
 *
 * const fields: AnyHookEventFields = { prompt: "hello" };
 * ```
 */
export type AnyHookEventFields = {
  /** The tool name (tool events only). */
  toolName?: string;
  /** The tool arguments (tool events only). Treat as read-only. */
  toolInput?: Record<string, unknown>;
  /** The tool call's identifier, when the agent gives one (tool events). */
  toolUseId?: string;
  /** The tool result (PostToolUse only). */
  toolResult?: ToolResult;
  /**
   * The error: a failed tool's text (PostToolUseFailure), or what ended a
   * turn (StopFailure: `rate_limit`, `api_error`, …).
   */
  error?: string;
  /** The user's prompt (UserPromptSubmit, UserPromptExpansion). */
  prompt?: string;
  /**
   * A file: the one written or edited (FileChanged), the instructions
   * loaded (InstructionsLoaded), the settings changed (ConfigChange).
   */
  filePath?: string;
  /** Why compaction runs (PreCompact and PostCompact). */
  compactReason?: string;
  /** The compaction summary up for adoption (PostCompact only). */
  compactSummary?: string;
  /** The subagent's identifier (SubagentStart and SubagentStop). */
  agentId?: string;
  /** The subagent's type, which matchers select on (SubagentStart and SubagentStop). */
  agentType?: string;
  /** Why the session ends (SessionEnd only). */
  endReason?: string;
  /**
   * Where the event comes from: how the session started (SessionStart:
   * `startup`, `resume`, `clear`, `compact`), which settings changed
   * (ConfigChange), what added a directory (DirectoryAdded).
   */
  source?: string;
  /** What the set-up is for (Setup): `init`, `maintenance`. */
  setupReason?: string;
  /** Why instructions were loaded (InstructionsLoaded). */
  loadReason?: string;
  /** Which kind of instructions were loaded (InstructionsLoaded): the user's, the project's, … */
  memoryType?: string;
  /** The command the prompt expands (UserPromptExpansion). */
  commandName?: string;
  /** Why the tool call was denied (PermissionDenied). */
  denialReason?: string;
  /** What a notification (Notification) or an MCP server's request for input (Elicitation) says. */
  message?: string;
  /** A notification's title (Notification). */
  title?: string;
  /** What kind of notification (Notification): `permission_prompt`, `idle_prompt`, … */
  notificationType?: string;
  /** The task (TaskCreated, TaskCompleted). */
  taskId?: string;
  /** The task's subject (TaskCreated, TaskCompleted). */
  taskSubject?: string;
  /** The teammate (TeammateIdle, and TaskCreated and TaskCompleted for a teammate's task). */
  teammateName?: string;
  /** The working directory before the change (CwdChanged). */
  oldCwd?: string;
  /** The working directory after the change (CwdChanged). */
  newCwd?: string;
  /** The directory added to the session (DirectoryAdded). */
  directory?: string;
  /** The worktree being removed (WorktreeRemove). */
  worktreePath?: string;
  /** The MCP server that asks for input (Elicitation, ElicitationResult). */
  mcpServerName?: string;
  /**
   * Whether the turn is already continuing because a Stop hook blocked
   * (Stop and SubagentStop): check it to avoid endless loops.
   */
  stopHookActive?: boolean;
  /**
   * What the agent sent that hookgate does not model (`model`,
   * `prompt_id`, `last_assistant_message`, …), as it sent it: its own
   * names and values. A dialect that writes an agent's wire (Claude's)
   * writes these back unchanged beside the fields above, which win where
   * a name is the same; the native dialect passes them on as `extra`, and
   * Wuu's, whose hooks know only Wuu's fields, leaves them out.
   */
  extra?: Readonly<Record<string, unknown>>;
};

/**
 * The fields of tool-call events (PreToolUse, PermissionRequest).
 *
 * @example
 * ```ts
 * import type { ToolCallFields } from "@hookgate/core";
 *
 * const fields: ToolCallFields = { toolName: "bash", toolInput: { command: "ls" } };
 * ```
 */
export interface ToolCallFields {
  /** The tool. */
  toolName: string;
  /** Its arguments. */
  toolInput: Record<string, unknown>;
  /** The call's identifier, when the agent has one. */
  toolUseId?: string;
}

/**
 * The fields of PostToolUse: the call and its result.
 *
 * @example
 * ```ts
 * import type { ToolResultFields } from "@hookgate/core";
 *
 * const fields: ToolResultFields = {
 *   toolName: "bash",
 *   toolInput: { command: "ls" },
 *   toolResult: { content: "a b", isError: false },
 * };
 * ```
 */
export interface ToolResultFields extends ToolCallFields {
  /** What the tool returned. */
  toolResult: ToolResult;
}

/**
 * The fields of PostToolUseFailure: the call and its error text.
 *
 * @example
 * ```ts
 * import type { ToolFailureFields } from "@hookgate/core";
 *
 * const fields: ToolFailureFields = { toolName: "bash", toolInput: {}, error: "exit 1" };
 * ```
 */
export interface ToolFailureFields extends ToolCallFields {
  /** The failure text. */
  error: string;
}

/**
 * The fields of UserPromptSubmit.
 *
 * @example
 * ```ts
 * import type { PromptFields } from "@hookgate/core";
 *
 * const fields: PromptFields = { prompt: "fix the tests" };
 * ```
 */
export interface PromptFields {
  /** The user's prompt. */
  prompt: string;
}

/**
 * The fields of SubagentStart and SubagentStop.
 *
 * @example
 * ```ts
 * import type { AgentFields } from "@hookgate/core";
 *
 * const fields: AgentFields = { agentId: "reviewer" };
 * ```
 */
export interface AgentFields {
  /** The subagent. */
  agentId: string;
  /** Its type, when the agent gives one. */
  agentType?: string;
}

/**
 * The fields of SessionEnd.
 *
 * @example
 * ```ts
 * import type { SessionEndFields } from "@hookgate/core";
 *
 * const fields: SessionEndFields = { endReason: "logout" };
 * ```
 */
export interface SessionEndFields {
  /** Why the session ends. */
  endReason?: string;
}

/**
 * The fields of PreCompact.
 *
 * @example
 * ```ts
 * import type { CompactFields } from "@hookgate/core";
 *
 * const fields: CompactFields = { compactReason: "auto" };
 * ```
 */
export interface CompactFields {
  /** Why compaction runs. */
  compactReason?: string;
}

/**
 * The fields of PostCompact.
 *
 * @example
 * ```ts
 * import type { PostCompactFields } from "@hookgate/core";
 *
 * const fields: PostCompactFields = { compactSummary: "…", compactReason: "auto" };
 * ```
 */
export interface PostCompactFields extends CompactFields {
  /** The summary up for adoption. */
  compactSummary: string;
}

/**
 * The fields of FileChanged.
 *
 * @example
 * ```ts
 * import type { FileChangedFields } from "@hookgate/core";
 *
 * const fields: FileChangedFields = { filePath: "/abs/project/src/a.ts" };
 * ```
 */
export interface FileChangedFields {
  /** The file written or edited. */
  filePath: string;
}

/**
 * The fields of SessionStart.
 *
 * @example
 * ```ts
 * import type { SessionStartFields } from "@hookgate/core";
 *
 * const fields: SessionStartFields = { source: "startup" };
 * ```
 */
export interface SessionStartFields {
  /** How the session started: `startup`, `resume`, `clear`, `compact`. */
  source?: string;
}

/**
 * The fields of events that carry none besides `event`, `cwd` and
 * `sessionId` (Stop).
 *
 * @example
 * ```ts
 * import type { NoFields } from "@hookgate/core";
 *
 * const fields: NoFields = {};
 * ```
 */
export type NoFields = Record<string, never>;
