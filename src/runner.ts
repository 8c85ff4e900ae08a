/**
 * The hook runner: runs an event's matching hooks under the event's
 * combining rule, with deadlines, cancellation and failure policy.
 *
 * @module
 */

import { CallScope, Invocation } from "./_invocation.ts";
import { truncate } from "./_text.ts";
import { validateToolInput } from "./_tool_input.ts";
import { HOOK_EVENTS, type HookEvent, type HookEventInfo, parseHookEvent } from "./events.ts";
import { compileMatcher } from "./matcher.ts";
import type { HookRegistry } from "./registry.ts";
import { runShellHookDetailed } from "./transports/command.ts";
import { runHttpHookDetailed } from "./transports/http.ts";
import { invokeInProcess } from "./transports/in_process.ts";
import { runPromptHookDetailed } from "./transports/prompt.ts";
import type { ModelClient, ModelsConfig } from "./models/client.ts";
import type {
  BlockResult,
  ContextResult,
  HookEntry,
  HookFailure,
  HookInput,
  HookInvocationRecord,
  HookRunEnv,
  HookRunResult,
  Logger,
  NormalizedOutcome,
  PostToolUseResult,
  PreToolUseEnv,
  PreToolUseResult,
  PromptResult,
  StopResult,
  ToolResult,
} from "./types.ts";

/**
 * Options of {@linkcode HookRunner}.
 *
 * @example A runner that reports every invocation
 * ```ts
 * import { HookRegistry, HookRunner, type HookRunnerOptions } from "@hookgate/core";
 *
 * const options: HookRunnerOptions = {
 *   registry: new HookRegistry(),
 *   sessionId: () => "session-1",
 *   onInvocation: (record) => console.log(record.hookName, record.durationMs),
 * };
 * const runner = new HookRunner(options);
 * ```
 */
export interface HookRunnerOptions {
  /** Where the hooks come from. */
  registry: HookRegistry;
  /** Where warnings go. */
  logger?: Logger;
  /**
   * Run hooks that are not marked `policy: true`; `false` is `--no-hooks`.
   *
   * @default {true}
   */
  allowNonPolicy?: boolean;
  /**
   * Supplies the payload's `sessionId`.
   *
   * @default {() => uuid} a random UUID chosen once per runner
   */
  sessionId?: () => string;
  /** Called after every invocation (the CLI's trace, tests' assertions). */
  onInvocation?: (record: HookInvocationRecord) => void;
  /**
   * How many consecutive blocks of Stop (or of one subagent's SubagentStop)
   * are honoured before the stop is allowed anyway; `0` means no cap.
   *
   * @default {8}
   */
  stopBlockCap?: number;
  /**
   * What command hooks may start with (absolute paths are always allowed).
   *
   * @default {DEFAULT_COMMAND_ALLOWLIST}
   */
  commandAllowlist?: readonly string[];
  /**
   * The project root, exported to command hooks as `HOOKGATE_PROJECT_DIR`.
   *
   * @default {env.cwd} of each run
   */
  projectDir?: string;
  /**
   * URL patterns every HTTP hook must match (`*` is a wildcard, `[]`
   * refuses all); unset means any URL that passes the https/loopback rule.
   */
  httpAllowedUrls?: readonly string[];
  /**
   * Model endpoints for prompt hooks (the config file's `models` section),
   * or a function returning the current ones (e.g. `() =>
   * watcher.config.models`, so hot reload reaches them).
   */
  models?: ModelsConfig | (() => ModelsConfig | undefined);
  /**
   * A host's model client for prompt hooks: used for the default endpoint,
   * or for every prompt hook when `models` is not set.
   */
  modelClient?: ModelClient;
  /**
   * Include prompt hooks' prompts and answers in invocation records (for
   * `--trace`). They are never logged otherwise.
   *
   * @default {false}
   */
  traceModelIO?: boolean;
}

/**
 * The result of {@linkcode HookRunner.run}: every field any event may set.
 *
 * @example Read a generic result
 * ```ts
 * import type { HookEventResult } from "@hookgate/core";
 *
 * function blocked(result: HookEventResult): boolean {
 *   return result.block === true;
 * }
 * ```
 */
