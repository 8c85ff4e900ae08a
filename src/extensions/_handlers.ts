// How an `api.on` handler becomes a registry entry: an in-process hook on
// the event's own row — or, for tool_call and tool_result, on PreToolUse
// (validate stage, failure closed) and PostToolUse/PostToolUseFailure — that
// runs one after another with the other handlers (never together), that
// builds the typed event and the handler context, reports failures to the
// error listeners, and translates the handler's answer.

import { DEFAULT_EXTENSION_HANDLER_TIMEOUT_MS } from "../_internal/limits.ts";
import type { HookInvocationContext, InProcessHook } from "../events/hooks.ts";
import type { ExtensionEvent, RegistryEvent } from "../events/extension_map.ts";
import type { AnyHookOutcome } from "../events/outcome.ts";
import { normalizeOutcome, unknownKeys } from "../events/parse_outcome.ts";
import { describe, isPlainObject } from "../_internal/json.ts";
import type { HookInput } from "../events/payload.ts";
import type { HookRegistry } from "../registry/registry.ts";
import type { ExtensionHandler, ExtensionHandlerOptions, HookContext, HookUIContext } from "./types.ts";

/** What the handlers of one loaded module share. */
export interface ModuleScope {
  readonly registry: HookRegistry;
  readonly hookPath: string;
  /** The registry owner of the module's entries. */
  readonly owner: string;
  /** A short name for traces: the file name. */
  readonly label: string;
  readonly ui: HookUIContext;
  readonly hasUI: boolean;
  /** Reports a handler failure to the error listeners. */
  report(event: ExtensionEvent, error: unknown): void;
}

type AnyHandler = (event: Record<string, unknown>, ctx: HookContext) => unknown;

/** The payload keys every event has: not part of an extension event's data. */
const ENVELOPE = new Set(["event", "cwd", "sessionId", "transcriptPath", "permissionMode"]);

/** Registers `handler` for `event`; returns what removes it. */
export function registerHandler<E extends ExtensionEvent>(
  scope: ModuleScope,
  event: E,
  handler: ExtensionHandler<E>,
  options: ExtensionHandlerOptions = {},
): () => void {
  if (typeof handler !== "function") {
    throw new TypeError(`Cannot handle "${event}" in ${scope.label}: expected a function, got ${typeof handler}`);
  }
  const run = handler as unknown as AnyHandler;
  const registration = {
    name: options.name ?? `${scope.label}:${event}`,
    timeoutMs: options.timeoutMs ?? DEFAULT_EXTENSION_HANDLER_TIMEOUT_MS,
    // xcsh runs an event's handlers one after another in registration order
    // (the first tool_call block stops the rest), also on the hook events
    // whose native hooks run together (tool_result on PostToolUse).
    concurrent: false,
  };
  const register = (on: RegistryEvent, hook: InProcessHook, extra: { stage?: "validate"; failurePolicy?: "closed" }) =>
    scope.registry.registerInProcess(on, undefined, hook as never, scope.owner, { ...registration, ...extra });
  switch (event) {
    case "tool_call":
      // A throw, a timeout or a malformed answer blocks the tool: fail-safe.
      return register("PreToolUse", (input, runtime) => {
        const answer = call(scope, event, run, toolCallEvent(input), context(scope, input, runtime));
        return isThenable(answer)
          ? answer.then((value) => toolCallOutcome(scope, value))
          : toolCallOutcome(scope, answer);
      }, { stage: "validate", failurePolicy: "closed" });
    case "tool_result": {
      const offResult = register("PostToolUse", (input, runtime) => {
        const answer = call(scope, event, run, toolResultEvent(input, false), context(scope, input, runtime));
        const outcome = (value: unknown) => toolResultOutcome(scope, value);
        return isThenable(answer) ? answer.then(outcome) : outcome(answer);
      }, {});
      // A failed tool: handlers see it with isError; what they answer cannot change a failure.
      const offFailure = register("PostToolUseFailure", (input, runtime) => {
        const answer = call(scope, event, run, toolResultEvent(input, true), context(scope, input, runtime));
        return isThenable(answer) ? answer.then(() => undefined) : undefined;
      }, {});
      return () => {
        offResult();
        offFailure();
      };
    }
    default:
      return register(
        event as RegistryEvent,
        ((input: HookInput, runtime: HookInvocationContext) =>
          call(scope, event, run, eventOf(event, input), context(scope, input, runtime))) as InProcessHook,
        {},
      );
  }
}

function context(scope: ModuleScope, input: HookInput, runtime: HookInvocationContext): HookContext {
  return {
    cwd: input.cwd,
    sessionId: input.sessionId ?? "",
    // Read only when used: the runner makes a hook's signal on first read,
    // and a handler that answers at once never needs one.
    get signal() {
      return runtime.signal;
    },
    hasUI: scope.hasUI,
    ui: scope.ui,
    hookPath: scope.hookPath,
  };
}

