/**
 * Placeholders: what stands in for a configured hook that could not be
 * built, so that one broken entry affects only itself. Configuration makes
 * them for broken entries and unreadable files; anything else that knows a
 * hook cannot run as configured (a project changed since it was trusted)
 * makes them the same way, with {@linkcode placeholderHook}.
 *
 * @module
 */

import { dialectOf } from "../dialects/dialects.ts";
import type { PlaceholderHook } from "../events/configured.ts";
import type { HookEvent } from "../events/event_map.ts";
import type { FailurePolicy, HookDialect, HookMatcher, HookStage } from "../events/hooks.ts";
import type { HookFailure } from "../events/outcome.ts";
import {
  HOOK_EVENT_NAMES,
  HOOK_EVENTS,
  type HookEventInfo,
  isHookEvent,
  unknownEventMessage,
} from "../events/table.ts";
import { compileToolMatcher, type MatcherKind } from "../matchers/compile.ts";

/**
 * Options of {@linkcode placeholderHook}: what is known of the hook, and
 * why it cannot run.
 *
 * @example A guard whose URL was refused
 * ```ts
 * import type { PlaceholderHookOptions } from "@hookgate/core";
 *
 * const options: PlaceholderHookOptions = {
 *   name: "policy-service",
 *   failurePolicy: "closed",
 *   source: "/p/.hookgate/config.jsonc",
 *   line: 4,
 *   column: 20,
 *   reason: "the URL is refused",
 * };
 * ```
 */
export interface PlaceholderHookOptions {
  /** The hook's name, or what it is known by. */
  name: string;
  /** The hook's failure policy: say `"closed"` when it cannot be known. */
  failurePolicy: FailurePolicy;
  /**
   * Whether it was a policy hook.
   *
   * @default {false}
   */
  policy?: boolean;
  /** Its matcher; one its dialect cannot read is dropped (every call). */
  matcher?: HookMatcher;
  /** Its dialect, which reads the matcher. */
  dialect?: HookDialect;
  /** Its PreToolUse stage. */
  stage?: HookStage;
  /** The file it came from. */
  source: string;
  /**
   * The 1-based line of the problem.
   *
   * @default {1}
   */
  line?: number;
  /**
   * The 1-based column of the problem.
   *
   * @default {1}
   */
  column?: number;
  /** Why it cannot run. */
  reason: string;
  /**
   * What to do about it.
   *
   * @default {'fix it, then run "hook-run check"'}
   */
  fix?: string;
  /**
   * One entry, or everything a file that could not be read might have held.
   *
   * @default {"entry"}
   */
  covers?: "entry" | "file";
}

/**
 * Makes a placeholder for a configured hook of `event` that cannot run.
 * Pass it to `HookRegistry.loadShellHooks` (or `replaceShellHooks`) as
 * `placeholders`, or add it to a loaded
 * configuration's `placeholders`: it is registered where its event gates an
 * action and it was closed or a policy hook (see
 * {@linkcode placeholderDenies}), and then fails every call it could have
 * matched with a `rejected` failure that names it, its place and the fix.
 *
 * @param event The hook's event.
 * @param options What is known of the hook and why it cannot run.
 * @returns The placeholder, frozen.
 * @throws {TypeError} On an unknown event, an empty name, source or reason,
 * a failure policy, stage or dialect that does not exist.
 *
 * @example A placeholder that denies every `bash` call
 * ```ts
 * import { HookRegistry, HookRunner, placeholderHook } from "@hookgate/core";
 * import { equal, match } from "node:assert/strict";
 *
 * const registry = new HookRegistry();
 * registry.loadShellHooks({}, {
 *   placeholders: [placeholderHook("PreToolUse", {
 *     name: "bash-guard",
 *     matcher: "bash",
 *     failurePolicy: "closed",
 *     source: "/p/hooks.jsonc",
 *     reason: "the project changed since it was trusted",
 *     fix: "review and trust it again: hook-run trust",
 *   })],
 * });
 * const result = await new HookRunner({ registry }).preToolUse("bash", {}, { cwd: "/p" });
 * equal(result.block, true);
 * match(result.reason!, /hook-run trust/);
 * ```
 */
