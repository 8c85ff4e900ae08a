/**
 * The dialect interface: a two-way translator between hookgate's native
 * model and one wire format (native camelCase, Wuu's snake_case, …).
 *
 * @module
 */

import type { AnyHookEventFields, AnyHookEventResult, HookEvent } from "../events/event_map.ts";
import type { HookDialect } from "../events/hooks.ts";
import type { HookFailure, NormalizedOutcome } from "../events/outcome.ts";
import type { HookInput } from "../events/payload.ts";
import type { MatcherKind } from "../matchers/compile.ts";

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
}

/**
 * The wire names an event the agent has but hookgate does not model (for
 * example Claude's `Notification`): not malformed, just nothing to run.
 *
 * @example Answer such events with nothing
 * ```ts
 * import { dialectOf, UnsupportedEventError } from "@hookgate/core/dialects";
 * import { equal } from "node:assert/strict";
 *
 * try {
 *   dialectOf("claude").decodeInput({ hook_event_name: "Notification", session_id: "s", cwd: "/p" });
 * } catch (error) {
 *   equal(error instanceof UnsupportedEventError, true);
 * }
 * ```
 */
export class UnsupportedEventError extends Error {
  /** The event's name on the wire. */
  readonly event: string;

  /**
   * Creates the error.
   *
   * @param event The event's name on the wire.
   * @param dialect The dialect that knows it.
   */
  constructor(event: string, dialect: string) {
    super(`hookgate does not model the ${dialect} event "${event}"; nothing runs for it`);
    this.name = "UnsupportedEventError";
    this.event = event;
  }
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
   * What its matchers apply to: tool names only (`"tools"`, the seed's rule:
   * other events ignore matchers), or also the field an event's row names
   * in `matchOn` (`"fields"`, Claude's rule: SessionStart by source, …).
   */
  readonly matcherScope: "tools" | "fields";
  /** What separates two contexts when several hooks add one. */
  readonly contextSeparator: string;
  /**
   * Whether this dialect's agents run an event's hooks at the same time,
   * each on the same input (Claude Code does): the runner then runs them so
   * too, and combines their answers in registration order. Otherwise they
   * run one after another, as native hooks do.
   */
  readonly concurrent: boolean;
  /** The payload as this dialect's hooks receive it (JSON-serializable). */
  encodeInput(input: HookInput): Record<string, unknown>;
  /**
   * Environment variables this dialect's command hooks get besides
   * hookgate's own (Claude: `CLAUDE_PROJECT_DIR`).
   */
  commandEnv?(projectDir: string): Record<string, string>;
  /** Expands this dialect's placeholders in an exec-form program or argument. */
  expandArgument?(argument: string, projectDir: string): string;
  /**
   * Reads a payload an agent sent in this dialect.
   *
   * @throws {TypeError} When it is not an event of this dialect.
   * @throws {UnsupportedEventError} When it is an event of the agent's that
   * hookgate does not model.
   */
  decodeInput(value: unknown): DecodedInput;
  /** Reads a command's or HTTP hook's answer, given the event. */
  decodeOutput(event: HookEvent, answer: HookAnswer): DecodedOutput;
  /** The runner's result as this dialect's agents expect it. */
  encodeResult(event: HookEvent, result: AnyHookEventResult): Record<string, unknown>;
}