export interface HookEventResult {
  /** The operation must not go ahead (events that can block). */
  block?: boolean;
  /** Why it was blocked. */
  reason?: string;
  /** The rewritten tool input (PreToolUse). */
  input?: Record<string, unknown>;
  /** Joined context, where the event supports it. */
  additionalContext?: string;
  /** How to present the context (PostToolUse and PostToolUseFailure). */
  contextAs?: "context" | "feedback";
}

/**
 * The event-specific payload fields given to {@linkcode HookRunner.run}:
 * everything of {@linkcode HookInput} except what the runner fills in.
 *
 * @example Fields of a FileChanged run
 * ```ts
 * import type { HookEventFields } from "@hookgate/core";
 *
 * const fields: HookEventFields = { filePath: "/abs/project/src/a.ts" };
 * ```
 */
export type HookEventFields = Omit<HookInput, "event" | "cwd" | "sessionId">;

const EMPTY_RESULT: HookEventResult = Object.freeze({});
const RESOLVED_EMPTY: Promise<HookEventResult> = Promise.resolve(EMPTY_RESULT);

/** An entry with its matcher compiled. */
interface Active {
  readonly entry: HookEntry;
  readonly names: ReadonlySet<string> | null;
  /**
   * Whether the hook is known to answer asynchronously (an `async`
   * function, or it returned a promise before): its deadline clock starts
   * before the call. Synchronous hooks never need one.
   */
  async: boolean;
}

/** What the runner derives once per registry snapshot of an event. */
interface Plan {
  readonly entries: readonly HookEntry[];
  /** Entries that run in the call, in run order (mutators first on PreToolUse). */
  readonly foreground: readonly Active[];
  /** Fire-and-forget entries. */
  readonly background: readonly Active[];
  /** Whether every foreground entry matches every tool (no filtering). */
  readonly matchAll: boolean;
}

interface BackgroundState {
  next: HookInput | null;
}

