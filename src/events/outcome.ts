/**
 * What a hook may answer and what every answer becomes: the outcome types of
 * the native model, and the failure a hook invocation may end in.
 *
 * @module
 */

/**
 * Why a hook invocation failed:
 * - `aborted`: the caller's signal fired;
 * - `error`: the hook threw, could not be started, or its server failed;
 * - `exit`: a command hook exited non-zero (other than 2) or died by a signal;
 * - `invalid_output`: the hook answered something that is not an outcome;
 * - `rejected`: hookgate refused to run it (allowlist, URL rule, permission);
 * - `timeout`: it did not finish before its deadline.
 *
 * @example Switch on a failure kind
 * ```ts
 * import type { FailureKind } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * function retryable(kind: FailureKind): boolean {
 *   return kind === "timeout" || kind === "error";
 * }
 * equal(retryable("rejected"), false);
 * ```
 */
export type FailureKind =
  | "aborted"
  | "error"
  | "exit"
  | "invalid_output"
  | "rejected"
  | "timeout";

/**
 * A failed invocation, as data: hook failures are never thrown at the host.
 *
 * @example A timeout failure
 * ```ts
 * import type { HookFailure } from "@hookgate/core";
 *
 * const failure: HookFailure = {
 *   kind: "timeout",
 *   message: "did not finish within 3000 ms",
 * };
 * ```
 */
export interface HookFailure {
  /** The failure kind. */
  kind: FailureKind;
  /** What went wrong, without payload contents. */
  message: string;
}

/**
 * The explicit outcome of a PreToolUse hook. The three forms are mutually
 * exclusive: `allow` has no objection (it never bypasses permissions),
 * `deny` needs a non-empty reason, `mutate` replaces the whole tool input.
 *
 * @example Deny with a reason
 * ```ts
 * import type { PreToolUseOutcome } from "@hookgate/core";
 *
 * const outcome: PreToolUseOutcome = {
 *   action: "deny",
 *   reason: "blocked: rm -rf",
 * };
 * ```
 */
export type PreToolUseOutcome =
  | { action: "allow" }
  | { action: "deny"; reason: string }
  | { action: "mutate"; input: Record<string, unknown> }
  | { action: "ask" | "defer"; reason?: string; input?: Record<string, unknown> };

/**
 * The general outcome shape: the explicit `action` form plus the legacy
 * `decision`/`modifiedInput` form, and `additionalContext` for events that
 * inject context. Every field is optional; `{}` means allow, no side effect.
 * A normalized outcome ({@linkcode NormalizedOutcome}) has the same fields,
 * plus the grant, which only a Claude-dialect hook can answer.
 *
 * @example Add context after a tool ran
 * ```ts
 * import type { HookOutcome } from "@hookgate/core";
 *
 * const outcome: HookOutcome = { additionalContext: "Lint: 2 warnings" };
 * ```
 */
export interface HookOutcome {
  /**
   * The explicit action. `ask` wants the user to decide, `defer` wants the
   * host to decide later; both may come with a rewrite (`input`).
   */
  action?: "allow" | "deny" | "mutate" | "ask" | "defer";
  /** Why a hook denied (required with `action: "deny"`). */
  reason?: string;
  /** The replacement tool input (with `action: "mutate"`). */
  input?: Record<string, unknown>;
  /** Legacy form of `action`: `"block"` denies. */
  decision?: "block" | "allow";
  /** Legacy form of `action: "mutate"` with `input`. */
  modifiedInput?: Record<string, unknown>;
  /** The extension API's form of `action`: `true` denies (with `reason`, if any). */
  block?: boolean;
  /** Text to add to what the model sees, where the event supports it. */
  additionalContext?: string;
  /**
   * `true` requires the agent to stop, whatever else is decided. (Wuu's
   * `continue: false` is a block, not a halt; Claude hooks say
   * `continue: false` and their dialect reads it as a halt.)
   */
  halt?: boolean;
  /** Why the agent must stop, for the user. */
  stopReason?: string;
  /** A message for the user. */
  systemMessage?: string;
  /**
   * Replaces the tool's result (PostToolUse): its `content`, its `details`,
   * or both. The last replacement of each, in registration order, wins.
   */
  updatedToolResult?: ToolResultUpdate;
}

