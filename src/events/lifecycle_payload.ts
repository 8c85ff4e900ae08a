/**
 * The payload fields of the events of an agent's life beyond tool calls and
 * turns: set-up, instructions, notifications, tasks and teammates,
 * settings, directories, worktrees and MCP elicitations.
 *
 * @module
 */

import type { ToolCallFields } from "./fields.ts";

/**
 * The fields of Setup.
 *
 * @example
 * ```ts
 * import type { SetupFields } from "@hookgate/core";
 *
 * const fields: SetupFields = { setupReason: "init" };
 * ```
 */
export interface SetupFields {
  /** What the set-up is for: `init`, `maintenance`. */
  setupReason?: string;
}

/**
 * The fields of InstructionsLoaded.
 *
 * @example
 * ```ts
 * import type { InstructionsLoadedFields } from "@hookgate/core";
 *
 * const fields: InstructionsLoadedFields = { filePath: "/abs/project/CLAUDE.md", loadReason: "session_start" };
 * ```
 */
export interface InstructionsLoadedFields {
  /** The instructions file. */
  filePath: string;
  /** Why it was loaded. */
  loadReason?: string;
  /** Which kind of instructions it holds. */
  memoryType?: string;
}

/**
 * The fields of UserPromptExpansion.
 *
 * @example
 * ```ts
 * import type { PromptExpansionFields } from "@hookgate/core";
 *
 * const fields: PromptExpansionFields = { prompt: "/review src", commandName: "review" };
 * ```
 */
export interface PromptExpansionFields {
  /** The prompt. */
  prompt: string;
  /** The command it expands. */
  commandName?: string;
}

/**
 * The fields of PermissionDenied: the call and why it was denied.
 *
 * @example
 * ```ts
 * import type { PermissionDeniedFields } from "@hookgate/core";
 *
 * const fields: PermissionDeniedFields = { toolName: "Bash", toolInput: { command: "rm -rf /" }, denialReason: "rule" };
 * ```
 */
export interface PermissionDeniedFields extends ToolCallFields {
  /** Why. */
  denialReason?: string;
}

/**
 * The fields of Notification.
 *
 * @example
 * ```ts
 * import type { NotificationFields } from "@hookgate/core";
 *
 * const fields: NotificationFields = { message: "Waiting for your input", notificationType: "idle_prompt" };
 * ```
 */
export interface NotificationFields {
  /** What it says. */
  message: string;
  /** Its title. */
  title?: string;
  /** Its kind, which matchers select on. */
  notificationType?: string;
}

/**
 * The fields of TaskCreated and TaskCompleted.
 *
 * @example
 * ```ts
 * import type { TaskFields } from "@hookgate/core";
 *
 * const fields: TaskFields = { taskId: "t-1", taskSubject: "Fix the login test" };
 * ```
 */
export interface TaskFields {
  /** The task. */
  taskId: string;
  /** Its subject. */
  taskSubject?: string;
  /** The teammate it belongs to, if any. */
  teammateName?: string;
}

/**
 * The fields of StopFailure.
 *
 * @example
 * ```ts
 * import type { StopFailureFields } from "@hookgate/core";
 *
 * const fields: StopFailureFields = { error: "rate_limit" };
 * ```
 */
export interface StopFailureFields {
  /** What ended the turn, which matchers select on. */
  error?: string;
}

/**
 * The fields of TeammateIdle.
 *
 * @example
 * ```ts
 * import type { TeammateFields } from "@hookgate/core";
 *
 * const fields: TeammateFields = { teammateName: "tester" };
 * ```
 */
export interface TeammateFields {
  /** The teammate. */
  teammateName?: string;
}

/**
 * The fields of ConfigChange.
 *
 * @example
 * ```ts
 * import type { ConfigChangeFields } from "@hookgate/core";
 *
 * const fields: ConfigChangeFields = { source: "project_settings", filePath: "/abs/project/.claude/settings.json" };
 * ```
 */
export interface ConfigChangeFields {
  /** Which settings changed, which matchers select on. */
  source?: string;
  /** The settings file. */
  filePath?: string;
}

/**
 * The fields of CwdChanged.
 *
 * @example
 * ```ts
 * import type { CwdChangedFields } from "@hookgate/core";
 *
 * const fields: CwdChangedFields = { oldCwd: "/abs/project", newCwd: "/abs/project/pkg" };
 * ```
 */
export interface CwdChangedFields {
  /** The directory before. */
  oldCwd?: string;
  /** The directory after. */
  newCwd: string;
}

/**
 * The fields of DirectoryAdded.
 *
 * @example
 * ```ts
 * import type { DirectoryAddedFields } from "@hookgate/core";
 *
 * const fields: DirectoryAddedFields = { directory: "/abs/other", source: "cli" };
 * ```
 */
export interface DirectoryAddedFields {
  /** The directory. */
  directory: string;
  /** What added it, which matchers select on. */
  source?: string;
}

/**
 * The fields of WorktreeRemove.
 *
 * @example
 * ```ts
 * import type { WorktreeRemoveFields } from "@hookgate/core";
 *
 * const fields: WorktreeRemoveFields = { worktreePath: "/abs/project/.claude/worktrees/fix" };
 * ```
 */
export interface WorktreeRemoveFields {
  /** The worktree. */
  worktreePath: string;
}

/**
 * The fields of Elicitation and ElicitationResult.
 *
 * @example
 * ```ts
 * import type { ElicitationFields } from "@hookgate/core";
 *
 * const fields: ElicitationFields = { mcpServerName: "github", message: "Which repository?" };
 * ```
 */
export interface ElicitationFields {
  /** The MCP server, which matchers select on. */
  mcpServerName: string;
  /** What it asks (Elicitation). */
  message?: string;
}
