// A result as Codex reads a command hook's JSON output, for hook-run
// gateway --agent codex and serve ?agent=codex. Codex refuses a whole
// answer with one field its schema for the event lacks (and then goes
// ahead), so only fields of that event's schema are written, and what
// Codex cannot express is said, never weakened in silence: an ask (or a
// defer) is a deny with the reason and a systemMessage saying Codex cannot
// ask; a halt where Codex cannot stop is a deny too; context, a rewrite or
// a replaced tool result where Codex takes none is dropped with a
// systemMessage. Nothing to say is `{}`.

import type { AnyHookEventResult, HookEvent } from "../../events/event_map.ts";
import type { PostToolUseResult, PreToolUseResult } from "../../events/results.ts";
import { DEFAULT_BLOCK_REASON } from "../../events/parse_outcome.ts";
import { outputShape } from "./events.ts";

/** A non-blank text, or `undefined`. */
function nonBlank(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== "" ? value : undefined;
}

/**
 * Encodes `result` for Codex on `event`. `agentInput` turns a canonical
 * rewrite into the calling agent's terms.
 */
export function encodeCodexResult(
  event: HookEvent,
  result: AnyHookEventResult,
  agentInput: (input: Record<string, unknown>) => Record<string, unknown> = (input) => input,
): Record<string, unknown> {
  const shape = outputShape(event);
  const r = result as PreToolUseResult & PostToolUseResult;
  const out: Record<string, unknown> = {};
  const specific: Record<string, unknown> = {};
  const notes: string[] = [];
  if (result.systemMessage !== undefined && result.systemMessage !== "") notes.push(result.systemMessage);

  let block = r.block === true;
  let reason = nonBlank(r.reason);
  if (result.halt) {
    if (shape.halts) {
      out.continue = false;
      if (nonBlank(result.stopReason) !== undefined) out.stopReason = result.stopReason;
    } else if (shape.block !== null) {
      // Codex cannot stop the session here: the stricter answer it can read is a block.
      const why = nonBlank(result.stopReason) ?? "a hook stopped the session";
      notes.push(`Codex cannot stop the session from ${event}, so it is denied instead: ${why}`);
      if (!block) reason = why;
      block = true;
    } else {
      notes.push(`Codex cannot stop the session from ${event}; a hook asked to: ${result.stopReason ?? "no reason"}`);
    }
  }
  const asks = !block && event === "PreToolUse" && (r.decision === "ask" || r.decision === "defer");
  if (asks) {
    // Codex has no confirmation a hook can reach, and dropping the ask would let the call through.
    const why = reason ?? `a hook asked for confirmation`;
    notes.push(`Codex cannot ask for confirmation from a hook, so this call is denied: ${why}`);
    block = true;
    reason = why;
  }

  if (block) {
    const why = reason ?? DEFAULT_BLOCK_REASON;
    switch (shape.block) {
      case "permission":
        specific.permissionDecision = "deny";
        specific.permissionDecisionReason = why;
        break;
      case "behavior":
        specific.decision = { behavior: "deny", message: why };
        break;
      case "decision":
        out.decision = "block";
        out.reason = why;
        break;
      default:
        notes.push(`Codex cannot block ${event}; a hook asked to: ${why}`);
    }
  } else if (event === "PermissionRequest" && r.decision === "allow") {
    specific.decision = { behavior: "allow" };
  }

  if (r.input !== undefined && !block) {
    if (event === "PreToolUse") {
      specific.permissionDecision = "allow";
      specific.updatedInput = agentInput(r.input);
    } else {
      notes.push(`Codex cannot rewrite the input on ${event}, so a hook's rewrite is dropped`);
    }
  }

  const context = nonBlank(r.additionalContext);
  if (context !== undefined) {
    if (r.contextAs === "feedback" && shape.block === "decision" && out.decision === undefined) {
      // After the fact a hook's objection is Codex's block: the reason goes to the model.
      out.decision = "block";
      out.reason = context;
    } else if (shape.specific?.has("additionalContext")) {
      specific.additionalContext = context;
    } else if (out.decision === "block") {
      out.reason = `${out.reason}\n\n${context}`;
    } else {
      notes.push(`Codex takes no context on ${event}, so a hook's context is dropped`);
    }
  }
  if (r.updatedToolResult !== undefined) {
    notes.push(`Codex cannot take a replaced tool result from hook-run, so the tool's own result stands`);
  }

  const suppress = result.extra?.root?.suppressOutput;
  if (suppress === true && shape.root.has("suppressOutput")) out.suppressOutput = true;
  if (notes.length > 0) out.systemMessage = notes.join("\n");
  if (Object.keys(specific).length > 0) out.hookSpecificOutput = { hookEventName: event, ...specific };
  return prune(out, shape);
}

/** Drops what the schema lacks: the last guard before an answer leaves for Codex. */
function prune(out: Record<string, unknown>, shape: ReturnType<typeof outputShape>): Record<string, unknown> {
  for (const key of Object.keys(out)) {
    if (key === "hookSpecificOutput") {
      if (shape.specific === null) delete out[key];
      continue;
    }
    if (!shape.root.has(key)) delete out[key];
  }
  const specific = out.hookSpecificOutput as Record<string, unknown> | undefined;
  if (specific !== undefined && shape.specific !== null) {
    for (const key of Object.keys(specific)) {
      if (key !== "hookEventName" && !shape.specific.has(key)) delete specific[key];
    }
    if (Object.keys(specific).length === 1) delete out.hookSpecificOutput;
  }
  return out;
}
