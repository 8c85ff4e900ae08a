// deno-lint-ignore-file no-console
// Load and memory: hookgate under concurrency and over long runs, where
// leaks show. Each scenario warms up, takes a snapshot (RSS and heap after a
// forced GC, open descriptors, processes), runs, and takes another:
//
//   1. 10 000 sequential in-process invocations
//   2. 1 000 sequential HTTP hooks to a loopback server
//   3. 100 concurrent tool calls through one runner, 3 command hooks each
//   4. hook-run serve (a real process) under 100 concurrent clients, with
//      (a) an in-process policy (an extension module) and (b) a command hook,
//      beside the floor: a bare Deno.serve policy server (bench/_floor_server.ts)
//   5. hook-run replay (a real process) of a 10 MB and a 100 MB Claude
//      transcript, and of 100 MB of tool calls that never get a result:
//      its peak RSS must not grow with the file
//
// It prints a Markdown table and the targets, met or not, for BENCHMARKS.md.
//
//   deno task bench:load                 (runs with --v8-flags=--expose-gc)
//   deno task bench:load --seconds 10    how long each serve run lasts
//   deno task bench:load --only replay   the scenarios whose name contains "replay"
//
// The task grants --allow-all: Deno 2.9.6 lets only that read /proc/<pid>/fd
// and /proc/<pid>/stat (and the bench spawns processes anyway).

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { HookRegistry, HookRunner } from "../mod.ts";
import { readReplayFile, Replay } from "../src/replay/mod.ts";
import { openDescriptors, processesOf } from "./_proc.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const seconds = Number(Deno.args[Deno.args.indexOf("--seconds") + 1]) || 10;
const CLIENTS = 100;
const MB = 1024 * 1024;
const env = { cwd: Deno.cwd() };
const ALLOW = { command: "ls -la" };
const DENY = { command: "rm -rf /" };

interface Memory {
  rss: number;
  heap: number;
}

/** What one measured run gives. */
interface Figures {
  name: string;
  /** Whether the hooks are in-process (the p99 ≤ 3× p50 target applies). */
  inProcess: boolean;
  /** Shown for information: no target applies. */
  info?: boolean;
  calls: number;
  failed: number;
  /** Per-call latencies, ms. */
  latencies: number[];
  /** Wall time of the measured run, s. */
  wall: number;
  /** Before any call (start), before the measured run (after warm-up), after it. */
  memory: [Memory, Memory, Memory];
  descriptors: [number, number];
  processes: [number, number];
}

interface Scenario {
  name: string;
  run(): Promise<Figures[]>;
}

/** Every scenario, in order. */
const SCENARIOS: Scenario[] = [
  // In-process first: microsecond tails must not pay for the garbage of the
  // scenarios that spawn hundreds of processes.
  { name: "10 000 sequential in-process invocations", run: sequentialInProcess },
  { name: "1 000 sequential HTTP hooks", run: sequentialHttp },
  { name: "100 concurrent tool calls × 3 command hooks", run: concurrentCommandCalls },
  { name: "hook-run serve", run: serveUnderLoad },
  { name: "hook-run replay of a 100 MB transcript", run: replayLargeTranscript },
];
const only = Deno.args.includes("--only") ? Deno.args[Deno.args.indexOf("--only") + 1] ?? "" : "";

function gc(): void {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (collect === undefined) throw new Error("run with --v8-flags=--expose-gc (deno task bench:load does)");
  collect();
}

function ownMemory(): Memory {
  gc();
  const { rss, heapUsed } = Deno.memoryUsage();
  return { rss, heap: heapUsed };
}

/**
 * A pause before each snapshot: a call's answer may come a moment before
 * its hook's pipes are closed and its group reaped, which is not a leak.
 */
const SETTLE_MS = 250;

interface Snapshot {
  memory: Memory;
  descriptors: number;
  processes: number;
}

/** The bench process's own state: memory after GC, descriptors, processes. */
async function ownSnapshot(marker: string): Promise<Snapshot> {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return { memory: ownMemory(), descriptors: openDescriptors("self"), processes: processesOf(Deno.pid, marker) };
}

