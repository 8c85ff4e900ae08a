/**
 * The vocabulary shared by every part of hookgate: the payload a hook
 * receives, the outcomes it may return, the hook specifications of each
 * transport, registry entries and runner options and results.
 *
 * These are plain interfaces on purpose: they carry no behaviour and no
 * validation library types, so any layer can import them.
 *
 * @module
 */

import type { HookEvent } from "./events.ts";

/**
 * A matcher: `"*"`, `""` or omitted match every tool; otherwise a
 * pipe-delimited, case-insensitive list of exact tool names such as
 * `"edit|write"`. Events without a tool name ignore it.
 *
 * @example A matcher for two tools
 * ```ts
 * import { type HookMatcher, hookMatcherMatches } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const matcher: HookMatcher = "edit|write";
 * equal(hookMatcherMatches(matcher, "Write"), true);
 * ```
 */
export type HookMatcher = string;

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
 * What happens when a hook fails: `"open"` (the default) skips it with a
 * warning; `"closed"` turns the failure into a model-visible deny on events
 * that can block.
 *
 * @example Fail closed
 * ```ts
 * import type { FailurePolicy } from "@hookgate/core";
 *
 * const policy: FailurePolicy = "closed";
 * ```
 */
export type FailurePolicy = "open" | "closed";

/**
 * The PreToolUse stage: `"mutate"` hooks run first and may rewrite the
 * input; `"validate"` hooks then see the final input and may only deny.
 *
 * @example A validator
 * ```ts
 * import type { HookStage } from "@hookgate/core";
 *
 * const stage: HookStage = "validate";
 * ```
 */
export type HookStage = "mutate" | "validate";

/**
 * How a hook is reached.
 *
 * @example Label a transport
 * ```ts
 * import type { HookTransport } from "@hookgate/core";
 *
 * const transport: HookTransport = "command";
 * ```
 */
export type HookTransport = "in-process" | "command" | "http" | "prompt";

/**
 * The wire dialect of a configured hook: which payload field names it
 * receives (`native` camelCase, or Wuu's snake_case). Outputs of every
 * dialect are accepted from every hook.
 *
 * @example A Wuu-style hook
 * ```ts
 * import type { HookDialect } from "@hookgate/core";
 *
 * const dialect: HookDialect = "wuu";
 * ```
 */
export type HookDialect = "native" | "wuu";

/**
 * A tool's result as hooks see it on PostToolUse.
 *
 * @example A successful result
 * ```ts
 * import type { ToolResult } from "@hookgate/core";
 *
 * const result: ToolResult = { content: "3 files", isError: false };
 * ```
 */
export interface ToolResult {
  /** The result content (text or any JSON value). */
  content: unknown;
  /** Whether the tool reported an error. */
  isError: boolean;
}

/**
 * The payload every hook receives, identical for every transport: flat and
 * JSON-serializable. Command hooks read it on stdin, HTTP hooks as the POST
 * body, in-process hooks as their first argument.
 *
 * @example A PreToolUse payload
 * ```ts
 * import type { HookInput } from "@hookgate/core";
 *
 * const input: HookInput = {
 *   event: "PreToolUse",
 *   toolName: "bash",
 *   toolInput: { command: "ls" },
 *   cwd: "/abs/project",
 *   sessionId: "01J0000000000000000000000",
 * };
 * ```
 */