/**
 * What an answer may carry besides its decision, whatever its form.
 *
 * @example Context and a message for the user
 * ```ts
 * import type { OutcomeEffects } from "@hookgate/core";
 *
 * const effects: OutcomeEffects = { additionalContext: "Lint: 2 warnings", systemMessage: "linted" };
 * ```
 */
export interface OutcomeEffects {
  /** Text to add to what the model sees, where the event supports it. */
  additionalContext?: string;
  /** `true` requires the agent to stop, whatever else is decided. */
  halt?: boolean;
  /** Why the agent must stop, for the user. */
  stopReason?: string;
  /** A message for the user. */
  systemMessage?: string;
  /** Replaces the tool's result (PostToolUse). */
  updatedToolResult?: ToolResultUpdate;
}

/**
 * Anything an in-process hook may return, and exactly what
 * {@linkcode parseHookOutcome} reads: the explicit `action` forms, the
 * legacy `decision`/`modifiedInput` forms, the extension API's
 * `{block, reason}`, or effects alone (`{}` allows). A shape outside it —
 * a deny without its reason, an `input` without `action: "mutate"`, an
 * object with no outcome field — does not type-check, as the normalizer
 * refuses it at run time (`invalid_output`). Each form may carry
 * {@linkcode OutcomeEffects}.
 *
 * @example Every form
 * ```ts
 * import type { AnyHookOutcome } from "@hookgate/core";
 *
 * const outcomes: AnyHookOutcome[] = [
 *   {},
 *   { action: "allow" },
 *   { action: "deny", reason: "no" },
 *   { action: "mutate", input: { command: "ls -la" } },
 *   { decision: "block", reason: "no" },
 *   { modifiedInput: { command: "ls -la" } },
 *   { block: true, reason: "no" },
 *   { additionalContext: "Lint: 2 warnings" },
 * ];
 * ```
 */
export type AnyHookOutcome =
  // Effects alone decide nothing, and `input` is only read with
  // `action: "mutate"` (or ask and defer): elsewhere it is refused. The
  // `never` fields also let `cond ? {} : {action: "deny", …}` type-check.
  | (OutcomeEffects & {
    action?: never;
    decision?: never;
    block?: never;
    reason?: never;
    input?: never;
    modifiedInput?: never;
  })
  | (OutcomeEffects & { action: "allow"; reason?: string; input?: never })
  | (OutcomeEffects & { action: "deny"; reason: string; input?: never })
  | (OutcomeEffects & { action: "mutate"; input: Record<string, unknown> })
  | (OutcomeEffects & { action: "ask" | "defer"; reason?: string; input?: Record<string, unknown> })
  | (OutcomeEffects & { decision: "block" | "allow"; reason?: string; input?: never })
  | (OutcomeEffects & { decision?: "allow"; modifiedInput: Record<string, unknown>; input?: never })
  | (OutcomeEffects & { block: boolean; reason?: string; input?: never });

/**
 * A normalized outcome: what every wire shape becomes.
 *
 * `allow` is "no objection" (also what no output means): it never bypasses
 * the host's permissions. `grant` is a permission granted — what a
 * Claude-dialect hook's explicit allow means to Claude (PreToolUse's
 * `permissionDecision: "allow"`, PermissionRequest's `behavior: "allow"`):
 * the runner forwards it only when no hook of the call denies, defers or
 * asks, and only where the event has a permission to grant. Native hooks
 * cannot answer it: their `{action: "allow"}` stays "no objection".
 *
 * @example The outcome of an empty answer, and a grant
 * ```ts
 * import type { NormalizedOutcome } from "@hookgate/core";
 *
 * const allow: NormalizedOutcome = { action: "allow" };
 * const grant: NormalizedOutcome = { action: "grant", reason: "read-only command" };
 * ```
 */
