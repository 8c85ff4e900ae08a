// hook-run serve's GET /metrics, scraped over real HTTP from a real server
// and read with a small parser of Prometheus' text exposition format
// (version 0.0.4), so what a scraper would reject fails here.

import { deepEqual, equal, ok } from "node:assert/strict";
import { eventually, post, serve, withConfig } from "../cli/_serve.ts";
import { ServeMetrics } from "../../src/server/_metrics.ts";

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

interface Exposition {
  types: Map<string, string>;
  samples: Sample[];
}

/** Parses the exposition format, throwing on anything a scraper would reject. */
function parseExposition(text: string): Exposition {
  const types = new Map<string, string>();
  const helps = new Set<string>();
  const samples: Sample[] = [];
  if (!text.endsWith("\n")) throw new SyntaxError("the exposition must end with a line break");
  for (const line of text.slice(0, -1).split("\n")) {
    if (line.startsWith("# HELP ")) {
      helps.add(line.split(" ")[2]!);
      continue;
    }
    if (line.startsWith("# TYPE ")) {
      const [, , name, type] = line.split(" ");
      if (!["counter", "gauge", "histogram", "summary", "untyped"].includes(type!)) {
        throw new SyntaxError(`unknown type in "${line}"`);
      }
      if (types.has(name!)) throw new SyntaxError(`a second TYPE line for ${name}`);
      if (samples.some((sample) => familyOf(sample.name, types) === name)) {
        throw new SyntaxError(`the TYPE line of ${name} comes after its samples`);
      }
      types.set(name!, type!);
      continue;
    }
    if (line.startsWith("#") || line === "") throw new SyntaxError(`unexpected line "${line}"`);
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})? (\S+)$/.exec(line);
    if (match === null) throw new SyntaxError(`not a sample: "${line}"`);
    const value = match[3] === "+Inf" ? Infinity : Number(match[3]);
    if (Number.isNaN(value)) throw new SyntaxError(`not a number in "${line}"`);
    samples.push({ name: match[1]!, labels: parseLabels(match[2] ?? "{}"), value });
  }
  for (const sample of samples) {
    const family = familyOf(sample.name, types);
    if (family === undefined) throw new SyntaxError(`${sample.name} has no TYPE line`);
    if (!helps.has(family)) throw new SyntaxError(`${family} has no HELP line`);
    if (types.get(family) === "counter" && !family.endsWith("_total")) {
      throw new SyntaxError(`the counter ${family} does not end in _total`);
    }
  }
  return { types, samples };
}

/** The family a sample belongs to: itself, or a histogram's name without _bucket, _sum or _count. */
function familyOf(name: string, types: Map<string, string>): string | undefined {
  if (types.has(name)) return name;
  const base = name.replace(/_(bucket|sum|count)$/, "");
  return types.get(base) === "histogram" ? base : undefined;
}

/** `{a="x",b="y\"z"}`, with the format's three escapes. */
function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text.slice(1, -1);
  while (rest !== "") {
    const found = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\[\\"n])*)"(,|$)/.exec(rest);
    if (found === null) throw new SyntaxError(`bad labels: ${text}`);
    if (found[1]! in labels) throw new SyntaxError(`label ${found[1]} twice in ${text}`);
    labels[found[1]!] = found[2]!.replace(/\\(.)/g, (_, c: string) => c === "n" ? "\n" : c);
    rest = rest.slice(found[0].length);
  }
  return labels;
}

function key(sample: Sample): string {
  return `${sample.name}${JSON.stringify(Object.entries(sample.labels).sort())}`;
}

function value(exposition: Exposition, name: string, labels: Record<string, string> = {}): number | undefined {
  return exposition.samples.find((sample) =>
    sample.name === name && Object.entries(labels).every(([label, text]) => sample.labels[label] === text)
  )?.value;
}

