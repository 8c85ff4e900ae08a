// What the runner derives once per registry snapshot of an event: the
// hooks that may run (after --no-hooks), their compiled matchers and
// dialects, the rule's order, and a place to cache transport preflights.

import type { Dialect, EventAlias } from "../dialects/shared/types.ts";
import { claudeIdentity } from "../dialects/claude/identity.ts";
import { dialectOf } from "../dialects/dialects.ts";
import type { HookFailure } from "../events/outcome.ts";
import type { HookInput } from "../events/payload.ts";
import type { HookEventInfo } from "../events/table.ts";
import { compileToolMatcher, type ToolMatcher } from "../matchers/compile.ts";
import type { ToolCall } from "../matchers/tool_rule.ts";
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
   * What makes two Claude handlers one, as Claude compares them (the same
   * command, URL or prompt and the same `if`): of those that match a call,
   * the first runs, once.
   */
  readonly identity: string | null;
  /**
   * Whether it runs together with others: the hook's `concurrent`, else its
   * dialect's, else the rule's default (see `RuleEntry`).
   */
  readonly concurrent: boolean;
  /** The phase of the event's rule the entry runs in (see `CombineRule.phases`). */
  phase: number;
  /**
   * Its place in a run's trace: by the rule's stage, then registration
   * order among the event's entries (see `CombineRule.stages`).
   */
  order: number;
  /** The event name the hook was configured for, when its dialect's alias (Cursor's beforeShellExecution). */
  readonly wireEvent: string | undefined;
  /** The canonical tools an alias covers, or `null` for every call. */
  readonly aliasTools: ReadonlySet<string> | null;
  /** Whether its matcher tests a subject of its dialect's own (its tool names, `matchSubject`). */
  readonly ownSubject: boolean;
  /**
   * Whether it is one of a sequential event's hooks (its dialect's
   * `sequentialEvents`, and it does not run together): in a serial phase it
   * still runs after a block, as every hook of such an event does.
   */
  readonly keepsGoing: boolean;
  /**
   * The same entry as one of a sequential event's hooks, for the calls a
   * hook of its dialect that does not run together matches (see
   * {@linkcode sequentialWhereAsked}); `null` when it has none.
   */
  sequential: Active | null;
}

/** The hooks of one event, as the runner runs them. */
export interface Plan {
  /** The registry snapshot this plan was made from. */
  readonly entries: readonly HookEntry[];
  readonly info: HookEventInfo;
  readonly rule: CombineRule;
  /** Entries that run in the call, in run order: by phase, then registration order. */
  readonly foreground: readonly Active[];
  /**
   * Whether the phases put some foreground entry before one registered
   * earlier in its stage: a run's trace then waits for the run's end, to
   * list its hooks stage by stage in registration order.
   */
  readonly reordered: boolean;
  /** Fire-and-forget entries. */
  readonly background: readonly Active[];
  /** Entries the call does not wait for, whose results wait for the session's next call (`async`). */
  readonly deferred: readonly Active[];
  /** Whether no entry may run: a call has nothing to do. */
  readonly empty: boolean;
  /** Whether every foreground entry matches every tool (no filtering). */
  readonly matchAll: boolean;
  /** Whether some entries have an identity, so a call must drop repeats. */
  readonly dedupe: boolean;
  /**
   * Whether some entry makes its dialect's hooks sequential on the calls it
   * matches (Gemini's `"sequential": true`), so a call must see whether it
   * does ({@linkcode sequentialWhereAsked}).
   */
  readonly sequential: boolean;
  /** Whether some matcher reads the call's input (a tool rule), so a call must pass it. */
  readonly readsCall: boolean;
  /** Whether some matcher's tool rule reads a Bash command line, so the shell parser must load before a call. */
  readonly parsesShell: boolean;
  /**
   * Whether some entry is an alias's or tests a subject in its dialect's own
   * terms: a call then matches entry by entry (`matchingOwn`); otherwise
   * every entry tests the one canonical subject.
   */
  readonly ownSubjects: boolean;
}

