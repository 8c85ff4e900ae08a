/**
 * The hook runner: runs an event's matching hooks under the event's
 * combining rule, with deadlines, cancellation and failure policy. The
 * per-event methods are the WrongStack-compatible API: thin, uniform calls into one
 * generic path, {@linkcode HookRunner.run}. They come in three layers, each
 * a class of its own file: `HookEngine` (engine.ts) runs any event by name
 * and owns the runner's lifecycle, `ToolEventRunner` (tool_event_runner.ts)
 * adds the tool events, and `HookRunner` here the session and turn events.
 *
 * @module
 */

import type { HookRunEnv } from "../events/env.ts";
import type { BlockResult, ContextResult, PromptResult, StopResult } from "../events/results.ts";
import { dispatcherOf } from "./engine.ts";
import { ToolEventRunner } from "./tool_event_runner.ts";
import type { HookRunnerOptions } from "./types.ts";

/**
 * Runs hooks. One runner per session, reading from one shared
 * {@linkcode HookRegistry}.
 *
 * Per event: PreToolUse runs in phases (native mutators one after another,
 * each seeing the previous rewrite; then Claude-dialect mutate-stage hooks
 * at the same time on that input, as Claude runs them; then native
 * validators one after another on the final input, the first deny
 * stopping the rest; then the validators that run together; a deny ends
 * the run after its phase); UserPromptSubmit, PermissionRequest,
 * PreCompact and PostCompact run native hooks serially, the first block
 * winning, then Claude-dialect hooks at the same time; the other events
 * fan out in parallel (Wuu hooks one after another among them). A hook may
 * opt in or out (`concurrent`). Whatever runs at the same time is combined
 * in registration order (contexts joined with `\n`, the later of two
 * rewrites kept, the most restrictive decision winning) — deterministic,
 * whatever finishes first — and a run's trace lists its hooks stage by
 * stage in registration order.
 *
 * A hook never crashes the caller and never stops its siblings: a throw,
 * timeout, abort or malformed answer is a failure, handled by the hook's
 * `failurePolicy` — skipped with a warning (`"open"`), or turned into a
 * model-visible deny on events that can block (`"closed"`).
 *
 * @example Gate a tool call
 * ```ts
 * import { HookRegistry, HookRunner } from "@hookgate/core";
 * import { deepEqual } from "node:assert/strict";
 *
 * const registry = new HookRegistry();
 * registry.registerInProcess("PreToolUse", "bash", (input) =>
 *   String(input.toolInput?.command).includes("rm -rf")
 *     ? { action: "deny", reason: "rm -rf is not allowed" }
 *     : { action: "allow" });
 *
 * const runner = new HookRunner({ registry });
 * const result = await runner.preToolUse("bash", { command: "rm -rf /" }, {
 *   cwd: "/tmp",
 * });
 * deepEqual(result, { block: true, reason: "rm -rf is not allowed" });
 * ```
 */
export class HookRunner extends ToolEventRunner {
  /**
   * Creates a runner.
   *
   * @param options The registry, and optionally a logger, the `--no-hooks`
   * switch, a session id source, an invocation listener and the Stop cap.
   */
  constructor(options: HookRunnerOptions) {
    super(options);
  }

  /**
   * Runs UserPromptSubmit: native hooks one after another, the first
   * block wins (the turn ends without a model call), then Claude-dialect
   * hooks at the same time; contexts of the hooks are joined.
   *
   * @param prompt The user's prompt.
   * @param env The working directory and the caller's signal.
   * @returns `{block, reason}`, or the joined context.
   *
   * @example Add a reminder to every prompt
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   * import { deepEqual } from "node:assert/strict";
   *
   * const registry = new HookRegistry();
   * registry.registerInProcess("UserPromptSubmit", undefined, () => ({
   *   additionalContext: "Answer in English.",
   * }));
   * const runner = new HookRunner({ registry });
   * deepEqual(await runner.userPromptSubmit("hallo", { cwd: "/tmp" }), {
   *   additionalContext: "Answer in English.",
   * });
   * ```
   */
  userPromptSubmit(prompt: string, env: HookRunEnv): Promise<PromptResult> {
    return dispatcherOf(this).call("UserPromptSubmit", { prompt }, env);
  }

