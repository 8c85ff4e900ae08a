/**
 * What stays in force when a trusted project changes: the guards its
 * trusted version had. When the project's digest no longer matches the one
 * trusted, its hooks are held back — but a guard the user trusted must not
 * vanish because the code it polices was edited (an agent appending a line
 * to the guard script would otherwise switch it off). So trust records the
 * project's closed and policy hooks on events that gate an action, and a
 * changed project gets one placeholder for each: it denies every call the
 * guard could have matched, with the way out, until the project is trusted
 * again or its trust is revoked.
 *
 * @module
 */

import { join } from "../_internal/path.ts";
import type { PlaceholderHook } from "../events/configured.ts";
import type { HookEvent } from "../events/event_map.ts";
import type { FailurePolicy, HookDialect } from "../events/hooks.ts";
import { HOOK_EVENT_NAMES, HOOK_EVENTS } from "../events/table.ts";
import { placeholderHook } from "../registry/placeholder.ts";

/**
 * A guard of a trusted project, as the trust file keeps it: a hook that
 * was `failurePolicy: "closed"` or `policy: true` on an event that gates an
 * action (PreToolUse, PermissionRequest, UserPromptSubmit).
 *
 * @example A Bash guard
 * ```ts
 * import type { TrustedGuard } from "@hookgate/core/config";
 *
 * const guard: TrustedGuard = {
 *   event: "PreToolUse",
 *   name: "no-rm-rf",
 *   matcher: "bash",
 *   failurePolicy: "closed",
 *   policy: true,
 *   source: ".hookgate/config.jsonc",
 * };
 * ```
 */
export interface TrustedGuard {
  /** The event it guards. */
  event: HookEvent;
  /** Its name, or what stands for it. */
  name: string;
  /** Its matcher; absent: every call. */
  matcher?: string;
  /** Its dialect, which reads the matcher. */
  dialect?: HookDialect;
  /** Its failure policy. */
  failurePolicy: FailurePolicy;
  /** Whether it is a policy hook. */
  policy: boolean;
  /** The file that declared it, relative to the project root. */
  source: string;
}

/**
 * What a hook or placeholder of a project says about itself, for
 * {@linkcode isTrustedGuard}.
 *
 * @example A closed PreToolUse hook
 * ```ts
 * import type { GuardCandidate } from "@hookgate/core/config";
 *
 * const hook: GuardCandidate = { event: "PreToolUse", failurePolicy: "closed", policy: false };
 * ```
 */
export interface GuardCandidate {
  /** Its event. */
  event: HookEvent;
  /**
   * Its failure policy.
   *
   * @default {"open"}
   */
  failurePolicy?: FailurePolicy;
  /** Whether it is a policy hook. */
  policy: boolean;
}

/**
 * Whether a project's hook is a guard that must stay in force when the
 * project changes: closed or policy, on an event that gates an action.
 *
 * @param hook The hook's event and controls.
 * @returns Whether trust records it.
 *
 * @example Closed on PreToolUse, but not on Stop
 * ```ts
 * import { isTrustedGuard } from "@hookgate/core/config";
 * import { equal } from "node:assert/strict";
 *
 * equal(isTrustedGuard({ event: "PreToolUse", failurePolicy: "closed", policy: false }), true);
 * equal(isTrustedGuard({ event: "Stop", failurePolicy: "closed", policy: true }), false);
 * ```
 */
export function isTrustedGuard(hook: GuardCandidate): boolean {
  return HOOK_EVENTS[hook.event]?.gatesAction === true && (hook.failurePolicy === "closed" || hook.policy);
}

/**
 * The placeholders that keep a changed project's trusted guards in force.
 * `guards` is what the trust file recorded; `undefined` means a record
 * written before guards were recorded: then nothing is known of them, so
 * every event that gates an action denies until the project is trusted
 * again.
 *
 * @param root The project root (absolute).
 * @param guards The recorded guards.
 * @param what What changed, for the reason.
 * @returns One placeholder per guard; each denies what it could match.
 *
 * @example A changed project's guard denies until trusted again
 * ```ts
 * import { guardPlaceholders } from "@hookgate/core/config";
 * import { equal, match } from "node:assert/strict";
 *
 * const [placeholder] = guardPlaceholders("/p", [{
 *   event: "PreToolUse", name: "no-rm-rf", matcher: "bash", failurePolicy: "closed", policy: false,
 *   source: ".hookgate/config.jsonc",
 * }], "scripts/guard.sh");
 * equal(placeholder?.matcher, "bash");
 * match(placeholder!.fix, /hook-run trust --cwd \/p/);
 * ```
 */
export function guardPlaceholders(
  root: string,
  guards: readonly TrustedGuard[] | undefined,
  what: string,
): PlaceholderHook[] {
  const reason = `the project ${root} changed since you trusted it (${what}), so this guard you trusted stays in ` +
    "force: it denies what it would have checked";
  const fix = `review the change and trust it again with "hook-run trust --cwd ${root}", or forget the project ` +
    `with "hook-run trust --revoke --cwd ${root}"`;
  if (guards === undefined) {
    return HOOK_EVENT_NAMES.filter((event) => HOOK_EVENTS[event].gatesAction).map((event) =>
      placeholderHook(event, {
        name: `the guards of ${root}`,
        failurePolicy: "closed",
        policy: true,
        source: root,
        reason: `the project ${root} changed since you trusted it (${what}), and its trust was recorded by an ` +
          "earlier hookgate that did not note its guards, so every action it could have guarded is denied",
        fix,
      })
    );
  }
  return guards.map((guard) =>
    placeholderHook(guard.event, {
      name: guard.name,
      failurePolicy: guard.failurePolicy,
      policy: guard.policy,
      ...(guard.matcher === undefined || guard.matcher === "*" ? {} : { matcher: guard.matcher }),
      ...(guard.dialect === undefined ? {} : { dialect: guard.dialect }),
      source: join(root, guard.source),
      reason,
      fix,
    })
  );
}
