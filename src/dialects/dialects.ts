/**
 * The dialects by name, and encoding a payload for the wire: the single
 * place where bytes leave hookgate for command, HTTP and prompt hooks.
 *
 * @module
 */

import type { HookEvent } from "../events/event_map.ts";
import type { HookDialect } from "../events/hooks.ts";
import type { HookInput } from "../events/payload.ts";
import { isHookEvent } from "../events/table.ts";
import { claudeDialect } from "./claude/wire.ts";
import { CODEX_LATER_EVENTS } from "./codex/events.ts";
import { codexDialect } from "./codex/wire.ts";
import { DIALECT_CONFIGS } from "./configs.ts";
import { CURSOR_EVENTS } from "./cursor/events.ts";
import { cursorDialect } from "./cursor/wire.ts";
import { GEMINI_EVENTS } from "./gemini/events.ts";
import { geminiDialect } from "./gemini/wire.ts";
import { NATIVE_DIALECT } from "./native/wire.ts";
import { eventSenders, laterEventName } from "./shared/_later_event.ts";
import type { Dialect } from "./shared/types.ts";
import { WUU_DIALECT } from "./wuu/wire.ts";

/**
 * The event names each agent sends that the event table lacks, so that
 * every other agent's wire refuses them as that agent's payload (Gemini
 * CLI's `BeforeTool` sent to the Claude gateway) rather than running them
 * as an event its own agent added later.
 */
const SENDERS = eventSenders([
  ["gemini", GEMINI_EVENTS],
  ["cursor", Object.keys(CURSOR_EVENTS)],
  ["codex", CODEX_LATER_EVENTS],
]);

const DIALECTS: Readonly<Record<HookDialect, Dialect>> = Object.freeze({
  native: NATIVE_DIALECT,
  wuu: WUU_DIALECT,
  claude: claudeDialect(SENDERS),
  codex: codexDialect(SENDERS),
  cursor: cursorDialect(SENDERS),
  gemini: geminiDialect(SENDERS),
});

/**
 * Every dialect name.
 *
 * @example
 * ```ts
 * import { DIALECT_NAMES } from "@hookgate/core/dialects";
 * import { ok } from "node:assert/strict";
 *
 * ok(DIALECT_NAMES.includes("wuu"));
 * ```
 */
export const DIALECT_NAMES: readonly HookDialect[] = Object.freeze(Object.keys(DIALECTS) as HookDialect[]);

/**
 * The dialect of a name (`undefined` means native).
 *
 * @param name The dialect's name.
 * @returns The dialect.
 * @throws {TypeError} When there is no such dialect.
 *
 * @example
 * ```ts
 * import { dialectOf } from "@hookgate/core/dialects";
 * import { equal } from "node:assert/strict";
 *
 * equal(dialectOf("wuu").contextSeparator, "\n\n");
 * ```
 */
export function dialectOf(name: HookDialect | undefined): Dialect {
  if (name === undefined) return NATIVE_DIALECT;
  const dialect = Object.hasOwn(DIALECTS, name) ? DIALECTS[name] : undefined;
  if (dialect === undefined) {
    throw new TypeError(`Unknown hook dialect ${JSON.stringify(name)}; expected one of ${DIALECT_NAMES.join(", ")}`);
  }
  return dialect;
}

/**
 * Serializes a payload as JSON in the given dialect.
 *
 * @param input The native payload.
 * @param dialect The hook's dialect.
 * @param wireEvent The hook's configured event name, when its dialect's alias of `input.event`.
 * @returns The JSON text (no trailing newline).
 *
 * @example Native and Wuu
 * ```ts
 * import { encodePayload } from "@hookgate/core/dialects";
 * import { equal } from "node:assert/strict";
 *
 * const input = { event: "Stop" as const, cwd: "/p", sessionId: "s" };
 * equal(encodePayload(input, "native"), '{"event":"Stop","cwd":"/p","sessionId":"s"}');
 * equal(encodePayload(input, "wuu"), '{"hook_event_name":"Stop","session_id":"s","cwd":"/p"}');
 * ```
 */
export function encodePayload(input: HookInput, dialect: HookDialect = "native", wireEvent?: string): string {
  return JSON.stringify(dialectOf(dialect).encodeInput(input, wireEvent));
}

/**
 * The event hookgate runs a name of a dialect's agent as, when it is an
 * event that agent added after this version of hookgate: a name in the
 * agent's case ({@linkcode Dialect.eventNameCase}) that the event table
 * lacks, for a dialect whose agent adds events between releases
 * ({@linkcode Dialect.acceptsUnknownEvents}). Its hooks run under
 * `UNKNOWN_EVENT`'s row: nothing blocks on it. `undefined` otherwise.
 *
 * @param dialect The dialect.
 * @param name The event as the agent names it.
 * @returns The event's name inside hookgate (Cursor's camelCase names in PascalCase).
 *
 * @example Codex's model-request events, Cursor's later ones
 * ```ts
 * import { laterEvent } from "@hookgate/core/dialects";
 * import { equal } from "node:assert/strict";
 *
 * equal(laterEvent("codex", "PreModelRequest"), "PreModelRequest");
 * equal(laterEvent("cursor", "beforeTabSuggestion"), "BeforeTabSuggestion");
 * equal(laterEvent("codex", "PreToolUse"), undefined);
 * equal(laterEvent("native", "PreModelRequest"), undefined);
 * ```
 */
export function laterEvent(dialect: HookDialect, name: string): HookEvent | undefined {
  const own = dialectOf(dialect);
  if (own.acceptsUnknownEvents !== true) return undefined;
  // A camelCase agent's own names (Cursor's beforeShellExecution) are its events, not ones to come.
  return laterEventName(name, own.eventNameCase, (key) => DIALECT_CONFIGS[dialect].eventOf?.(key) !== undefined);
}

/**
 * The canonical event a dialect's agent means by an event name, as its
 * configuration and its calls name events: the dialect's aliases
 * (`wireEvent` set), its configuration's own names (Gemini's `BeforeTool`),
 * else the event table's name, else an event its agent added later
 * ({@linkcode laterEvent}). `undefined` for a name that is none of them.
 *
 * @param dialect The dialect.
 * @param name The event as the agent names it.
 * @returns The canonical event, and the wire name when it is an alias.
 *
 * @example Claude's names are the table's
 * ```ts
 * import { dialectEvent } from "@hookgate/core/dialects";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * deepEqual(dialectEvent("claude", "PreToolUse"), { event: "PreToolUse" });
 * equal(dialectEvent("native", "before tool"), undefined);
 * ```
 */
export function dialectEvent(
  dialect: HookDialect,
  name: string,
): { event: HookEvent; wireEvent?: string } | undefined {
  const own = dialectOf(dialect);
  const alias = own.aliases !== undefined && Object.hasOwn(own.aliases, name) ? own.aliases[name] : undefined;
  if (alias !== undefined) return { event: alias.event, wireEvent: name };
  const named = DIALECT_CONFIGS[dialect].eventOf?.(name);
  if (named !== undefined) return named;
  if (isHookEvent(name)) return { event: name };
  const later = laterEvent(dialect, name);
  return later === undefined ? undefined : { event: later };
}
