// What the runner derives once per registry snapshot of an event: the
// hooks that may run (after --no-hooks), their compiled matchers and
// dialects, the rule's order, and a place to cache transport preflights.

import type { Dialect } from "../dialects/types.ts";
import { dialectOf } from "../dialects/dialects.ts";
import type { HookFailure } from "../events/outcome.ts";
import type { HookEventInfo } from "../events/table.ts";
import { compileToolMatcher, type ToolMatcher } from "../matchers/compile.ts";
import type { HookEntry } from "../registry/types.ts";
import { COMBINE_RULES } from "../rules/rules.ts";
import type { CombineRule } from "../rules/types.ts";
import type { PreparedCommandHook } from "../transports/command/command.ts";

/** An entry ready to run. */
export interface Active {
  readonly entry: HookEntry;
  /** `null` matches every tool (and every event without one). */
  readonly matcher: ToolMatcher | null;
  readonly dialect: Dialect;
  /**
   * Whether the hook is known to answer asynchronously (an `async`
   * function, or it returned a promise before): its deadline clock starts
   * before the call. Synchronous hooks never need one.
   */
  async: boolean;
  /** The transport's preflight (allowlist, URL rules, permissions), once. */
  prepared?: PreparedCommandHook | HookFailure | null;
  /**
   * What makes two Claude handlers identical (type and command, URL or
   * args): an identical handler from several layers runs once per event.
   */
  readonly identity: string | null;
  /** The phase of the event's rule the entry runs in (see `CombineRule.phases`). */
  phase: number;
}

/** The hooks of one event, as the runner runs them. */
export interface Plan {
  /** The registry snapshot this plan was made from. */
  readonly entries: readonly HookEntry[];
  readonly info: HookEventInfo;
  readonly rule: CombineRule;
  /** Entries that run in the call, in run order: by phase, then registration order. */
  readonly foreground: readonly Active[];
  /** Fire-and-forget entries. */
  readonly background: readonly Active[];
  /** Whether every foreground entry matches every tool (no filtering). */
  readonly matchAll: boolean;
  /** Whether some entries have an identity, so a call must drop repeats. */
  readonly dedupe: boolean;
}

/** Builds the plan of an event from a registry snapshot. */
export function buildPlan(
  entries: readonly HookEntry[],
  info: HookEventInfo,
  allowNonPolicy: boolean,
): Plan {
  const rule = COMBINE_RULES[info.combine];
  const foreground: Active[] = [];
  const background: Active[] = [];
  for (const entry of entries) {
    if (!allowNonPolicy && !entry.policy) continue;
    const dialect = dialectOf(entry.transport === "in-process" ? undefined : entry.hook.dialect);
    const active: Active = {
      entry,
      matcher: info.matchOn !== null && (info.toolEvent || dialect.matcherScope === "fields")
        ? compileMatcherSafely(dialect, entry)
        : null,
      dialect,
      async: entry.transport === "in-process" && entry.hook.constructor?.name === "AsyncFunction",
      identity: dialect.name === "claude" ? handlerIdentity(entry) : null,
      phase: 0,
    };
    active.phase = rule.phaseOf(active);
    (entry.background ? background : foreground).push(active);
  }
  return {
    entries,
    info,
    rule,
    // A stable sort: within a phase, registration order.
    foreground: foreground.sort((a, b) => a.phase - b.phase),
    background,
    matchAll: foreground.every((active) => active.matcher === null),
    dedupe: foreground.some((active) => active.identity !== null) ||
      background.some((active) => active.identity !== null),
  };
}

function handlerIdentity(entry: HookEntry): string | null {
  switch (entry.transport) {
    case "command":
      return JSON.stringify(["command", entry.hook.command, entry.hook.args ?? null]);
    case "http":
      return JSON.stringify(["http", entry.hook.url]);
    case "prompt":
      return JSON.stringify(["prompt", entry.hook.prompt, entry.hook.model ?? null]);
    default:
      return null;
  }
}

/** The entries without a repeat of an earlier one's identity. */
export function withoutRepeats(entries: readonly Active[]): readonly Active[] {
  const seen = new Set<string>();
  return entries.filter((active) => {
    if (active.identity === null) return true;
    if (seen.has(active.identity)) return false;
    seen.add(active.identity);
    return true;
  });
}

/**
 * A matcher that cannot compile matches nothing (configuration reports it
 * and stands a placeholder in for the hook) — except a placeholder's own,
 * which stands for every call it cannot rule out.
 */
function compileMatcherSafely(dialect: Dialect, entry: HookEntry): ToolMatcher | null {
  try {
    return compileToolMatcher(dialect.matcherKind, entry.matcher);
  } catch {
    return entry.transport === "placeholder" ? null : NEVER;
  }
}

const NEVER: ToolMatcher = Object.freeze({ matches: () => false });

/**
 * The entries whose matcher selects the subject (the tool name, or the
 * field the event's row names), or `null` when none does. An unknown
 * subject (a SessionStart without its source) selects every entry.
 */
export function matching(
  entries: readonly Active[],
  subject: string | undefined,
  lower: string | undefined,
): Active[] | null {
  let matched: Active[] | null = null;
  for (const active of entries) {
    if (active.matcher === null || subject === undefined || active.matcher.matches(subject, lower!)) {
      (matched ??= []).push(active);
    }
  }
  return matched;
}
