/**
 * The extension events (the xcsh-style typed hook API): what each event's
 * handler receives and what it may return, in one map. `api.on(event, …)`
 * is typed by it, and {@linkcode HookRunner.emit} returns its results.
 *
 * `tool_call` and `tool_result` are not events of their own: their handlers
 * run as PreToolUse (validate stage) and PostToolUse hooks, so they compose
 * with every other hook. Every other extension event is a row of
 * `EXTENSION_EVENTS`.
 *
 * @module
 */

import type { HookEvent } from "./event_map.ts";

/**
 * A text part of a message or tool result.
 *
 * @example
 * ```ts
 * import type { TextContent } from "@hookgate/core";
 *
 * const part: TextContent = { type: "text", text: "3 files" };
 * ```
 */
export interface TextContent {
  /** The kind of part. */
  type: "text";
  /** The text. */
  text: string;
}

/**
 * An image part of a message or tool result.
 *
 * @example
 * ```ts
 * import type { ImageContent } from "@hookgate/core";
 *
 * const part: ImageContent = { type: "image", data: "iVBORw0K…", mimeType: "image/png" };
 * ```
 */
export interface ImageContent {
  /** The kind of part. */
  type: "image";
  /** Base64 data. */
  data: string;
  /** The image's media type. */
  mimeType: string;
}

/**
 * One part of a tool result's content.
 *
 * @example Keep only the text
 * ```ts
 * import type { ToolContent } from "@hookgate/core";
 *
 * function text(content: ToolContent[]): string {
 *   return content.map((part) => part.type === "text" ? part.text : "").join("");
 * }
 * ```
 */
export type ToolContent = TextContent | ImageContent;

/**
 * A message of the conversation as the host keeps it. Hosts add their own
 * fields; hookgate reads none of them.
 *
 * @example Drop debug messages
 * ```ts
 * import type { AgentMessage } from "@hookgate/core";
 *
 * const keep = (message: AgentMessage) => !(message.role === "custom" && message.customType === "debug-only");
 * ```
 */
export interface AgentMessage {
  /** Who the message is from (`user`, `assistant`, `toolResult`, `custom`, …). */
  role: string;
  /** The content. */
  content?: unknown;
  /** For `custom` messages: what kind. */
  customType?: string;
  /** When, in `Date.now()` milliseconds. */
  timestamp?: number;
  /** Anything else the host keeps on a message. */
  [key: string]: unknown;
}

/**
 * A message an extension adds to the conversation (`before_agent_start`,
 * `sendMessage`).
 *
 * @example
 * ```ts
 * import type { CustomMessage } from "@hookgate/core";
 *
 * const message: CustomMessage = { customType: "reminder", content: "Run the tests", display: true };
 * ```
 */
export interface CustomMessage {
  /** What kind of message (renderers are chosen by it). */
  customType: string;
  /** The content. */
  content: string | ToolContent[];
  /** Whether the user sees it. */
  display: boolean;
  /** Data for a renderer. */
  details?: unknown;
}

/**
 * The result of a compaction.
 *
 * @example
 * ```ts
 * import type { CompactionResult } from "@hookgate/core";
 *
 * const result: CompactionResult = { summary: "Fixed the parser; tests pass." };
 * ```
 */
export interface CompactionResult {
  /** The summary that replaces the compacted messages. */
  summary: string;
  /** The first entry kept after the summary. */
  firstKeptEntryId?: string;
  /** Tokens before compaction. */
  tokensBefore?: number;
  /** Anything else the compactor keeps. */
  details?: unknown;
}

/**
 * What a `session_before_*` handler may answer: cancel, or not.
 *
 * @example Cancel a session switch
 * ```ts
 * import type { Cancellable } from "@hookgate/core";
 *
 * const result: Cancellable = { cancel: true };
 * ```
 */
export interface Cancellable {
  /** `true` cancels the operation; later handlers do not run. */
  cancel?: boolean;
}

/**
 * Each extension event: what its handler receives (besides `type`) and what
 * it may return (`void`: nothing).
 *
 * @example Type a handler's argument
 * ```ts
 * import type { ExtensionEventMap } from "@hookgate/core";
 *
 * type Compacting = ExtensionEventMap["session.compacting"]["result"];
 * const result: Compacting = { prompt: "Keep the open TODOs" };
 * ```
 */
