// What one native outcome does to a run, by the event table's columns:
// shared by the rules of the hook events (two-stage, serial, fan-out).

import { MAX_RESULT_CHARS } from "../_internal/limits.ts";
import { truncate } from "../_internal/text.ts";
import type { AnyHookEventResult } from "../events/event_map.ts";
import type { NormalizedOutcome, ToolResultUpdate } from "../events/outcome.ts";
import type { HookEntry } from "../registry/types.ts";
import type { RunDecision, RunState } from "./types.ts";
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

/** Records a block reason and who blocked, unless an earlier result of a concurrent phase already decided. */
export function addReason(state: RunState, reason: string, entry?: HookEntry): void {
  if (state.stopped) return;
  (state.reasons ??= []).push(reason);
  if (entry !== undefined) state.blockers?.push(entry.name);
}

/** deny > defer > ask > allow (a grant): the rank of a decision short of a deny. */
const DECISION_RANK = { allow: 0, ask: 1, defer: 2 } as const;

/**
 * Applies an outcome: a deny blocks (or, after the fact, becomes feedback),
 * a rewrite replaces the tool input where the event and stage allow it, an
 * `ask`, `defer` or grant is kept when it is the most restrictive so far (a
 * later ask never drops an earlier rewrite), context accumulates where the
 * event takes it, a halt and messages are kept on every event. Returns
 * `true` when no later hook should run (a block, a halt, or a validator's
 * rewrite denied).
 */
export function applyOutcome(
  state: RunState,
  entry: HookEntry,
  outcome: NormalizedOutcome,
  separator: string,
): boolean {
  const info = state.info;
  if (outcome.systemMessage !== undefined) (state.messages ??= []).push(outcome.systemMessage);
  if (outcome.halt) {
    // Beats every decision: whatever else this hook said no longer matters.
    state.halt ??= outcome.stopReason === undefined ? {} : { reason: outcome.stopReason };
    return true;
  }
  switch (outcome.action) {
    case "deny":
      if (info.canBlock) {
        addReason(state, outcome.reason!, entry);
        // Its context goes beside the block where the event's rule delivers context with one (PreToolUse, Stop).
        if (outcome.additionalContext !== undefined && info.context) {
          addContext(state, outcome.additionalContext, separator);
        }
        return true;
      } else if (info.denyAsFeedback) {
        // After the fact a deny cannot undo anything: deliver it as feedback.
        addContext(state, outcome.reason!, separator);
        state.feedback = true;
      } else {
        state.warn(`Hook "${entry.name}" denied on ${state.event}, which cannot block; ignored`);
      }
      break;
    case "ask":
    case "defer":
      if (!info.canAsk) {
        state.warn(
          `Hook "${entry.name}" answered "${outcome.action}" on ${state.event}, which has no such decision; ignored`,
        );
        break;
      }
      if (state.decision === null || DECISION_RANK[outcome.action] > DECISION_RANK[state.decision.kind]) {
        state.decision = outcome.reason === undefined
          ? { kind: outcome.action }
          : { kind: outcome.action, reason: outcome.reason };
      }
      if (outcome.input !== undefined && rewrite(state, entry, outcome.input)) return true;
      break;
    case "grant":
      grant(state, entry, outcome);
      // Where the event rewrites input, a grant's input is a rewrite, which
      // stands whatever becomes of the grant (outranked, or refused).
      if (info.canMutate && outcome.input !== undefined && rewrite(state, entry, outcome.input)) return true;
      break;
    case "mutate":
      if (rewrite(state, entry, outcome.input!)) return true;
      break;
  }
  if (outcome.additionalContext !== undefined && info.context) {
    addContext(state, outcome.additionalContext, separator);
  }
  if (outcome.updatedToolResult !== undefined) replaceResult(state, entry, outcome.updatedToolResult);
  return false;
}

/** Keeps the last replacement of each part of the tool's result, where the event allows one. */
function replaceResult(state: RunState, entry: HookEntry, update: ToolResultUpdate): void {
  if (!state.info.canReplaceResult) {
    state.warn(`Hook "${entry.name}" replaced the tool result on ${state.event}, where it cannot be replaced; ignored`);
    return;
  }
  state.replacement = { ...state.replacement, ...update };
}

/**
 * Keeps a grant unless something more restrictive stands, the event has
 * nothing to grant, or the runner refuses hook-granted allows. Where the
 * event cannot rewrite input (PermissionRequest), the grant's input is its
 * own and goes with it.
 */