/** Builds the plan of an event from a registry snapshot; `lookup` finds an entry's dialect by name. */
export function buildPlan(
  entries: readonly HookEntry[],
  info: HookEventInfo,
  allowNonPolicy: boolean,
  lookup: (name: Dialect["name"] | undefined) => Dialect = dialectOf,
): Plan {
  const rule = COMBINE_RULES[info.combine];
  const foreground: Active[] = [];
  const background: Active[] = [];
  const deferred: Active[] = [];
  for (const [order, entry] of entries.entries()) {
    if (!allowNonPolicy && !entry.policy) continue;
    const dialect = lookup(entry.transport === "in-process" ? undefined : entry.hook.dialect);
    const wireEvent = configured(entry) ? entry.hook.wireEvent : undefined;
    const alias = wireEvent === undefined ? undefined : aliasOf(dialect, wireEvent);
    const matcher = matcherOf(dialect, entry, info);
    const concurrent = entry.concurrent ?? dialect.concurrent ?? rule.concurrentByDefault;
    const active: Active = {
      entry,
      matcher,
      dialect,
      async: entry.transport === "in-process" && entry.hook.constructor?.name === "AsyncFunction",
      identity: dialect.name === "claude" ? handlerIdentity(entry) : null,
      concurrent,
      phase: 0,
      order: 0,
      wireEvent,
      aliasTools: alias?.tools === undefined ? null : new Set(alias.tools),
      ownSubject: matcher !== null && (dialect.tools !== undefined || dialect.matchSubject !== undefined),
      keepsGoing: dialect.sequentialEvents === true && !concurrent,
      sequential: null,
    };
    place(active, order, rule, entries.length);
    (entry.background ? background : entry.transport === "command" && entry.hook.async === true ? deferred : foreground)
      .push(active);
  }
  // A stable sort: within a phase, registration order.
  foreground.sort((a, b) => a.phase - b.phase);
  const sequential = sequentialTwins(foreground, rule, entries.length);
  return {
    entries,
    info,
    rule,
    foreground,
    reordered: outOfOrder(foreground) || (sequential && outOfOrder(sequentialWhereAsked(foreground))),
    background,
    deferred,
    empty: foreground.length === 0 && background.length === 0 && deferred.length === 0,
    matchAll: foreground.every((active) => active.matcher === null),
    dedupe: foreground.some((active) => active.identity !== null) ||
      background.some((active) => active.identity !== null) || deferred.some((active) => active.identity !== null),
    sequential,
    readsCall: [...foreground, ...background, ...deferred].some((active) => active.matcher?.readsCall === true),
    parsesShell: [...foreground, ...background, ...deferred].some((active) => active.matcher?.parsesShell === true),
    ownSubjects: [...foreground, ...background, ...deferred].some((active) =>
      active.ownSubject || active.aliasTools !== null
    ),
  };
}

/** Sets an entry's phase, and its place in a run's trace (`index`: its registration order among `count`). */
function place(active: Active, index: number, rule: CombineRule, count: number): void {
  active.phase = rule.phaseOf(active);
  active.order = (rule.stages?.[active.phase] ?? 0) * count + index;
}

/** Whether some entry runs before one registered earlier in its stage. */
function outOfOrder(list: readonly Active[]): boolean {
  return list.some((active, i) => i > 0 && active.order < list[i - 1]!.order);
}

/**
 * Gives each hook that runs together a twin that does not, where a hook of
 * its dialect makes the dialect's events sequential (Gemini's `"sequential":
 * true`); returns whether any did.
 */
function sequentialTwins(foreground: readonly Active[], rule: CombineRule, count: number): boolean {
  let asking: Set<Dialect> | null = null;
  for (const active of foreground) if (active.keepsGoing) (asking ??= new Set()).add(active.dialect);
  if (asking === null) return false;
  for (const active of foreground) {
    if (!active.concurrent || !asking.has(active.dialect)) continue;
    const index = active.order - (rule.stages?.[active.phase] ?? 0) * count;
    const { prepared: _prepared, ...shared } = active;
    const twin: Active = { ...shared, concurrent: false, keepsGoing: true, sequential: null };
    place(twin, index, rule, count);
    active.sequential = twin;
  }
  return true;
}

/**
 * The entries of a call as they run: where one of them makes its dialect's
 * events sequential (see `Dialect.sequentialEvents`), every other hook of
 * that dialect runs as one of a sequential event's hooks too — one after
 * another, in registration order, each on what the previous left — as
 * Gemini CLI runs a call's hooks when a group that matches it says
 * `"sequential": true`. Otherwise the entries as they are.
 */
