/**
 * The dialect interface: a two-way translator between hookgate's native
 * model and one wire format (native camelCase, Wuu's snake_case, …).
 *
 * @module
 */

import type { AnyHookEventFields, AnyHookEventResult, HookEvent } from "../../events/event_map.ts";
import type { HookDialect } from "../../events/hooks.ts";
import type { HookFailure, NormalizedOutcome } from "../../events/outcome.ts";
import type { HookInput } from "../../events/payload.ts";
import type { MatcherKind } from "../../matchers/compile.ts";
import type { ToolMap } from "./_tool_map.ts";

/**
 * What a command or HTTP hook answered, as the transport read it: the text
 * and, for commands, stderr and the exit code.
 *
 * @example A command that printed a JSON deny and exited 0
 * ```ts
 * import type { HookAnswer } from "@hookgate/core/dialects";
 *
 * const answer: HookAnswer = {
 *   source: "stdout",
 *   text: '{"action":"deny","reason":"no"}',
 *   stderr: "",
 *   exitCode: 0,
 * };
 * ```
 */
export interface HookAnswer {
  /** Where the text came from: a command's stdout or an HTTP body. */
  source: "stdout" | "body";
  /** The answer text, trimmed. */
  text: string;
  /** A command's stderr, trimmed (`""` for HTTP). */
  stderr: string;
  /** A command's exit code; `null` for HTTP (or when it does not count). */
  exitCode: number | null;
  /**
   * The hook wakes its agent when it asks to (an async `rewake` hook): the
   * outcome then says with what (`wake`).
   */
  wakes?: boolean;
}

/**
 * A decoded hook answer: an outcome, or a failure. A failure may carry
 * `lenient`: the outcome the dialect's own agent would still read from the
 * answer under its lenient rules (Claude Code lets a schema-valid JSON
 * object on a non-zero exit decide, and ignores plain text on stdout). The
 * runner uses it only for hooks whose `failurePolicy` is `"open"`, and
 * still reports the failure; a closed hook's failure denies.
 *
 * @example A Claude hook that printed `{}` and exited 1
 * ```ts
 * import type { DecodedOutput } from "@hookgate/core/dialects";
 *
 * const decoded: DecodedOutput = {
 *   failure: { kind: "exit", message: "exited with code 1" },
 *   lenient: { action: "allow" },
 * };
 * ```
 */
export type DecodedOutput = { outcome: NormalizedOutcome } | { failure: HookFailure; lenient?: NormalizedOutcome };

/**
 * An event read from the wire: the event, its payload fields, and what the
 * wire said about where it runs.
 *
 * @example
 * ```ts
 * import type { DecodedInput } from "@hookgate/core/dialects";
 *
 * const decoded: DecodedInput = { event: "Stop", fields: {}, cwd: "/p", sessionId: "s" };
 * ```
 */
export interface DecodedInput {
  /** The event. */
  event: HookEvent;
  /** Its payload fields. */
  fields: AnyHookEventFields;
  /** The working directory, when the wire carries one. */
  cwd?: string;
  /** The session, when the wire carries one. */
  sessionId?: string;
  /** The session's transcript, when the wire carries one. */
  transcriptPath?: string;
  /** The agent's permission mode, when the wire carries one. */
  permissionMode?: string;
  /** Whether the agent already continues because of a Stop block. */
  stopHookActive?: boolean;
  /**
   * The agent's own event name, when it is not the canonical one (Cursor's
   * `beforeShellExecution` for a PreToolUse on `Bash`): what the answer is
   * written for.
   */
  wireEvent?: string;
}

/**
 * A dialect's event that is another name for a canonical event: the
 * canonical event, and the canonical tools it covers (absent: every call).
 *
 * @example Cursor's shell event
 * ```ts
 * import type { EventAlias } from "@hookgate/core/dialects";
 *
 * const beforeShellExecution: EventAlias = { event: "PreToolUse", tools: ["Bash"] };
 * ```
 */
export interface EventAlias {
  /** The canonical event. */
  readonly event: HookEvent;
  /** The canonical tools whose calls it covers; absent: every call. */
  readonly tools?: readonly string[];
}

/**
 * What a dialect is told when it makes a command hook's environment.
 *
 * @example
 * ```ts
 * import type { DialectEnvContext } from "@hookgate/core/dialects";
 *
 * const context: DialectEnvContext = {
 *   projectDir: "/abs/project",
 *   event: "SessionStart",
 *   read: (name) => Deno.env.get(name),
 *   sanitized: false,
 * };
 * ```
 */
export interface DialectEnvContext {
  /** The project root. */
  projectDir: string;
  /** The event the hook runs for. */
  event: string;
  /** Looks a variable of the parent's environment up (`undefined`: unset, or not readable). */
  read(name: string): string | undefined;
  /** Whether the operator asked for the sanitized environment for every hook (`sanitizeEnv`). */
  sanitized: boolean;
}