export function placeholderHook(event: HookEvent, options: PlaceholderHookOptions): PlaceholderHook {
  const where = "Cannot make a placeholder hook";
  if (typeof event !== "string" || !isHookEvent(event)) {
    throw new TypeError(
      `${where}: ${unknownEventMessage(event, HOOK_EVENT_NAMES).replace(/^Unknown hook event/, "unknown event")}`,
    );
  }
  for (const key of ["name", "source", "reason"] as const) {
    if (typeof options[key] !== "string" || options[key].trim() === "") {
      throw new TypeError(`${where} for ${event}: it needs a non-empty "${key}"`);
    }
  }
  const { failurePolicy, stage, dialect } = options;
  if (failurePolicy !== "open" && failurePolicy !== "closed") {
    throw new TypeError(
      `${where} for ${event}: "failurePolicy" must be "open" or "closed", got ${JSON.stringify(failurePolicy)}`,
    );
  }
  if (stage !== undefined && stage !== "mutate" && stage !== "validate") {
    throw new TypeError(`${where} for ${event}: "stage" must be "mutate" or "validate", got ${JSON.stringify(stage)}`);
  }
  let kind;
  try {
    kind = dialectOf(dialect).matcherKind;
  } catch (error) {
    throw new TypeError(`${where} for ${event}: ${(error as Error).message}`);
  }
  const placeholder: PlaceholderHook = {
    event,
    name: options.name,
    failurePolicy,
    policy: options.policy === true,
    source: options.source,
    line: position(options.line),
    column: position(options.column),
    reason: options.reason,
    fix: options.fix ?? 'fix it, then run "hook-run check"',
    covers: options.covers === "file" ? "file" : "entry",
  };
  if (readable(kind, options.matcher)) placeholder.matcher = options.matcher;
  if (dialect !== undefined) placeholder.dialect = dialect;
  if (stage !== undefined) placeholder.stage = stage;
  return Object.freeze(placeholder);
}

/**
 * Whether a placeholder denies: its event gates an action (PreToolUse,
 * PermissionRequest, UserPromptSubmit) and it was `failurePolicy: "closed"`
 * or a policy hook. Only then is it registered; elsewhere a block would
 * make the agent keep going (Stop), or nothing would change.
 *
 * @param placeholder The placeholder.
 * @param info Its event's row (of the registry's table).
 * @returns Whether it denies every call it could have matched.
 *
 * @example Closed on PreToolUse, not on Stop
 * ```ts
 * import { placeholderDenies, placeholderHook } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const options = { name: "g", failurePolicy: "closed", source: "f", reason: "r" } as const;
 * equal(placeholderDenies(placeholderHook("PreToolUse", options)), true);
 * equal(placeholderDenies(placeholderHook("Stop", options)), false);
 * ```
 */
export function placeholderDenies(
  placeholder: PlaceholderHook,
  info: HookEventInfo | undefined = HOOK_EVENTS[placeholder.event],
): boolean {
  return info?.gatesAction === true && (placeholder.failurePolicy === "closed" || placeholder.policy === true);
}

/** The failure a placeholder fails every call with: what it is, where, why, and the fix. */
export function placeholderFailure(placeholder: PlaceholderHook): HookFailure {
  const { source, line, column, reason, fix } = placeholder;
  return Object.freeze({ kind: "rejected", message: `not run: ${reason} (${source}:${line}:${column}); ${fix}` });
}

function readable(kind: MatcherKind, matcher: unknown): matcher is string {
  if (typeof matcher !== "string") return false;
  try {
    compileToolMatcher(kind, matcher);
    return true;
  } catch {
    return false;
  }
}

function position(value: number | undefined): number {
  return Number.isSafeInteger(value) && value! >= 1 ? value! : 1;
}
