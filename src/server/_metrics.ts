// hook-run serve's GET /metrics: counters kept in memory and written in
// Prometheus' text exposition format (version 0.0.4). Every label takes
// values from a finite set — the event names hookgate knows (any other
// name is "unknown"), the HTTP statuses the server answers with, the
// decision and failure kinds — so the series, and the memory they hold,
// stay bounded whatever callers send.

import type { AnyHookEventResult, HookEvent } from "../events/event_map.ts";
import { HOOK_EVENT_NAMES } from "../events/table.ts";
import type { HookInvocationRecord } from "../runner/types.ts";

/** What a call decided, as /metrics and the audit log name it. */
export type DecisionKind = "allow" | "deny" | "ask" | "defer" | "block" | "none";

/** The media type of the exposition format /metrics answers in. */
export const METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

/** The upper bounds of the call latency histogram's buckets, in seconds. */
export const LATENCY_BUCKETS: readonly number[] = [
  0.001,
  0.0025,
  0.005,
  0.01,
  0.025,
  0.05,
  0.1,
  0.25,
  0.5,
  1,
  2.5,
  5,
  10,
  30,
  60,
];

const EVENTS = new Set<string>(HOOK_EVENT_NAMES);
const FAILURE_KINDS = new Set(["aborted", "error", "exit", "invalid_output", "rejected", "timeout"]);

/** One latency histogram: a count per bucket (not cumulative; the last is +Inf), the sum and the count. */
interface Histogram {
  buckets: number[];
  sum: number;
  count: number;
}

/** The counters of one server, and their exposition. */
export class ServeMetrics {
  #version: string;
  #calls = new Map<string, number>();
  #decisions = new Map<string, number>();
  #latency = new Map<string, Histogram>();
  #failures = new Map<string, number>();
  #reloads = new Map<string, number>();
  #recorded = 0;
  #recordFailures = 0;
  #rotations = 0;

  constructor(version: string) {
    this.#version = version;
  }