/**
 * A dialect's part of a command hook's environment.
 *
 * @example A Claude hook that inherits the agent's environment
 * ```ts
 * import type { DialectEnv } from "@hookgate/core/dialects";
 *
 * const env: DialectEnv = { inherit: true, env: { CLAUDE_PROJECT_DIR: "/abs/project" } };
 * ```
 */
export interface DialectEnv {
  /**
   * Whether the hook starts from the parent's whole environment (minus
   * `OTEL_*`), as the agent's own hooks do, instead of the sanitized one.
   */
  inherit: boolean;
  /** Variables the dialect adds. */
  env: Record<string, string>;
}

/**
 * A model's verdict on a prompt hook's question: `ok`, why not, and
 * whether what the instruction asks cannot be done at all.
 *
 * @example A refusal the agent can act on
 * ```ts
 * import type { ModelVerdict } from "@hookgate/core/dialects";
 *
 * const verdict: ModelVerdict = { ok: false, reason: "run the tests first" };
 * ```
 */
export interface ModelVerdict {
  /** The event fits the instruction. */
  ok: boolean;
  /** Why not, for the agent. */
  reason?: string;
  /** What the instruction asks cannot be done (Claude's Stop hooks then let the agent stop). */
  impossible?: boolean;
}

/**
 * The model a dialect's prompt hooks ask when no `models` entry names one,
 * as a built-in client's endpoint: its agent's own default (Claude Code's:
 * a fast Claude model through the Messages API).
 *
 * @example Claude Code's default
 * ```ts
 * import type { PromptModelDefault } from "@hookgate/core/dialects";
 *
 * const fast: PromptModelDefault = { provider: "anthropic", model: "claude-haiku-5-5", apiKeyEnv: "ANTHROPIC_API_KEY" };
 * ```
 */
export interface PromptModelDefault {
  /** The API. */
  provider: "anthropic" | "openai";
  /** The API's base URL, version path included; the provider's own when omitted. */
  baseUrl?: string;
  /** The model, when the hook names none. */
  model: string;
  /** The variable holding the API key: without it the hook cannot ask. */
  apiKeyEnv: string;
}

/**
 * One wire dialect, both directions: how a payload is written for a hook
 * and read back from an agent, how a hook's answer is read (given the event
 * and the exit code), and how a result is written for an agent.
 *
 * @example Round-trip a payload
 * ```ts
 * import { dialectOf } from "@hookgate/core/dialects";
 * import { deepEqual } from "node:assert/strict";
 *
 * const wuu = dialectOf("wuu");
 * const wire = wuu.encodeInput({ event: "Stop", cwd: "/p", sessionId: "s" });
 * deepEqual(wuu.decodeInput(wire), { event: "Stop", fields: {}, cwd: "/p", sessionId: "s" });
 * ```
 */
