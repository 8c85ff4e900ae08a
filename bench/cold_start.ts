// deno-lint-ignore-file no-console
// Cold start: hook-run is started once per tool call when another agent
// runs it as its hook (hook-run gateway) or when `deno task hook-run` runs.
// Measures whole processes against a bare `deno run` of an empty script,
// side by side in alternating rounds (so load on the machine hits both
// alike), and prints medians, ratios and peak memory.
//
//   deno task bench:cold            from source and from the bundle
//   deno task bench:cold --rounds 20

import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const rounds = Number(Deno.args[Deno.args.indexOf("--rounds") + 1]) || 15;
const flags = [
  "--quiet",
  "--allow-read",
  "--allow-env",
  "--allow-run",
  "--allow-net=127.0.0.1,localhost",
  "--allow-write",
];

interface Subject {
  name: string;
  args: string[];
  stdin?: string;
}

async function main(): Promise<void> {
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
    const bundle = join(dir, "hook-run.js");
    const built = await new Deno.Command(Deno.execPath(), {
      args: ["bundle", "--quiet", "--platform=deno", "-o", bundle, join(root, "src/cli/main.ts")],
      cwd: root,
    }).output();
    if (!built.success) throw new Error("deno bundle failed");
    const event = JSON.stringify({
      session_id: "s",
      cwd: dir,
      hook_event_name: "PreToolUse",
      tool_name: "Read",
      tool_input: { file_path: "/x" },
    });
    const run = ["run", "PreToolUse", "--tool", "bash", "--input", '{"command":"ls"}', "--config", config];
    const subjects: Subject[] = [
      { name: "bare deno run (empty script)", args: ["run", ...flags, empty] },
      { name: "hook-run run, from source", args: ["run", ...flags, join(root, "src/cli/main.ts"), ...run] },
      { name: "hook-run run, bundle", args: ["run", ...flags, bundle, ...run] },
      {
        name: "hook-run gateway, from source",
        args: ["run", ...flags, join(root, "src/cli/main.ts"), "gateway", "--config", config],
        stdin: event,
      },
      {
        name: "hook-run gateway, bundle",
        args: ["run", ...flags, bundle, "gateway", "--config", config],
        stdin: event,
      },
    ];
    // Warm Deno's caches (module graph, type-check skip) before measuring.
    for (const subject of subjects) await once(subject, dir);
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
    console.log(`cold start, ${rounds} alternating rounds, ${navigator.hardwareConcurrency} cores`);
    for (const subject of subjects) {
      const ms = median(times.get(subject.name)!);
      const kb = median(rss.get(subject.name)!);
      console.log(
        `${subject.name.padEnd(32)} ${ms.toFixed(1).padStart(7)} ms  ${(ms / base).toFixed(2)}×  peak RSS ${
          kb > 0 ? `${(kb / 1024).toFixed(0)} MB` : "n/a"
        }`,
      );
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
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
    env: { HOME: cwd, HOOKGATE_HOME: cwd, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" },
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