/** One run, each call timed (`run` returns how many failed), between two snapshots. */
async function measure(
  name: string,
  inProcess: boolean,
  start: Memory,
  snapshot: () => Promise<Snapshot>,
  run: (latencies: number[]) => Promise<number>,
): Promise<Figures> {
  const before = await snapshot();
  const latencies: number[] = [];
  const started = performance.now();
  const failed = await run(latencies);
  const wall = (performance.now() - started) / 1000;
  const after = await snapshot();
  return {
    name,
    inProcess,
    calls: latencies.length,
    failed,
    latencies,
    wall,
    memory: [start, before.memory, after.memory],
    descriptors: [before.descriptors, after.descriptors],
    processes: [before.processes, after.processes],
  };
}

/**
 * Runs `run` `warmUps` times — until the allocator's high-water mark and
 * the JIT have settled; growth before that is not a leak — then once more,
 * measured in the bench's own process.
 */
async function measureOwn(
  name: string,
  marker: string,
  run: (latencies: number[]) => Promise<number>,
  options: { inProcess?: boolean; warmUps?: number } = {},
): Promise<Figures> {
  const start = ownMemory();
  for (let i = 0; i < (options.warmUps ?? 2); i++) await run([]);
  return await measure(name, options.inProcess === true, start, () => ownSnapshot(marker), run);
}

/** One PreToolUse call, timed; whether its decision was the expected one. */
async function decide(runner: HookRunner, input: Record<string, unknown>, latencies: number[]): Promise<boolean> {
  const started = performance.now();
  const result = await runner.preToolUse("bash", input, env);
  latencies.push(performance.now() - started);
  return (result.block === true) === (input === DENY);
}

/** `n` calls one after another, half of them to deny; how many were decided wrongly. */
async function sequential(runner: HookRunner, n: number, latencies: number[]): Promise<number> {
  let failed = 0;
  for (let i = 0; i < n; i++) if (!await decide(runner, i % 2 === 0 ? DENY : ALLOW, latencies)) failed++;
  return failed;
}

async function concurrentCommandCalls(): Promise<Figures[]> {
  const marker = `hookgate-load-${crypto.randomUUID()}`;
  const registry = new HookRegistry();
  // A guard, a hook that reads its input, a hook that answers JSON.
  for (
    const command of [
      `grep -q -e 'rm -rf' -e ${marker} && exit 2 || exit 0`,
      `cat > /dev/null && true ${marker}`,
      `echo '{}' && true ${marker}`,
    ]
  ) registry.registerShell("PreToolUse", { command });
  let hookFailures = 0;
  const runner = new HookRunner({ registry, onInvocation: (record) => record.failure && hookFailures++ });
  const round = async (latencies: number[]) => {
    const results = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) => decide(runner, i % 2 === 0 ? DENY : ALLOW, latencies)),
    );
    return results.filter((ok) => !ok).length;
  };
  try {
    return [
      await measureOwn("100 concurrent tool calls × 3 command hooks (5 rounds)", marker, async (latencies) => {
        hookFailures = 0;
        let failed = 0;
        for (let i = 0; i < 5; i++) failed += await round(latencies);
        return failed + hookFailures;
        // The process's RSS climbs for the first ~3 000 calls (9 000 hook
        // processes), then stays flat for as long as it was run (15 000).
      }, { warmUps: 10 }),
    ];
  } finally {
    await runner.close();
  }
}

async function sequentialInProcess(): Promise<Figures[]> {
  const registry = new HookRegistry();
  registry.registerInProcess("PreToolUse", "bash", (input) => {
    const command = String(input.toolInput?.command ?? "");
    return command.includes("rm -rf") ? { action: "deny", reason: "rm -rf is blocked" } : {};
  });
  const runner = new HookRunner({ registry });
  const figures = await measureOwn(
    "10 000 sequential in-process invocations",
    crypto.randomUUID(),
    (latencies) => sequential(runner, 10_000, latencies),
    { inProcess: true },
  );
  await runner.close();
  return [figures];
}

