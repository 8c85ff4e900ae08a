// An agent with its own tracer provider (no Deno exporter: OTEL_DENO is
// unset), registered through @opentelemetry/api before it makes a runner;
// prints the spans hookgate made, as JSON lines. With "none" as argument
// it registers nothing and prints whether hookgate set anything up.
import { trace } from "@opentelemetry/api";
import type { Span, SpanOptions, Tracer, TracerProvider } from "@opentelemetry/api";
import { HookRegistry, HookRunner, telemetryActive } from "../../../mod.ts";

const finished: { name: string; attributes: Record<string, unknown>; parent: boolean }[] = [];
let ids = 0;

function recordingSpan(name: string, options: SpanOptions, parent: boolean): Span {
  const attributes: Record<string, unknown> = { ...options.attributes };
  const spanId = (++ids).toString(16).padStart(16, "0");
  const span: Span = {
    spanContext: () => ({ traceId: "1".repeat(32), spanId, traceFlags: 1 }),
    setAttribute: (key, value) => (attributes[key] = value, span),
    setAttributes: (more) => (Object.assign(attributes, more), span),
    addEvent: () => span,
    addLink: () => span,
    addLinks: () => span,
    setStatus: () => span,
    updateName: () => span,
    end: () => void finished.push({ name, attributes, parent }),
    isRecording: () => true,
    recordException: () => {},
  };
  return span;
}

const tracer: Tracer = {
  startSpan: (name, options = {}, context) =>
    recordingSpan(name, options, context !== undefined && trace.getSpan(context) !== undefined),
  startActiveSpan: (() => {
    throw new Error("not used");
  }) as Tracer["startActiveSpan"],
};
const provider: TracerProvider = { getTracer: () => tracer };

const none = Deno.args[0] === "none";
if (!none) trace.setGlobalTracerProvider(provider);
const registry = new HookRegistry();
registry.registerInProcess("Stop", undefined, () => ({ decision: "block", reason: "run the tests" }), "agent", {
  name: "keep-going",
});
const runner = new HookRunner({ registry, sessionId: () => "s-agent" });
await runner.stop({ cwd: Deno.cwd() });
Deno.stdout.writeSync(new TextEncoder().encode(JSON.stringify({ active: telemetryActive(), spans: finished })));
