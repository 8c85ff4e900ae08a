/**
 * The prompt transport: a hook as a question to a model, answered with
 * `{"ok": boolean, "reason"?: string}`.
 *
 * @module
 */

import { encodePayload } from "../dialects/payload.ts";
import { type ModelClient, ModelClientError, type ModelsConfig } from "../models/client.ts";
import { createModelClient } from "../models/create.ts";
import type { HookInput, HookRunResult, Logger, PromptHook } from "../types.ts";
import { DEFAULT_PROMPT_TIMEOUT_MS } from "../registry.ts";
import { deadlineSignal, detailedResult, timedOut } from "./_shared.ts";

/**
 * The system instruction every prompt hook sends: what to judge and the
 * exact answer shape.
 *
 * @example
 * ```ts
 * import { PROMPT_HOOK_SYSTEM } from "@hookgate/core";
 * import { ok } from "node:assert/strict";
 *
 * ok(PROMPT_HOOK_SYSTEM.includes('{"ok": true}'));
 * ```
 */
export const PROMPT_HOOK_SYSTEM: string = "You are a policy check inside an AI coding agent's hook system. " +
  "The user message contains an instruction and the JSON of an agent event (a tool call, a prompt, a stop). " +
  'Decide whether the event is acceptable under the instruction. Answer with one JSON object and nothing else: {"ok": true} ' +
  'if it is acceptable, or {"ok": false, "reason": "<one sentence the agent can act on>"} if it is not.';

/**
 * Options of {@linkcode runPromptHookDetailed}.
 *
 * @example A host-supplied client
 * ```ts
 * import type { RunPromptHookOptions } from "@hookgate/core";
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
 * import type { PromptHookResult } from "@hookgate/core";
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
 * Asks a model whether an event fits the hook's instruction.
 *
 * The template's `$ARGUMENTS` is replaced by the payload JSON (`\$`
 * escapes a literal dollar sign); without it the JSON is appended. The
 * answer is the first JSON object in the text that has a boolean `ok` (a
 * code fence or surrounding prose is fine). `ok: true` allows; `ok: false`
 * denies with the model's `reason`. No client, a failed or refused request,
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
 * import { runPromptHookDetailed } from "@hookgate/core";
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

  const resolved = resolveModel(hook.model, options);
  if (typeof resolved === "string") return finish({ kind: "error", message: resolved });
  result.model = resolved.model;
  const prompt = renderPrompt(hook.prompt, encodePayload(input, hook.dialect));
  result.prompt = prompt;

  const { signal, dispose } = deadlineSignal(hook.timeoutMs ?? DEFAULT_PROMPT_TIMEOUT_MS, options);
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
    const verdict = parseModelVerdict(answer);
    if (verdict === null) {
      return finish({
        kind: "invalid_output",
        message: `the model's answer (${answer.length} characters) has no JSON object with a boolean "ok"`,
      });
    }
    result.outcome = verdict.ok
      ? { action: "allow" }
      : { action: "deny", reason: verdict.reason ?? `the model check "${hook.name ?? "prompt hook"}" said no` };
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

/**
 * Fills a prompt template: `$ARGUMENTS` becomes the payload JSON, `\$`
 * becomes `$`; without `$ARGUMENTS` the JSON is appended after a blank line.
 *
 * @param template The hook's prompt.
 * @param payloadJson The payload as JSON text.
 * @returns The prompt to send.
 *
 * @example
 * ```ts
 * import { renderPrompt } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * equal(renderPrompt("Check: $ARGUMENTS", '{"a":1}'), 'Check: {"a":1}');
 * equal(renderPrompt("Cost \\$5?", "{}"), "Cost $5?\n\n{}");
 * ```
 */
export function renderPrompt(template: string, payloadJson: string): string {
  let substituted = false;
  const text = template.replace(/\\\$|\$ARGUMENTS\b/g, (match) => {
    if (match === "\\$") return "$";
    substituted = true;
    return payloadJson;
  });
  return substituted ? text : `${text}\n\n${payloadJson}`;
}

/**
 * Finds the verdict in a model's answer: the first JSON object in the text
 * (inside a code fence or surrounded by prose) that has a boolean `ok`.
 *
 * @param text The model's answer.
 * @returns `{ok, reason?}`, or `null` when there is none.
 *
 * @example
 * ```ts
 * import { parseModelVerdict } from "@hookgate/core";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * deepEqual(parseModelVerdict('Sure! {"ok": false, "reason": "too broad"} Hope that helps.'), {
 *   ok: false,
 *   reason: "too broad",
 * });
 * equal(parseModelVerdict("I think it is fine."), null);
 * ```
 */
export function parseModelVerdict(text: string): { ok: boolean; reason?: string } | null {
  let start = text.indexOf("{");
  while (start !== -1) {
    const end = objectEnd(text, start);
    let value: unknown = undefined;
    if (end !== -1) {
      try {
        value = JSON.parse(text.slice(start, end + 1));
      } catch {
        // Braces in prose: try the next one.
      }
    }
    if (value !== undefined) {
      const { ok, reason } = value as { ok?: unknown; reason?: unknown };
      if (typeof ok === "boolean") {
        return typeof reason === "string" && reason.trim() !== "" ? { ok, reason } : { ok };
      }
      // A JSON object without a verdict: its nested objects do not count.
      start = text.indexOf("{", end + 1);
    } else {
      start = text.indexOf("{", start + 1);
    }
  }
  return null;
}

/** The index of the `}` closing the object opened at `start`, or -1. */
function objectEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === "{") {
      depth++;
    } else if (char === "}" && --depth === 0) {
      return i;
    }
  }
  return -1;
}

/** Which client and model a hook uses, or why there is none. */
function resolveModel(
  requested: string | undefined,
  options: RunPromptHookOptions,
): { client: ModelClient; model: string } | string {
  const endpoints = options.models?.endpoints ?? {};
  const clientOptions = options.getEnv ? { getEnv: options.getEnv } : {};
  if (requested !== undefined && Object.hasOwn(endpoints, requested)) {
    const endpoint = endpoints[requested]!;
    return { client: createModelClient(endpoint, clientOptions), model: endpoint.model };
  }
  const defaultName = options.models?.default;
  const fallback = defaultName !== undefined ? endpoints[defaultName] : undefined;
  if (fallback !== undefined) {
    return {
      client: options.client ?? createModelClient(fallback, clientOptions),
      model: requested ?? fallback.model,
    };
  }
  if (options.client !== undefined) return { client: options.client, model: requested ?? "" };
  return requested === undefined
    ? 'no model client is configured: add a "models" section with a "default" entry, or give the runner a modelClient'
    : `no model "${requested}" is configured and there is no default: add it to "models", or set "models.default"`;
}