/** Calls the handler; a throw, a rejection or a deadline reaches the error listeners. */
function call(
  scope: ModuleScope,
  event: ExtensionEvent,
  handler: AnyHandler,
  data: Record<string, unknown>,
  ctx: HookContext,
): unknown {
  let answer: unknown;
  try {
    answer = handler(data, ctx);
  } catch (error) {
    scope.report(event, error);
    throw error;
  }
  if (!isThenable(answer)) return answer;
  const onAbort = () => scope.report(event, ctx.signal.reason);
  ctx.signal.addEventListener("abort", onAbort, { once: true });
  return Promise.resolve(answer).then(
    (value) => {
      ctx.signal.removeEventListener("abort", onAbort);
      return value;
    },
    (error) => {
      ctx.signal.removeEventListener("abort", onAbort);
      if (!ctx.signal.aborted) scope.report(event, error);
      throw error;
    },
  );
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return value !== null && typeof value === "object" && typeof (value as PromiseLike<unknown>).then === "function";
}

/** An extension event as its handler sees it: `type` and the event's data. */
function eventOf(event: ExtensionEvent, input: HookInput): Record<string, unknown> {
  const data: Record<string, unknown> = { type: event };
  for (const key in input) {
    if (!ENVELOPE.has(key)) data[key] = (input as unknown as Record<string, unknown>)[key];
  }
  return data;
}

function toolCallEvent(input: HookInput): Record<string, unknown> {
  const data: Record<string, unknown> = { type: "tool_call", toolName: input.toolName, input: input.toolInput ?? {} };
  if (input.toolUseId !== undefined) data.toolCallId = input.toolUseId;
  return data;
}

function toolResultEvent(input: HookInput, failed: boolean): Record<string, unknown> {
  const data = toolCallEvent(input);
  data.type = "tool_result";
  if (failed) {
    data.content = [{ type: "text", text: input.error ?? "" }];
    data.isError = true;
  } else {
    data.content = input.toolResult?.content;
    if (input.toolResult?.details !== undefined) data.details = input.toolResult.details;
    data.isError = input.toolResult?.isError ?? false;
  }
  return data;
}

/**
 * `{block: true}` denies; nothing, `{}` or `{block: false}` lets the tool
 * run; a hook's outcome (`{action: "deny", reason}`) means what it means
 * for a hook; anything else is a broken handler, which blocks (the hook fails
 * closed). Read as an in-process hook's `{block, reason}` is: a `block` or
 * `reason` of the wrong type, or an object with neither, is refused.
 */
function toolCallOutcome(scope: ModuleScope, value: unknown): AnyHookOutcome | undefined {
  if (value === undefined || value === null) return undefined;
  // A hook's own vocabulary ({action: "deny", reason}, {decision: "block"})
  // is read as a hook's answer is: never a silent allow.
  if (isPlainObject(value) && ("action" in value || "decision" in value)) {
    const outcome = normalizeOutcome(value);
    if (typeof outcome !== "string") {
      return outcome.action === "allow" && outcome.reason === undefined ? undefined : outcome as AnyHookOutcome;
    }
    const error = new TypeError(`tool_call handler returned ${outcome}`);
    scope.report("tool_call", error);
    throw error;
  }
  const problem = toolCallProblem(value);
  if (problem !== undefined) {
    const error = new TypeError(`tool_call handler returned ${problem}; expected { block, reason } or nothing`);
    scope.report("tool_call", error);
    throw error;
  }
  const { block, reason } = value as { block?: boolean; reason?: string };
  if (block !== true) return undefined;
  return {
    action: "deny",
    reason: reason !== undefined && reason.trim() !== "" ? reason : `blocked by ${scope.label}`,
  };
}

const TOOL_CALL_FIELDS: ReadonlySet<string> = new Set(["block", "reason"]);

function toolCallProblem(value: unknown): string | undefined {
  if (!isPlainObject(value)) return describeValue(value);
  const { block, reason } = value;
  if (block !== undefined && typeof block !== "boolean") return `"block" as ${describe(block)}`;
  if (reason !== undefined && reason !== null && typeof reason !== "string") return `"reason" as ${describe(reason)}`;
  const keys = unknownKeys(value, TOOL_CALL_FIELDS);
  return keys === undefined ? undefined : `an object with neither "block" nor "reason" (${keys})`;
}

/** `{content?, details?}` replaces the tool's result; `isError` is not applied, as in the xcsh-style API. */
function toolResultOutcome(scope: ModuleScope, value: unknown): AnyHookOutcome | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) {
    const error = new TypeError(
      `tool_result handler returned ${describeValue(value)}; expected { content, details } or nothing`,
    );
    scope.report("tool_result", error);
    throw error;
  }
  const { content, details } = value as { content?: unknown; details?: unknown };
  if (content === undefined && details === undefined) return undefined;
  return {
    updatedToolResult: {
      ...(content === undefined ? {} : { content }),
      ...(details === undefined ? {} : { details }),
    },
  };
}

function describeValue(value: unknown): string {
  return Array.isArray(value) ? "an array" : `a ${typeof value}`;
}