export interface HookInput {
  /** The event being run. */
  event: HookEvent;
  /** The working directory of the agent (absolute). */
  cwd: string;
  /** The session identifier; the runner always fills it in. */
  sessionId?: string;
  /** The tool name (tool events only). */
  toolName?: string;
  /** The tool arguments (tool events only). Treat as read-only. */
  toolInput?: Record<string, unknown>;
  /** The tool result (PostToolUse only). */
  toolResult?: ToolResult;
  /** The error text of a failed tool (PostToolUseFailure only). */
  error?: string;
  /** The user's prompt (UserPromptSubmit only). */
  prompt?: string;
  /** The file written or edited (FileChanged only). */
  filePath?: string;
  /** Why compaction runs (PreCompact and PostCompact). */
  compactReason?: string;
  /** The compaction summary up for adoption (PostCompact only). */
  compactSummary?: string;
  /** The subagent's identifier (SubagentStart and SubagentStop). */
  agentId?: string;
  /** Why the session ends (SessionEnd only). */
  endReason?: string;
  /**
   * Whether the turn is already continuing because a Stop hook blocked
   * (Stop and SubagentStop): check it to avoid endless loops.
   */
  stopHookActive?: boolean;
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
  | { action: "mutate"; input: Record<string, unknown> };

/**
 * The general outcome shape: the explicit `action` form plus the legacy
 * `decision`/`modifiedInput` form, and `additionalContext` for events that
 * inject context. Every field is optional; `{}` means allow, no side effect.
 * It is also the shape every normalized outcome takes.
 *
 * @example Add context after a tool ran
 * ```ts
 * import type { HookOutcome } from "@hookgate/core";
 *
 * const outcome: HookOutcome = { additionalContext: "Lint: 2 warnings" };
 * ```
 */
export interface HookOutcome {
  /** The explicit action. */
  action?: "allow" | "deny" | "mutate";
  /** Why a hook denied (required with `action: "deny"`). */
  reason?: string;
  /** The replacement tool input (with `action: "mutate"`). */
  input?: Record<string, unknown>;
  /** Legacy form of `action`: `"block"` denies. */
  decision?: "block" | "allow";
  /** Legacy form of `action: "mutate"` with `input`. */
  modifiedInput?: Record<string, unknown>;
  /** Text to add to what the model sees, where the event supports it. */
  additionalContext?: string;
}

/**
 * Anything a hook may return at the transport boundary; normalized by
 * {@linkcode parseHookOutcome} before the runner looks at it.
 *
 * @example Either form
 * ```ts
 * import type { AnyHookOutcome } from "@hookgate/core";
 *
 * const outcomes: AnyHookOutcome[] = [
 *   { action: "allow" },
 *   { decision: "block", reason: "no" },
 * ];
 * ```
 */
export type AnyHookOutcome = PreToolUseOutcome | HookOutcome;

/**
 * A normalized outcome: what every wire shape becomes.
 *
 * @example The outcome of an empty answer
 * ```ts
 * import type { NormalizedOutcome } from "@hookgate/core";
 *
 * const allow: NormalizedOutcome = { action: "allow" };
 * ```
 */
export interface NormalizedOutcome {
  /** The action: `allow` also stands for "no output". */
  action: "allow" | "deny" | "mutate";
  /** The deny reason (always non-empty for `deny`). */
  reason?: string;
  /** The replacement input (always set for `mutate`). */
  input?: Record<string, unknown>;
  /** Context to add, where the event supports it. */
  additionalContext?: string;
}

/**
 * What an in-process hook receives besides the payload. The signal fires on
 * the hook's deadline and on the caller's abort; `deadlineAt` is the
 * deadline in `Date.now()` milliseconds.
 *
 * @example Pass the signal on
 * ```ts
 * import type { HookInvocationContext } from "@hookgate/core";
 *
 * async function hook(_input: unknown, context: HookInvocationContext) {
 *   context.signal.throwIfAborted();
 *   return {};
 * }
 * ```
 */
export interface HookInvocationContext {
  /** Fires on timeout (reason: `TimeoutError`) or the caller's abort. */
  readonly signal: AbortSignal;
  /** When the hook's time is up, in `Date.now()` milliseconds. */
  readonly deadlineAt: number;
}

/**
 * An in-process hook: an awaited function call. Returning `undefined`, `{}`
 * or `{action: "allow"}` means no objection; anything that is not an object
 * is `invalid_output`.
 *
 * @example A hook that blocks `rm -rf`
 * ```ts
 * import type { InProcessHook } from "@hookgate/core";
 *
 * const guard: InProcessHook = (input) =>
 *   String(input.toolInput?.command ?? "").includes("rm -rf")
 *     ? { action: "deny", reason: "rm -rf is not allowed" }
 *     : undefined;
 * ```
 */
export type InProcessHook = (
  input: HookInput,
  context: HookInvocationContext,
) =>
  | AnyHookOutcome
  | void
  | undefined
  | PromiseLike<AnyHookOutcome | void | undefined>;

/**
 * Controls shared by every hook, whatever its transport.
 *
 * @example A fail-closed policy validator
 * ```ts
 * import type { HookRegistrationOptions } from "@hookgate/core";
 *
 * const options: HookRegistrationOptions = {
 *   name: "bash-safety",
 *   stage: "validate",
 *   timeoutMs: 3000,
 *   failurePolicy: "closed",
 *   policy: true,
 * };
 * ```
 */
export interface HookRegistrationOptions {
  /** A name for logs, traces and diagnostics. */
  name?: string;
  /**
   * The per-invocation deadline in milliseconds, clamped to 1 ms – 10 min.
   *
   * @default {5000} (60 000 for background hooks)
   */
  timeoutMs?: number;
  /**
   * What a failure means.
   *
   * @default {"open"}
   */
  failurePolicy?: FailurePolicy;
  /**
   * The PreToolUse stage.
   *
   * @default {"mutate"} for in-process hooks, `"validate"` for configured ones
   */
  stage?: HookStage;
  /**
   * A trusted policy hook: it keeps running when ordinary hooks are
   * disabled (`allowNonPolicy: false`, `--no-hooks`).
   *
   * @default {false}
   */
  policy?: boolean;
  /**
   * Run fire-and-forget on events that cannot block (typically
   * PostToolUse): at most one run per hook at a time, bursts coalesce to the
   * latest payload.
   *
   * @default {false}
   */
  background?: boolean;
}

/**
 * The fields every configured (command or HTTP) hook shares.
 *
 * @example Shared controls
 * ```ts
 * import type { ConfiguredHookBase } from "@hookgate/core";
 *
 * const base: ConfiguredHookBase = { matcher: "bash", timeoutMs: 3000 };
 * ```
 */
export interface ConfiguredHookBase extends HookRegistrationOptions {
  /** Which tools the hook applies to. */
  matcher?: HookMatcher;
  /**
   * The payload dialect the hook expects.
   *
   * @default {"native"}
   */
  dialect?: HookDialect;
  /**
   * The cap for stdout, stderr or the response body, in bytes (≤ 1 MiB).
   *
   * @default {65536}
   */
  maxOutputBytes?: number;
  /** The configuration file the hook came from, for diagnostics. */
  source?: string;
}

/**
 * A command hook: the payload JSON goes to stdin, an outcome JSON comes back
 * on stdout, exit code 2 denies. Without `args` the command is shell form
 * (`sh -c`); with `args` it is exec form, spawned without a shell.
 *
 * @example A shell-form guard
 * ```ts
 * import type { ShellHook } from "@hookgate/core";
 *
 * const hook: ShellHook = {
 *   name: "bash-safety",
 *   matcher: "bash",
 *   command: "bash ./scripts/guard-bash.sh",
 *   failurePolicy: "closed",
 * };
 * ```
 */
export interface ShellHook extends ConfiguredHookBase {
  /** The transport; omitted means command. */
  type?: "command";
  /** The command line (shell form) or the program (exec form). */
  command: string;
  /** Exec-form arguments; when present no shell is involved. */
  args?: string[];
  /** Extra environment variables for the child. */
  env?: Record<string, string>;
  /**
   * Parent environment variables to pass through by name. The child gets a
   * sanitized environment; this is the only way a variable that looks like
   * a secret (`*_TOKEN`, `*_KEY`, …) reaches it.
   */
  passEnv?: string[];
}

/**
 * An HTTP hook: the payload is POSTed as JSON, the response body is the
 * outcome. `https://` anywhere, `http://` only to loopback.
 *
 * @example A local policy service
 * ```ts
 * import type { HttpHook } from "@hookgate/core";
 *
 * const hook: HttpHook = {
 *   type: "http",
 *   url: "http://127.0.0.1:8787/hook",
 *   headers: { authorization: "Bearer $POLICY_TOKEN" },
 *   allowedEnvVars: ["POLICY_TOKEN"],
 * };
 * ```
 */
export interface HttpHook extends ConfiguredHookBase {
  /** The transport. */
  type: "http";
  /** The endpoint. */
  url: string;
  /** Static headers; `$VAR`/`${VAR}` expand only for `allowedEnvVars`. */
  headers?: Record<string, string>;
  /** Environment variables that header values may reference. */
  allowedEnvVars?: string[];
  /**
   * Allow link-local and cloud metadata addresses (169.254.0.0/16,
   * `fd00:ec2::254`), which are refused by default.
   *
   * @default {false}
   */
  allowMetadataHosts?: boolean;
}

/**
 * A prompt (model) hook: asks a model whether the action fits. The
 * template's `$ARGUMENTS` is replaced by the payload JSON (appended when
 * absent); the model answers `{"ok": boolean, "reason"?: string}`, and
 * `ok: false` denies. A missing model, a failed request or an unparseable
 * answer is a failure: under the default `failurePolicy: "open"` the hook
 * passes through — prompt hooks must not be the only security boundary.
 *
 * @example A review-only guard
 * ```ts
 * import type { PromptHook } from "@hookgate/core";
 *
 * const hook: PromptHook = {
 *   type: "prompt",
 *   matcher: "bash",
 *   prompt: "Does this command only read files? $ARGUMENTS",
 *   model: "fast",
 *   timeoutMs: 20_000,
 * };
 * ```
 */
export interface PromptHook extends ConfiguredHookBase {
  /** The transport. */
  type: "prompt";
  /** The instruction; `$ARGUMENTS` stands for the payload JSON (`\$` escapes). */
  prompt: string;
  /**
   * An entry of the `models` configuration, or a model name for the
   * default entry's client.
   */
  model?: string;
}

/**
 * A hook declared by an operator: command, HTTP or prompt.
 *
 * @example A map of configured hooks
 * ```ts
 * import type { ConfiguredHook, HookEvent } from "@hookgate/core";
 *
 * const hooks: Partial<Record<HookEvent, ConfiguredHook[]>> = {
 *   SessionStart: [{ command: "echo '{}'" }],
 * };
 * ```
 */
export type ConfiguredHook = ShellHook | HttpHook | PromptHook;

/**
 * The configured hooks of every event, as loaded from configuration.
 *
 * @example An empty map
 * ```ts
 * import type { ConfiguredHooks } from "@hookgate/core";
 *
 * const none: ConfiguredHooks = {};
 * ```
 */
export type ConfiguredHooks = Partial<Record<HookEvent, ConfiguredHook[]>>;

/**
 * What the command transport needs to run a hook: the command hook fields
 * (only `command` is required).
 *
 * @example The smallest spec
 * ```ts
 * import type { ShellHookSpec } from "@hookgate/core";
 *
 * const spec: ShellHookSpec = { command: "cat", timeoutMs: 1000 };
 * ```
 */
export type ShellHookSpec = Omit<ShellHook, "type">;

/**
 * The fields every registry entry has, whatever its transport. Values are
 * resolved: defaults applied, timeouts clamped.
 *
 * @example Read an entry's controls
 * ```ts
 * import { HookRegistry, type HookEntryBase } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const registry = new HookRegistry();
 * registry.registerInProcess("Stop", "*", () => {}, "demo");
 * const entry: HookEntryBase = registry.list("Stop")[0]!;
 * equal(entry.timeoutMs, 5000);
 * ```
 */
export interface HookEntryBase {
  /** Unique, increasing with registration: the order of hooks. */
  readonly id: number;
  /** The event the entry belongs to. */
  readonly event: HookEvent;
  /** A display name. */
  readonly name: string;
  /** The matcher as given (`"*"` when omitted). */
  readonly matcher: HookMatcher;
  /** The PreToolUse stage. */
  readonly stage: HookStage;
  /** The deadline per invocation, in milliseconds. */
  readonly timeoutMs: number;
  /** What a failure means. */
  readonly failurePolicy: FailurePolicy;
  /** Whether the hook survives `allowNonPolicy: false`. */
  readonly policy: boolean;
  /** Whether the hook runs fire-and-forget. */
  readonly background: boolean;
  /** The plugin that registered it, for `drainByOwner`. */
  readonly owner?: string;
  /** Whether the entry came from `loadShellHooks`/`replaceShellHooks`. */
  readonly configured: boolean;
}

/**
 * A registered in-process hook.
 *
 * @example Recognise an in-process entry
 * ```ts
 * import type { HookEntry, InProcessHookEntry } from "@hookgate/core";
 *
 * function isInProcess(entry: HookEntry): entry is InProcessHookEntry {
 *   return entry.transport === "in-process";
 * }
 * ```
 */
export interface InProcessHookEntry extends HookEntryBase {
  /** The transport. */
  readonly transport: "in-process";
  /** The function. */
  readonly hook: InProcessHook;
}

/**
 * A registered command hook.
 *
 * @example Read the command
 * ```ts
 * import type { CommandHookEntry } from "@hookgate/core";
 *
 * function describe(entry: CommandHookEntry): string {
 *   return entry.hook.command;
 * }
 * ```
 */
export interface CommandHookEntry extends HookEntryBase {
  /** The transport. */
  readonly transport: "command";
  /** The command hook as registered. */
  readonly hook: ShellHook;
}

/**
 * A registered HTTP hook.
 *
 * @example Read the URL
 * ```ts
 * import type { HttpHookEntry } from "@hookgate/core";
 *
 * function describe(entry: HttpHookEntry): string {
 *   return entry.hook.url;
 * }
 * ```
 */
export interface HttpHookEntry extends HookEntryBase {
  /** The transport. */
  readonly transport: "http";
  /** The HTTP hook as registered. */
  readonly hook: HttpHook;
}

/**
 * A registered prompt (model) hook.
 *
 * @example Read the template
 * ```ts
 * import type { PromptHookEntry } from "@hookgate/core";
 *
 * function describe(entry: PromptHookEntry): string {
 *   return entry.hook.prompt;
 * }
 * ```
 */
export interface PromptHookEntry extends HookEntryBase {
  /** The transport. */
  readonly transport: "prompt";
  /** The prompt hook as registered. */
  readonly hook: PromptHook;
}

/**
 * A registry entry, discriminated by `transport`.
 *
 * @example Describe any entry
 * ```ts
 * import type { HookEntry } from "@hookgate/core";
 *
 * function target(entry: HookEntry): string {
 *   switch (entry.transport) {
 *     case "in-process":
 *       return entry.owner ?? entry.name;
 *     case "command":
 *       return entry.hook.command;
 *     case "http":
 *       return entry.hook.url;
 *     case "prompt":
 *       return entry.hook.model ?? "default model";
 *   }
 * }
 * ```
 */
export type HookEntry = InProcessHookEntry | CommandHookEntry | HttpHookEntry | PromptHookEntry;

/**
 * Where and under which cancellation an event runs.
 *
 * @example A run environment with a caller signal
 * ```ts
 * import type { HookRunEnv } from "@hookgate/core";
 *
 * const controller = new AbortController();
 * const env: HookRunEnv = { cwd: "/abs/project", signal: controller.signal };
 * ```
 */
export interface HookRunEnv {
  /** The agent's working directory: the payload's `cwd` and the hooks' cwd. */
  cwd: string;
  /** Aborting it cancels every running hook (failure kind `aborted`). */
  signal?: AbortSignal;
}

/**
 * Validates a tool input after hooks rewrote it: returns an error message,
 * or `undefined` when the input is valid.
 *
 * @example Require a string command
 * ```ts
 * import type { ToolInputValidator } from "@hookgate/core";
 *
 * const validate: ToolInputValidator = (input) =>
 *   typeof input.command === "string" ? undefined : "command must be a string";
 * ```
 */
export type ToolInputValidator = (
  input: Record<string, unknown>,
) => string | undefined;

/**
 * The run environment of PreToolUse: adds the tool's input schema, used to
 * re-validate an input that hooks rewrote before the tool runs.
 *
 * @example Re-validate against a JSON Schema
 * ```ts
 * import type { PreToolUseEnv } from "@hookgate/core";
 *
 * const env: PreToolUseEnv = {
 *   cwd: "/abs/project",
 *   inputSchema: {
 *     type: "object",
 *     properties: { command: { type: "string" } },
 *     required: ["command"],
 *   },
 * };
 * ```
 */
export interface PreToolUseEnv extends HookRunEnv {
  /** A JSON Schema object or a validator function. */
  inputSchema?: Record<string, unknown> | ToolInputValidator;
}

/**
 * Leveled logging; every method is optional. hookgate never logs raw
 * payloads, prompts or header values.
 *
 * @example Route warnings somewhere
 * ```ts
 * import type { Logger } from "@hookgate/core";
 *
 * const warnings: string[] = [];
 * const logger: Logger = { warn: (message) => warnings.push(message) };
 * ```
 */
export interface Logger {
  /** Detail for debugging. */
  debug?(message: string): void;
  /** Normal operation worth noting (e.g. a reload). */
  info?(message: string): void;
  /** A hook failed open, or an outcome field was ignored. */
  warn?(message: string): void;
  /** Something hookgate itself could not do. */
  error?(message: string): void;
}

/**
 * One finished hook invocation, reported to
 * {@linkcode HookRunnerOptions.onInvocation}: enough to trace and assert,
 * never the payload.
 *
 * @example Collect a trace
 * ```ts
 * import type { HookInvocationRecord } from "@hookgate/core";
 *
 * const trace: HookInvocationRecord[] = [];
 * const onInvocation = (record: HookInvocationRecord) => trace.push(record);
 * ```
 */
export interface HookInvocationRecord {
  /** The event. */
  event: HookEvent;
  /** The entry's name. */
  hookName: string;
  /** The entry's id in the registry. */
  hookId: number;
  /** How the hook was reached. */
  transport: HookTransport;
  /** The entry's stage. */
  stage: HookStage;
  /** Whether it ran in the background. */
  background: boolean;
  /** Wall time from start to settle, in milliseconds. */
  durationMs: number;
  /** The normalized outcome's action, when the hook succeeded. */
  action?: NormalizedOutcome["action"];
  /** The failure, when it failed. */
  failure?: HookFailure;
  /** The model a prompt hook asked. */
  model?: string;
  /** The prompt sent (only with `traceModelIO`). */
  prompt?: string;
  /** The model's raw answer (only with `traceModelIO`). */
  answer?: string;
}

/**
 * The result of PreToolUse. `input` is present only when a hook replaced
 * the input (and it passed re-validation); run the tool with it.
 *
 * @example Act on a result
 * ```ts
 * import type { PreToolUseResult } from "@hookgate/core";
 *
 * function toolInput(
 *   result: PreToolUseResult,
 *   original: Record<string, unknown>,
 * ): Record<string, unknown> | Error {
 *   if (result.block) return new Error(result.reason);
 *   return result.input ?? original;
 * }
 * ```
 */
export interface PreToolUseResult {
  /** The tool must not run. */
  block?: boolean;
  /** Why, for the model (≤ 2 000 characters). */
  reason?: string;
  /** The rewritten tool input. */
  input?: Record<string, unknown>;
}

/**
 * The result of UserPromptSubmit (and the shape of other blocking events
 * that also add context).
 *
 * @example End the turn on a block
 * ```ts
 * import type { PromptResult } from "@hookgate/core";
 *
 * const result: PromptResult = { block: true, reason: "off-topic" };
 * ```
 */
export interface PromptResult {
  /** The turn ends without a model call. */
  block?: boolean;
  /** Why, for the model and the user. */
  reason?: string;
  /** Context to add beside the prompt. */
  additionalContext?: string;
}

/**
 * The result of PostToolUse and PostToolUseFailure. `contextAs` tells how
 * to present the context: `"context"` for plain notes, `"feedback"` when a
 * hook objected (a deny after the fact cannot undo the tool, so its reason
 * is delivered as feedback the model should act on).
 *
 * @example Append context to a tool result
 * ```ts
 * import type { PostToolUseResult } from "@hookgate/core";
 *
 * const result: PostToolUseResult = {
 *   additionalContext: "Lint: 1 error",
 *   contextAs: "feedback",
 * };
 * ```
 */
export interface PostToolUseResult {
  /** The joined context of every hook, in registration order. */
  additionalContext?: string;
  /** How to present it. */
  contextAs?: "context" | "feedback";
}

/**
 * The result of events that only add context (SessionStart,
 * SubagentStart).
 *
 * @example Context for the system prompt
 * ```ts
 * import type { ContextResult } from "@hookgate/core";
 *
 * const result: ContextResult = { additionalContext: "Use conventional commits." };
 * ```
 */
export interface ContextResult {
  /** The joined context of every hook, in registration order. */
  additionalContext?: string;
}

/**
 * The result of events that can only block (PermissionRequest, PreCompact,
 * PostCompact).
 *
 * @example A refused compaction
 * ```ts
 * import type { BlockResult } from "@hookgate/core";
 *
 * const result: BlockResult = { block: true, reason: "keep the full log" };
 * ```
 */
export interface BlockResult {
  /** The operation must not go ahead. */
  block?: boolean;
  /** Why. */
  reason?: string;
}

/**
 * The result of Stop and SubagentStop: `block` keeps the turn going with
 * `reason` as the next instruction (or, for hosts following Wuu, marks the
 * turn failed).
 *
 * @example Keep going
 * ```ts
 * import type { StopResult } from "@hookgate/core";
 *
 * const result: StopResult = { block: true, reason: "tests are failing" };
 * ```
 */
export interface StopResult {
  /** The stop is refused. */
  block?: boolean;
  /** Why, as the instruction to continue. */
  reason?: string;
  /** Joined context of the hooks. */
  additionalContext?: string;
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
}