async function sequentialHttp(): Promise<Figures[]> {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const payload = await request.json();
    const deny = String(payload.toolInput?.command ?? "").includes("rm -rf");
    return Response.json(deny ? { action: "deny", reason: "rm -rf is blocked" } : {});
  });
  const registry = new HookRegistry();
  registry.registerHttp("PreToolUse", { type: "http", url: `http://127.0.0.1:${server.addr.port}/hook` });
  const runner = new HookRunner({ registry });
  try {
    return [
      await measureOwn(
        "1 000 sequential HTTP hooks (loopback)",
        crypto.randomUUID(),
        (latencies) => sequential(runner, 1_000, latencies),
      ),
    ];
  } finally {
    await runner.close();
    await server.shutdown();
  }
}

// ---------------------------------------------------------------------------
// hook-run serve, a real process, probed through bench/_serve_probe.ts

/** A running hook-run serve: its URL, and its memory after a GC on request. */
interface Served {
  url: string;
  pid: number;
  probe(): Promise<Memory>;
  stop(): Promise<number>;
}

/** Starts `script` (bench/_serve_probe.ts, or the floor) with the hook-run task's flags. */
async function startServe(script: string, args: string[], home: string): Promise<Served> {
  const entry = JSON.parse(await Deno.readTextFile(join(root, "deno.json"))).tasks["hook-run"];
  const task = (typeof entry === "string" ? entry : entry.command) as string;
  const flags = task.split(" ").filter((word) => word.startsWith("--allow-")).map((flag) =>
    flag.replace("$HOME", home)
  );
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      "--v8-flags=--expose-gc",
      ...flags,
      join(root, script),
      "--port",
      "0",
      ...args,
    ],
    cwd: home,
    env: { HOME: home, HOOKGATE_HOME: join(home, ".config", "hookgate"), NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const lines: string[] = [];
  const listener: { waiting: ((line: string) => void) | null } = { waiting: null };
  const reading = (async () => {
    let rest = "";
    const decoder = new TextDecoder();
    for await (const chunk of child.stderr) {
      rest += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = rest.indexOf("\n")) !== -1) {
        const line = rest.slice(0, end);
        rest = rest.slice(end + 1);
        lines.push(line);
        listener.waiting?.(line);
      }
    }
  })();
  const next = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`hook-run serve did not say ${pattern}:\n${lines.join("\n")}`)),
        30_000,
      );
      listener.waiting = (line) => {
        const found = pattern.exec(line);
        if (found === null) return;
        listener.waiting = null;
        clearTimeout(timer);
        resolve(found);
      };
    });
  const listening = await next(/listening on (http:\/\/\S+) /);
  return {
    url: `${listening[1]}/hooks/PreToolUse`,
    pid: child.pid,
    async probe() {
      const line = next(/^probe rss=(\d+) heap=(\d+)$/);
      child.kill("SIGUSR2");
      const [, rss, heap] = await line;
      return { rss: Number(rss), heap: Number(heap) };
    },
    async stop() {
      child.kill("SIGTERM");
      const { code } = await child.status;
      await reading;
      return code;
    },
  };
}

const CLAUDE_CALL = (input: Record<string, unknown>) =>
  JSON.stringify({
    session_id: "load",
    cwd: "/tmp",
    hook_event_name: "PreToolUse",
    tool_name: "bash",
    tool_input: input,
  });
const DENY_BODY = CLAUDE_CALL(DENY);
const ALLOW_BODY = CLAUDE_CALL(ALLOW);

/**
 * `count` concurrent clients calling until `ms` have passed and `calls`
 * were made; each call timed and its answer checked. How many failed.
 */
async function clients(
  url: string,
  count: number,
  until: { ms?: number; calls?: number },
  latencies: number[],
): Promise<number> {
  let failed = 0;
  let made = 0;
  const end = performance.now() + (until.ms ?? 0);
  await Promise.all(Array.from({ length: count }, async (_, client) => {
    for (let i = client; performance.now() < end || made < (until.calls ?? 0); i++) {
      made++;
      const deny = i % 2 === 0;
      const started = performance.now();
      let ok = false;
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: deny ? DENY_BODY : ALLOW_BODY,
        });
        const text = await response.text();
        ok = response.status === 200 && (deny ? text.includes('"permissionDecision":"deny"') : text === "{}\n");
      } catch {
        ok = false;
      }
      latencies.push(performance.now() - started);
      if (!ok) failed++;
    }
  }));
  return failed;
}

