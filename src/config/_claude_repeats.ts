// Claude Code runs an identical hook found in several of its settings files
// once. `hook-run install claude` moves the user's hooks out of
// ~/.claude/settings.json into hookgate's own file, so a hook the user and
// the project both have would run twice — the moved copy in hookgate, the
// project's in Claude — unless hookgate leaves the moved copy out wherever
// Claude would have run only one of them.
//
// Claude's rule of which hooks are one (`claudeIdentity`, the rule the
// runner drops repeats by too): the same command, URL or prompt and the
// same `if`, whatever their matchers, timeouts or files. So the moved copy
// must not run on a call that an identical hook of Claude's own files also
// matches: it keeps its matcher narrowed to the calls no such twin matches,
// or goes where a twin matches every call.

import type { ConfiguredHook, ConfiguredHooks } from "../events/configured.ts";
import { HOOK_EVENTS, isHookEvent, UNKNOWN_EVENT } from "../events/table.ts";
import { claudeIdentity } from "../dialects/claude/identity.ts";
import { claudeMatcherSource } from "../matchers/claude.ts";
import type { ParsedHooksConfig } from "./parsed_config.ts";

/**
 * `moved` (the hooks hookgate runs for Claude from `claude-hooks.json`)
 * without what Claude runs itself from `own` (its own project settings):
 * each moved hook with a twin there on the same event runs only where no
 * twin matches. A twin whose matcher cannot be turned into a regular
 * expression beside the moved hook's (FileChanged's file names, a back
 * reference) leaves the moved hook as it is: it may run twice, never not
 * at all.
 */
export function withoutClaudeRepeats(moved: ParsedHooksConfig, own: readonly ParsedHooksConfig[]): ParsedHooksConfig {
  if (own.length === 0) return moved;
  const hooks: ConfiguredHooks = {};
  let changed = false;
  for (const [event, list] of Object.entries(moved.hooks) as [keyof ConfiguredHooks, ConfiguredHook[]][]) {
    const kept: ConfiguredHook[] = [];
    for (const hook of list) {
      const key = claudeIdentity(hook);
      const twins = key === undefined
        ? []
        : own.flatMap((parsed) => (parsed.hooks[event] ?? []).filter((other) => claudeIdentity(other) === key));
      if (twins.length === 0) {
        kept.push(hook);
        continue;
      }
      changed = true;
      const narrowed = narrowedMatcher(event, hook.matcher, twins.map((twin) => twin.matcher));
      if (narrowed === "none") continue;
      kept.push(narrowed === undefined ? hook : { ...hook, matcher: narrowed });
    }
    if (kept.length > 0) hooks[event] = kept;
  }
  return changed ? { ...moved, hooks } : moved;
}

/**
 * The moved hook's matcher narrowed to the calls none of its twins'
 * matchers selects: `"none"` when a twin selects every call it could (or
 * the event reads no matcher), `undefined` when it cannot be written.
 */
function narrowedMatcher(
  event: string,
  matcher: string | undefined,
  twins: readonly (string | undefined)[],
): string | "none" | undefined {
  const row = isHookEvent(event) ? HOOK_EVENTS[event] : UNKNOWN_EVENT;
  if (row.matchOn === null) return "none";
  const excluded: string[] = [];
  for (const twin of twins) {
    const source = claudeMatcherSource(twin, event);
    if (source === null) return "none";
    if (source === undefined) return undefined;
    excluded.push(source);
  }
  const own = claudeMatcherSource(matcher, event);
  if (own === undefined) return undefined;
  const parts = [own, ...excluded].filter((source): source is string => source !== null);
  // Joined, a group number or name could refer to another part's group.
  if (parts.some((source) => /\\[1-9]|\\k<|\(\?<[^=!]/.test(source))) return undefined;
  const narrowed = `^${own === null ? "" : `(?=[\\s\\S]*?(?:${own}))`}${
    excluded.map((source) => `(?![\\s\\S]*?(?:${source}))`).join("")
  }`;
  try {
    new RegExp(narrowed);
  } catch {
    return undefined;
  }
  return narrowed;
}