/**
 * Runs hooks. One runner per session, reading from one shared
 * {@linkcode HookRegistry}.
 *
 * Per event: PreToolUse runs the two-stage chain (mutators one after
 * another, each seeing the previous rewrite, then validators on the final
 * input; the first deny stops everything); UserPromptSubmit,
 * PermissionRequest, PreCompact and PostCompact run serially and the first
 * block wins; the other events fan out in parallel and their contexts are
 * joined with `\n` in registration order (deterministic, whatever finishes
 * first).
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
export class HookRunner {
  #registry: HookRegistry;
  #logger: Logger | undefined;
  #allowNonPolicy: boolean;
  #sessionId: () => string;
  #onInvocation: ((record: HookInvocationRecord) => void) | undefined;
  #stopBlockCap: number;
  #plans: Partial<Record<HookEvent, Plan>> = {};
  #background = new Map<HookEntry, BackgroundState>();
  #backgroundRuns = new Set<Promise<void>>();
  #stopBlocks = new Map<string, number>();
  #core: RunnerCore;

  /**
   * Creates a runner.
   *
   * @param options The registry, and optionally a logger, the `--no-hooks`
   * switch, a session id source, an invocation listener and the Stop cap.
   */
  constructor(options: HookRunnerOptions) {
    this.#registry = options.registry;
    this.#logger = options.logger;
    this.#allowNonPolicy = options.allowNonPolicy ?? true;
    const sessionId = crypto.randomUUID();
    this.#sessionId = options.sessionId ?? (() => sessionId);
    this.#onInvocation = options.onInvocation;
    this.#stopBlockCap = Math.max(0, options.stopBlockCap ?? 8);
    this.#core = {
      logger: this.#logger,
      onInvocation: this.#onInvocation,
      commandAllowlist: options.commandAllowlist,
      projectDir: options.projectDir,
      httpAllowedUrls: options.httpAllowedUrls,
      models: options.models,
      modelClient: options.modelClient,
      traceModelIO: options.traceModelIO === true,
    };
  }

  /**
   * Whether any hook would run for the event — check it before building a
   * costly payload. O(1) whatever the other events hold.
   *
   * @param event The event.
   * @returns `true` when at least one runnable hook is registered.
   *
   * @example Skip work nobody listens to
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   * import { equal } from "node:assert/strict";
   *
   * const runner = new HookRunner({ registry: new HookRegistry() });
   * equal(runner.has("PostToolUse"), false);
   * ```
   */
  has(event: HookEvent): boolean {
    const plan = this.#plan(event);
    return plan.foreground.length > 0 || plan.background.length > 0;
  }

  /**
   * Runs PreToolUse: the two-stage chain. When a hook rewrote the input and
   * `env.inputSchema` is given, the final input is re-validated; a failure
   * comes back as a block whose reason tells the model what is wrong.
   *
   * @param toolName The tool about to run.
   * @param toolInput Its arguments.
   * @param env The working directory, the caller's signal, the input schema.
   * @returns `{block, reason}` to stop the tool, `{input}` when rewritten,
   * `{}` to go ahead unchanged.
   *
   * @example A rewrite, re-validated
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   * import { deepEqual } from "node:assert/strict";
   *
   * const registry = new HookRegistry();
   * registry.registerInProcess("PreToolUse", "ls", (input) => ({
   *   action: "mutate",
   *   input: { ...input.toolInput, long: true },
   * }));
   * const runner = new HookRunner({ registry });
   * const result = await runner.preToolUse("ls", { path: "." }, {
   *   cwd: "/tmp",
   *   inputSchema: { type: "object", properties: { long: { type: "boolean" } } },
   * });
   * deepEqual(result, { input: { path: ".", long: true } });
   * ```
   */
  preToolUse(
    toolName: string,
    toolInput: Record<string, unknown>,
    env: PreToolUseEnv,
  ): Promise<PreToolUseResult> {
    return this.#dispatch("PreToolUse", env, toolName, { toolName, toolInput });
  }

  /**
   * Runs PostToolUse: fan-out; hook contexts are joined. A hook that
   * objects (deny) cannot undo the tool, so its reason is returned as
   * context with `contextAs: "feedback"`. Background hooks start here and
   * do not delay the result.
   *
   * @param toolName The tool that ran.
   * @param toolInput The arguments it ran with.
   * @param toolResult Its result.
   * @param env The working directory and the caller's signal.
   * @returns The joined context, if any.
   *
   * @example Lint after an edit
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   * import { deepEqual } from "node:assert/strict";
   *
   * const registry = new HookRegistry();
   * registry.registerInProcess("PostToolUse", "edit", () => ({
   *   additionalContext: "Lint: clean",
   * }));
   * const runner = new HookRunner({ registry });
   * const result = await runner.postToolUse("edit", { path: "a.ts" }, {
   *   content: "ok",
   *   isError: false,
   * }, { cwd: "/tmp" });
   * deepEqual(result, { additionalContext: "Lint: clean", contextAs: "context" });
   * ```
   */
  postToolUse(
    toolName: string,
    toolInput: Record<string, unknown>,
    toolResult: ToolResult,
    env: HookRunEnv,
  ): Promise<PostToolUseResult> {
    return this.#dispatch("PostToolUse", env, toolName, {
      toolName,
      toolInput,
      toolResult,
    });
  }

  /**
   * Runs PostToolUseFailure: fan-out after a tool failed. Hook errors never
   * replace the tool's own failure.
   *
   * @param toolName The tool that failed.
   * @param toolInput The arguments it ran with.
   * @param error The failure text.
   * @param env The working directory and the caller's signal.
   * @returns The joined context, if any.
   *
   * @example Explain a failure
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   * import { equal } from "node:assert/strict";
   *
   * const registry = new HookRegistry();
   * registry.registerInProcess("PostToolUseFailure", "*", (input) => ({
   *   additionalContext: `hint for: ${input.error}`,
   * }));
   * const runner = new HookRunner({ registry });
   * const result = await runner.postToolUseFailure("bash", {}, "exit 1", { cwd: "/tmp" });
   * equal(result.additionalContext, "hint for: exit 1");
   * ```
   */
  postToolUseFailure(
    toolName: string,
    toolInput: Record<string, unknown>,
    error: string,
    env: HookRunEnv,
  ): Promise<PostToolUseResult> {
    return this.#dispatch("PostToolUseFailure", env, toolName, {
      toolName,
      toolInput,
      error,
    });
  }

  /**
   * Runs PermissionRequest: serial, the first block wins. A block refuses
   * the permission; an allow never grants anything beyond policy.
   *
   * @param toolName The tool asking for permission.
   * @param toolInput Its arguments.
   * @param env The working directory and the caller's signal.
   * @returns `{block, reason}` to refuse.
   *
   * @example Refuse network tools
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   * import { equal } from "node:assert/strict";
   *
   * const registry = new HookRegistry();
   * registry.registerInProcess("PermissionRequest", "fetch", () => ({
   *   action: "deny",
   *   reason: "offline session",
   * }));
   * const runner = new HookRunner({ registry });
   * const result = await runner.permissionRequest("fetch", {}, { cwd: "/tmp" });
   * equal(result.block, true);
   * ```
   */
  permissionRequest(
    toolName: string,
    toolInput: Record<string, unknown>,
    env: HookRunEnv,
  ): Promise<BlockResult> {
    return this.#dispatch("PermissionRequest", env, toolName, {
      toolName,
      toolInput,
    });
  }

  /**
   * Runs UserPromptSubmit: serial, the first block wins (the turn ends
   * without a model call); contexts of the hooks are joined.
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
    this.#stopBlocks.clear();
    return this.#dispatch("UserPromptSubmit", env, undefined, { prompt });
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
    return this.#dispatch("SessionStart", env, undefined, {});
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
  async sessionEnd(env: HookRunEnv, endReason?: string): Promise<void> {
    await this.#dispatch(
      "SessionEnd",
      env,
      undefined,
      endReason === undefined ? {} : { endReason },
    );
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
    return this.#stopLike("Stop", "Stop", env, {});
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
    return this.#dispatch("SubagentStart", env, undefined, { agentId });
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
    return this.#stopLike("SubagentStop", `SubagentStop:${agentId}`, env, {
      agentId,
    });
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
  preCompact(env: HookRunEnv, compactReason?: string): Promise<BlockResult> {
    return this.#dispatch(
      "PreCompact",
      env,
      undefined,
      compactReason === undefined ? {} : { compactReason },
    );
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
  postCompact(
    compactSummary: string,
    env: HookRunEnv,
    compactReason?: string,
  ): Promise<BlockResult> {
    return this.#dispatch(
      "PostCompact",
      env,
      undefined,
      compactReason === undefined ? { compactSummary } : { compactSummary, compactReason },
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
    await this.#dispatch("FileChanged", env, undefined, { filePath });
  }

  /**
   * Runs any event from its payload fields — the generic form behind the
   * per-event methods (the CLI uses it). Stop and SubagentStop keep their
   * loop guard here too.
   *
   * @param event The event.
   * @param fields The event's payload fields (`toolName` for tool events).
   * @param env The working directory and the caller's signal; for
   * PreToolUse also the input schema.
   * @returns Every result field the event may set.
   * @throws {TypeError} When a tool event is run without `toolName`.
   *
   * @example Run an event by name
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   * import { deepEqual } from "node:assert/strict";
   *
   * const runner = new HookRunner({ registry: new HookRegistry() });
   * deepEqual(await runner.run("FileChanged", { filePath: "/tmp/a" }, { cwd: "/tmp" }), {});
   * ```
   */
  run(
    event: HookEvent,
    fields: HookEventFields,
    env: PreToolUseEnv,
  ): Promise<HookEventResult> {
    let info: HookEventInfo;
    try {
      info = HOOK_EVENTS[parseHookEvent(event)];
    } catch (error) {
      return Promise.reject(error);
    }
    if (info.toolEvent && typeof fields.toolName !== "string") {
      return Promise.reject(
        new TypeError(`Cannot run ${event} hooks: "toolName" is required`),
      );
    }
    if (event === "UserPromptSubmit") this.#stopBlocks.clear();
    if (event === "Stop" || event === "SubagentStop") {
      const key = event === "Stop" ? event : `${event}:${fields.agentId ?? ""}`;
      return this.#stopLike(event, key, env, fields);
    }
    return this.#dispatch(event, env, fields.toolName, fields);
  }

  /**
   * Waits until every background hook has finished, including coalesced
   * pending runs — for orderly shutdown and for tests.
   *
   * @returns When nothing runs in the background any more.
   *
   * @example Wait for background work
   * ```ts
   * import { HookRegistry, HookRunner } from "@hookgate/core";
   *
   * const runner = new HookRunner({ registry: new HookRegistry() });
   * await runner.idle();
   * ```
   */
  async idle(): Promise<void> {
    while (this.#backgroundRuns.size > 0) {
      await Promise.all(this.#backgroundRuns);
    }
  }

  async #stopLike(
    event: "Stop" | "SubagentStop",
    key: string,
    env: HookRunEnv,
    fields: HookEventFields,
  ): Promise<StopResult> {
    const blocks = this.#stopBlocks.get(key) ?? 0;
    const result: HookEventResult = await this.#dispatch(
      event,
      env,
      undefined,
      {
        ...fields,
        stopHookActive: blocks > 0,
      },
    );
    if (!result.block) {
      this.#stopBlocks.delete(key);
      return result;
    }
    if (this.#stopBlockCap > 0 && blocks >= this.#stopBlockCap) {
      this.#stopBlocks.delete(key);
      this.#logger?.warn?.(
        `${event} hooks blocked ${blocks} consecutive times (cap ${this.#stopBlockCap}); allowing the stop this time`,
      );
      const { block: _block, reason: _reason, ...rest } = result;
      return rest;
    }
    this.#stopBlocks.set(key, blocks + 1);
    return result;
  }

  #plan(event: HookEvent): Plan {
    const entries = this.#registry.list(event);
    const cached = this.#plans[event];
    if (cached !== undefined && cached.entries === entries) return cached;
    const foreground: Active[] = [];
    const background: Active[] = [];
    const toolEvent = HOOK_EVENTS[event]?.toolEvent === true;
    for (const entry of entries) {
      if (!this.#allowNonPolicy && !entry.policy) continue;
      const active: Active = {
        entry,
        names: toolEvent ? compileMatcher(entry.matcher) : null,
        async: entry.transport === "in-process" &&
          entry.hook.constructor?.name === "AsyncFunction",
      };
      (entry.background ? background : foreground).push(active);
    }
    if (event === "PreToolUse") {
      // Stable partition: mutators first, validators after, each in
      // registration order.
      foreground.sort((a, b) => stageRank(a.entry) - stageRank(b.entry));
    }
    const plan: Plan = {
      entries,
      foreground,
      background,
      matchAll: foreground.every((active) => active.names === null),
    };
    this.#plans[event] = plan;
    return plan;
  }

  #dispatch(
    event: HookEvent,
    env: PreToolUseEnv,
    toolName: string | undefined,
    fields: HookEventFields,
  ): Promise<HookEventResult> {
    const plan = this.#plan(event);
    const { foreground, background } = plan;
    if (foreground.length === 0 && background.length === 0) {
      return RESOLVED_EMPTY;
    }
    // Lower-cased only when some matcher filters by tool name.
    const lowerTool = plan.matchAll && background.length === 0 ? undefined : toolName?.toLowerCase();
    let matched: readonly Active[] | null = null;
    if (plan.matchAll) {
      if (foreground.length > 0) matched = foreground;
    } else {
      matched = matching(foreground, lowerTool);
    }
    let payload: HookInput | null = null;
    if (background.length > 0) {
      for (const active of matching(background, lowerTool) ?? []) {
        payload ??= this.#payload(event, env, fields);
        this.#startBackground(active, payload);
      }
    }
    if (matched === null) return RESOLVED_EMPTY;
    payload ??= this.#payload(event, env, fields);
    const core = this.#core;
    return new Promise((resolve) => {
      new EventRun(
        core,
        event,
        HOOK_EVENTS[event],
        matched,
        payload,
        env,
        resolve,
      ).start();
    });
  }

  #payload(
    event: HookEvent,
    env: HookRunEnv,
    fields: HookEventFields,
  ): HookInput {
    return { event, cwd: env.cwd, sessionId: this.#sessionId(), ...fields };
  }

  #startBackground(active: Active, payload: HookInput): void {
    const entry = active.entry;
    const state = this.#background.get(entry);
    if (state !== undefined) {
      // One run per hook at a time: a burst coalesces to its latest payload.
      state.next = payload;
      return;
    }
    const fresh: BackgroundState = { next: null };
    this.#background.set(entry, fresh);
    const core = this.#core;
    const loop = async () => {
      let next: HookInput | null = payload;
      while (next !== null) {
        const current: HookInput = next;
        fresh.next = null;
        await new Promise<void>((resolve) => {
          new EventRun(
            core,
            entry.event,
            HOOK_EVENTS[entry.event],
            [active],
            current,
            { cwd: current.cwd },
            () => resolve(),
          ).start();
        });
        next = fresh.next;
      }
      this.#background.delete(entry);
    };
    const run = loop();
    this.#backgroundRuns.add(run);
    run.finally(() => this.#backgroundRuns.delete(run));
  }
}