/** Every histogram's buckets grow with `le`, end at +Inf, and +Inf is the count. */
function checkHistograms(exposition: Exposition): number {
  let checked = 0;
  for (const [family, type] of exposition.types) {
    if (type !== "histogram") continue;
    const series = new Map<string, Sample[]>();
    for (const sample of exposition.samples.filter((s) => s.name === `${family}_bucket`)) {
      const { le: _, ...rest } = sample.labels;
      const id = JSON.stringify(rest);
      series.set(id, [...series.get(id) ?? [], sample]);
    }
    for (const [id, buckets] of series) {
      const bounds = buckets.map((bucket) => bucket.labels.le === "+Inf" ? Infinity : Number(bucket.labels.le));
      deepEqual(bounds, [...bounds].sort((a, b) => a - b), `${family}${id}: buckets in order of le`);
      equal(bounds.at(-1), Infinity, `${family}${id}: the last bucket is +Inf`);
      for (let i = 1; i < buckets.length; i++) {
        ok(buckets[i]!.value >= buckets[i - 1]!.value, `${family}${id}: cumulative buckets never decrease`);
      }
      const labels = JSON.parse(id) as Record<string, string>;
      equal(buckets.at(-1)!.value, value(exposition, `${family}_count`, labels), `${family}${id}: +Inf is the count`);
      ok(value(exposition, `${family}_sum`, labels) !== undefined, `${family}${id}: has a sum`);
      checked++;
    }
  }
  return checked;
}

const TOKEN = { HOOKGATE_TEST_TOKEN: "s3cret-token" };
const BEARER = { authorization: "Bearer s3cret-token" };
const HOOKS = {
  PreToolUse: [{
    name: "no-rm",
    matcher: "bash",
    command: "grep -q 'rm ' && { echo 'no rm here' >&2; exit 2; } || true",
  }],
  PostToolUse: [{ name: "broken-linter", command: "exit 1" }],
};

async function scrape(url: string, headers: Record<string, string> = BEARER): Promise<Exposition> {
  const response = await fetch(`${url}/metrics`, { headers });
  equal(response.status, 200);
  equal(response.headers.get("content-type"), "text/plain; version=0.0.4; charset=utf-8");
  return parseExposition(await response.text());
}

Deno.test("hook-run serve GET /metrics counts calls, decisions, latency, failures and reloads in the exposition format", async () => {
  await withConfig(HOOKS, async (dir, config) => {
    const server = await serve(["--config", config, "--token-env", "HOOKGATE_TEST_TOKEN"], { cwd: dir, env: TOKEN });
    try {
      const call = (command: string) =>
        post(`${server.url}/hooks/PreToolUse`, {
          hook_event_name: "PreToolUse",
          session_id: "s-1",
          cwd: dir,
          tool_name: "Bash",
          tool_input: { command },
        }, BEARER);
      const refused = await fetch(`${server.url}/metrics`);
      await refused.body?.cancel();
      equal(refused.status, 401, "the token guards /metrics as it guards /hooks");

      equal((await call("ls")).text, "{}\n");
      const first = await scrape(server.url);
      ok(checkHistograms(first) >= 1);
      equal(value(first, "hookgate_calls_total", { event: "PreToolUse", status: "200" }), 1);
      equal(value(first, "hookgate_decisions_total", { event: "PreToolUse", decision: "none" }), 1);

      ok((await call("rm -rf /")).text.includes('"permissionDecision":"deny"'));
      await post(`${server.url}/hooks/PostToolUse`, {
        hook_event_name: "PostToolUse",
        cwd: dir,
        tool_name: "Bash",
        tool_input: { command: "ls" },
        tool_response: "a b",
      }, BEARER);
      // Event names hookgate does not know share one label value: the series stay bounded.
      for (const name of ["Nope", "NotAnEvent", "Other"]) {
        equal((await post(`${server.url}/hooks/${name}`, {}, BEARER)).status, 400);
      }
      await Deno.writeTextFile(config, JSON.stringify({ hooks: { PreToolUse: HOOKS.PreToolUse } }));
      let second = first;
      await eventually(async () => {
        second = await scrape(server.url);
        return value(second, "hookgate_reloads_total", { result: "ok" }) === 1;
      }, "the reload counted");

      for (const sample of first.samples) {
        if (first.types.get(familyOf(sample.name, first.types)!) !== "counter") continue;
        const later = second.samples.find((other) => key(other) === key(sample));
        ok(later !== undefined && later.value >= sample.value, `${key(sample)} never goes down`);
      }
      ok(checkHistograms(second) >= 2, "a histogram per event called");
      equal(value(second, "hookgate_calls_total", { event: "PreToolUse", status: "200" }), 2);
      equal(value(second, "hookgate_decisions_total", { event: "PreToolUse", decision: "deny" }), 1);
      equal(value(second, "hookgate_calls_total", { event: "unknown", status: "400" }), 3);
      equal(second.samples.filter((s) => s.name === "hookgate_calls_total" && s.labels.status === "400").length, 1);
      equal(value(second, "hookgate_call_duration_seconds_count", { event: "PreToolUse" }), 2);
      equal(value(second, "hookgate_hook_failures_total", { kind: "exit" }), 1, "the PostToolUse hook's exit 1");
      equal(value(second, "hookgate_calls_in_flight"), 0);
      equal(value(second, "hookgate_build_info", { version: "0.1.0" }), 1);
      ok(value(second, "process_resident_memory_bytes")! > 0);
      ok(value(second, "hookgate_heap_used_bytes")! > 0);
      equal(second.types.get("hookgate_calls_in_flight"), "gauge");
      equal(second.types.get("hookgate_call_duration_seconds"), "histogram");
    } finally {
      equal((await server.stop()).code, 0);
    }
  });
});

