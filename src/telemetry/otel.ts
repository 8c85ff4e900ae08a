// The OpenTelemetry side of the runner's telemetry: one span per event run
// with a child span per hook, and four instruments, all through the global
// `@opentelemetry/api` providers (Deno's exporter under OTEL_DENO=true, or
// an embedding agent's own). Loaded only by `openTelemetryObserver`, so a
// process with telemetry off never imports the package.
//
// Spans are made when a run has finished, with the run's own start and end
// times: the run itself pays nothing for them, and a run that finished
// inline stays inline. They are children of whatever span is active where
// the run was called, so an agent's own trace holds them.

import {
  type Attributes,
  type Context,
  context,
  type Counter,
  type Histogram,
  metrics,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
  type Tracer,
} from "@opentelemetry/api";
import { readGrantedEnv } from "../_internal/env.ts";
import { ATTRIBUTES, METRICS, runDecision } from "./_attributes.ts";
import type { ObservedHook, ObservedRun, RunObserver, TelemetryOptions } from "./types.ts";

const SCOPE = "hookgate";
const SCOPE_VERSION = "0.1.0";

/** Spans and metrics for each observed run. */
export class OtelRunObserver implements RunObserver {
  #tracer: Tracer;
  #content: boolean;
  #decisions: Counter;
  #duration: Histogram;
  #failures: Counter;
  #killed: Counter;
  #sha256: (bytes: Uint8Array) => string;

  constructor(options: TelemetryOptions, sha256: (bytes: Uint8Array) => string) {
    this.#sha256 = sha256;
    this.#content = options.recordContent === true || readGrantedEnv("HOOKGATE_OTEL_CONTENT") === "1";
    this.#tracer = trace.getTracer(SCOPE, SCOPE_VERSION);
    const meter = metrics.getMeter(SCOPE, SCOPE_VERSION);
    this.#decisions = meter.createCounter(METRICS.decisions.name, METRICS.decisions.options);
    this.#duration = meter.createHistogram(METRICS.duration.name, METRICS.duration.options);
    this.#failures = meter.createCounter(METRICS.failures.name, METRICS.failures.options);
    this.#killed = meter.createCounter(METRICS.killed.name, METRICS.killed.options);
  }

  capture(): unknown {
    return context.active();
  }

  observe(run: ObservedRun): void {
    const decision = run.result === undefined ? "error" : runDecision(run.result);
    const attributes: Attributes = {
      [ATTRIBUTES.event]: run.event,
      [ATTRIBUTES.sessionId]: run.sessionId,
      [ATTRIBUTES.decision]: decision,
      [ATTRIBUTES.contextAdded]: run.result?.additionalContext !== undefined,
      [ATTRIBUTES.hooksRun]: run.hooks.length,
    };
    const toolName = run.fields.toolName;
    if (typeof toolName === "string") attributes[ATTRIBUTES.toolName] = toolName;
    this.#describe(attributes, ATTRIBUTES.toolInput, run.fields.toolInput);
    this.#describe(attributes, ATTRIBUTES.prompt, run.fields.prompt);
    if (this.#content && typeof run.result?.reason === "string") attributes[ATTRIBUTES.reason] = run.result.reason;
    const span = this.#tracer.startSpan(`hookgate ${run.event}`, {
      kind: SpanKind.INTERNAL,
      startTime: run.startedAt,
      attributes,
    }, (run.parent as Context | undefined) ?? context.active());
    if (run.error !== undefined) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: this.#content ? String(run.error) : "the run threw" });
      span.setAttribute(ATTRIBUTES.errorType, run.error instanceof Error ? run.error.name : "Error");
    }
    const parent = trace.setSpan((run.parent as Context | undefined) ?? context.active(), span);
    for (const hook of run.hooks) this.#hook(hook, run.event, parent);
    span.end(run.startedAt + run.durationMs);
    this.#decisions.add(1, { [ATTRIBUTES.event]: run.event, [ATTRIBUTES.decision]: decision });
  }

  #hook(hook: ObservedHook, event: string, parent: Context): void {
    const attributes: Attributes = {
      [ATTRIBUTES.event]: event,
      [ATTRIBUTES.hookName]: hook.name,
      [ATTRIBUTES.transport]: hook.transport,
      [ATTRIBUTES.dialect]: hook.dialect,
      [ATTRIBUTES.stage]: hook.stage,
      [ATTRIBUTES.durationMs]: hook.durationMs,
      [ATTRIBUTES.killed]: hook.killed,
      [ATTRIBUTES.contextAdded]: hook.context === true,
    };
    if (hook.owner !== undefined) attributes[ATTRIBUTES.owner] = hook.owner;
    if (hook.action !== undefined) attributes[ATTRIBUTES.outcome] = hook.action;
    if (hook.failure !== undefined) {
      attributes[ATTRIBUTES.failure] = hook.failure;
      attributes[ATTRIBUTES.errorType] = hook.failure;
      if (this.#content && hook.failureMessage !== undefined) {
        attributes[ATTRIBUTES.failureMessage] = hook.failureMessage;
      }
    }
    if (this.#content && hook.reason !== undefined) attributes[ATTRIBUTES.reason] = hook.reason;
    if (hook.rule !== undefined) attributes[ATTRIBUTES.rule] = hook.rule;
    if (hook.exitCode !== undefined) attributes[ATTRIBUTES.exitCode] = hook.exitCode;
    if (hook.httpStatus !== undefined) attributes[ATTRIBUTES.httpStatus] = hook.httpStatus;
    if (hook.model !== undefined) attributes[ATTRIBUTES.model] = hook.model;
    const span: Span = this.#tracer.startSpan(`hookgate.hook ${hook.name}`, {
      kind: hook.transport === "http" || hook.transport === "prompt" ? SpanKind.CLIENT : SpanKind.INTERNAL,
      startTime: hook.startedAt,
      attributes,
    }, parent);
    if (hook.failure !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: hook.failure });
    span.end(hook.startedAt + hook.durationMs);
    const byTransport = { [ATTRIBUTES.transport]: hook.transport };
    this.#duration.record(hook.durationMs / 1000, byTransport);
    if (hook.failure !== undefined) {
      this.#failures.add(1, { ...byTransport, [ATTRIBUTES.failure]: hook.failure, [ATTRIBUTES.event]: event });
    }
    if (hook.killed) this.#killed.add(1, byTransport);
  }

  /** A value as its size and SHA-256 hash, or itself when content is recorded. */
  #describe(attributes: Attributes, key: string, value: unknown): void {
    if (value === undefined) return;
    const text = typeof value === "string" ? value : JSON.stringify(value) ?? "";
    if (this.#content) attributes[key] = text;
    const bytes = new TextEncoder().encode(text);
    attributes[`${key}.size`] = bytes.length;
    attributes[`${key}.sha256`] = this.#sha256(bytes);
  }
}