export interface Dialect {
  /** The dialect's name. */
  readonly name: HookDialect;
  /** How its matcher strings are read. */
  readonly matcherKind: MatcherKind;
  /**
   * What its matchers apply to: tool names only (`"tools"`, the native rule:
   * other events ignore matchers), or also the field an event's row names
   * in `matchOn` (`"fields"`, Claude's rule: SessionStart by source, …).
   */
  readonly matcherScope: "tools" | "fields";
  /** What separates two contexts when several hooks add one. */
  readonly contextSeparator: string;
  /**
   * Whether this dialect's agents run an event's hooks at the same time,
   * each on the same input (`true`: Claude Code, Gemini CLI), or one after
   * another in configuration order on every event (`false`: Wuu). The
   * runner runs them so, and combines their answers in registration order.
   * Omitted (native): as the event's rule runs native hooks — at the same
   * time on the fan-out events, one after another elsewhere.
   */
  readonly concurrent?: boolean;
  /**
   * Whether one of its hooks that does not run together (`concurrent:
   * false`, as a Gemini CLI hook group with `"sequential": true` is read)
   * makes the whole event sequential whenever it matches a call: every
   * hook of the dialect that matches then runs one after another in
   * registration order, each on what the previous left, and every one runs
   * even after a block (Gemini CLI 0.61's hook planner and runner).
   */
  readonly sequentialEvents?: boolean;
  /**
   * Whether its agent sends events hookgate does not know (Claude Code,
   * Codex, Gemini CLI and Cursor add events between releases): then its
   * calls and its settings files may name any such event, and its hooks run
   * there under `UNKNOWN_EVENT`'s row — nothing blocks on it.
   */
  readonly acceptsUnknownEvents?: boolean;
  /**
   * How its agent writes event names, which tells an event it added later
   * from a malformed name: `"camelCase"` (Cursor's `beforeShellExecution`;
   * such an event runs under its PascalCase form) or `"PascalCase"`.
   *
   * @default {"PascalCase"}
   */
  readonly eventNameCase?: "PascalCase" | "camelCase";
  /**
   * Whether its agent runs whatever command a hook names (Claude Code runs
   * each through a shell): then hookgate does too, and the command
   * allowlist does not apply to its hooks — they behave as in their agent.
   */
  readonly runsAnyCommand?: boolean;
  /**
   * How much of a hook's output is kept when the hook does not say
   * (`maxOutputBytes`): the largest answer this dialect's agent reads whole.
   *
   * @default {65536}
   */
  readonly defaultMaxOutputBytes?: number;
  /**
   * The longest deadline its hooks may have, in milliseconds: as long as
   * this dialect's agent waits for a hook (Claude Code waits as long as a
   * hook's `timeout` says; an approval may wait days for a human).
   *
   * @default {600000}
   */
  readonly maxTimeoutMs?: number;
  /**
   * Whether its `encodeResult` (and `encodeExit`) say a result's
   * `systemMessage` to the user in its agent's own terms (Cursor: as
   * `user_message` where Cursor shows one, else on stderr): a front end
   * then hands what the user should know to it as the result's
   * `systemMessage`, instead of adding `systemMessage` beside the answer.
   */
  readonly notesInResult?: boolean;
  /** Its agent's tool names and input fields; absent: the canonical ones (Claude's). */
  readonly tools?: ToolMap;
  /**
   * Its events that are another name for a canonical event, by wire name
   * (Cursor: `beforeShellExecution` → PreToolUse on `Bash`). A hook
   * configured for one runs only on the calls of the tools it covers.
   */
  readonly aliases?: Readonly<Record<string, EventAlias>>;
  /**
   * The payload as this dialect's hooks receive it (JSON-serializable,
   * written as one line); `wireEvent` is the hook's configured event name
   * when it is an alias.
   */
  encodeInput(input: HookInput, wireEvent?: string): Record<string, unknown>;
  /**
   * What this dialect's command hooks' environment is made of besides
   * hookgate's own variables: whether they inherit the parent's whole
   * environment, and the dialect's variables (Claude: `CLAUDE_PROJECT_DIR`,
   * and `CLAUDE_ENV_FILE` on the events that give one). Without it, the
   * sanitized environment.
   */
  commandEnv?(context: DialectEnvContext): DialectEnv;
  /** Expands this dialect's placeholders in an exec-form program or argument. */
  expandArgument?(argument: string, projectDir: string): string;
  /**
   * Reads a payload an agent sent in this dialect. With
   * `acceptsUnknownEvents`, an event name hookgate does not know is read
   * too (its `event` is then that name, and its fields only `extra`), but
   * not an event another agent is known to send.
   *
   * @throws {TypeError} When it is not an event of this dialect.
   */
  decodeInput(value: unknown): DecodedInput;
  /**
   * Reads a command's or HTTP hook's answer, given the event; `input` is
   * the payload the hook was sent (its `toolName` canonical), to translate
   * a rewrite back into canonical terms, and `wireEvent` the hook's
   * configured event name when it is an alias.
   */
  decodeOutput(event: HookEvent, answer: HookAnswer, input?: HookInput, wireEvent?: string): DecodedOutput;
  /**
   * The runner's result as this dialect's agents expect it; `call` is the
   * agent's call as it was read (its tool name, its `wireEvent`), to write
   * a rewrite in the agent's terms.
   */
  encodeResult(event: HookEvent, result: AnyHookEventResult, call?: DecodedInput): Record<string, unknown>;
  /**
   * The exit code (and stderr) a command-hook front end must end with for
   * the result, where this dialect's agent reads a decision only from an
   * exit code (Claude's TeammateIdle, TaskCompleted and WorktreeCreate take
   * a block only as exit code 2); `undefined` means exit code 0.
   */
  encodeExit?(
    event: HookEvent,
    result: AnyHookEventResult,
    call?: DecodedInput,
  ): { code: number; stderr: string } | undefined;
  /**
   * The subject its matchers test on `input`, when not the tool name in its
   * own terms (Cursor's `beforeShellExecution`: the command); `undefined`:
   * the tool name.
   */
  matchSubject?(input: HookInput, wireEvent?: string): string | undefined;
  /**
   * What a prompt hook's verdict means on `event`, where this dialect's
   * agent gives it its own consequences (Claude: a refusal before a tool
   * ends the turn unless the hook says `continueOnBlock`, a Stop refusal
   * the model calls impossible lets the agent stop, …). Without it, `ok`
   * allows and a refusal denies.
   */
  decodeVerdict?(event: HookEvent, verdict: ModelVerdict, hook: { continueOnBlock?: boolean }): NormalizedOutcome;
  /**
   * The model its prompt hooks ask when no `models` entry names one (`read`
   * looks a variable of the environment up), or `undefined` for none.
   */
  defaultPromptModel?(read: (name: string) => string | undefined): PromptModelDefault | undefined;
}
