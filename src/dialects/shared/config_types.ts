// How a dialect reads its configuration entries. The configuration room
// implements the context (positions, diagnostics, shared checks); each
// dialect owns its entry schema, its keys and what its entries mean.
// Internal: entries are checked against shapes (src/_internal/shape.ts),
// whose zod schemas stay out of the public API.

import type { Shape } from "../../_internal/shape.ts";
import type { HookEvent } from "../../events/event_map.ts";
import type { ConfiguredHook } from "../../events/configured.ts";
import type { FailurePolicy, HookDialect, HookStage } from "../../events/hooks.ts";

/** A JSON path into a configuration file. */
export type JsonPath = (string | number)[];

/** What a dialect may ask of the configuration parser while reading entries. */
export interface EntryContext {
  /** Reports an error at `path` (at its key when `key`). */
  error(path: JsonPath, message: string, hint?: string, key?: boolean): void;
  /** Reports a warning at `path`. */
  warning(path: JsonPath, message: string, hint?: string): void;
  /** Validates `value` against `shape`, reporting every issue; `keys` feed "did you mean". */
  check(shape: Shape, value: unknown, path: JsonPath, keys: readonly string[]): boolean;
  /** The checks every dialect shares (background, stage, matcher); `false` on an error. */
  common(event: HookEvent, hook: Record<string, unknown>, path: JsonPath): boolean;
  /**
   * Checks a tool rule (a Claude hook's `if`) on `event`: `false` when the
   * hook is to be left out — the rule does not compile (an error), or the
   * event is no tool event, where such a hook never runs (a warning).
   */
  toolRule(event: HookEvent, rule: string, path: JsonPath): boolean;
  /** Whether the allowlist lets a command hook run; `false` (with an error at `path`) when it would refuse it. */
  command(hook: { command: string; args?: readonly string[] }, path: JsonPath): boolean;
  /** The URL rules for the URL at `path`; `false` (with an error there) when refused. */
  url(url: string, allowMetadataHosts: boolean, path: JsonPath): boolean;
}

/**
 * What can still be read of an entry with errors, for the placeholder that
 * stands in for it: controls it cannot read are taken failing closed.
 */
export interface BrokenEntry {
  /** Its name, or what the registry would name it. */
  name?: string;
  /** Its matcher as written, when it is a string (it may not compile). */
  matcher?: string;
  /** The dialect that reads its matcher. */
  dialect?: HookDialect;
  /** Its PreToolUse stage. */
  stage?: HookStage;
  /** Its failure policy: `"closed"` unless it says `"open"` or says nothing. */
  failurePolicy: FailurePolicy;
  /** Whether it may be a policy hook. */
  policy: boolean;
}

/** A dialect's configuration side. */
export interface DialectConfig {
  /** The dialect's name. */
  readonly name: HookDialect;
  /** Its name in messages ("Wuu"). */
  readonly label: string;
  /** Entry keys that mark a file as this dialect when it does not say. */
  readonly markers: ReadonlySet<string>;
  /** Whether unknown top-level keys deserve a warning (else they are the host's). */
  readonly strictTop: boolean;
  /**
   * The top-level keys holding the security lists, when the dialect has
   * them: extra command allowlist names, HTTP hook URL patterns.
   */
  readonly securityLists: { readonly commandAllowlist?: string; readonly httpAllowedUrls?: string };
  /** Whether the file's `models` section is read. */
  readonly models: boolean;
  /** Whether a file that does not say its dialect is this one, from its shape. */
  detects?(root: Record<string, unknown>): boolean;
  /**
   * Whether the file asks for the sanitized environment for every command
   * hook (native: `"sanitizeEnv": true`; Claude: its `env` sets
   * `CLAUDE_CODE_SUBPROCESS_ENV_SCRUB`).
   */
  sanitizesEnv?(root: Record<string, unknown>): boolean;
  /** Why the file's hooks are all off, when the file says so (Claude's `disableAllHooks`). */
  disabled?(root: Record<string, unknown>): string | undefined;
  /**
   * How the dialect's event keys name canonical events (Gemini's
   * `BeforeTool` is PreToolUse; Cursor's `beforeShellExecution` is
   * PreToolUse as the alias `wireEvent`); `undefined`: the key is read as
   * the event table names it. Asked before the table.
   */
  eventOf?(key: string): { event: HookEvent; wireEvent?: string } | undefined;
  /** Reads one element of an event's list: the hooks it declares (none when invalid). */
  entries(event: HookEvent, value: unknown, path: JsonPath, context: EntryContext): ConfiguredHook[];
  /**
   * What can still be read of an element of an event's list that has
   * errors; `at` is where its first error is, inside it.
   */
  broken(value: unknown, at: JsonPath): BrokenEntry;
}
