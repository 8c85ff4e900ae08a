// deno-lint-ignore-file no-console
// A fleet, for real: three hook-run serve instances on loopback behind
// HAProxy (installed from Debian's packages when missing), under sustained
// concurrent load of Claude-shaped PreToolUse calls, through a rolling
// restart — each instance in turn gets SIGTERM, drains, exits, is started
// again and waits until HAProxy sees it healthy. The client checks every
// answer: a call fails unless it is a 200 with hookgate's exact answer (the
// deny for rm -rf, {} otherwise), and one answered by anything but
// hookgate (HAProxy's 502/503 page, a refused or reset connection) is
// counted on its own. The target is 0 and 0. It prints a Markdown section
// for BENCHMARKS.md: throughput, p50/p99, and the restart timeline.
//
//   deno task bench:fleet                       (--allow-all: it spawns servers and HAProxy)
//   deno task bench:fleet --clients 16 --settle 3
//   deno task bench:fleet --no-retry            HAProxy without retries: what they are for
//
// Everything it starts is its own child and is stopped at the end, and its
// temporary directories are removed; CI does not run it.

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Balancer, ensureHaproxy, haproxyConfig, startHaproxy } from "./_haproxy.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const CLIENTS = flag("--clients", 16);
/** Seconds of steady load before the first restart, between restarts, and after the last. */
const SETTLE_S = flag("--settle", 3);
const INSTANCES = 3;
const SESSIONS = 64;
const TOKEN = crypto.randomUUID();
const RETRY = !Deno.args.includes("--no-retry");

const GUARD = `#!/usr/bin/env bash
# Denies a Bash command that contains rm -rf: exit 2 blocks, the reason on stderr.
input=$(cat)
if [[ $input == *'rm -rf'* ]]; then echo "rm -rf is not allowed here" >&2; exit 2; fi
exit 0
`;
const ALLOWED_ANSWER = "{}";
const DENIED_ANSWER = JSON.stringify({
  hookSpecificOutput: {
    hookEventName: "PreToolUse",
    permissionDecision: "deny",
    permissionDecisionReason: "rm -rf is not allowed here",
  },
});

/** What the client saw. */
interface Tally {
  calls: number;
  denied: number;
  failed: number;
  /** Failed calls that hookgate did not answer at all: the balancer's own page, a refused or reset connection. */
  notHookgate: number;
  failures: Map<string, number>;
  latencies: number[];
  /** Calls sent and not yet answered. */
  outstanding: number;
}

interface Instance {
  port: number;
  child: Deno.ChildProcess;
  /** Resolves with the first stderr line matching `pattern` (already said, or to come). */
  said(pattern: RegExp): Promise<RegExpExecArray>;
  exited: Promise<{ code: number; stderr: string }>;
}

const started = performance.now();
const at = () => (performance.now() - started) / 1000;
const timeline: { t: number; what: string }[] = [];
const note = (what: string) => {
  timeline.push({ t: at(), what });
  console.error(`${at().toFixed(2)} s  ${what}`);
};

