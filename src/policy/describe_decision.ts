/**
 * A policy decision in words, for traces, logs and the agent.
 *
 * @module
 */

import { POLICY_LAYER_KINDS, type PolicyDecision } from "./types.ts";

/**
 * A decision in words, for traces, logs and the agent: the list, the rule,
 * its set, its layer and file, and its reason.
 *
 * @param decision The decision.
 * @returns `rule deny "Bash(rm *)" (user: /h/config.jsonc)`, with `: reason` when the rule gives one, and what
 * could not be read of a line held to it for that.
 *
 * @example
 * ```ts
 * import { describePolicyDecision } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const text = describePolicyDecision({ list: "deny", rule: "Bash(rm *)", layer: { kind: "user", path: "/h/config.jsonc" } });
 * equal(text, 'rule deny "Bash(rm *)" (user: /h/config.jsonc)');
 * ```
 */
export function describePolicyDecision(decision: PolicyDecision): string {
  const label = POLICY_LAYER_KINDS.find((row) => row.kind === decision.layer.kind)?.label ?? decision.layer.kind;
  const set = decision.set === undefined ? "" : ` of set "${decision.set}"`;
  const reason = decision.reason === undefined ? "" : `: ${decision.reason}`;
  const unread = decision.unreadable === undefined
    ? ""
    : ` (the line cannot be read statically — ${decision.unreadable} — so every ${decision.list} rule holds it)`;
  return `rule ${decision.list} ${
    JSON.stringify(decision.rule)
  }${set} (${label}: ${decision.layer.path})${unread}${reason}`;
}