Deno.test("hook-run serve --metrics-open lets a scraper without the token read /metrics, and only /metrics", async () => {
  await withConfig(HOOKS, async (dir, config) => {
    const server = await serve(["--config", config, "--token-env", "HOOKGATE_TEST_TOKEN", "--metrics-open"], {
      cwd: dir,
      env: TOKEN,
    });
    try {
      const exposition = await scrape(server.url, {});
      equal(value(exposition, "hookgate_calls_in_flight"), 0);
      const call = await post(`${server.url}/hooks/PreToolUse`, {
        hook_event_name: "PreToolUse",
        cwd: dir,
        tool_name: "Bash",
        tool_input: { command: "ls" },
      });
      ok(call.text.includes('"permissionDecision":"deny"'), "a call without the token is still refused: the block");
      const after = await scrape(server.url, {});
      equal(value(after, "hookgate_decisions_total", { event: "PreToolUse", decision: "deny" }), 1);
    } finally {
      equal((await server.stop()).code, 0);
    }
  });
});

Deno.test("ServeMetrics.render() escapes label values and keeps histograms cumulative", () => {
  const metrics = new ServeMetrics('1.0 "beta"\\build\nx');
  for (const seconds of [0.0005, 0.003, 0.003, 0.2, 100]) metrics.called("Stop", 200, "block", seconds);
  metrics.called("NotAnEvent", 404, "none", 0.001);
  const exposition = parseExposition(metrics.render(3));
  equal(value(exposition, "hookgate_build_info", { version: '1.0 "beta"\\build\nx' }), 1);
  equal(checkHistograms(exposition), 2);
  equal(value(exposition, "hookgate_call_duration_seconds_bucket", { event: "Stop", le: "0.001" }), 1);
  equal(value(exposition, "hookgate_call_duration_seconds_bucket", { event: "Stop", le: "0.005" }), 3);
  equal(value(exposition, "hookgate_call_duration_seconds_bucket", { event: "Stop", le: "60" }), 4);
  equal(value(exposition, "hookgate_call_duration_seconds_bucket", { event: "Stop", le: "+Inf" }), 5);
  equal(value(exposition, "hookgate_calls_total", { event: "unknown", status: "404" }), 1);
  equal(value(exposition, "hookgate_calls_in_flight"), 3);
});