/** What an {@linkcode EventRun} needs from its runner. */
interface RunnerCore {
  readonly logger: Logger | undefined;
  readonly onInvocation: ((record: HookInvocationRecord) => void) | undefined;
  readonly commandAllowlist: readonly string[] | undefined;
  readonly projectDir: string | undefined;
  readonly httpAllowedUrls: readonly string[] | undefined;
  readonly models: ModelsConfig | (() => ModelsConfig | undefined) | undefined;
  readonly modelClient: ModelClient | undefined;
  readonly traceModelIO: boolean;
}

/**
 * One run of one event: drives the matched entries under the event's
 * combining rule with callbacks rather than awaits, so hooks that answer
 * synchronously cost no promise and async ones one `then` each.
 */
class EventRun extends CallScope {
  #core: RunnerCore;
  #event: HookEvent;
  #info: HookEventInfo;
  #entries: readonly Active[];
  #payload: HookInput;
  #env: PreToolUseEnv;
  #resolve: (result: HookEventResult) => void;
  #tracing: boolean;
  // Serial state.
  #index = 0;
  #inLoop = false;
  #settledInLoop = false;
  #stopped = false;
  // Fan-out state.
  #outcomes: (NormalizedOutcome | null)[] | null = null;
  #failures: (HookFailure | undefined)[] | null = null;
  #remaining = 0;
  // Accumulated result.
  #contexts: string[] | null = null;
  #reasons: string[] | null = null;
  #feedback = false;
  #mutated = false;

