// deno-lint-ignore-file no-console
// Cold start: hook-run is started once per tool call when another agent
// runs it as its hook (hook-run gateway) or when `deno task hook-run` runs.
// Measures whole processes against a bare `deno run` of an empty script,
// side by side in alternating rounds (so load on the machine hits all
// alike), and prints medians, ratios and peak memory as a Markdown table.
//
// The start-up rows run an event that matches no hook of the small
// configuration, so they measure hook-run itself; one more row runs `run`
// with the one command hook matching, to show what running a hook adds.
//
//   deno task bench:cold            from source and from the bundle
//   deno task bench:cold --rounds 31
//   deno task bench:cold --profile  where the time goes: V8 CPU profiles
//                                   (deno run --cpu-prof) of each hook-run
//                                   process, self time summed by kind,
//                                   script and function, mean per run

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { LAZY_IMPORTS, ONE_CALL_V8_FLAGS } from "../src/install/launcher.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const rounds = Number(Deno.args[Deno.args.indexOf("--rounds") + 1]) || 21;
const profile = Deno.args.includes("--profile");
const flags = [
  "--quiet",
  "--allow-read",
  "--allow-env",
  "--allow-run",
  "--allow-net=127.0.0.1,localhost",
  "--allow-write",
];

let cache = "";

interface Subject {
  name: string;
  args: string[];
  stdin?: string;
  env?: Record<string, string>;
}

