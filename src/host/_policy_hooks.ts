// The configuration's policy rules as in-process entries of the registry,
// owned by "rules": one on PreToolUse, one on PermissionRequest, decided in
// the host process (no command per decision). They are validators that do
// not run together with others, registered before the configured hooks, so
// they run first among the validators and a deny stops the rest; the mutate
// stage runs before them, so the rules judge the input that would run.
// `ask` is the agent's ask, `allow` a grant that stands only when no hook
// of the call denies or asks. A policy that cannot be compiled denies every
// call: a broken policy never lets a call through.

import type { PolicyLayerRules } from "../policy/types.ts";
import { compilePolicy, type Policy } from "../policy/policy.ts";
import { describePolicyDecision } from "../policy/describe_decision.ts";
import type { HookInput } from "../events/payload.ts";
import type { AnyHookOutcome } from "../events/outcome.ts";
import type { HookRegistry } from "../registry/registry.ts";
import { loadShellParser, shellParserLoaded } from "../shell/mod.ts";
import { hostDecision } from "../transports/in_process.ts";

/** What the policy's hooks answer: a decision made by hostDecision(), typed as the outcomes in-process hooks return. */
type HostOutcome = AnyHookOutcome;

/** The owner of the policy's entries, as traces and telemetry name it. */
export const POLICY_OWNER = "rules";

/** What the host keeps of the policy. */
export interface PolicyHooks {
  /** Whether the entries are registered. */
  readonly registered: boolean;
  /** Registers the entries when `rules` has any and they are not yet (a reload that added rules). */
  update(rules: readonly PolicyLayerRules[] | undefined): void;
}

/**
 * Registers the policy of `rules()` (read on each call, compiled once per
 * configuration) when there is one; later configurations reach it
 * through `rules()`.
 */
export function policyHooks(
  registry: HookRegistry,
  rules: () => readonly PolicyLayerRules[] | undefined,
  projectDir: string,
): PolicyHooks {
  let compiledFrom: readonly PolicyLayerRules[] | undefined | null = null;
  let policy: Policy | string | undefined;
  const current = (): Policy | string | undefined => {
    const now = rules();
    if (now !== compiledFrom) {
      compiledFrom = now;
      try {
        policy = now === undefined ? undefined : compilePolicy(now);
      } catch (error) {
        policy = (error as Error).message;
      }
    }
    return policy;
  };
  // Loaded once, before the first call a rule reads a shell line of; if it
  // cannot load, shell rules deny and ask every shell call, and allow none.
  let parser: Promise<void> | undefined;
  const decide = (input: HookInput, event: "PreToolUse" | "PermissionRequest") => {
    const now = current();
    if (now === undefined) return undefined;
    if (typeof now === "string") {
      return hostDecision("deny", `the policy rules cannot be read: ${now}`) as HostOutcome;
    }
    if (input.toolName === undefined) return undefined;
    const toolName = input.toolName;
    if (now.needsShellParser && !shellParserLoaded()) {
      parser ??= loadShellParser().catch(() => {});
      return parser.then(() => decideNow(now, toolName, input, event));
    }
    return decideNow(now, toolName, input, event);
  };
  const decideNow = (
    now: Policy,
    toolName: string,
    input: HookInput,
    event: "PreToolUse" | "PermissionRequest",
  ): HostOutcome | undefined => {
    const decision = now.decide({
      toolName,
      toolInput: input.toolInput,
      cwd: input.cwd,
      projectDir,
    });
    if (decision === undefined) return undefined;
    const reason = describePolicyDecision(decision);
    switch (decision.list) {
      case "deny":
        return hostDecision("deny", reason) as HostOutcome;
      case "ask":
        // A permission request is the agent asking already.
        return event === "PreToolUse" ? hostDecision("ask", reason) as HostOutcome : undefined;
      case "allow":
        return hostDecision("grant", reason) as HostOutcome;
    }
  };
  let registered = false;
  const register = () => {
    registered = true;
    const options = { stage: "validate", concurrent: false, policy: true, failurePolicy: "closed" } as const;
    registry.registerInProcess("PreToolUse", "*", (input) => decide(input, "PreToolUse"), POLICY_OWNER, {
      ...options,
      name: "rules",
    });
    registry.registerInProcess(
      "PermissionRequest",
      "*",
      (input) => decide(input, "PermissionRequest"),
      POLICY_OWNER,
      { ...options, name: "rules" },
    );
  };
  const hooks: PolicyHooks = {
    get registered() {
      return registered;
    },
    update(next) {
      if (!registered && next !== undefined && next.length > 0) register();
    },
  };
  hooks.update(rules());
  return hooks;
}