async function serveUnderLoad(): Promise<Figures[]> {
  const home = await Deno.makeTempDir({ prefix: "hookgate-load-" });
  const marker = `hookgate-load-${crypto.randomUUID()}`;
  try {
    const policy = join(home, "policy.ts");
    await Deno.writeTextFile(
      policy,
      `export default function (api) {
  api.on("tool_call", (event) => String(event.input.command ?? "").includes("rm -rf")
    ? { block: true, reason: "rm -rf is blocked" }
    : undefined);
}
`,
    );
    const config = join(home, "hooks.jsonc");
    await Deno.writeTextFile(
      config,
      JSON.stringify({
        hooks: { PreToolUse: [{ matcher: "bash", command: `grep -q -e 'rm -rf' -e ${marker} && exit 2 || exit 0` }] },
      }),
    );
    const figures: Figures[] = [];
    const exits: number[] = [];
    for (
      const [name, script, args, inProcess] of [
        ["floor: a bare Deno.serve policy server", "bench/_floor_server.ts", [], true],
        [
          "hook-run serve, in-process policy (extension module)",
          "bench/_serve_probe.ts",
          ["--extension", policy],
          true,
        ],
        ["hook-run serve, one command hook", "bench/_serve_probe.ts", ["--config", config], false],
      ] as const
    ) {
      const served = await startServe(script, [...args], home);
      try {
        const snapshot = async () => {
          await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
          const memory = await served.probe();
          return { memory, descriptors: openDescriptors(served.pid), processes: processesOf(served.pid, marker) };
        };
        // Warm up for three times the run and at least 10 000 calls: RSS
        // climbs for the first ~20 s under load (~9 000 hook processes with
        // the command hook), then stays flat (see BENCHMARKS.md).
        const start = await served.probe();
        await clients(served.url, CLIENTS, { ms: 3 * seconds * 1000, calls: 10_000 }, []);
        figures.push(
          await measure(
            `${name}: ${CLIENTS} clients, ${seconds} s`,
            inProcess,
            start,
            snapshot,
            (latencies) => clients(served.url, CLIENTS, { ms: seconds * 1000 }, latencies),
          ),
          await measure(
            `${name}: 1 client, 2 000 calls`,
            inProcess,
            start,
            snapshot,
            (latencies) => clients(served.url, 1, { calls: 2_000 }, latencies),
          ),
        );
      } finally {
        exits.push(await served.stop());
      }
    }
    if (exits.some((code) => code !== 0)) throw new Error(`hook-run serve exited with ${exits.join(", ")}, not 0`);
    return figures;
  } finally {
    await Deno.remove(home, { recursive: true });
  }
}

// ---------------------------------------------------------------------------
// hook-run replay: memory must not grow with the transcript

/**
 * Writes a Claude transcript of about `megabytes` MB: one prompt, then tool
 * calls with 4 KiB results — or, `unmatched`, 4 KiB tool calls that never
 * get a result (what a replay must not keep without bound).
 */
async function writeTranscript(path: string, megabytes: number, unmatched = false): Promise<number> {
  const file = await Deno.open(path, { write: true, create: true, truncate: true });
  const writer = file.writable.getWriter();
  const encoder = new TextEncoder();
  const base = { sessionId: "replay-load", cwd: Deno.cwd() };
  const output = "x".repeat(4096);
  await writer.write(encoder.encode(JSON.stringify({ ...base, type: "user", message: { content: "go" } }) + "\n"));
  let size = 0;
  let pairs = 0;
  while (size < megabytes * MB) {
    const id = `toolu_${pairs}`;
    const input = unmatched ? { command: `echo ${pairs}`, note: output } : { command: `echo ${pairs}` };
    const use = JSON.stringify({
      ...base,
      type: "assistant",
      message: { content: [{ type: "tool_use", id, name: "Bash", input }] },
    }) + "\n";
    const lines = unmatched ? use : use + JSON.stringify({
      ...base,
      type: "user",
      message: { content: [{ type: "tool_result", tool_use_id: id, content: output }] },
    }) + "\n";
    const bytes = encoder.encode(lines);
    await writer.write(bytes);
    size += bytes.length;
    pairs++;
  }
  await writer.close();
  return pairs;
}