/** The bundle task's options (without its output and entry): the bundle measured is the one `deno task bundle` builds. */
async function bundleOptions(): Promise<string[]> {
  const task = JSON.parse(await Deno.readTextFile(join(root, "deno.json"))).tasks.bundle as string;
  return (task.match(/'[^']*'|\S+/g) ?? [])
    .map((word) => word.replace(/^'(.*)'$/, "$1"))
    .slice(2, -1)
    .filter((word, index, words) => word !== "--outdir" && words[index - 1] !== "--outdir");
}

/** Deno's cache directory, shared by every process measured (their HOME is a throwaway directory). */
async function denoDir(): Promise<string> {
  const info = await new Deno.Command(Deno.execPath(), { args: ["info", "--json"], stdout: "piped" }).output();
  return JSON.parse(new TextDecoder().decode(info.stdout)).denoDir;
}

async function main(): Promise<void> {
  cache = await denoDir();
  const dir = await Deno.makeTempDir({ prefix: "hookgate-cold-" });
  try {
    const empty = join(dir, "empty.ts");
    await Deno.writeTextFile(empty, "");
    const config = join(dir, "hooks.jsonc");
    // A small, realistic configuration: one command guard on Bash.
    await Deno.writeTextFile(
      config,
      `{"hooks": {"PreToolUse": [{"matcher": "bash", "command": "grep -q 'rm -rf' && exit 2 || exit 0"}]}}`,
    );
    const bundle = join(dir, "hook-run", "main.js");
    const built = await new Deno.Command(Deno.execPath(), {
      args: [
        "bundle",
        "--quiet",
        ...await bundleOptions(),
        "--outdir",
        join(dir, "hook-run"),
        join(root, "src/cli/main.ts"),
      ],
      cwd: root,
    }).output();
    if (!built.success) throw new Error("deno bundle failed");
    const source = join(root, "src/cli/main.ts");
    const call = { session_id: "s", cwd: dir, tool_name: "Read", tool_input: { file_path: "/x" } };
    const event = JSON.stringify({ ...call, hook_event_name: "PreToolUse" });
    // An event no hook is configured for: after its first call, the gateway's memo answers it.
    const quiet = JSON.stringify({ ...call, hook_event_name: "PostToolUse", tool_response: "x" });
    // As the launcher runs a call: its V8 flags, and chunks loaded when first needed. A copy of its own: V8's code
    // cache of a file is kept for one set of flags, and a run with others compiles and writes it again.
    const launchedBundle = join(dir, "launched", "main.js");
    await Deno.mkdir(join(dir, "launched"));
    for await (const entry of Deno.readDir(join(dir, "hook-run"))) {
      await Deno.copyFile(join(dir, "hook-run", entry.name), join(dir, "launched", entry.name));
    }
    const launched = ["run", ...flags, `--v8-flags=${ONE_CALL_V8_FLAGS.join(",")}`];
    const lazy = { [LAZY_IMPORTS.split("=")[0]!]: "1" };
    const run = ["run", "PreToolUse", "--tool", "read", "--input", '{"file_path":"/x"}', "--config", config];
    const guarded = ["run", "PreToolUse", "--tool", "bash", "--input", '{"command":"ls"}', "--config", config];
    const gateway = ["gateway", "--config", config];
    const subjects: Subject[] = [
      { name: "bare `deno run` (empty script)", args: ["run", ...flags, empty] },
      { name: "`hook-run gateway`, bundle", args: ["run", ...flags, bundle, ...gateway], stdin: event },
      {
        name: "`hook-run gateway`, bundle as the launcher runs it",
        args: [...launched, launchedBundle, ...gateway],
        stdin: event,
        env: lazy,
      },
      {
        name: "`hook-run gateway`, as the launcher runs it, an event no hook is configured for",
        args: [...launched, launchedBundle, ...gateway],
        stdin: quiet,
        env: lazy,
      },
      { name: "`hook-run gateway`, source", args: ["run", ...flags, source, ...gateway], stdin: event },
      { name: "`hook-run run`, bundle", args: ["run", ...flags, bundle, ...run] },
      { name: "`hook-run run`, source", args: ["run", ...flags, source, ...run] },
      { name: "`hook-run run`, bundle, the guard runs", args: ["run", ...flags, bundle, ...guarded] },
      { name: "`hook-run run`, source, the guard runs", args: ["run", ...flags, source, ...guarded] },
    ];
    // Warm Deno's caches (module graph, transpiled sources, V8 code cache).
    for (const subject of subjects) await once(subject, dir);
    if (profile) {
      for (const subject of subjects.slice(1)) await profileOf(subject, dir, Math.min(rounds, 9));
      return;
    }
    const times = new Map<string, number[]>(subjects.map((s) => [s.name, []]));
    const rss = new Map<string, number[]>(subjects.map((s) => [s.name, []]));
    for (let round = 0; round < rounds; round++) {
      for (const subject of round % 2 === 0 ? subjects : [...subjects].reverse()) {
        const { ms, kb } = await once(subject, dir);
        times.get(subject.name)!.push(ms);
        if (kb > 0) rss.get(subject.name)!.push(kb);
      }
    }
    const base = median(times.get(subjects[0]!.name)!);
    console.log(
      `cold start, ${rounds} alternating rounds, ${navigator.hardwareConcurrency} cores, Deno ${Deno.version.deno}\n`,
    );
    console.log("| Process | Median | × bare `deno run` | Peak RSS |");
    console.log("| --- | --- | --- | --- |");
    for (const subject of subjects) {
      const ms = median(times.get(subject.name)!);
      const kb = median(rss.get(subject.name)!);
      console.log(
        `| ${subject.name} | ${ms.toFixed(1)} ms | ${(ms / base).toFixed(2)}× | ${
          kb > 0 ? `${(kb / 1024).toFixed(0)} MB` : "n/a"
        } |`,
      );
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/**
 * CPU profiles of `runs` processes of `subject` (`--cpu-prof`, one sample
 * every 100 µs, which slows a run by about a third): self time by kind —
 * idle is waiting (module loading, file reads, the child process), program
 * is V8 and Deno's native work (parsing, compiling) — by script and by
 * function, mean per run.
 */
async function profileOf(subject: Subject, cwd: string, runs: number): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "hookgate-cpuprof-" });
  try {
    const [verb, ...rest] = subject.args;
    for (let run = 0; run < runs; run++) {
      await once({
        ...subject,
        args: [verb!, "--cpu-prof", `--cpu-prof-dir=${dir}`, "--cpu-prof-interval=100", ...rest],
      }, cwd);
    }
    const byScript = new Map<string, number>();
    const byFunction = new Map<string, number>();
    let span = 0;
    for await (const file of Deno.readDir(dir)) {
      const cpu = JSON.parse(await Deno.readTextFile(join(dir, file.name))) as CpuProfile;
      span += (cpu.endTime - cpu.startTime) / 1000;
      const frames = new Map(cpu.nodes.map((node) => [node.id, node.callFrame]));
      for (const [index, id] of cpu.samples.entries()) {
        const ms = (cpu.timeDeltas[index + 1] ?? 0) / 1000;
        const frame = frames.get(id)!;
        const script = shortUrl(frame.url) || frame.functionName;
        byScript.set(script, (byScript.get(script) ?? 0) + ms);
        const fn = `${frame.functionName || "(top level)"} ${script}${frame.url ? `:${frame.lineNumber + 1}` : ""}`;
        byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
      }
    }
    const top = (totals: Map<string, number>, count: number) =>
      [...totals].sort((a, b) => b[1] - a[1]).slice(0, count)
        .map(([name, ms]) => `  ${(ms / runs).toFixed(2).padStart(6)} ms  ${name}`).join("\n");
    const kinds = new Map<string, number>();
    for (const [script, ms] of byScript) kinds.set(kindOf(script), (kinds.get(kindOf(script)) ?? 0) + ms);
    console.log(`\n${subject.name}: ${runs} profiled runs, ${(span / runs).toFixed(1)} ms profiled per run`);
    console.log(`self time by kind:\n${top(kinds, 6)}`);
    console.log(`self time by script:\n${top(byScript, 12)}`);
    console.log(`self time by function:\n${top(byFunction, 15)}`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

interface CpuProfile {
  startTime: number;
  endTime: number;
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Waiting, V8's own work, garbage collection, Deno's runtime, or hookgate's (and its dependencies') JavaScript. */
function kindOf(script: string): string {
  if (script === "(idle)") return "waiting (idle: module loading, I/O)";
  if (script === "(program)") return "V8 and Deno native work (program: parsing, compiling)";
  if (script === "(garbage collector)") return "garbage collection";
  if (script.startsWith("ext:") || script.startsWith("op_") || script === "(root)") {
    return "Deno's runtime JavaScript and ops";
  }
  return "hookgate's JavaScript (with zod, jsonc-parser when loaded)";
}

function shortUrl(url: string): string {
  return url.replace(`file://${root}`, "").replace(/^file:\/\/.*\/hookgate-cold-[^/]*\//, "");
}

/** One process; wall time, and peak RSS from GNU time when it is there. */
async function once(subject: Subject, cwd: string): Promise<{ ms: number; kb: number }> {
  const timeBin = "/usr/bin/time";
  const useTime = await exists(timeBin);
  const command = useTime ? timeBin : Deno.execPath();
  const args = useTime ? ["-f", "%M", Deno.execPath(), ...subject.args] : subject.args;
  const started = performance.now();
  const child = new Deno.Command(command, {
    args,
    cwd,
    env: { HOME: cwd, HOOKGATE_HOME: cwd, DENO_DIR: cache, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1", ...subject.env },
    stdin: subject.stdin === undefined ? "null" : "piped",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  if (subject.stdin !== undefined) {
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(subject.stdin));
    await writer.close();
  }
  const { stderr } = await child.output();
  const ms = performance.now() - started;
  const kb = useTime ? Number(new TextDecoder().decode(stderr).trim().split("\n").at(-1)) || 0 : 0;
  return { ms, kb };
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

if (import.meta.main) await main();