export function sequentialWhereAsked(entries: readonly Active[]): readonly Active[] {
  if (!entries.some((active) => active.keepsGoing)) return entries;
  return entries.map((active) => active.sequential ?? active)
    .sort((a, b) => a.phase - b.phase || a.order - b.order);
}

function configured(entry: HookEntry): entry is HookEntry & { transport: "command" | "http" | "prompt" } {
  return entry.transport === "command" || entry.transport === "http" || entry.transport === "prompt";
}

function aliasOf(dialect: Dialect, wireEvent: string): EventAlias | undefined {
  const aliases = dialect.aliases;
  return aliases !== undefined && Object.hasOwn(aliases, wireEvent) ? aliases[wireEvent] : undefined;
}

/**
 * A Claude-dialect entry's identity as Claude compares hooks (see
 * `claudeIdentity`), a plugin's copy apart: Claude keys it by the plugin's
 * root, so it runs beside the settings' one.
 */
function handlerIdentity(entry: HookEntry): string | null {
  if (!configured(entry)) return null;
  const identity = claudeIdentity(entry.hook);
  if (identity === undefined) return null;
  const plugin = entry.transport === "command" ? entry.hook.env?.CLAUDE_PLUGIN_ROOT : undefined;
  return plugin === undefined ? identity : `${identity}\0${plugin}`;
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
 * The entry's matcher on its event: none where the dialect reads no
 * matcher there; never for a tool rule outside the tool events (Claude
 * never runs such a hook). A matcher that cannot compile matches nothing
 * (configuration reports it and stands a placeholder in for the hook) —
 * except a placeholder's own, which stands for every call it cannot rule
 * out.
 */
function matcherOf(dialect: Dialect, entry: HookEntry, info: HookEventInfo): ToolMatcher | null {
  const toolRule = entry.transport === "command" || entry.transport === "http" || entry.transport === "prompt"
    ? entry.hook.toolRule
    : undefined;
  if (toolRule !== undefined && !info.toolEvent) return NEVER;
  if (info.matchOn === null || !(info.toolEvent || dialect.matcherScope === "fields")) return null;
  try {
    return compileToolMatcher(dialect.matcherKind, entry.matcher, {
      event: entry.event,
      ...(toolRule === undefined ? {} : { toolRule }),
    });
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
  call?: ToolCall,
): Active[] | null {
  let matched: Active[] | null = null;
  for (const active of entries) {
    if (active.matcher === null || subject === undefined || active.matcher.matches(subject, lower!, call)) {
      (matched ??= []).push(active);
    }
  }
  return matched;
}

/**
 * The entries that run on a call when some entry is an alias's or matches
 * in its dialect's own terms: an alias's entry only on the canonical tools
 * it covers; each matcher tests
 * `dialect.matchSubject?.(input, wireEvent) ?? dialect.tools?.agentName(toolName) ?? subject`,
 * worked out once per dialect and alias on the call.
 */
export function matchingOwn(
  entries: readonly Active[],
  input: HookInput,
  subject: string | undefined,
  toolEvent: boolean,
  call?: ToolCall,
): Active[] | null {
  const toolName = input.toolName;
  let matched: Active[] | null = null;
  let cache: Map<Dialect, Map<string | undefined, string | undefined>> | null = null;
  for (const active of entries) {
    if (active.aliasTools !== null && (toolName === undefined || !active.aliasTools.has(toolName))) continue;
    let own = subject;
    if (active.ownSubject) {
      const byWire = (cache ??= new Map()).get(active.dialect) ?? new Map<string | undefined, string | undefined>();
      cache.set(active.dialect, byWire);
      if (byWire.has(active.wireEvent)) {
        own = byWire.get(active.wireEvent);
      } else {
        own = ownSubject(active.dialect, input, active.wireEvent, subject, toolEvent);
        byWire.set(active.wireEvent, own);
      }
    }
    if (active.matcher === null || own === undefined || active.matcher.matches(own, own.toLowerCase(), call)) {
      (matched ??= []).push(active);
    }
  }
  return matched;
}

function ownSubject(
  dialect: Dialect,
  input: HookInput,
  wireEvent: string | undefined,
  subject: string | undefined,
  toolEvent: boolean,
): string | undefined {
  const own = dialect.matchSubject?.(input, wireEvent);
  if (own !== undefined) return own;
  if (!toolEvent || subject === undefined || dialect.tools === undefined) return subject;
  return dialect.tools.agentName(subject);
}