  constructor(
    core: RunnerCore,
    event: HookEvent,
    info: HookEventInfo,
    entries: readonly Active[],
    payload: HookInput,
    env: PreToolUseEnv,
    resolve: (result: HookEventResult) => void,
  ) {
    super(env.signal);
    this.#core = core;
    this.#event = event;
    this.#info = info;
    this.#entries = entries;
    this.#payload = payload;
    this.#env = env;
    this.#resolve = resolve;
    this.#tracing = core.onInvocation !== undefined;
  }

  start(): void {
    if (this.#info.combine === "fan-out") {
      const count = this.#entries.length;
      this.#remaining = count;
      this.#outcomes = new Array(count);
      this.#failures = new Array(count);
      for (let i = 0; i < count; i++) this.#invoke(this.#entries[i]!, i);
    } else {
      this.#next();
    }
  }

  #next(): void {
    while (!this.#stopped && this.#index < this.#entries.length) {
      const index = this.#index++;
      this.#inLoop = true;
      this.#settledInLoop = false;
      this.#invoke(this.#entries[index]!, index);
      this.#inLoop = false;
      // Still pending: invocationDone continues the chain when the hook answers.
      if (!this.#settledInLoop) return;
    }
    this.#finish();
  }

  #invoke(active: Active, index: number): void {
    const invocation = new Invocation(
      active.entry,
      index,
      this,
      this.#tracing ? performance.now() : 0,
    );
    if (invocation.callerAborted) {
      invocation.settle(null, {
        kind: "aborted",
        message: "cancelled by the caller before it started",
      });
      return;
    }
    startInvocation(active, this.#payload, invocation, this.#core);
  }