  /**
   * Runs SessionStart: fan-out; the joined context belongs in the system
   * prompt for the rest of the session.
   *
   * @param env The working directory and the caller's signal.
   * @returns The joined context, if any.
   *
   * @example Inject a project reminder
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   * import { equal } from "node:assert/strict";
   *
   * const registry = new HookRegistry();
   * registry.registerInProcess("SessionStart", undefined, () => ({
   *   additionalContext: "This repo uses conventional commits.",
   * }));
   * const runner = new HookRunner({ registry });
   * const { additionalContext } = await runner.sessionStart({ cwd: "/tmp" });
   * equal(additionalContext, "This repo uses conventional commits.");
   * ```
   */
  sessionStart(env: HookRunEnv): Promise<ContextResult> {
    return dispatcherOf(this).call("SessionStart", {}, env);
  }

  /**
   * Runs SessionEnd: fan-out, side effects only.
   *
   * @param env The working directory and the caller's signal.
   * @param endReason Why the session ends, for the hooks.
   * @returns Nothing to act on; failures are reported to the logger.
   *
   * @example Flush on exit
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   *
   * const runner = new HookRunner({ registry: new HookRegistry() });
   * await runner.sessionEnd({ cwd: "/tmp" }, "logout");
   * ```
   */
  async sessionEnd(env: HookRunEnv, endReason?: string): Promise<void>;
  /**
   * Runs SessionEnd, the event's data first and the environment last, as
   * every per-event method takes them.
   *
   * @param endReason Why the session ends, for the hooks.
   * @param env The working directory and the caller's signal.
   * @returns Nothing to act on; failures are reported to the logger.
   *
   * @example
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   *
   * await new HookRunner({ registry: new HookRegistry() }).sessionEnd("logout", { cwd: "/tmp" });
   * ```
   */
  async sessionEnd(endReason: string | undefined, env: HookRunEnv): Promise<void>;
  async sessionEnd(first: HookRunEnv | string | undefined, second?: HookRunEnv | string): Promise<void> {
    const [endReason, env] = envLast(first, second);
    await dispatcherOf(this).call("SessionEnd", endReason === undefined ? {} : { endReason }, env);
  }

  /**
   * Runs Stop: fan-out at the end of a turn. Any block refuses the stop:
   * the reasons (joined) are the instruction to continue, or — for hosts
   * following Wuu — mark the turn failed. The payload's `stopHookActive`
   * says whether the turn already continues because of a Stop hook; after
   * `stopBlockCap` consecutive blocks the stop is allowed with a warning.
   *
   * @param env The working directory and the caller's signal.
   * @returns `{block, reason}` to keep going, and any context.
   *
   * @example Keep going while tests fail
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   * import { equal } from "node:assert/strict";
   *
   * const registry = new HookRegistry();
   * registry.registerInProcess("Stop", undefined, (input) =>
   *   input.stopHookActive ? {} : { decision: "block", reason: "run the tests" });
   * const runner = new HookRunner({ registry });
   * equal((await runner.stop({ cwd: "/tmp" })).block, true);
   * equal((await runner.stop({ cwd: "/tmp" })).block, undefined);
   * ```
   */
  stop(env: HookRunEnv): Promise<StopResult> {
    return dispatcherOf(this).call("Stop", {}, env);
  }

  /**
   * Runs SubagentStart: fan-out; the joined context is given to the
   * subagent.
   *
   * @param agentId The subagent.
   * @param env The working directory and the caller's signal.
   * @returns The joined context, if any.
   *
   * @example Brief a subagent
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   * import { equal } from "node:assert/strict";
   *
   * const registry = new HookRegistry();
   * registry.registerInProcess("SubagentStart", undefined, (input) => ({
   *   additionalContext: `you are ${input.agentId}`,
   * }));
   * const runner = new HookRunner({ registry });
   * const result = await runner.subagentStart("reviewer", { cwd: "/tmp" });
   * equal(result.additionalContext, "you are reviewer");
   * ```
   */
  subagentStart(agentId: string, env: HookRunEnv): Promise<ContextResult> {
    return dispatcherOf(this).call("SubagentStart", { agentId }, env);
  }

  /**
   * Runs SubagentStop: like {@linkcode stop}, per subagent.
   *
   * @param agentId The subagent.
   * @param env The working directory and the caller's signal.
   * @returns `{block, reason}` to keep the subagent going.
   *
   * @example Let a subagent finish
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   * import { deepEqual } from "node:assert/strict";
   *
   * const runner = new HookRunner({ registry: new HookRegistry() });
   * deepEqual(await runner.subagentStop("reviewer", { cwd: "/tmp" }), {});
   * ```
   */
  subagentStop(agentId: string, env: HookRunEnv): Promise<StopResult> {
    return dispatcherOf(this).call("SubagentStop", { agentId }, env);
  }

