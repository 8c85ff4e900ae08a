/**
 * The controls every hook shares, whatever its transport, and the shape of
 * an in-process hook.
 *
 * @module
 */

import type { HookInput } from "./payload.ts";
import type { AnyHookOutcome } from "./outcome.ts";
import type { EmittedEvent, ExtensionPayload, ExtensionResultOf, RegistryEvent } from "./extension_map.ts";

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
 * How a hook is reached. A `"placeholder"` is a configured hook that could
 * not be built (see `PlaceholderHook`): it runs nothing.
 *
 * @example Label a transport
 * ```ts
 * import type { HookTransport } from "@hookgate/core";
 *
 * const transport: HookTransport = "command";
 * ```
 */
export type HookTransport = "in-process" | "command" | "http" | "prompt" | "placeholder";

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
export type HookDialect = "native" | "wuu" | "claude" | "codex" | "cursor" | "gemini";

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
   * The per-invocation deadline in milliseconds: positive and at most
   * 10 min (600 000); fractions round up to 1 ms. Anything else is refused.
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
   * Whether the hook runs at the same time as the event's other hooks that
   * do, each on the same input, rather than one after another in
   * registration order. On PreToolUse and the serial events (where native
   * hooks run one after another, and a block stops the rest) `true` opts a
   * hook in: it runs with the hooks of dialects whose agents run hooks
   * together (Claude's), after the ones that run one after another, and is
   * not stopped by a sibling's block. On the fan-out events (where native
   * hooks run together) `false` opts it out: it runs after the previous
   * such hook has answered, alongside the others. The extension events'
   * handlers always run one after another. Answers are combined in
   * registration order either way.
   *
   * @default {as its dialect's agents run hooks: Claude's and Gemini's together, Wuu's one after another, native as the event's rule says}
   */
  concurrent?: boolean;
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
 * or `{action: "allow"}` means no objection; its return type,
 * {@linkcode AnyHookOutcome}, is every shape the outcome normalizer reads,
 * and anything else — not an object, or an object with no outcome field —
 * is `invalid_output` at run time.
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
 * An in-process hook of an extension event: it receives the event's payload
 * and answers with the event's own result (or nothing).
 *
 * @example Inject one message before the agent starts
 * ```ts
 * import type { ExtensionInProcessHook } from "@hookgate/core";
 *
 * const hook: ExtensionInProcessHook<"before_agent_start"> = (input) => ({
 *   message: { customType: "note", content: `Prompt: ${input.prompt}`, display: false },
 * });
 * ```
 */
export type ExtensionInProcessHook<E extends EmittedEvent> = (
  input: ExtensionPayload<E>,
  context: HookInvocationContext,
) =>
  | ExtensionResultOf<E>
  | void
  | undefined
  | PromiseLike<ExtensionResultOf<E> | void | undefined>;

/**
 * The in-process hook type for an event: {@linkcode InProcessHook} for the
 * hook events, {@linkcode ExtensionInProcessHook} for extension events.
 *
 * @example
 * ```ts
 * import type { InProcessHookFor } from "@hookgate/core";
 *
 * const observe: InProcessHookFor<"turn_end"> = (input) => {
 *   console.log(`turn ${input.turnIndex} ended`);
 * };
 * ```
 */
export type InProcessHookFor<E extends RegistryEvent> = E extends EmittedEvent ? ExtensionInProcessHook<E>
  : InProcessHook;
