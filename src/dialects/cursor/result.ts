// The runner's result as Cursor reads a command hook's answer on the event
// Cursor called (hook-run gateway --agent cursor, serve ?agent=cursor).
// What Cursor cannot express there is never weakened in silence: an ask on
// preToolUse (accepted, not enforced), beforeReadFile or subagentStart is a
// deny with the reason; a rewrite where Cursor cannot rewrite
// (beforeShellExecution, beforeMCPExecution, beforeReadFile) is dropped
// with a warning; a halt is a deny on the events that can deny; whatever
// else is dropped, and what the user should know (the result's
// systemMessage: a hook's, or the front end's notes), is said in
// `user_message` where Cursor shows one, and always on stderr.

import type { AnyHookEventResult, HookEvent } from "../../events/event_map.ts";
import type { DecodedInput } from "../shared/types.ts";
import { cursorInfo, wireEventOf } from "./events.ts";
import { CURSOR_TOOLS } from "./tools.ts";

/** A result in Cursor's terms: the JSON answer and the warnings for stderr. */
export interface CursorAnswer {
  /** The JSON Cursor reads. */
  json: Record<string, unknown>;
  /** What could not be said to Cursor, one line each. */
  warnings: string[];
}

/** The fields of every result that any event may carry. */
interface AnyResult {
  block?: boolean;
  decision?: "allow" | "ask" | "defer";
  reason?: string;
  input?: Record<string, unknown>;
  additionalContext?: string;
  halt?: boolean;
  stopReason?: string;
  systemMessage?: string;
  updatedToolResult?: { content?: unknown };
}

/** The result for the Cursor event `call` came as (or the event's own Cursor event). */
export function cursorAnswer(event: HookEvent, result: AnyHookEventResult, call?: DecodedInput): CursorAnswer {
  const r = result as AnyResult;
  const wire = wireEventOf(event, call?.wireEvent);
  const info = cursorInfo(event, call?.wireEvent);
  const tool = (call?.fields as { toolName?: string } | undefined)?.toolName ?? "";
  const json: Record<string, unknown> = {};
  const warnings: string[] = [];
  const user: string[] = [];
  if (r.systemMessage !== undefined) user.push(r.systemMessage);
  // An event Cursor has no name for reads no answer: what the user should know goes to its hook log.
  if (info === undefined) return { json, warnings: user };
  let block = r.block === true;
  let reason = r.reason;
  if (r.halt) {
    const why = r.stopReason ?? "a hook stopped the agent";
    if (info.permission || info.continueBlocks) {
      // Cursor has no way to end the session here: the action it gates is refused instead.
      block = true;
      reason ??= why;
    } else {
      warnings.push(`a hook stopped the agent (${why}), but Cursor cannot be stopped on ${wire}`);
    }
  }
  if (info.permission) {
    if (block) {
      deny(json, info.agentMessage === true, reason);
    } else if (r.decision === "ask" || r.decision === "defer") {
      if (info.ask) {
        json.permission = "ask";
        if (r.reason !== undefined) {
          json.user_message = r.reason;
          if (info.agentMessage) json.agent_message = r.reason;
        }
      } else {
        // Cursor would let the call through on an ask it does not enforce: deny it, saying why.
        deny(
          json,
          info.agentMessage === true,
          r.reason,
          `a hook asked for confirmation, which Cursor cannot ask on ${wire}`,
        );
      }
    } else if (r.decision === "allow") {
      json.permission = "allow";
    }
    if (r.input !== undefined && json.permission !== "deny") {
      if (info.rewrite) {
        json.updated_input = CURSOR_TOOLS.fromCanonical(tool, r.input).input;
      } else {
        user.push(`hookgate: a hook rewrote the tool input, which Cursor cannot do on ${wire}: the rewrite is dropped`);
      }
    }
  } else if (info.continueBlocks) {
    if (block) {
      json.continue = false;
      json.user_message = reason ?? "blocked by hook";
    }
  } else if (info.followup) {
    if (block) json.followup_message = reason ?? "A hook asks you to keep going";
  } else if (block) {
    warnings.push(`a hook objected (${reason ?? "no reason given"}), but Cursor cannot block on ${wire}`);
  }
  if (r.additionalContext !== undefined) {
    if (info.context) {
      json.additional_context = r.additionalContext;
    } else if (!(block && info.permission)) {
      warnings.push(`a hook added context, which Cursor does not take on ${wire}: it is dropped`);
    }
  }
  if (r.updatedToolResult?.content !== undefined) {
    if (wire === "postToolUse" && tool.startsWith("mcp__")) {
      json.updated_mcp_tool_output = r.updatedToolResult.content;
    } else {
      warnings.push(`a hook replaced the tool's result, which Cursor takes only for MCP tools on postToolUse`);
    }
  }
  if (user.length > 0) {
    // Cursor shows user_message only on some events: elsewhere its hook log (stderr) is the one place left.
    if (info.userMessage) {
      json.user_message = json.user_message === undefined
        ? user.join("\n")
        : `${json.user_message}\n${user.join("\n")}`;
    }
    warnings.push(...user.map((line) => line.replace(/^hookgate: /, "")));
  }
  return { json, warnings };
}

/** `permission: "deny"` with the reason for the model and the user. */
function deny(json: Record<string, unknown>, agent: boolean, reason: string | undefined, why?: string): void {
  const text = reason ?? why ?? "blocked by hook";
  json.permission = "deny";
  json.user_message = why === undefined || reason === undefined ? text : `${text} (${why})`;
  if (agent) json.agent_message = text;
}

/** The runner's result as Cursor reads it. */
export function encodeCursorResult(
  event: HookEvent,
  result: AnyHookEventResult,
  call?: DecodedInput,
): Record<string, unknown> {
  return cursorAnswer(event, result, call).json;
}

/**
 * Exit code 0 with the warnings on stderr when part of the result could not
 * be said to Cursor; `undefined` otherwise (Cursor reads every decision
 * from the JSON).
 */
export function encodeCursorExit(
  event: HookEvent,
  result: AnyHookEventResult,
  call?: DecodedInput,
): { code: number; stderr: string } | undefined {
  const { warnings } = cursorAnswer(event, result, call);
  return warnings.length === 0 ? undefined : { code: 0, stderr: warnings.map((w) => `hookgate: ${w}`).join("\n") };
}
