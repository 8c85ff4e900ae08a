/**
 * Whether telemetry is on in this process, and the one place that loads
 * the OpenTelemetry exporter side — by a dynamic import, so a process with
 * telemetry off never loads `@opentelemetry/api`.
 *
 * @module
 */

import type { RunObserver, TelemetryOptions } from "./types.ts";

// Where version 1 of the OpenTelemetry JavaScript API keeps its registered
// providers (Deno registers its own there when OTEL_DENO=true, and an
// agent's `trace.setGlobalTracerProvider` does too): reading it costs no
// import.
const OTEL_API_GLOBAL = Symbol.for("opentelemetry.js.api.1");

/**
 * Whether an OpenTelemetry API is registered in this process: Deno's own
 * (`OTEL_DENO=true`), or a tracer or meter provider an embedding agent
 * registered with `@opentelemetry/api`.
 *
 * @returns `true` when spans and metrics would go somewhere.
 *
 * @example Off in a plain test process
 * ```ts
 * import { telemetryActive } from "@hookgate/core";
 *
 * console.log(telemetryActive() ? "telemetry on" : "telemetry off");
 * ```
 */
export function telemetryActive(): boolean {
  const registered = (globalThis as Record<symbol, unknown>)[OTEL_API_GLOBAL] as
    | { trace?: unknown; metrics?: unknown }
    | undefined;
  return registered !== undefined && (registered.trace !== undefined || registered.metrics !== undefined);
}

/**
 * Loads the OpenTelemetry observer: spans and metrics through the global
 * `@opentelemetry/api` providers (Deno's exporter, or the agent's own).
 *
 * @param options Whether content goes into attributes.
 * @returns The observer.
 * @throws {Error} When `@opentelemetry/api` cannot be loaded (as a rejected promise).
 *
 * @example Observe a run by hand
 * ```ts
 * import { openTelemetryObserver } from "@hookgate/core";
 *
 * const observer = await openTelemetryObserver({});
 * observer.observe({
 *   event: "Stop",
 *   fields: {},
 *   sessionId: "s-1",
 *   startedAt: Date.now(),
 *   durationMs: 0,
 *   result: {},
 *   hooks: [],
 * });
 * ```
 */
export async function openTelemetryObserver(options: TelemetryOptions): Promise<RunObserver> {
  // node:crypto by a dynamic import of its own: a bundle that inlines the
  // observer must not turn it into an import every start-up pays.
  const [{ OtelRunObserver }, { createHash }] = await Promise.all([import("./otel.ts"), import("node:crypto")]);
  return new OtelRunObserver(options, (bytes) => createHash("sha256").update(bytes).digest("hex"));
}