const installed = await ensureHaproxy((line) => console.error(line));
const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-fleet-" }));
const instances: (Instance | undefined)[] = [];
let balancer: Balancer | undefined;
const stop = { now: false };
// Ctrl-C stops what the bench started before it exits: nothing is left running.
const interrupted = () => {
  stop.now = true;
  balancer?.kill();
  for (const instance of instances) {
    try {
      instance?.child.kill("SIGTERM");
    } catch {
      // Already gone.
    }
  }
  Deno.removeSync(dir, { recursive: true });
  Deno.exit(130);
};
Deno.addSignalListener("SIGINT", interrupted);
try {
  const home = join(dir, "home");
  await Deno.mkdir(home);
  const guard = join(dir, "guard.sh");
  await Deno.writeTextFile(guard, GUARD);
  const config = join(dir, "hooks.jsonc");
  await Deno.writeTextFile(
    config,
    JSON.stringify({ hooks: { PreToolUse: [{ name: "no-rm-rf", matcher: "bash", command: `bash ${guard}` }] } }),
  );
  const ports = { front: freePort(), stats: freePort(), servers: Array.from({ length: INSTANCES }, freePort) };
  const start = (i: number) => startInstance(ports.servers[i]!, dir, home, config);
  for (let i = 0; i < INSTANCES; i++) instances[i] = await start(i);
  await Deno.writeTextFile(join(dir, "haproxy.cfg"), haproxyConfig(ports, RETRY));
  balancer = await startHaproxy(join(dir, "haproxy.cfg"), ports);
  await until(async () => (await balancer!.servers()).every((server) => server.up), "HAProxy to see every server up");
  note(`${INSTANCES} instances up behind HAProxy${RETRY ? "" : " (no retries)"}; ${CLIENTS} clients start`);

  const tally: Tally = {
    calls: 0,
    denied: 0,
    failed: 0,
    notHookgate: 0,
    failures: new Map(),
    latencies: [],
    outstanding: 0,
  };
  const url = `http://127.0.0.1:${ports.front}/hooks/PreToolUse`;
  const loadStarted = performance.now();
  const clients = Array.from({ length: CLIENTS }, (_, id) => client(id, url, dir, tally, stop));
  const watching = watchBalancer(balancer, stop);
  await sleep(SETTLE_S * 1000);
  const drains: { stopMs: number; inFlight: number; outstanding: number; downMs: number }[] = [];
  for (let i = 0; i < INSTANCES; i++) {
    const instance = instances[i]!;
    const outstanding = tally.outstanding;
    const signalled = performance.now();
    instance.child.kill("SIGTERM");
    note(`s${i + 1}: SIGTERM (${outstanding} calls outstanding at the client)`);
    const inFlight = Number((await instance.said(/waiting up to \S+ s for (\d+) in flight/))[1]);
    const { code, stderr } = await instance.exited;
    if (code !== 0 || !stderr.endsWith("hook-run serve: stopped\n")) {
      throw new Error(`s${i + 1} exited with ${code}, not a clean stop:\n${stderr}`);
    }
    const stopMs = performance.now() - signalled;
    note(`s${i + 1}: drained ${inFlight} in flight, exited 0 after ${stopMs.toFixed(0)} ms; started again`);
    instances[i] = undefined;
    instances[i] = await start(i);
    note(`s${i + 1}: listening`);
    await until(async () => (await balancer!.servers())[i]!.up, `HAProxy to see s${i + 1} up`);
    drains.push({ stopMs, inFlight, outstanding, downMs: performance.now() - signalled });
    note(`s${i + 1}: healthy in HAProxy again`);
    await sleep(SETTLE_S * 1000);
  }
  stop.now = true;
  await Promise.all(clients);
  const loadMs = performance.now() - loadStarted;
  await watching;
  note(`load stops: ${tally.calls} calls`);
  const servers = await balancer.servers();
  console.log(report(tally, loadMs, drains, servers));
} finally {
  stop.now = true;
  await balancer?.stop();
  for (const instance of instances) {
    if (instance === undefined) continue;
    try {
      instance.child.kill("SIGTERM");
    } catch {
      // Already gone.
    }
    await instance.exited;
  }
  await Deno.remove(dir, { recursive: true });
  Deno.removeSignalListener("SIGINT", interrupted);
  if (installed) console.error("HAProxy was installed for this run and stays installed; no HAProxy service runs");
}

/** One client: calls in a loop until told to stop, checking each answer. */
async function client(id: number, url: string, cwd: string, tally: Tally, stop: { now: boolean }): Promise<void> {
  for (let n = 0; !stop.now; n++) {
    const deny = (id + n) % 4 === 0;
    const session = `00000000-0000-4000-8000-${String((id * 31 + n) % SESSIONS).padStart(12, "0")}`;
    const body = JSON.stringify({
      session_id: session,
      transcript_path: join(cwd, "home", ".claude", "projects", "fleet", `${session}.jsonl`),
      cwd,
      permission_mode: "default",
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: deny
        ? { command: "rm -rf build/", description: "Remove the build directory" }
        : { command: `ls -la src/${n % 7}`, description: "List the sources" },
      tool_use_id: `toolu_${id}_${n}`,
    });
    const expected = deny ? DENIED_ANSWER : ALLOWED_ANSWER;
    const sent = performance.now();
    tally.outstanding++;
    let failure: string | undefined;
    let hookgate = true;
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
        body,
      });
      const text = (await response.text()).trimEnd();
      if (response.status !== 200 || text !== expected) {
        failure = `${response.status} ${text.slice(0, 120)}`;
        hookgate = (response.headers.get("content-type") ?? "").startsWith("application/json");
      }
    } catch (error) {
      failure = `no answer: ${(error as Error).message.slice(0, 120)}`;
      hookgate = false;
    }
    tally.outstanding--;
    tally.latencies.push(performance.now() - sent);
    tally.calls++;
    if (deny) tally.denied++;
    if (failure !== undefined) {
      tally.failed++;
      if (!hookgate) tally.notHookgate++;
      tally.failures.set(failure, (tally.failures.get(failure) ?? 0) + 1);
    }
  }
}

