// A result as Gemini CLI reads a command hook's JSON (what hook-run gateway
// --agent gemini answers): `decision: "deny"` + `reason` where Gemini
// blocks, `decision: "ask"` before a tool (with the reason as the
// `systemMessage` Gemini shows in its confirmation), the tool's whole new
// input in `hookSpecificOutput.tool_input` in Gemini's names,
// `hookSpecificOutput.additionalContext` where Gemini takes context, and
// `continue: false` + `stopReason` for a halt. What Gemini cannot do — a
// block where it only observes, a replaced tool result, context before a
// tool — is dropped with a warning in `systemMessage`, never turned into
// something else.

import type { AnyHookEventResult, HookEvent } from "../../events/event_map.ts";
import { DEFAULT_BLOCK_REASON } from "../../events/parse_outcome.ts";
import type { DecodedInput } from "../shared/types.ts";
import { DECIDES, geminiEvent, TAKES_CONTEXT } from "./events.ts";
import { GEMINI_TOOLS } from "./tools.ts";

/** The fields of any event's result, read without narrowing it. */
interface AnyResult {
  block?: boolean;
  decision?: "allow" | "ask" | "defer";
  reason?: string;
  input?: Record<string, unknown>;
  additionalContext?: string;
  contextAs?: "context" | "feedback";
  updatedToolResult?: { content?: unknown; details?: unknown };
}

/** The runner's result for `event` as Gemini reads a hook's answer; `call` is the call Gemini sent. */
export function encodeGeminiResult(
  event: HookEvent,
  result: AnyHookEventResult,
  call?: DecodedInput,
): Record<string, unknown> {
  const any = result as AnyResult;
  const extra = result.extra;
  const out: Record<string, unknown> = extra?.root === undefined ? {} : { ...extra.root };
  const specific: Record<string, unknown> = extra?.event === undefined ? {} : { ...extra.event };
  const warnings: string[] = [];
  if (result.halt) {
    out.continue = false;
    if (result.stopReason !== undefined) out.stopReason = result.stopReason;
  }
  const name = geminiEvent(event) ?? event;
  if (any.block) {
    if (DECIDES.has(event)) {
      out.decision = "deny";
      out.reason = any.reason ?? DEFAULT_BLOCK_REASON;
    } else {
      warnings.push(
        `Gemini CLI cannot block ${name}, so the hooks' block is not applied: ${any.reason ?? "no reason"}`,
      );
    }
  } else if (event === "PreToolUse") {
    if (any.decision === "ask") {
      out.decision = "ask";
      if (any.reason !== undefined) out.reason = any.reason;
    } else if (any.decision === "allow") {
      out.decision = "allow";
    }
    if (any.input !== undefined) specific.tool_input = geminiInput(any.input, call);
  }
  const context = any.additionalContext;
  if (context !== undefined) {
    if (any.contextAs === "feedback" && event === "PostToolUse") {
      // A hook's objection after the fact: Gemini's deny, whose reason the model gets instead of the result.
      out.decision = "deny";
      out.reason = context;
    } else if (TAKES_CONTEXT.has(event)) {
      specific.additionalContext = context;
    } else {
      warnings.push(`Gemini CLI takes no context on ${name}, so the hooks' context is not given to the model`);
    }
  }
  if (any.updatedToolResult !== undefined) {
    warnings.push("Gemini CLI cannot replace a tool's result, so the hooks' replacement is not applied");
  }
  const message = [result.systemMessage, ...warnings].filter((line) => line !== undefined);
  // The confirmation Gemini shows for an ask carries the systemMessage, not the reason.
  if (out.decision === "ask" && any.reason !== undefined && result.systemMessage === undefined) {
    message.unshift(any.reason);
  }
  if (message.length > 0) out.systemMessage = message.join("\n");
  if (Object.keys(specific).length > 0) out.hookSpecificOutput = { hookEventName: name, ...specific };
  return out;
}

/** A rewrite, in canonical terms, as the whole input of the tool Gemini called, in its terms. */
function geminiInput(input: Record<string, unknown>, call: DecodedInput | undefined): Record<string, unknown> {
  const tool = (call?.fields as { toolName?: unknown } | undefined)?.toolName;
  return typeof tool === "string" ? GEMINI_TOOLS.fromCanonical(tool, input).input : input;
}