  /**
   * Runs PreCompact: serial; a block prevents the compaction.
   *
   * @param env The working directory and the caller's signal.
   * @param compactReason Why compaction runs (for example `"auto"`).
   * @returns `{block, reason}` to prevent it.
   *
   * @example Prevent compaction
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   * import { equal } from "node:assert/strict";
   *
   * const registry = new HookRegistry();
   * registry.registerInProcess("PreCompact", undefined, () => ({
   *   action: "deny",
   *   reason: "keep the full transcript",
   * }));
   * const runner = new HookRunner({ registry });
   * equal((await runner.preCompact({ cwd: "/tmp" }, "auto")).block, true);
   * ```
   */
  preCompact(env: HookRunEnv, compactReason?: string): Promise<BlockResult>;
  /**
   * Runs PreCompact, the event's data first and the environment last, as
   * every per-event method takes them.
   *
   * @param compactReason Why compaction runs (for example `"auto"`).
   * @param env The working directory and the caller's signal.
   * @returns `{block, reason}` to prevent it.
   *
   * @example
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   * import { deepEqual } from "node:assert/strict";
   *
   * deepEqual(await new HookRunner({ registry: new HookRegistry() }).preCompact("auto", { cwd: "/tmp" }), {});
   * ```
   */
  preCompact(compactReason: string | undefined, env: HookRunEnv): Promise<BlockResult>;
  preCompact(first: HookRunEnv | string | undefined, second?: HookRunEnv | string): Promise<BlockResult> {
    const [compactReason, env] = envLast(first, second);
    return dispatcherOf(this).call("PreCompact", compactReason === undefined ? {} : { compactReason }, env);
  }

  /**
   * Runs PostCompact: serial; a block rejects adopting the compacted result.
   *
   * @param compactSummary The summary up for adoption.
   * @param env The working directory and the caller's signal.
   * @param compactReason Why compaction ran.
   * @returns `{block, reason}` to reject it.
   *
   * @example Reject an empty summary
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   * import { equal } from "node:assert/strict";
   *
   * const registry = new HookRegistry();
   * registry.registerInProcess("PostCompact", undefined, (input) =>
   *   input.compactSummary === "" ? { action: "deny", reason: "empty" } : {});
   * const runner = new HookRunner({ registry });
   * equal((await runner.postCompact("", { cwd: "/tmp" })).block, true);
   * ```
   */
  postCompact(compactSummary: string, env: HookRunEnv, compactReason?: string): Promise<BlockResult>;
  /**
   * Runs PostCompact, the event's data first and the environment last, as
   * every per-event method takes them.
   *
   * @param compactSummary The summary up for adoption.
   * @param compactReason Why compaction ran.
   * @param env The working directory and the caller's signal.
   * @returns `{block, reason}` to reject it.
   *
   * @example
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   * import { deepEqual } from "node:assert/strict";
   *
   * const runner = new HookRunner({ registry: new HookRegistry() });
   * deepEqual(await runner.postCompact("the summary", "auto", { cwd: "/tmp" }), {});
   * ```
   */
  postCompact(compactSummary: string, compactReason: string | undefined, env: HookRunEnv): Promise<BlockResult>;
  postCompact(
    compactSummary: string,
    second: HookRunEnv | string | undefined,
    third?: HookRunEnv | string,
  ): Promise<BlockResult> {
    const [compactReason, env] = envLast(second, third);
    return dispatcherOf(this).call(
      "PostCompact",
      compactReason === undefined ? { compactSummary } : { compactSummary, compactReason },
      env,
    );
  }

  /**
   * Runs FileChanged: fan-out after a tool wrote or edited a file; side
   * effects only.
   *
   * @param filePath The file.
   * @param env The working directory and the caller's signal.
   * @returns Nothing to act on.
   *
   * @example Format on write
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   *
   * const runner = new HookRunner({ registry: new HookRegistry() });
   * await runner.fileChanged("/tmp/a.ts", { cwd: "/tmp" });
   * ```
   */
  async fileChanged(filePath: string, env: HookRunEnv): Promise<void> {
    await dispatcherOf(this).call("FileChanged", { filePath }, env);
  }
}

/**
 * The event's datum and the environment, from either order the per-event
 * methods accept: `(datum, env)` as every method takes them, or the older
 * `(env, datum?)`.
 */
function envLast(
  first: HookRunEnv | string | undefined,
  second: HookRunEnv | string | undefined,
): [string | undefined, HookRunEnv] {
  return typeof first === "object" ? [second as string | undefined, first] : [first, second as HookRunEnv];
}