  invocationDone(
    invocation: Invocation,
    outcome: NormalizedOutcome | null,
    failure: HookFailure | undefined,
  ): void {
    if (this.#tracing) this.#record(invocation, outcome, failure);
    if (this.#outcomes !== null) {
      this.#outcomes[invocation.index] = outcome;
      this.#failures![invocation.index] = failure;
      if (--this.#remaining === 0) this.#finish();
      return;
    }
    if (this.#apply(invocation.entry, outcome, failure)) this.#stopped = true;
    if (this.#inLoop) {
      this.#settledInLoop = true;
      return;
    }
    this.#next();
  }

  /** Applies one result in order; returns `true` when the chain must stop. */
  #apply(
    entry: HookEntry,
    outcome: NormalizedOutcome | null,
    failure: HookFailure | undefined,
  ): boolean {
    if (failure !== undefined || outcome === null) {
      return this.#failed(
        entry,
        failure ?? { kind: "error", message: "no result" },
      );
    }
    switch (outcome.action) {
      case "deny":
        if (this.#info.canBlock) {
          (this.#reasons ??= []).push(outcome.reason!);
          return this.#info.combine !== "fan-out";
        }
        if (this.#info.denyAsFeedback) {
          // After the fact a deny cannot undo anything: deliver it as feedback.
          (this.#contexts ??= []).push(outcome.reason!);
          this.#feedback = true;
        } else {
          this.#warn(
            `Hook "${entry.name}" denied on ${this.#event}, which cannot block; ignored`,
          );
        }
        break;
      case "mutate":
        if (this.#info.canMutate && entry.stage === "mutate") {
          this.#payload = { ...this.#payload, toolInput: outcome.input! };
          this.#mutated = true;
        } else if (this.#info.canMutate) {
          if (entry.failurePolicy === "closed") {
            (this.#reasons ??= []).push(
              `Hook "${entry.name}" is a validate-stage hook and tried to rewrite the tool input, which validators may not do; its failurePolicy is "closed", so the call is denied`,
            );
            return true;
          }
          this.#warn(
            `Hook "${entry.name}" is a validate-stage hook and tried to rewrite the tool input; the rewrite was ignored`,
          );
        } else {
          this.#warn(
            `Hook "${entry.name}" returned a rewrite on ${this.#event}, where input cannot be rewritten; ignored`,
          );
        }
        break;
    }
    if (outcome.additionalContext !== undefined && this.#info.context) {
      (this.#contexts ??= []).push(outcome.additionalContext);
    }
    return false;
  }

  #failed(entry: HookEntry, failure: HookFailure): boolean {
    const where =
      `Hook "${entry.name}" (${entry.transport}) on ${this.#event} failed: ${failure.kind}: ${failure.message}`;
    if (entry.failurePolicy === "closed" && this.#info.canBlock) {
      (this.#reasons ??= []).push(
        `Hook "${entry.name}" failed (${failure.kind}: ${failure.message}) and its failurePolicy is "closed", so this ${this.#event} is denied. This is a hook failure, not an approval request: the hook must be fixed or disabled by its operator.`,
      );
      this.#warn(`${where}; denied (failurePolicy "closed")`);
      return this.#info.combine !== "fan-out";
    }
    this.#warn(`${where}; skipped (failurePolicy "${entry.failurePolicy}")`);
    return false;
  }