export interface ExtensionEventMap {
  /** The session started. */
  session_start: { event: Record<never, never>; result: void };
  /** Before switching to another session; may cancel. */
  session_before_switch: {
    event: { reason?: string; targetSessionFile?: string };
    result: Cancellable;
  };
  /** After switching sessions. */
  session_switch: { event: { reason?: string; previousSessionFile?: string }; result: void };
  /** Before branching the session at an entry; may cancel. */
  session_before_branch: {
    event: { entryId?: string };
    result: Cancellable & { skipConversationRestore?: boolean };
  };
  /** After branching. */
  session_branch: { event: { previousSessionFile?: string }; result: void };
  /** Before compaction; may cancel it or supply the compaction. */
  session_before_compact: {
    event: { customInstructions?: string; preparation?: unknown };
    result: Cancellable & { compaction?: CompactionResult };
  };
  /** While compacting: add context, replace the prompt, keep data. */
  "session.compacting": {
    event: { messages: AgentMessage[] };
    result: { context?: string[]; prompt?: string; preserveData?: Record<string, unknown> };
  };
  /** After compaction. */
  session_compact: { event: { compaction?: CompactionResult; fromExtension?: boolean }; result: void };
  /** Before moving in the session tree; may cancel or summarise. */
  session_before_tree: {
    event: { targetId?: string; preparation?: unknown };
    result: Cancellable & { summary?: { summary: string; details?: unknown } };
  };
  /** After moving in the session tree. */
  session_tree: { event: { newLeafId?: string | null; oldLeafId?: string | null }; result: void };
  /** The session is shutting down. */
  session_shutdown: { event: Record<never, never>; result: void };
  /** Before each model call: the messages it will see, chained through every handler. */
  context: { event: { messages: AgentMessage[] }; result: { messages?: AgentMessage[] } };
  /** Before the agent starts on a prompt: one message may be injected (the first wins). */
  before_agent_start: { event: { prompt: string }; result: { message?: CustomMessage } };
  /** The agent started working on a prompt. */
  agent_start: { event: Record<never, never>; result: void };
  /** The agent finished. */
  agent_end: { event: { messages?: AgentMessage[] }; result: void };
  /** A turn (one model call and its tool calls) starts. */
  turn_start: { event: { turnIndex: number; timestamp?: number }; result: void };
  /** A turn ended. */
  turn_end: { event: { turnIndex: number; message?: AgentMessage; toolResults?: unknown[] }; result: void };
  /** Automatic compaction starts. */
  auto_compaction_start: { event: { reason?: string }; result: void };
  /** Automatic compaction ended. */
  auto_compaction_end: { event: { result?: CompactionResult; aborted?: boolean }; result: void };
  /** A failed model call will be retried. */
  auto_retry_start: {
    event: { attempt: number; maxAttempts?: number; delayMs?: number; errorMessage?: string };
    result: void;
  };
  /** Retrying ended. */
  auto_retry_end: { event: { success: boolean; attempt: number; finalError?: string }; result: void };
  /** Time-traveling stream rules fired. */
  ttsr_triggered: { event: { rules?: unknown[] }; result: void };
  /** The agent is reminded of open todos. */
  todo_reminder: { event: { todos?: unknown[]; attempt?: number }; result: void };
  /** Before a tool runs: the first `{ block: true }` stops it; a handler error blocks it too. */
  tool_call: {
    event: { toolName: string; toolCallId?: string; input: Record<string, unknown> };
    result: { block?: boolean; reason?: string };
  };
  /** After a tool ran: the last override of `content` or `details` wins. */
  tool_result: {
    event: {
      toolName: string;
      toolCallId?: string;
      input: Record<string, unknown>;
      content: unknown;
      details?: unknown;
      isError: boolean;
    };
    result: { content?: unknown; details?: unknown; isError?: boolean };
  };
}

/**
 * The name of an extension event.
 *
 * @example
 * ```ts
 * import type { ExtensionEvent } from "@hookgate/core";
 *
 * const event: ExtensionEvent = "tool_call";
 * ```
 */
export type ExtensionEvent = keyof ExtensionEventMap;

/**
 * The extension events a host emits through {@linkcode HookRunner.emit}:
 * all but `tool_call` and `tool_result`, which run as PreToolUse and
 * PostToolUse.
 *
 * @example
 * ```ts
 * import type { EmittedEvent } from "@hookgate/core";
 *
 * const event: EmittedEvent = "context";
 * ```
 */
export type EmittedEvent = Exclude<ExtensionEvent, "tool_call" | "tool_result">;

/**
 * What a handler of `E` receives: the event's data and its `type`.
 *
 * @example
 * ```ts
 * import type { ExtensionEventOf } from "@hookgate/core";
 *
 * const event: ExtensionEventOf<"turn_start"> = { type: "turn_start", turnIndex: 0 };
 * ```
 */
export type ExtensionEventOf<E extends ExtensionEvent> = { type: E } & ExtensionEventMap[E]["event"];

/**
 * What a handler of `E` may return.
 *
 * @example
 * ```ts
 * import type { ExtensionResultOf } from "@hookgate/core";
 *
 * const result: ExtensionResultOf<"tool_call"> = { block: true, reason: "not on main" };
 * ```
 */
export type ExtensionResultOf<E extends ExtensionEvent> = ExtensionEventMap[E]["result"];

/**
 * What {@linkcode HookRunner.emit} returns for `E`: the combined result, or
 * `{}` when no handler answered (events without results always give `{}`).
 *
 * @example
 * ```ts
 * import type { EmitResult } from "@hookgate/core";
 *
 * const result: EmitResult<"session_before_switch"> = { cancel: true };
 * ```
 */
export type EmitResult<E extends EmittedEvent> = ExtensionEventMap[E]["result"] extends void ? Record<never, never>
  : ExtensionEventMap[E]["result"];

/**
 * Any event a {@linkcode HookRegistry} accepts by default: a hook event or
 * an extension event a host emits.
 *
 * @example
 * ```ts
 * import type { RegistryEvent } from "@hookgate/core";
 *
 * const events: RegistryEvent[] = ["PreToolUse", "context"];
 * ```
 */
export type RegistryEvent = HookEvent | EmittedEvent;

/**
 * The payload an in-process hook of an extension event receives: what
 * every payload carries, and the event's data.
 *
 * @example
 * ```ts
 * import type { ExtensionPayload } from "@hookgate/core";
 *
 * const payload: ExtensionPayload<"turn_start"> = {
 *   event: "turn_start",
 *   cwd: "/repo",
 *   sessionId: "s1",
 *   turnIndex: 2,
 * };
 * ```
 */
export type ExtensionPayload<E extends EmittedEvent> =
  & {
    /** The event. */
    event: E;
    /** The working directory. */
    cwd: string;
    /** The session. */
    sessionId: string;
    /** The session's transcript, when the host knows it. */
    transcriptPath?: string;
    /** The host's permission mode, when it has one. */
    permissionMode?: string;
  }
  & ExtensionEventMap[E]["event"];
