// The failure policy, the one place that decides what a failed hook means
// for its run: a closed hook denies where the event can block; an open one
// is skipped or, when its dialect still reads an outcome from the answer
// (`lenient`), gets that outcome — without a grant, since a hook that failed
// grants nothing. The run applies the verdict; this module only decides it,
// and says what to report.

import type { HookEvent } from "../events/event_map.ts";
import type { HookFailure, NormalizedOutcome } from "../events/outcome.ts";
import type { HookEventInfo } from "../events/table.ts";
import type { HookEntry } from "../registry/types.ts";

/** The failure of a hook that answered nothing at all. */
export const NO_FAILURE: HookFailure = Object.freeze({ kind: "error", message: "no result" });

/** What a failed hook's answer comes to; `warning` is reported either way. */
export interface FailureVerdict {
  /** What the logger is told. */
  warning: string;
  /** The model-visible reason of the deny a closed hook turns into. */
  denial?: string;
  /** The outcome the run applies instead (an open hook's lenient reading). */
  outcome?: NormalizedOutcome;
}

/** Whether a failed hook's lenient reading counts: only under `failurePolicy: "open"`. */
export function usesLenient(entry: HookEntry): boolean {
  return entry.failurePolicy === "open";
}

/**
 * The verdict on one failed hook of an `event` run; `lenient` is what its
 * dialect still reads from the answer, or `null`.
 */
export function failureVerdict(
  entry: HookEntry,
  event: HookEvent,
  info: HookEventInfo,
  failure: HookFailure,
  lenient: NormalizedOutcome | null,
): FailureVerdict {
  const where = `Hook "${entry.name}" (${entry.transport}) on ${event} failed: ${failure.kind}: ${failure.message}`;
  if (entry.failurePolicy === "closed" && info.canBlock) {
    return {
      warning: `${where}; denied (failurePolicy "closed")`,
      denial:
        `Hook "${entry.name}" failed (${failure.kind}: ${failure.message}) and its failurePolicy is "closed", so this ${event} is denied. This is a hook failure, not an approval request: the hook must be fixed or disabled by its operator.`,
    };
  }
  if (lenient !== null && usesLenient(entry)) {
    if (lenient.action === "grant") {
      return {
        warning:
          `${where}; its answer is read as its agent reads it, since its failurePolicy is "open", but without its allow: a hook that failed grants nothing`,
        outcome: withoutGrant(lenient, info.canMutate),
      };
    }
    return {
      warning:
        `${where}; its answer is read as its agent reads it (${lenient.action}), since its failurePolicy is "open"`,
      outcome: lenient,
    };
  }
  return { warning: `${where}; skipped (failurePolicy "${entry.failurePolicy}")` };
}

/**
 * A failed hook's grant as no objection: what it decided besides the
 * permission — its rewrite, where the event takes one — still counts.
 */
function withoutGrant(outcome: NormalizedOutcome, canMutate: boolean): NormalizedOutcome {
  const { updatedPermissions: _permissions, reason: _reason, input, ...rest } = outcome;
  return canMutate && input !== undefined ? { ...rest, action: "mutate", input } : { ...rest, action: "allow" };
}