  #finish(): void {
    if (this.#outcomes !== null) {
      for (let i = 0; i < this.#entries.length; i++) {
        this.#apply(
          this.#entries[i]!.entry,
          this.#outcomes[i] ?? null,
          this.#failures![i],
        );
      }
    }
    this.close();
    this.#resolve(this.#result());
  }

  #result(): HookEventResult {
    if (this.#reasons !== null) {
      const blocked: HookEventResult = {
        block: true,
        reason: truncate(this.#reasons.join("\n")),
      };
      // Fan-out hooks all ran, so their context still counts (Stop's
      // context accompanies the instruction to continue).
      if (this.#contexts !== null && this.#info.combine === "fan-out") {
        blocked.additionalContext = this.#contexts.join("\n");
      }
      return blocked;
    }
    let result: HookEventResult = EMPTY_RESULT;
    if (this.#mutated) {
      const input = this.#payload.toolInput!;
      const schema = this.#env.inputSchema;
      const problem = schema === undefined ? undefined : validateToolInput(schema, input);
      if (problem !== undefined) {
        return {
          block: true,
          reason: truncate(
            `Hooks rewrote the input of tool "${this.#payload.toolName}" into one that is not valid: ${problem}. Call the tool again with valid arguments.`,
          ),
        };
      }
      result = { input };
    }
    if (this.#contexts !== null) {
      result = { ...result, additionalContext: this.#contexts.join("\n") };
      if (
        this.#event === "PostToolUse" || this.#event === "PostToolUseFailure"
      ) {
        result.contextAs = this.#feedback ? "feedback" : "context";
      }
    }
    return result;
  }

  #record(
    invocation: Invocation,
    outcome: NormalizedOutcome | null,
    failure: HookFailure | undefined,
  ): void {
    const entry = invocation.entry;
    const record: HookInvocationRecord = {
      event: this.#event,
      hookName: entry.name,
      hookId: entry.id,
      transport: entry.transport,
      stage: entry.stage,
      background: entry.background,
      durationMs: performance.now() - invocation.startedAt,
    };
    if (failure !== undefined) record.failure = failure;
    const detail = invocation.detail;
    if (detail !== undefined) {
      if (detail.model !== null) record.model = detail.model;
      if (detail.prompt !== undefined) record.prompt = detail.prompt;
      if (detail.answer !== undefined) record.answer = detail.answer;
    } else if (outcome !== null) record.action = outcome.action;
    try {
      this.#core.onInvocation!(record);
    } catch (error) {
      this.#core.logger?.error?.(
        `The onInvocation listener threw: ${error instanceof Error ? error.message : error}`,
      );
    }
  }

  #warn(message: string): void {
    try {
      this.#core.logger?.warn?.(message);
    } catch {
      // A broken logger must not break the run.
    }
  }
}

