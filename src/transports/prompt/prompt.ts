/**
 * The prompt transport: a hook as a question to a model, answered with
 * `{"ok": boolean, "reason"?: string}`.
 *
 * @module
 */

import { DEFAULT_PROMPT_TIMEOUT_MS, timeoutProblem } from "../../_internal/limits.ts";
import { dialectOf, encodePayload } from "../../dialects/dialects.ts";
import type { Logger } from "../../events/env.ts";
import type { PromptHook } from "../../events/configured.ts";
import type { HookRunResult } from "../../events/outcome.ts";
import type { HookInput } from "../../events/payload.ts";
import { type ModelClient, ModelClientError, type ModelsConfig } from "../../models/client.ts";
import { HOOK_EVENTS, isHookEvent } from "../../events/table.ts";
import { deadlineSignal, detailedResult, timedOut } from "../shared/_call.ts";
import { PROMPT_HOOK_SYSTEM, renderPrompt } from "./render.ts";
import { parseModelVerdict } from "./verdict.ts";

/**
 * Options of {@linkcode runPromptHookDetailed}.
 *
 * @example A host-supplied client
 * ```ts
 * import type { RunPromptHookOptions } from "@hookgate/core/transports";
 *
 * const options: RunPromptHookOptions = {
 *   client: { complete: () => Promise.resolve('{"ok": true}') },
 * };
 * ```
 */
export interface RunPromptHookOptions {
  /** Cancels the model request. */
  signal?: AbortSignal;
  /**
   * The deadline in `Date.now()` ms; under the runner the signal fires at
   * it, standalone calls arm a timer.
   *
   * @default {Date.now() + hook.timeoutMs (30 s)}
   */
  deadlineAt?: number;
  /** Where warnings go (prompts and answers are never logged). */
  logger?: Logger;
  /** The configured endpoints and the default. */
  models?: ModelsConfig;
  /** A host's client: used for the default endpoint, or alone without `models`. */
  client?: ModelClient;
  /** Reads the key variables of built-in clients (for tests and embedders). */
  getEnv?: (name: string) => string | undefined;
}

/**
 * The detailed result of a prompt hook.
 *
 * @example Show what was asked when tracing
 * ```ts
 * import type { PromptHookResult } from "@hookgate/core/transports";
 *
 * function trace(result: PromptHookResult): string {
 *   return `${result.model ?? "no model"}: ${result.answer ?? "(no answer)"}`;
 * }
 * ```
 */
export interface PromptHookResult extends HookRunResult {
  /** The model asked, or `null` when none could be resolved. */
  model: string | null;
  /** The prompt sent (for traces that ask for it; never logged). */
  prompt?: string;
  /** The model's raw answer (same). */
  answer?: string;
  /** Wall time, in milliseconds. */
  durationMs: number;
}

/**
 * What a verdict means on `event`: as the hook's dialect's agent gives it
 * consequences (Claude's), or else `ok` allows and a refusal denies — but
 * lets the agent stop where the model calls the instruction impossible.
 */
function verdictOutcome(
  hook: Omit<PromptHook, "type">,
  event: HookInput["event"],
  verdict: { ok: boolean; reason: string; impossible?: boolean },
): NonNullable<PromptHookResult["outcome"]> {
  const dialect = dialectOf(hook.dialect);
  if (dialect.decodeVerdict !== undefined) return dialect.decodeVerdict(event, verdict, hook);
  if (verdict.ok || (verdict.impossible === true && rowOf(event)?.loopGuard === true)) return { action: "allow" };
  return { action: "deny", reason: verdict.reason };
}

