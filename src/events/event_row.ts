/**
 * What a row of an event table says about its event, and how a row is
 * written: the columns every behaviour that differs between events reads.
 *
 * @module
 */

import type { AnyHookEventFields } from "./fields.ts";

/**
 * How the hooks of one event combine (each name is a rule module of the
 * runner). The hook events use the first three:
 * - `"two-stage"`: native mutators run one after another, each seeing the
 *   previous output; then hooks of dialects whose agents run hooks together
 *   (Claude) run at the same time on that input; then native validators run
 *   one after another on the final input, the first deny stopping the
 *   rest; then the validators that run together; a deny stops the later
 *   phases;
 * - `"serial"`: native hooks run one after another in registration order
 *   and the first block wins; then the Claude-dialect hooks run at the
 *   same time;
 * - `"fan-out"`: hooks run in parallel (Wuu hooks one after another).
 *
 * A hook may opt in or out of running together (`concurrent`).
 *
 * Whatever runs at the same time is combined in registration order, never
 * in the order hooks finished.
 *
 * The extension events (whose handlers return their own result objects)
 * use the others, each one after another in registration order:
 * - `"short-circuit"`: the first `cancel: true` stops the run and is the
 *   result; otherwise the last result is;
 * - `"chain"`: each handler sees the fields the previous one returned
 *   (`context`'s messages);
 * - `"first-wins"`: the first result is kept, later ones are ignored;
 * - `"last-wins"`: the last result is kept;
 * - `"notify"`: results are ignored; handlers only observe.
 *
 * @example Read the rule for an event
 * ```ts
 * import { HOOK_EVENTS, type HookCombineRule } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const rule: HookCombineRule = HOOK_EVENTS.UserPromptSubmit.combine;
 * equal(rule, "serial");
 * ```
 */
export type HookCombineRule =
  | "two-stage"
  | "serial"
  | "fan-out"
  | "short-circuit"
  | "chain"
  | "first-wins"
  | "last-wins"
  | "notify";

/**
 * A payload field an event may carry besides what every event carries
 * (`event`, `cwd`, `sessionId`, and when known `transcriptPath`,
 * `permissionMode` and the agent's own fields, `extra`).
 *
 * @example The fields of PostToolUse
 * ```ts
 * import { HOOK_EVENTS, type HookPayloadField } from "@hookgate/core";
 * import { deepEqual } from "node:assert/strict";
 *
 * const fields: readonly HookPayloadField[] = HOOK_EVENTS.PostToolUse.fields;
 * deepEqual(fields, ["toolName", "toolInput", "toolUseId", "toolResult"]);
 * ```
 */
export type HookPayloadField = Exclude<keyof AnyHookEventFields, "extra">;

/**
 * What one event means for hooks: one row of {@linkcode HOOK_EVENTS}.
 *
 * @example Check whether an event can block
 * ```ts
 * import { HOOK_EVENTS, type HookEventInfo } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const info: HookEventInfo = HOOK_EVENTS.PreCompact;
 * equal(info.canBlock, true);
 * ```
 */
export interface HookEventInfo {
  /** Whether the payload carries `toolName`; only then does a matcher apply. */
  readonly toolEvent: boolean;
  /** Whether a deny (or exit code 2) changes what happens next. */
  readonly canBlock: boolean;
  /**
   * Whether a block stops an action before it happens — a tool call, a
   * permission, a user turn — rather than making the agent keep going (Stop
   * and SubagentStop) or undoing nothing. Only here does a configured hook
   * that could not be built, and was closed or a policy hook, deny the calls
   * it could have matched: elsewhere its block would do harm, not guard.
   */
  readonly gatesAction: boolean;
  /** Whether `action: "mutate"` is honoured (mutate-stage hooks only). */
  readonly canMutate: boolean;
  /** Whether `additionalContext` is passed back to the caller. */
  readonly context: boolean;
  /**
   * Whether a hook may answer `ask` (let the user decide) or `defer` (let
   * the host decide later) instead of allowing or denying.
   */
  readonly canAsk: boolean;
  /**
   * Whether the event has a permission a hook may grant (a Claude-dialect
   * hook's explicit allow): the result then says `decision: "allow"` when
   * some hook granted and none denied, deferred or asked. Elsewhere a
   * grant is no objection, with a warning.
   */
  readonly canGrant: boolean;
  /**
   * Whether a deny is delivered as feedback context (the tool already ran:
   * a deny cannot undo it, but the model should hear the objection), and
   * the result says how to present the context (`contextAs`). Elsewhere a
   * deny on an event that cannot block is ignored with a warning.
   */
  readonly denyAsFeedback: boolean;
  /** How several hooks for the event combine. */
  readonly combine: HookCombineRule;
  /** The payload fields the event carries, in wire order. */
  readonly fields: readonly HookPayloadField[];
  /**
   * The field a matcher is tested against: `toolName` on tool events; on
   * some others the field Claude Code matches (SessionStart's `source`,
   * compaction's trigger, SessionEnd's reason, a notification's type, a
   * subagent's type, …) — only for dialects whose matchers reach beyond
   * tools. `null`: matchers do not apply.
   */
  readonly matchOn: HookPayloadField | null;
  /**
   * Whether the Stop loop guard applies: a block keeps the agent going, the
   * payload's `stopHookActive` says so, and consecutive blocks are capped
   * (per `agentId` when the event carries one).
   */
  readonly loopGuard: boolean;
  /** Whether the event starts a new turn, which resets the loop guard. */
  readonly startsTurn: boolean;
  /**
   * Whether a hook may replace the tool's result (`updatedToolResult`:
   * its `content` and `details`; the last replacement of each wins).
   */
  readonly canReplaceResult: boolean;
  /**
   * Whether only in-process hooks may attach: the event has no wire form
   * (the extension events), so command, HTTP and prompt hooks are refused.
   */
  readonly inProcessOnly: boolean;
  /** When the event fires and what blocking means for it. */
  readonly description: string;
}

/** The columns a row must give; every other column defaults to `false` or empty. */
export type HookEventRow = Partial<HookEventInfo> & Pick<HookEventInfo, "combine" | "description">;

/**
 * A row of an event table with every column not given set to `false` (or,
 * for `fields`, empty; `matchOn` follows `toolEvent`).
 *
 * @param info The columns that differ from the defaults.
 * @returns The frozen row.
 *
 * @example A row for a host's own event
 * ```ts
 * import { eventRow } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const row = eventRow({ combine: "serial", canBlock: true, description: "Before a commit" });
 * equal(row.canMutate, false);
 * ```
 */
export function eventRow(info: HookEventRow): HookEventInfo {
  return Object.freeze({
    toolEvent: false,
    canBlock: false,
    gatesAction: false,
    canMutate: false,
    canAsk: false,
    canGrant: false,
    context: false,
    denyAsFeedback: false,
    fields: [],
    matchOn: info.toolEvent ? "toolName" : null,
    loopGuard: false,
    startsTurn: false,
    canReplaceResult: false,
    inProcessOnly: false,
    ...info,
  });
}