/** Notes each change HAProxy sees in its servers' health until the load stops. */
async function watchBalancer(balancer: Balancer, stop: { now: boolean }): Promise<void> {
  let last = "";
  while (!stop.now) {
    const state = (await balancer.servers()).map((server, i) => `s${i + 1} ${server.up ? "UP" : "DOWN"}`).join(", ");
    if (state !== last && last !== "") note(`HAProxy: ${state}`);
    last = state;
    await sleep(50);
  }
}

/** Starts one hook-run serve with the hook-run task's flags, and waits for its listening line. */
async function startInstance(port: number, cwd: string, home: string, config: string): Promise<Instance> {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      "--allow-all",
      join(root, "src/cli/main.ts"),
      "serve",
      "--port",
      String(port),
      "--config",
      config,
      "--cwd",
      cwd,
      "--token-env",
      "HOOKGATE_TOKEN",
    ],
    cwd,
    env: {
      HOME: home,
      HOOKGATE_HOME: join(home, ".config", "hookgate"),
      HOOKGATE_TOKEN: TOKEN,
      NO_COLOR: "1",
      DENO_NO_UPDATE_CHECK: "1",
    },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let text = "";
  const waiting = new Set<() => void>();
  const reading = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of child.stderr) {
      text += decoder.decode(chunk, { stream: true });
      for (const wake of waiting) wake();
    }
  })();
  const exited = (async () => {
    const { code } = await child.status;
    await reading;
    for (const wake of waiting) wake();
    return { code, stderr: text };
  })();
  let done = false;
  exited.then(() => done = true);
  const said = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const look = () => {
        const found = pattern.exec(text);
        if (found !== null) {
          waiting.delete(look);
          resolve(found);
        } else if (done) {
          waiting.delete(look);
          reject(new Error(`hook-run serve on port ${port} exited without saying ${pattern}:\n${text}`));
        }
      };
      waiting.add(look);
      look();
    });
  await said(/listening on http:\/\/\S+ /);
  return { port, child, said, exited };
}

function report(
  tally: Tally,
  loadMs: number,
  drains: { stopMs: number; inFlight: number; outstanding: number; downMs: number }[],
  servers: { up: boolean; total: number; retries: number; redispatches: number }[],
): string {
  const sorted = [...tally.latencies].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
  const lines = [
    `| Calls | Denied | Failed | Not answered by hookgate | Throughput | p50 | p99 | max |`,
    `| ----- | ------ | ------ | ------------------------ | ---------- | --- | --- | --- |`,
    `| ${tally.calls} | ${tally.denied} | ${tally.failed} | ${tally.notHookgate} | ${
      (tally.calls / (loadMs / 1000)).toFixed(0)
    } calls/s | ${pct(0.5).toFixed(1)} ms | ${pct(0.99).toFixed(1)} ms | ${sorted.at(-1)!.toFixed(0)} ms |`,
    "",
    `| Instance | In flight at SIGTERM (client outstanding) | SIGTERM → exit 0 | SIGTERM → healthy again | Calls it took | HAProxy retries / redispatches |`,
    `| -------- | ----------------------------------------- | ---------------- | ----------------------- | ------------- | ------------------------------ |`,
    ...drains.map((drain, i) =>
      `| s${i + 1} | ${drain.inFlight} (${drain.outstanding}) | ${drain.stopMs.toFixed(0)} ms | ${
        (drain.downMs / 1000).toFixed(2)
      } s | ${servers[i]!.total} | ${servers[i]!.retries} / ${servers[i]!.redispatches} |`
    ),
    "",
    "Timeline (seconds from the start of the run):",
    "",
    "```",
    ...timeline.map(({ t, what }) => `${t.toFixed(2).padStart(6)}  ${what}`),
    "```",
  ];
  if (tally.failures.size > 0) {
    lines.push("", "Failures:", "", ...[...tally.failures].map(([what, n]) => `- ${n} × ${what}`));
  }
  return lines.join("\n");
}

/** A free loopback port (taken again by whoever listens next). */
function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr;
  listener.close();
  return port;
}

async function until(check: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const deadline = performance.now() + ms;
  while (!await check().catch(() => false)) {
    if (performance.now() > deadline) throw new Error(`Timed out after ${ms / 1000} s waiting for ${what}`);
    await sleep(25);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function flag(name: string, fallback: number): number {
  const at = Deno.args.indexOf(name);
  if (at === -1) return fallback;
  const value = Number(Deno.args[at + 1]);
  if (!Number.isFinite(value) || value <= 0) {
    throw new RangeError(`${name} must be a positive number, got "${Deno.args[at + 1]}"`);
  }
  return value;
}
