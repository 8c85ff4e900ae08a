// deno-lint-ignore-file no-console
// The shell parser under a hook's `if`: what loading it costs, a Bash
// rule's decision (parse + match) over an 80-byte and a 1 KB line, and the
// gateway's start-up (the bundle) with and without a hook whose `if` needs
// it, as ratios to a bare `deno run` of an empty script in the same run.
//
//   deno run --allow-all bench/shell_bench.ts            the table
//   deno run --allow-all bench/shell_bench.ts --rounds 31
//   deno bench --allow-all bench/shell_bench.ts          the decisions alone

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { compileToolRule } from "../src/matchers/tool_rule.ts";
import { loadShellParser } from "../src/shell/mod.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const SHORT = "cd /work/app && git status --short && npm test -- --grep 'rm' 2>&1 | tee out.log";
const LONG = Array.from(
  { length: 12 },
  (_, i) => `if [ -d build${i} ]; then sudo rm -rf "build${i}"/*.o; fi; echo $(git rev-parse HEAD) | xargs -n1 echo`,
).join("; ").slice(0, 1024);
const rule = compileToolRule("Bash(rm -rf /*)");
const call = (command: string) => ({ toolInput: { command }, cwd: "/work/app", projectDir: "/work/app" });

if (!import.meta.main) {
  await loadShellParser();
  Deno.bench("Bash rule decision, 80-byte line", () => {
    rule.matches("Bash", call(SHORT));
  });
  Deno.bench("Bash rule decision, 1 KB line", () => {
    rule.matches("Bash", call(LONG));
  });
} else {
  const rounds = Number(Deno.args[Deno.args.indexOf("--rounds") + 1]) || 21;
  const load = await loadTime();
  await loadShellParser();
  const short = percentiles(SHORT);
  const long = percentiles(LONG);
  const start = await startUp(rounds);
  console.log(`| Measure | Result |\n| --- | --- |`);
  console.log(`| import of the parser (fresh process, median of ${rounds}) | ${load.toFixed(2)} ms |`);
  console.log(
    `| decision, ${SHORT.length}-byte line: p50 / p95 | ${short.p50.toFixed(1)} / ${short.p95.toFixed(1)} µs |`,
  );
  console.log(`| decision, ${LONG.length}-byte line: p50 / p95 | ${long.p50.toFixed(1)} / ${long.p95.toFixed(1)} µs |`);
  console.log(`| bare \`deno run\` of an empty script (median) | ${start.bare.toFixed(1)} ms (1.00×) |`);
  console.log(
    `| bundled gateway, a hook its matcher rules out (median) | ${start.plain.toFixed(1)} ms (${
      (start.plain / start.bare).toFixed(2)
    }×) |`,
  );
  console.log(
    `| bundled gateway, a hook its \`if: Bash(rm *)\` rules out (median) | ${start.withIf.toFixed(1)} ms (${
      (start.withIf / start.bare).toFixed(2)
    }×) |`,
  );
}

/** The parser's import in a fresh process, median over `rounds`. */
async function loadTime(rounds = 11): Promise<number> {
  const script = `const t = performance.now(); await import(${
    JSON.stringify(new URL("../src/shell/load.ts", import.meta.url).href)
  }).then((m) => m.loadShellParser()); console.log(performance.now() - t);`;
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const { stdout } = await new Deno.Command(Deno.execPath(), { args: ["eval", script], cwd: root, stdout: "piped" })
      .output();
    times.push(Number(new TextDecoder().decode(stdout)));
  }
  return median(times);
}

function percentiles(line: string): { p50: number; p95: number } {
  for (let i = 0; i < 2000; i++) rule.matches("Bash", call(line));
  const samples: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    for (let j = 0; j < 50; j++) rule.matches("Bash", call(line));
    samples.push((performance.now() - t) * 1000 / 50);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(samples.length * 0.5)]!, p95: samples[Math.floor(samples.length * 0.95)]! };
}

async function startUp(rounds: number): Promise<{ bare: number; plain: number; withIf: number }> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-shell-bench-" }));
  try {
    const bundle = join(dir, "hook-run.js");
    const built = await new Deno.Command(Deno.execPath(), {
      args: [
        "bundle",
        "--quiet",
        "--platform=deno",
        "--external",
        "*/_json_schema.ts",
        "-o",
        bundle,
        "src/cli/main.ts",
      ],
      cwd: root,
    }).output();
    if (!built.success) throw new Error("deno bundle failed");
    const empty = join(dir, "empty.js");
    await Deno.writeTextFile(empty, "");
    const project = (name: string, matcher: string, hook: Record<string, unknown>) => {
      const at = join(dir, name);
      Deno.mkdirSync(join(at, ".hookgate"), { recursive: true });
      Deno.writeTextFileSync(
        join(at, ".hookgate/config.jsonc"),
        JSON.stringify({ hooks: { PreToolUse: [{ matcher, hooks: [hook] }] } }),
      );
      return at;
    };
    // Neither hook runs on `ls -la`: one is ruled out by its matcher, the other by its `if` (parsing the line).
    const plain = project("plain", "Read", { type: "command", command: "true" });
    const withIf = project("with-if", "Bash", { type: "command", command: "true", if: "Bash(rm *)" });
    const payload = (cwd: string) =>
      JSON.stringify({
        session_id: "s",
        cwd,
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command: "ls -la" },
      });
    const time = async (args: string[], cwd: string, stdin?: string) => {
      const t = performance.now();
      const child = new Deno.Command(Deno.execPath(), {
        args,
        cwd,
        stdin: stdin === undefined ? "null" : "piped",
        stdout: "null",
        stderr: "null",
        env: { CLAUDE_PROJECT_DIR: cwd, HOOKGATE_TRUST_PROJECT: "1", HOOKGATE_HOME: join(dir, "home") },
      }).spawn();
      if (stdin !== undefined) {
        const writer = child.stdin.getWriter();
        await writer.write(new TextEncoder().encode(stdin));
        await writer.close();
      }
      await child.status;
      return performance.now() - t;
    };
    const bare: number[] = [];
    const plainTimes: number[] = [];
    const ifTimes: number[] = [];
    const gateway = ["run", "--quiet", "--allow-all", bundle, "gateway"];
    for (let i = 0; i < rounds; i++) {
      bare.push(await time(["run", "--quiet", empty], dir));
      plainTimes.push(await time(gateway, plain, payload(plain)));
      ifTimes.push(await time(gateway, withIf, payload(withIf)));
    }
    return { bare: median(bare), plain: median(plainTimes), withIf: median(ifTimes) };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