function grant(state: RunState, entry: HookEntry, outcome: NormalizedOutcome): void {
  const info = state.info;
  const event = state.event;
  const tool = state.payload.toolName === undefined ? "" : ` of tool "${state.payload.toolName}"`;
  if (!info.canGrant) {
    state.warn(`Hook "${entry.name}" allowed ${event}, which has no permission to grant; read as no objection`);
    return;
  }
  if (state.refusesGrants()) {
    state.warn(
      `Hook "${entry.name}" allowed ${event}${tool}, but hook-granted allows are refused ("hookGrants": "refuse"), so the agent's own permission flow decides${
        info.canMutate || (outcome.input === undefined && outcome.updatedPermissions === undefined)
          ? ""
          : "; its updatedInput and updatedPermissions are dropped with it"
      }`,
    );
    return;
  }
  const standing = state.decision;
  if (standing !== null && standing.kind !== "allow") return;
  if (standing !== null && (standing.input !== undefined || standing.permissions !== undefined)) {
    state.warn(
      `Hooks "${standing.by}" and "${entry.name}" both allowed ${event}${tool} with their own input or permission updates; "${entry.name}" is later in configuration order, so its allow is used`,
    );
  }
  const decision: RunDecision = { kind: "allow", by: entry.name };
  if (outcome.reason !== undefined) decision.reason = outcome.reason;
  if (!info.canMutate && outcome.input !== undefined) decision.input = outcome.input;
  if (outcome.updatedPermissions !== undefined) decision.permissions = outcome.updatedPermissions;
  state.decision = decision;
}

/** Applies a rewrite where allowed; returns `true` when it must stop the run. */
function rewrite(state: RunState, entry: HookEntry, input: Record<string, unknown>): boolean {
  const info = state.info;
  if (info.canMutate && entry.stage === "mutate") {
    if (state.concurrent) {
      // Hooks that ran together each saw the same input: rewrites cannot
      // compose, so the later in configuration order wins, and both are named.
      if (state.rewriter !== null) {
        state.warn(
          `Hooks "${state.rewriter}" and "${entry.name}" both rewrote the input of tool "${state.payload.toolName}" on the same input; "${entry.name}" is later in configuration order, so its rewrite is used`,
        );
      }
      state.rewriter = entry.name;
    }
    state.payload = { ...state.payload, toolInput: input };
    state.mutated = true;
  } else if (info.canMutate) {
    if (entry.failurePolicy === "closed") {
      addReason(
        state,
        `Hook "${entry.name}" is a validate-stage hook and tried to rewrite the tool input, which validators may not do; its failurePolicy is "closed", so the call is denied`,
        entry,
      );
      return true;
    }
    state.warn(
      `Hook "${entry.name}" is a validate-stage hook and tried to rewrite the tool input; the rewrite was ignored`,
    );
  } else {
    state.warn(`Hook "${entry.name}" returned a rewrite on ${state.event}, where input cannot be rewritten; ignored`);
  }
  return false;
}

const EMPTY_RESULT: AnyHookEventResult = Object.freeze({});

/**
 * The result of a run: a block (with its context when `contextOnBlock`),
 * or the re-validated rewrite, any ask/defer decision and the joined
 * context; a halt and messages on top of either. A promise only while the
 * first JSON Schema of the process waits for zod to load.
 */
export function nativeResult(
  state: RunState,
  contextOnBlock: boolean,
): AnyHookEventResult | Promise<AnyHookEventResult> {
  // Most runs rewrite nothing: that test comes first.
  const schema = state.mutated && state.reasons === null ? state.env.inputSchema : undefined;
  if (schema !== undefined) {
    const problem = validateToolInput(schema, state.payload.toolInput!);
    if (problem instanceof Promise) return problem.then((found) => finalResult(state, contextOnBlock, found));
    return finalResult(state, contextOnBlock, problem);
  }
  return finalResult(state, contextOnBlock, undefined);
}

/** The result, once the rewritten input's `problem` (if any) is known. */
function finalResult(state: RunState, contextOnBlock: boolean, problem: string | undefined): AnyHookEventResult {
  const result = baseResult(state, contextOnBlock, problem);
  if (state.halt === null && state.messages === null) return result;
  const extended: AnyHookEventResult = { ...result };
  if (state.halt !== null) {
    extended.halt = true;
    if (state.halt.reason !== undefined) extended.stopReason = state.halt.reason;
  }
  if (state.messages !== null) extended.systemMessage = state.messages.join("\n");
  return extended;
}

function baseResult(state: RunState, contextOnBlock: boolean, problem: string | undefined): AnyHookEventResult {
  if (state.reasons !== null) {
    const blocked: AnyHookEventResult = { block: true, reason: truncate(state.reasons.join("\n"), MAX_RESULT_CHARS) };
    if (contextOnBlock && state.context !== null) blocked.additionalContext = state.context;
    return blocked;
  }
  let result = EMPTY_RESULT;
  if (state.mutated) {
    if (problem !== undefined) {
      return {
        block: true,
        reason: truncate(
          `Hooks rewrote the input of tool "${state.payload.toolName}" into one that is not valid: ${problem}. Call the tool again with valid arguments.`,
        ),
      };
    }
    result = { input: state.payload.toolInput! };
  }
  const decision = state.decision;
  if (decision !== null) {
    result = { ...result, decision: decision.kind };
    if (decision.reason !== undefined) result.reason = truncate(decision.reason, MAX_RESULT_CHARS);
    if (decision.input !== undefined) result.input = decision.input;
    if (decision.permissions !== undefined) result.updatedPermissions = decision.permissions;
  }
  if (state.context !== null) {
    result = { ...result, additionalContext: state.context };
    if (state.info.denyAsFeedback) result.contextAs = state.feedback ? "feedback" : "context";
  }
  if (state.replacement !== null) result = { ...result, updatedToolResult: state.replacement };
  return result;
}
