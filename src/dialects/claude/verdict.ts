// A Claude prompt hook's verdict as Claude Code gives it consequences, by
// event, and the model such a hook asks when it names none: a fast Claude
// model through the Messages API, as Claude Code's own default.

import type { HookEvent } from "../../events/event_map.ts";
import type { NormalizedOutcome } from "../../events/outcome.ts";
import type { ModelVerdict, PromptModelDefault } from "../shared/types.ts";

/**
 * The fast Claude model Claude Code's prompt hooks ask by default; Claude
 * Code's own setting for that model (`ANTHROPIC_DEFAULT_HAIKU_MODEL`)
 * replaces it.
 */
export const CLAUDE_PROMPT_MODEL = "claude-haiku-5-5";

/** Events where a refusal ends the turn (a halt), unless the hook says `continueOnBlock`. */
const HALTS: ReadonlySet<string> = new Set(["PreToolUse", "PostToolUse", "TeammateIdle"]);
/** Events where the verdict has no effect (PermissionRequest) or is discarded (PermissionDenied). */
const NO_EFFECT: ReadonlySet<string> = new Set(["PermissionRequest", "PermissionDenied"]);
/** Events where a refusal the model calls impossible lets the agent stop. */
const STOPS: ReadonlySet<string> = new Set(["Stop", "SubagentStop"]);

/**
 * What a Claude prompt hook's verdict does on `event`. A refusal: before
 * or after a tool, or on an idle teammate, the turn ends (a halt, the
 * reason for the user) — with `continueOnBlock` the reason goes back to
 * Claude instead (as the tool's error, or to keep the teammate working);
 * on a stop it is the next instruction, unless the model says the
 * instruction is impossible; on PermissionRequest and PermissionDenied it
 * does nothing; elsewhere it is the event's block (the turn ends on a
 * prompt or a batch; a failed tool or a task gets the reason as its error).
 */
export function decodeClaudeVerdict(
  event: HookEvent,
  verdict: ModelVerdict,
  hook: { continueOnBlock?: boolean },
): NormalizedOutcome {
  if (verdict.ok || NO_EFFECT.has(event)) return { action: "allow" };
  const reason = verdict.reason ?? "the model check said no";
  if (STOPS.has(event) && verdict.impossible === true) return { action: "allow" };
  if (HALTS.has(event) && hook.continueOnBlock !== true) return { action: "allow", halt: true, stopReason: reason };
  return { action: "deny", reason };
}

/**
 * Claude Code's model for prompt hooks that name none: the Messages API
 * (at `ANTHROPIC_BASE_URL`, as Claude Code reaches it) with a fast Claude
 * model, and `ANTHROPIC_API_KEY`.
 */
export function claudePromptModel(read: (name: string) => string | undefined): PromptModelDefault {
  const base = read("ANTHROPIC_BASE_URL")?.trim().replace(/\/+$/, "");
  return {
    provider: "anthropic",
    ...(base ? { baseUrl: `${base}/v1` } : {}),
    model: read("ANTHROPIC_DEFAULT_HAIKU_MODEL")?.trim() || CLAUDE_PROMPT_MODEL,
    apiKeyEnv: "ANTHROPIC_API_KEY",
  };
}