  /** One call answered: its event (any name; unknown ones share one label), status, decision and duration. */
  called(event: string | undefined, status: number, decision: DecisionKind, seconds: number): void {
    const name = eventLabel(event);
    bump(this.#calls, `${name}\0${status}`);
    bump(this.#decisions, `${name}\0${decision}`);
    let histogram = this.#latency.get(name);
    if (histogram === undefined) {
      histogram = { buckets: new Array(LATENCY_BUCKETS.length + 1).fill(0), sum: 0, count: 0 };
      this.#latency.set(name, histogram);
    }
    let bucket = LATENCY_BUCKETS.findIndex((bound) => seconds <= bound);
    if (bucket === -1) bucket = LATENCY_BUCKETS.length;
    histogram.buckets[bucket]!++;
    histogram.sum += seconds;
    histogram.count++;
  }

  /** One hook invocation: counted when it failed, by the failure's kind. */
  invoked(record: HookInvocationRecord): void {
    if (record.failure === undefined) return;
    bump(this.#failures, FAILURE_KINDS.has(record.failure.kind) ? record.failure.kind : "unknown");
  }

  /** A reload of the configuration, and whether it left it without errors. */
  reloaded(result: "ok" | "error"): void {
    bump(this.#reloads, result);
  }

  /** The audit log wrote a line, rotated its file, or lost a line. */
  recordOutcome(outcome: "written" | "rotated" | "failed"): void {
    if (outcome === "written") this.#recorded++;
    else if (outcome === "rotated") this.#rotations++;
    else this.#recordFailures++;
  }

  /**
   * The exposition: every metric with its HELP and TYPE lines.
   *
   * @param inFlight The calls being run now.
   */
  render(inFlight: number): string {
    const out: string[] = [];
    const family = (name: string, type: string, help: string) =>
      out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    family("hookgate_calls_total", "counter", "Calls to POST /hooks, by event and HTTP status.");
    for (const [key, value] of this.#calls) {
      const [event, status] = key.split("\0");
      out.push(`hookgate_calls_total${labels({ event: event!, status: status! })} ${value}`);
    }
    family("hookgate_decisions_total", "counter", "What calls decided, by event and kind (none: no decision).");
    for (const [key, value] of this.#decisions) {
      const [event, decision] = key.split("\0");
      out.push(`hookgate_decisions_total${labels({ event: event!, decision: decision! })} ${value}`);
    }
    family("hookgate_call_duration_seconds", "histogram", "Time from a call's arrival to its answer, by event.");
    for (const [event, histogram] of this.#latency) {
      let cumulative = 0;
      for (let i = 0; i <= LATENCY_BUCKETS.length; i++) {
        cumulative += histogram.buckets[i]!;
        const le = i === LATENCY_BUCKETS.length ? "+Inf" : String(LATENCY_BUCKETS[i]);
        out.push(`hookgate_call_duration_seconds_bucket${labels({ event, le })} ${cumulative}`);
      }
      out.push(`hookgate_call_duration_seconds_sum${labels({ event })} ${histogram.sum}`);
      out.push(`hookgate_call_duration_seconds_count${labels({ event })} ${histogram.count}`);
    }
    family("hookgate_calls_in_flight", "gauge", "Calls being run now.");
    out.push(`hookgate_calls_in_flight ${inFlight}`);
    family("hookgate_hook_failures_total", "counter", "Hook invocations that failed, by failure kind.");
    for (const [kind, value] of this.#failures) out.push(`hookgate_hook_failures_total${labels({ kind })} ${value}`);
    family("hookgate_reloads_total", "counter", "Configuration reloads, by result (error: the edit has errors).");
    for (const [result, value] of this.#reloads) out.push(`hookgate_reloads_total${labels({ result })} ${value}`);
    family("hookgate_record_lines_total", "counter", "Lines written to the --record audit log.");
    out.push(`hookgate_record_lines_total ${this.#recorded}`);
    family(
      "hookgate_record_failures_total",
      "counter",
      "Audit log lines lost: the write failed or fell too far behind.",
    );
    out.push(`hookgate_record_failures_total ${this.#recordFailures}`);
    family("hookgate_record_rotations_total", "counter", "Rotations of the --record audit log.");
    out.push(`hookgate_record_rotations_total ${this.#rotations}`);
    const memory = Deno.memoryUsage();
    family("process_resident_memory_bytes", "gauge", "Resident memory of the process, in bytes.");
    out.push(`process_resident_memory_bytes ${memory.rss}`);
    family("hookgate_heap_used_bytes", "gauge", "JavaScript heap in use, in bytes.");
    out.push(`hookgate_heap_used_bytes ${memory.heapUsed}`);
    family("hookgate_heap_total_bytes", "gauge", "JavaScript heap reserved, in bytes.");
    out.push(`hookgate_heap_total_bytes ${memory.heapTotal}`);
    family("hookgate_external_memory_bytes", "gauge", "Memory held outside the heap by JavaScript objects, in bytes.");
    out.push(`hookgate_external_memory_bytes ${memory.external}`);
    family("hookgate_build_info", "gauge", "Always 1; the version of hookgate serving.");
    out.push(`hookgate_build_info${labels({ version: this.#version })} 1`);
    return out.join("\n") + "\n";
  }
}

/** What a block is called: a denial where it stops a tool call or a permission, else a block. */
export function blockKind(event: HookEvent): DecisionKind {
  return event === "PreToolUse" || event === "PermissionRequest" ? "deny" : "block";
}

/** What a run decided, as /metrics counts it. */
export function decisionOf(event: HookEvent, result: AnyHookEventResult): DecisionKind {
  const fields = result as { block?: boolean; decision?: string; halt?: boolean };
  if (fields.block === true) return blockKind(event);
  if (fields.decision === "allow" || fields.decision === "ask" || fields.decision === "defer") return fields.decision;
  return fields.halt === true ? "block" : "none";
}

/** An event's label: its name when hookgate knows it, else one shared value. */
function eventLabel(event: string | undefined): string {
  return event !== undefined && EVENTS.has(event) ? event : "unknown";
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** `{name="value",…}`, each value escaped as the exposition format says. */
function labels(pairs: Record<string, string>): string {
  const text = Object.entries(pairs).map(([name, value]) =>
    `${name}="${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`
  );
  return `{${text.join(",")}}`;
}