/** Runs `hook-run replay` on `path`, sampling its RSS; its peak RSS, wall time and exit code. */
async function replayPeak(
  path: string,
  module: string,
): Promise<{ peak: number; first: number; wall: number; code: number }> {
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(root, "src/cli/main.ts"), "replay", path, "--extension", module, "--cwd", Deno.cwd()],
    stdout: "null",
    stderr: "null",
    env: { HOOKGATE_HOME: join(Deno.makeTempDirSync(), "none") },
  }).spawn();
  let peak = 0;
  let first = 0;
  const sample = () => {
    try {
      const status = Deno.readTextFileSync(`/proc/${child.pid}/status`);
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      if (kb > 0 && first === 0) first = kb * 1024;
      peak = Math.max(peak, kb * 1024);
    } catch {
      // exited meanwhile
    }
  };
  const timer = setInterval(sample, 20);
  const { code } = await child.status;
  clearInterval(timer);
  return { peak, first, wall: (performance.now() - started) / 1000, code };
}

async function replayLargeTranscript(): Promise<Figures[]> {
  const dir = await Deno.makeTempDir({ prefix: "hookgate-replay-load-" });
  try {
    const module = join(dir, "observe.ts");
    await Deno.writeTextFile(module, `export default (api) => api.on("tool_call", () => undefined);\n`);
    const small = join(dir, "small.jsonl");
    const large = join(dir, "large.jsonl");
    const unanswered = join(dir, "unanswered.jsonl");
    await writeTranscript(small, 10);
    const pairs = await writeTranscript(large, 100);
    const calls = await writeTranscript(unanswered, 100, true);
    // Every tool call replays as PreToolUse and PostToolUse; plus SessionStart, the prompt and Stop.
    const steps = 2 * pairs + 3;

    // The library in this process: what a replay keeps, after a forced GC, before and after 100 MB.
    const registry = new HookRegistry();
    registry.registerInProcess("PreToolUse", "Bash", () => undefined);
    const replay = new Replay({ cwd: Deno.cwd() });
    const runner = new HookRunner({ registry, onInvocation: replay.onInvocation });
    const replayFile = async (path: string) => {
      let failed = 0;
      for await (const record of readReplayFile(path)) {
        if (record.kind === "problem") failed++;
        else if (record.kind === "step") await replay.run(runner, record.step);
      }
      return failed;
    };
    const library = await measureOwn(
      "replay (library): 100 MB transcript",
      "hookgate-replay-load",
      () => replayFile(large),
      { warmUps: 1 },
    );
    await runner.close();

    // hook-run replay as a process: its peak RSS for 10 MB and for 100 MB.
    const descriptors = openDescriptors("self");
    const ten = await replayPeak(small, module);
    const hundred = await replayPeak(large, module);
    const never = await replayPeak(unanswered, module);
    const rssOnly = (rss: number) => ({ rss, heap: 0 });
    return [{ ...library, calls: steps }, {
      name: "hook-run replay: peak RSS, 10 MB → 100 MB transcript",
      inProcess: false,
      info: true,
      calls: steps,
      failed: [ten.code, hundred.code].filter((code) => code !== 0 && code !== 2).length,
      latencies: [],
      wall: hundred.wall,
      memory: [rssOnly(ten.first), rssOnly(ten.peak), rssOnly(hundred.peak)],
      descriptors: [descriptors, openDescriptors("self")],
      processes: [0, processesOf(Deno.pid, "hookgate-replay-load")],
    }, {
      // Tool calls whose result never comes are forgotten past a cap, so
      // this peak is the answered transcript's, not the file's size.
      name: "hook-run replay: peak RSS, 100 MB answered → 100 MB of tool calls never answered",
      inProcess: false,
      info: true,
      calls: calls + 2,
      failed: [never.code].filter((code) => code !== 0 && code !== 2).length,
      latencies: [],
      wall: never.wall,
      memory: [rssOnly(never.first), rssOnly(hundred.peak), rssOnly(never.peak)],
      descriptors: [descriptors, openDescriptors("self")],
      processes: [0, processesOf(Deno.pid, "hookgate-replay-load")],
    }];
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

// ---------------------------------------------------------------------------
// Report

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

function ms(value: number): string {
  if (value < 0.01) return `${(value * 1000).toFixed(1)} µs`;
  return value < 1 ? `${(value * 1000).toFixed(0)} µs` : `${value.toFixed(2)} ms`;
}

function mb(bytes: number): string {
  return `${(bytes / MB).toFixed(1)}`;
}

function delta([start, before, after]: [Memory, Memory, Memory], key: keyof Memory): string {
  const change = after[key] - before[key];
  return `${mb(start[key])} → ${mb(before[key])} → ${mb(after[key])} (${change >= 0 ? "+" : ""}${mb(change)})`;
}

/**
 * Lets the runtime make its one-time allocations before anything is
 * measured: after its first few thousand promise jobs and a timer turn, Deno
 * opens a socket pair for good (seen in every run; it never grows again).
 */
async function primeRuntime(): Promise<void> {
  const registry = new HookRegistry();
  registry.registerInProcess("PreToolUse", "bash", () => ({}));
  const runner = new HookRunner({ registry });
  for (let i = 0; i < 20_000; i++) await runner.preToolUse("bash", ALLOW, env);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await runner.close();
}

async function main(): Promise<void> {
  // The machine's own load says how much of a tail is other work's.
  const load = () => Deno.loadavg()[0]!.toFixed(1);
  const loadBefore = load();
  await primeRuntime();
  const all: Figures[] = [];
  for (const scenario of SCENARIOS) {
    if (!scenario.name.includes(only)) continue;
    console.error(`running: ${scenario.name}`);
    all.push(...await scenario.run());
  }
  console.log(
    `Load and memory, ${navigator.hardwareConcurrency} cores, Deno ${Deno.version.deno} on ${Deno.build.target}; ` +
      `load average ${loadBefore} before, ${load()} after\n`,
  );
  console.log(
    "| Scenario | Calls | Failed | p50 | p99 | p99 ÷ p50 | Calls/s | RSS MB start → before → after (Δ run) | Heap MB start → before → after (Δ run) | FDs before → after | Processes before → after |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | --- | --- |");
  const misses: string[] = [];
  for (const f of all) {
    const sorted = [...f.latencies].sort((a, b) => a - b);
    const p50 = percentile(sorted, 0.5);
    const p99 = percentile(sorted, 0.99);
    const timed = sorted.length > 0;
    console.log(
      `| ${f.name} | ${f.calls} | ${f.failed} | ${timed ? ms(p50) : "—"} | ${timed ? ms(p99) : "—"} | ${
        timed ? `${(p99 / p50).toFixed(1)}×` : "—"
      } | ${(f.calls / f.wall).toFixed(0)} | ${delta(f.memory, "rss")} | ${delta(f.memory, "heap")} | ${
        f.descriptors.join(" → ")
      } | ${f.processes.join(" → ")} |`,
    );
    if (f.name.startsWith("floor") || f.info) continue; // not hookgate's, or information only: no targets
    const growth = Math.max(f.memory[2].rss - f.memory[1].rss, f.memory[2].heap - f.memory[1].heap);
    if (growth >= 5 * MB) misses.push(`${f.name}: memory grew ${mb(growth)} MB (target < 5 MB)`);
    if (f.descriptors[1] > f.descriptors[0]) misses.push(`${f.name}: ${f.descriptors.join(" → ")} descriptors`);
    if (f.processes[1] > f.processes[0]) misses.push(`${f.name}: ${f.processes.join(" → ")} processes`);
    if (f.failed > 0) misses.push(`${f.name}: ${f.failed} failed calls`);
    if (f.inProcess && p99 > 3 * p50) misses.push(`${f.name}: p99 ${(p99 / p50).toFixed(1)}× p50 (target ≤ 3×)`);
    if (f.inProcess && f.name.startsWith("hook-run serve") && p50 > 1) {
      misses.push(`${f.name}: p50 ${ms(p50)} (target ≤ 1 ms)`);
    }
  }
  console.log(
    misses.length === 0 ? "\nEvery target met." : `\nTargets not met:\n${misses.map((m) => `- ${m}`).join("\n")}`,
  );
}

if (import.meta.main) await main();