export interface NormalizedOutcome {
  /** The action: `allow` also stands for "no output"; `grant` grants a permission. */
  action: "allow" | "deny" | "mutate" | "ask" | "defer" | "grant";
  /**
   * The deny reason (always non-empty for `deny`); for `ask`, what to tell
   * the user; for `grant`, why it was granted.
   */
  reason?: string;
  /**
   * The replacement input (always set for `mutate`; possible with `ask`,
   * `defer` and `grant`).
   */
  input?: Record<string, unknown>;
  /**
   * With a `grant` on PermissionRequest: the permission updates to apply
   * with it (Claude's `updatedPermissions` entries, verbatim).
   */
  updatedPermissions?: Record<string, unknown>[];
  /** Context to add, where the event supports it. */
  additionalContext?: string;
  /** The agent must stop, beating every decision. */
  halt?: boolean;
  /** Why it must stop, for the user. */
  stopReason?: string;
  /** A message for the user. */
  systemMessage?: string;
  /** A replacement of the tool's result (PostToolUse). */
  updatedToolResult?: ToolResultUpdate;
  /**
   * What an extension handler returned, for events whose rule combines
   * handlers' own result objects (the extension events).
   */
  value?: Record<string, unknown>;
  /**
   * The fields of the hook's answer that its dialect does not model, kept
   * for the agent that reads them (see {@linkcode AnswerExtra}).
   */
  extra?: AnswerExtra;
  /**
   * What a hook that wakes the agent wakes it with, when its answer asks
   * to (a Claude hook's exit code 2: its stderr, else its stdout). Read
   * only for a command hook with `async` and `rewake`.
   */
  wake?: string;
}

/**
 * The fields of an answer that hookgate does not model, as they sat in it:
 * at its top (`root`) or in the event's own part (`event`: Claude's
 * `hookSpecificOutput`). Claude Code reads many such fields — a session's
 * title, paths to watch, a retry, what to display, a terminal sequence —
 * and hookgate carries them unchanged: of several hooks, the later in
 * registration order wins per field, and the caller's dialect writes them
 * back under the fields hookgate decides (an agent of another dialect gets
 * none of them).
 *
 * @example SessionStart's title and watched paths, and a terminal sequence
 * ```ts
 * import type { AnswerExtra } from "@hookgate/core";
 *
 * const extra: AnswerExtra = {
 *   root: { terminalSequence: "\u0007" },
 *   event: { sessionTitle: "Fix the build", watchPaths: ["/repo/.env"] },
 * };
 * ```
 */
export interface AnswerExtra {
  /** Fields at the top of the answer. */
  root?: Record<string, unknown>;
  /** Fields of the event's own part of the answer. */
  event?: Record<string, unknown>;
}

/**
 * What the command and HTTP transports return: an outcome, or a failure
 * (then `outcome` is `null`). Never thrown.
 *
 * @example Handle a detailed result
 * ```ts
 * import type { HookRunResult } from "@hookgate/core";
 *
 * function summary(result: HookRunResult): string {
 *   return result.failure
 *     ? `${result.failure.kind}: ${result.failure.message}`
 *     : result.outcome?.action ?? "allow";
 * }
 * ```
 */
export interface HookRunResult {
  /** The normalized outcome, or `null` on failure. */
  outcome: NormalizedOutcome | null;
  /** Why the hook failed. */
  failure?: HookFailure;
  /**
   * With a failure: the outcome the hook's dialect's agent would still read
   * from its answer (a Claude hook's JSON on a non-zero exit). The runner
   * uses it only for `failurePolicy: "open"` hooks.
   */
  lenient?: NormalizedOutcome;
}

/**
 * A hook's replacement of a tool's result: either part may be given alone.
 *
 * @example Redact the content, keep the details
 * ```ts
 * import type { ToolResultUpdate } from "@hookgate/core";
 *
 * const update: ToolResultUpdate = { content: [{ type: "text", text: "[redacted]" }] };
 * ```
 */
export interface ToolResultUpdate {
  /** The new content. */
  content?: unknown;
  /** The new details. */
  details?: unknown;
}
