// Cursor's hook events (its hooks.json keys, lowerCamel) against the
// canonical event table: most are another name for a canonical event —
// beforeShellExecution is PreToolUse for the shell tool only —, a few are
// Cursor's own rows (src/events/cursor_rows.ts). What each event's answer
// may say is a column here, read by the answer decoder and the result
// encoder, so neither branches on an event name.

import type { HookEvent } from "../../events/event_map.ts";
import { isHookEvent } from "../../events/table.ts";

/** What a Cursor event's hooks may answer, as Cursor reads it. */
export interface CursorEventInfo {
  /** The canonical event it names. */
  readonly event: HookEvent;
  /** Whether it is another name for the canonical event, on some tools: its hooks are configured as an alias. */
  readonly alias?: true;
  /** The canonical tools it covers (absent: every call). */
  readonly tools?: readonly string[];
  /**
   * Whether it covers MCP tools only: its hooks' matchers are made to
   * select Cursor's `MCP:<tool>` names, since an alias's tool list names
   * tools one by one.
   */
  readonly mcp?: true;
  /** Whether `permission` (allow, deny) is read. */
  readonly permission?: boolean;
  /** Whether Cursor acts on `permission: "ask"` (preToolUse accepts it and does not). */
  readonly ask?: boolean;
  /** Whether `updated_input` is read. */
  readonly rewrite?: boolean;
  /** Whether `continue: false` blocks. */
  readonly continueBlocks?: boolean;
  /** Whether `followup_message` keeps the agent going. */
  readonly followup?: boolean;
  /** Whether `additional_context` is read. */
  readonly context?: boolean;
  /** Whether `agent_message` reaches the model. */
  readonly agentMessage?: boolean;
  /** Whether `user_message` is shown. */
  readonly userMessage?: boolean;
  /** The subject its matchers test, when a fixed word rather than a field (`"Read"`). */
  readonly subject?: string;
}

/** Every Cursor event hookgate knows, by its hooks.json key. */
export const CURSOR_EVENTS: Readonly<Record<string, CursorEventInfo>> = Object.freeze({
  preToolUse: { event: "PreToolUse", permission: true, rewrite: true, agentMessage: true, userMessage: true },
  postToolUse: { event: "PostToolUse", context: true },
  postToolUseFailure: { event: "PostToolUseFailure" },
  beforeShellExecution: {
    event: "PreToolUse",
    alias: true,
    tools: ["Bash"],
    permission: true,
    ask: true,
    agentMessage: true,
    userMessage: true,
  },
  beforeMCPExecution: {
    event: "PreToolUse",
    alias: true,
    mcp: true,
    permission: true,
    ask: true,
    agentMessage: true,
    userMessage: true,
  },
  beforeReadFile: {
    event: "PreToolUse",
    alias: true,
    tools: ["Read"],
    permission: true,
    userMessage: true,
    subject: "Read",
  },
  afterShellExecution: { event: "PostToolUse", alias: true, tools: ["Bash"] },
  afterMCPExecution: { event: "PostToolUse", alias: true, mcp: true },
  afterFileEdit: { event: "PostToolUse", alias: true, tools: ["Edit", "Write", "MultiEdit"], subject: "Write" },
  beforeSubmitPrompt: { event: "UserPromptSubmit", continueBlocks: true, userMessage: true },
  stop: { event: "Stop", followup: true },
  subagentStart: { event: "SubagentStart", permission: true, userMessage: true },
  subagentStop: { event: "SubagentStop", followup: true },
  sessionStart: { event: "SessionStart", context: true },
  sessionEnd: { event: "SessionEnd" },
  preCompact: { event: "PreCompact", userMessage: true },
  afterAgentResponse: { event: "AfterAgentResponse", subject: "AgentResponse" },
  afterAgentThought: { event: "AfterAgentThought", subject: "AgentThought" },
  beforeTabFileRead: { event: "BeforeTabFileRead", permission: true, subject: "TabRead" },
  afterTabFileEdit: { event: "AfterTabFileEdit", subject: "TabWrite" },
  workspaceOpen: { event: "WorkspaceOpen" },
});

/** The Cursor key of each canonical event that has one of its own. */
const WIRE_OF: ReadonlyMap<string, string> = new Map(
  Object.entries(CURSOR_EVENTS).filter(([, info]) => info.alias !== true).map(([key, info]) => [info.event, key]),
);

/** The Cursor events that are another name for a canonical event, for the dialect's `aliases`. */
export const CURSOR_ALIASES: Readonly<Record<string, { event: HookEvent; tools?: readonly string[] }>> = Object.freeze(
  Object.fromEntries(
    Object.entries(CURSOR_EVENTS).flatMap(([key, info]) =>
      info.alias !== true
        ? []
        : [[key, info.tools === undefined ? { event: info.event } : { event: info.event, tools: info.tools }]]
    ),
  ),
);

/**
 * How a hooks.json key names a canonical event: the event, and the key
 * itself as the wire event when it is not that event's own Cursor name.
 */
export function cursorEventOf(key: string): { event: HookEvent; wireEvent?: string } | undefined {
  const info = Object.hasOwn(CURSOR_EVENTS, key) ? CURSOR_EVENTS[key]! : undefined;
  if (info === undefined) return undefined;
  return info.alias === true ? { event: info.event, wireEvent: key } : { event: info.event };
}

/**
 * The Cursor event a canonical event is sent as, given the hook's
 * configured wire event; an event Cursor added later is its own name back
 * in Cursor's case (`BeforeTabSuggestion` is `beforeTabSuggestion`).
 */
export function wireEventOf(event: string, wireEvent?: string): string {
  if (wireEvent !== undefined && Object.hasOwn(CURSOR_EVENTS, wireEvent)) return wireEvent;
  const own = WIRE_OF.get(event);
  if (own !== undefined) return own;
  return isHookEvent(event) ? event : event[0]!.toLowerCase() + event.slice(1);
}

/** What Cursor reads from a hook's answer on `wireEvent` (or the canonical event's own Cursor event). */
export function cursorInfo(event: string, wireEvent?: string): CursorEventInfo | undefined {
  const key = wireEventOf(event, wireEvent);
  return Object.hasOwn(CURSOR_EVENTS, key) ? CURSOR_EVENTS[key] : undefined;
}