/**
 * Asks a model whether an event fits the hook's instruction.
 *
 * The template's `$ARGUMENTS` is replaced by the payload JSON (`\$`
 * escapes a literal dollar sign); without it the JSON is appended. The
 * verdict is the JSON object in the text that has a boolean `ok` (a code
 * fence or surrounding prose is fine; repeats that agree are one verdict).
 * `ok: true` allows; `ok: false` denies with the model's `reason`; an answer
 * whose verdicts disagree is `invalid_output`. No client, a failed or refused request,
 * a non-2xx answer, an unparseable answer, the deadline or the caller's
 * abort are failures: the hook's `failurePolicy` decides (the default
 * `"open"` passes through).
 *
 * Which model: a hook's `model` that names an entry of `models.endpoints`
 * uses that endpoint; otherwise the default endpoint (`models.default`)
 * with the hook's `model` as the model name, through `client` when the host
 * supplied one.
 *
 * @param hook The prompt hook.
 * @param input The payload.
 * @param options Models, client, cancellation and deadline.
 * @returns The outcome or failure, with the model and, for tracing, the
 * prompt and the answer.
 *
 * @example With a host-supplied client
 * ```ts
 * import { runPromptHookDetailed } from "@hookgate/core/transports";
 * import { deepEqual } from "node:assert/strict";
 *
 * const result = await runPromptHookDetailed(
 *   { type: "prompt", prompt: "Is this read-only? $ARGUMENTS" },
 *   { event: "PreToolUse", cwd: "/p", toolName: "bash", toolInput: { command: "rm a" } },
 *   { client: { complete: () => Promise.resolve('Verdict: {"ok": false, "reason": "rm writes"}') } },
 * );
 * deepEqual(result.outcome, { action: "deny", reason: "rm writes" });
 * ```
 */
export async function runPromptHookDetailed(
  hook: Omit<PromptHook, "type"> & { type?: "prompt" },
  input: HookInput,
  options: RunPromptHookOptions = {},
): Promise<PromptHookResult> {
  const { result, finish } = detailedResult<PromptHookResult>({ outcome: null, model: null, durationMs: 0 });
  const maxTimeoutMs = dialectOf(hook.dialect).maxTimeoutMs;
  const badTimeout = timeoutProblem(hook.timeoutMs, maxTimeoutMs);
  if (badTimeout !== undefined) return finish({ kind: "rejected", message: badTimeout.message });

  // The model clients load with the first prompt hook a process runs, not
  // with every runner (hook-run, started per tool call, rarely has one).
  const { resolvePromptModel } = await import("./model.ts");
  const resolved = resolvePromptModel(hook, options);
  if ("kind" in resolved) return finish(resolved);
  result.model = resolved.model;
  const prompt = renderPrompt(hook.prompt, encodePayload(input, hook.dialect, hook.wireEvent));
  result.prompt = prompt;

  const { signal, dispose } = deadlineSignal(hook.timeoutMs ?? DEFAULT_PROMPT_TIMEOUT_MS, options, maxTimeoutMs);
  try {
    const answer = await resolved.client.complete({
      model: resolved.model,
      system: PROMPT_HOOK_SYSTEM,
      prompt,
      signal,
    });
    if (typeof answer !== "string") {
      return finish({ kind: "invalid_output", message: "the model client returned something that is not text" });
    }
    result.answer = answer;
    let verdict: ReturnType<typeof parseModelVerdict>;
    try {
      verdict = parseModelVerdict(answer);
    } catch {
      return finish({
        kind: "invalid_output",
        message:
          `the model's answer (${answer.length} characters) has conflicting verdicts: one JSON object says "ok": true and another "ok": false (it may quote the payload), so it decides nothing`,
      });
    }
    if (verdict === null) {
      return finish({
        kind: "invalid_output",
        message: `the model's answer (${answer.length} characters) has no JSON object with a boolean "ok"`,
      });
    }
    result.outcome = verdictOutcome(hook, input.event, {
      ...verdict,
      reason: verdict.reason ?? `the model check "${hook.name ?? "prompt hook"}" said no`,
    });
    return finish();
  } catch (error) {
    if (signal.aborted) {
      return finish(
        timedOut(signal)
          ? { kind: "timeout", message: `the model did not answer before the deadline; the request was cancelled` }
          : { kind: "aborted", message: "cancelled by the caller; the request was cancelled" },
      );
    }
    if (error instanceof ModelClientError) return finish({ kind: error.kind, message: error.message });
    return finish({ kind: "error", message: `the model request failed: ${(error as Error)?.message ?? error}` });
  } finally {
    dispose();
  }
}

function rowOf(event: string): { loopGuard: boolean } | undefined {
  return isHookEvent(event) ? HOOK_EVENTS[event] : undefined;
}
