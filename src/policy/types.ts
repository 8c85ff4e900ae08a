/**
 * The shapes of policy rules: the `rules` key of a configuration layer,
 * the layers rules come from, and the decision a call gets.
 *
 * @module
 */

/**
 * A list of rules: `deny` blocks the call, `ask` has the agent ask the
 * user, `allow` lets it run without asking.
 *
 * @example
 * ```ts
 * import type { RuleList } from "@hookgate/core";
 *
 * const list: RuleList = "deny";
 * ```
 */
export type RuleList = "deny" | "ask" | "allow";

/**
 * One rule as written: a permission-rule string in Claude Code's syntax
 * (`Bash(git push *)`, `Edit(/src/**)`, `WebFetch(domain:example.com)`,
 * `mcp__github`), or a structured command rule (an object; see
 * docs/destructive.md).
 *
 * @example
 * ```ts
 * import type { RuleSpec } from "@hookgate/core";
 *
 * const rules: RuleSpec[] = ["Bash(rm *)", { command: "git", subcommand: "push", flags: ["--force"] }];
 * ```
 */
export type RuleSpec = string | Readonly<Record<string, unknown>>;

/**
 * The `rules` key of a configuration layer.
 *
 * @example
 * ```ts
 * import type { RulesConfig } from "@hookgate/core";
 *
 * const rules: RulesConfig = { sets: ["destructive"], deny: ["Bash(git push --force *)"], allow: ["Bash(npm test)"] };
 * ```
 */
export interface RulesConfig {
  /** Shipped rule sets, by name, whose rules join the layer's own. */
  readonly sets?: readonly string[];
  /** Rules that block a call. */
  readonly deny?: readonly RuleSpec[];
  /** Rules that have the agent ask the user. */
  readonly ask?: readonly RuleSpec[];
  /** Rules that let a call run without asking. */
  readonly allow?: readonly RuleSpec[];
}

/**
 * The layer a rule came from.
 *
 * @example
 * ```ts
 * import type { PolicyLayer } from "@hookgate/core";
 *
 * const layer: PolicyLayer = { kind: "user", path: "/home/me/.config/hookgate/config.jsonc" };
 * ```
 */
export interface PolicyLayer {
  /** Which layer: a row of {@linkcode POLICY_LAYER_KINDS}. */
  readonly kind: string;
  /** Its file (absolute). */
  readonly path: string;
}

/**
 * One layer's rules, as the policy is compiled from them.
 *
 * @example An untrusted project: its deny and ask rules apply, its allow rules do not
 * ```ts
 * import type { PolicyLayerRules } from "@hookgate/core";
 *
 * const layer: PolicyLayerRules = {
 *   kind: "project",
 *   path: "/p/.hookgate/config.jsonc",
 *   rules: { deny: ["Bash(rm *)"], allow: ["Bash(npm test)"] },
 *   trusted: false,
 * };
 * ```
 */
export interface PolicyLayerRules extends PolicyLayer {
  /** The layer's `rules` key. */
  readonly rules: RulesConfig;
  /**
   * Whether the layer's `allow` rules apply: a project's do only once it is
   * trusted. Its `deny` and `ask` rules only restrict, so they always do.
   *
   * @default {true}
   */
  readonly trusted?: boolean;
}

/**
 * The order of the layers rules come from, highest first, with how
 * messages name each: a rule of a higher layer is reported before an equal
 * one of a lower layer, and no layer lifts a higher one's `deny` or `ask`
 * (deny beats ask beats allow, whatever the layer).
 *
 * @example
 * ```ts
 * import { POLICY_LAYER_KINDS } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * equal(POLICY_LAYER_KINDS[0]?.kind, "managed");
 * equal(POLICY_LAYER_KINDS[1]?.kind, "user");
 * ```
 */
export const POLICY_LAYER_KINDS: readonly { readonly kind: string; readonly label: string }[] = Object.freeze([
  // The administrator's system-wide file (/etc/hookgate/config.jsonc): above every other.
  { kind: "managed", label: "managed" },
  { kind: "user", label: "user" },
  { kind: "project", label: "project" },
  { kind: "explicit", label: "--config" },
  { kind: "plugin", label: "plugin" },
]);

/**
 * What the policy decided for a call: the list, the rule (as written, or
 * its `id`) and the layer it came from.
 *
 * @example
 * ```ts
 * import type { PolicyDecision } from "@hookgate/core";
 *
 * const decision: PolicyDecision = {
 *   list: "deny",
 *   rule: "Bash(rm *)",
 *   layer: { kind: "user", path: "/home/me/.config/hookgate/config.jsonc" },
 * };
 * ```
 */
export interface PolicyDecision {
  /** The list whose rule matched. */
  readonly list: RuleList;
  /** The rule as written (a string rule), or its `id` (a structured rule). */
  readonly rule: string;
  /** The rule set it belongs to, when it came from one (`sets`). */
  readonly set?: string;
  /** The layer it came from. */
  readonly layer: PolicyLayer;
  /** The rule's own `reason`, when it has one. */
  readonly reason?: string;
  /**
   * Why part of the shell line cannot be read statically, when it cannot: such a line is held to every deny and
   * ask rule (the rule named is the one its readable commands meet, if any).
   */
  readonly unreadable?: string;
}

/**
 * The call a policy decides: the canonical tool name and input (every
 * dialect translates its agent's tools to these), and the directories
 * path rules start from.
 *
 * @example
 * ```ts
 * import type { PolicyCall } from "@hookgate/core";
 *
 * const call: PolicyCall = { toolName: "Bash", toolInput: { command: "rm -rf /" }, cwd: "/p", projectDir: "/p" };
 * ```
 */
export interface PolicyCall {
  /** The canonical tool name (`Bash`, `Edit`, `apply_patch`, `mcp__server__tool`, …). */
  readonly toolName: string;
  /** The tool's input, canonical fields. */
  readonly toolInput: unknown;
  /** The agent's working directory. */
  readonly cwd: string;
  /** The project root. */
  readonly projectDir: string;
}
