// A real OTLP/HTTP JSON receiver on loopback: it keeps every body it is
// sent, as bytes, so a test can look for what must never leave the process.

/** One OTLP export as received. */
export interface Export {
  path: string;
  text: string;
}

/** A span as the OTLP JSON encoding carries it, attributes flattened. */
export interface ReceivedSpan {
  name: string;
  spanId: string;
  parentSpanId: string;
  traceId: string;
  status: { code?: number };
  attributes: Record<string, unknown>;
}

/** A receiver; `close()` (or `await using`) stops it. */
export interface OtlpReceiver extends AsyncDisposable {
  readonly endpoint: string;
  readonly exports: Export[];
  /** Every span received so far. */
  spans(): ReceivedSpan[];
  /** Every data point received so far, by metric name, attributes flattened. */
  points(name: string): { attributes: Record<string, unknown>; value: unknown }[];
  /** Waits until `ready()` holds for what was received, polling. */
  until(ready: (receiver: OtlpReceiver) => boolean, what: string): Promise<void>;
  close(): Promise<void>;
}

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };

function flatten(attributes: { key: string; value: AnyValue }[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key, value } of attributes ?? []) {
    out[key] = value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : undefined) ??
      value.boolValue ?? value.doubleValue;
  }
  return out;
}

/** Starts a receiver on 127.0.0.1. */
export function startReceiver(): OtlpReceiver {
  const exports: Export[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    exports.push({ path: new URL(request.url).pathname, text: await request.text() });
    return new Response("{}", { headers: { "content-type": "application/json" } });
  });
  const receiver: OtlpReceiver = {
    endpoint: `http://127.0.0.1:${server.addr.port}`,
    exports,
    spans() {
      const spans: ReceivedSpan[] = [];
      for (const sent of exports.filter((e) => e.path === "/v1/traces")) {
        for (const resource of JSON.parse(sent.text).resourceSpans ?? []) {
          for (const scope of resource.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) spans.push({ ...span, attributes: flatten(span.attributes) });
          }
        }
      }
      return spans;
    },
    points(name) {
      const points: { attributes: Record<string, unknown>; value: unknown }[] = [];
      for (const sent of exports.filter((e) => e.path === "/v1/metrics")) {
        for (const resource of JSON.parse(sent.text).resourceMetrics ?? []) {
          for (const scope of resource.scopeMetrics ?? []) {
            for (const metric of scope.metrics ?? []) {
              if (metric.name !== name) continue;
              const data = metric.sum ?? metric.histogram ?? metric.gauge;
              for (const point of data?.dataPoints ?? []) {
                points.push({
                  attributes: flatten(point.attributes),
                  value: point.asInt !== undefined ? Number(point.asInt) : point.asDouble ?? Number(point.count),
                });
              }
            }
          }
        }
      }
      return points;
    },
    async until(ready, what) {
      for (let i = 0; i < 200; i++) {
        if (ready(receiver)) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`The OTLP receiver never got ${what}; it got: ${exports.map((e) => e.path).join(", ")}`);
    },
    close: () => server.shutdown(),
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
  return receiver;
}

/** The environment that turns Deno's exporter on, towards `receiver`. */
export function otelEnv(receiver: OtlpReceiver): Record<string, string> {
  return {
    OTEL_DENO: "true",
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_SERVICE_NAME: "hookgate-test",
  };
}