/**
 * Starts one invocation through its transport. The seam: every transport
 * gets the payload and `{signal, deadlineAt}` and reports to the
 * invocation; the runner alone owns deadlines and policy.
 */
function startInvocation(
  active: Active,
  payload: HookInput,
  invocation: Invocation,
  core: RunnerCore,
): void {
  const entry = active.entry;
  if (entry.transport === "in-process") {
    if (active.async) invocation.startClock();
    if (invokeInProcess(entry.hook, payload, invocation, invocation)) {
      active.async = true;
      invocation.trackSoon();
    }
    return;
  }
  invocation.startClock();
  invocation.track();
  const context = {
    signal: invocation.signal,
    deadlineAt: invocation.deadlineAt,
  };
  const logger = core.logger ? { logger: core.logger } : {};
  let running: Promise<HookRunResult>;
  switch (entry.transport) {
    case "command":
      running = runShellHookDetailed(entry.hook, payload, {
        ...context,
        ...logger,
        ...(core.commandAllowlist ? { allowlist: core.commandAllowlist } : {}),
        ...(core.projectDir !== undefined ? { projectDir: core.projectDir } : {}),
      });
      break;
    case "http":
      running = runHttpHookDetailed(entry.hook, payload, {
        ...context,
        ...logger,
        ...(core.httpAllowedUrls ? { allowedUrls: core.httpAllowedUrls } : {}),
      });
      break;
    case "prompt":
      running = runPromptHookDetailed(entry.hook, payload, {
        ...context,
        ...logger,
        ...modelsOption(core.models),
        ...(core.modelClient ? { client: core.modelClient } : {}),
      }).then((result) => {
        if (core.traceModelIO) {
          invocation.detail = { model: result.model, prompt: result.prompt, answer: result.answer };
        } else if (result.model !== null) invocation.detail = { model: result.model };
        return result;
      });
      break;
  }
  running.then(
    (result) => invocation.settle(result.outcome, result.failure),
    (error) => invocation.settle(null, { kind: "error", message: String(error) }),
  );
}

function modelsOption(
  models: ModelsConfig | (() => ModelsConfig | undefined) | undefined,
): { models?: ModelsConfig } {
  const current = typeof models === "function" ? models() : models;
  return current === undefined ? {} : { models: current };
}

/** The entries whose matcher selects the tool, or `null` when none does. */
function matching(
  entries: readonly Active[],
  lowerTool: string | undefined,
): Active[] | null {
  let matched: Active[] | null = null;
  for (const active of entries) {
    if (
      active.names === null ||
      (lowerTool !== undefined && active.names.has(lowerTool))
    ) {
      (matched ??= []).push(active);
    }
  }
  return matched;
}

function stageRank(entry: HookEntry): number {
  return entry.stage === "mutate" ? 0 : 1;
}
