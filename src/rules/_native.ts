// What one native outcome does to a run, by the event table's columns:
// shared by the rules of the hook events (two-stage, serial, fan-out).

import { truncate } from "../_internal/text.ts";
import type { AnyHookEventResult } from "../events/event_map.ts";
import type { NormalizedOutcome } from "../events/outcome.ts";
import type { HookEntry } from "../registry/types.ts";
import type { RunState } from "./types.ts";
import { validateToolInput } from "./_tool_input.ts";

/** Adds a context, joined by the stricter of the two dialects' separators. */
export function addContext(state: RunState, text: string, separator: string): void {
  if (state.context === null) state.context = text;
  else {
    const join = separator.length > state.separator.length ? separator : state.separator;
    state.context = state.context + join + text;
  }
  state.separator = separator;
}

/** Records a block reason. */
export function addReason(state: RunState, reason: string): void {
  (state.reasons ??= []).push(reason);
}

/**
 * Applies an outcome: a deny blocks (or, after the fact, becomes feedback),
 * a rewrite replaces the tool input where the event and stage allow it,
 * context accumulates where the event takes it. Returns `true` when the
 * outcome blocked (or a validator's rewrite was denied).
 */
export function applyOutcome(
  state: RunState,
  entry: HookEntry,
  outcome: NormalizedOutcome,
  separator: string,
): boolean {
  const info = state.info;
  switch (outcome.action) {
    case "deny":
      if (info.canBlock) {
        // A block's own context is not delivered: the operation does not go ahead.
        addReason(state, outcome.reason!);
        return true;
      } else if (info.denyAsFeedback) {
        // After the fact a deny cannot undo anything: deliver it as feedback.
        addContext(state, outcome.reason!, separator);
        state.feedback = true;
      } else {
        state.warn(`Hook "${entry.name}" denied on ${state.event}, which cannot block; ignored`);
      }
      break;
    case "mutate":
      if (info.canMutate && entry.stage === "mutate") {
        state.payload = { ...state.payload, toolInput: outcome.input! };
        state.mutated = true;
      } else if (info.canMutate) {
        if (entry.failurePolicy === "closed") {
          addReason(
            state,
            `Hook "${entry.name}" is a validate-stage hook and tried to rewrite the tool input, which validators may not do; its failurePolicy is "closed", so the call is denied`,
          );
          return true;
        }
        state.warn(
          `Hook "${entry.name}" is a validate-stage hook and tried to rewrite the tool input; the rewrite was ignored`,
        );
      } else {
        state.warn(
          `Hook "${entry.name}" returned a rewrite on ${state.event}, where input cannot be rewritten; ignored`,
        );
      }
      break;
  }
  if (outcome.additionalContext !== undefined && info.context) {
    addContext(state, outcome.additionalContext, separator);
  }
  return false;
}

const EMPTY_RESULT: AnyHookEventResult = Object.freeze({});

/**
 * The result of a run: a block (with its context when `contextOnBlock`),
 * or the re-validated rewrite and the joined context.
 */
export function nativeResult(state: RunState, contextOnBlock: boolean): AnyHookEventResult {
  if (state.reasons !== null) {
    const blocked: AnyHookEventResult = { block: true, reason: truncate(state.reasons.join("\n")) };
    if (contextOnBlock && state.context !== null) blocked.additionalContext = state.context;
    return blocked;
  }
  let result = EMPTY_RESULT;
  if (state.mutated) {
    const input = state.payload.toolInput!;
    const schema = state.env.inputSchema;
    const problem = schema === undefined ? undefined : validateToolInput(schema, input);
    if (problem !== undefined) {
      return {
        block: true,
        reason: truncate(
          `Hooks rewrote the input of tool "${state.payload.toolName}" into one that is not valid: ${problem}. Call the tool again with valid arguments.`,
        ),
      };
    }
    result = { input };
  }
  if (state.context !== null) {
    result = { ...result, additionalContext: state.context };
    if (state.info.denyAsFeedback) result.contextAs = state.feedback ? "feedback" : "context";
  }
  return result;
}
