// deno-lint-ignore-file no-console
// What one routed event costs through the fast path: the command hook
// `hook-run install claude --serve` writes, run with a fixed PreToolUse
// payload on stdin against a running `hook-run serve --socket`, beside the
// gateway launcher it falls back to, an empty `deno run` and `sh -c cat`
// (the floor of any command hook); and both with an event no hook is
// configured for (PostToolUse), which the gateway answers from its memo
// after its first call. Alternating rounds (the order reversed every other
// round), medians and p95 per command.
//
//   deno run --allow-all bench/fast_path.ts [ROUNDS]

import { join } from "node:path";

const ROUNDS = Number(Deno.args[0] ?? 40);
const root = new URL("../", import.meta.url).pathname;
const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-fast-bench-" }));
const home = join(dir, "home");
const hookgate = join(home, ".config", "hookgate");
const project = join(dir, "project");
await Deno.mkdir(join(home, ".claude"), { recursive: true });
await Deno.mkdir(hookgate, { recursive: true });
await Deno.mkdir(project);
const guard = join(root, "tests/testdata/fast_path/guard.sh");
await Deno.writeTextFile(
  join(hookgate, "config.jsonc"),
  JSON.stringify({
    hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `sh ${guard}` }] }] },
  }),
);
const env = { HOME: home, HOOKGATE_HOME: hookgate, CLAUDE_PROJECT_DIR: project, DENO_NO_UPDATE_CHECK: "1" };
const settings = join(home, ".claude", "settings.json");
const install = await new Deno.Command(Deno.execPath(), {
  args: [
    "run",
    "--quiet",
    "--allow-all",
    join(root, "src/cli/main.ts"),
    "install",
    "claude",
    "--serve",
    "--settings",
    settings,
  ],
  cwd: project,
  env,
}).output();
if (!install.success) throw new Error(new TextDecoder().decode(install.stderr));
const bin = join(hookgate, "bin", "hook-run");
const socket = join(hookgate, "run", "serve.sock");
const empty = join(dir, "empty.ts");
await Deno.writeTextFile(empty, "");
const call = {
  session_id: "bench",
  transcript_path: join(project, "t.jsonl"),
  cwd: project,
  permission_mode: "default",
  tool_name: "Bash",
  tool_input: { command: "rm -r ./victim" },
  tool_use_id: "t-1",
};
const payload = new TextEncoder().encode(JSON.stringify({ ...call, hook_event_name: "PreToolUse" }));
// An event no hook is configured for: the guard is on PreToolUse only.
const quiet = new TextEncoder().encode(
  JSON.stringify({ ...call, hook_event_name: "PostToolUse", tool_response: { stdout: "", stderr: "" } }),
);

const server = new Deno.Command(bin, {
  args: ["serve", "--socket-only", "--cwd", project],
  cwd: project,
  env,
  stdin: "null",
  stdout: "null",
  stderr: "piped",
}).spawn();
const reader = server.stderr.pipeThrough(new TextDecoderStream()).getReader();
for (let said = ""; !said.includes("listening on");) {
  const { value, done } = await reader.read();
  if (done) throw new Error(`hook-run serve stopped: ${said}`);
  said += value;
}

const fast = [bin, "gateway", "--socket", socket, "--max-time", "30"];
const commands: Record<string, string[]> = {
  "sh -c cat": ["sh", "-c", "cat >/dev/null"],
  "deno run empty.ts": [Deno.execPath(), "run", "--quiet", "--no-config", empty],
  "the guard alone (plain Claude)": ["sh", guard],
  "fast path (server on the socket)": fast,
  "fast path, an event no hook is configured for": fast,
  "gateway launcher": [bin, "gateway"],
  "gateway launcher, an event no hook is configured for": [bin, "gateway"],
};
const QUIET = new Set([
  "fast path, an event no hook is configured for",
  "gateway launcher, an event no hook is configured for",
]);

async function once(name: string): Promise<number> {
  const argv = commands[name]!;
  const started = performance.now();
  const child = new Deno.Command(argv[0]!, {
    args: argv.slice(1),
    cwd: project,
    env,
    stdin: "piped",
    stdout: "null",
    stderr: "null",
  })
    .spawn();
  const writer = child.stdin.getWriter();
  await writer.write(QUIET.has(name) ? quiet : payload);
  await writer.close();
  const { code } = await child.status;
  if (code !== 0) throw new Error(`${argv.join(" ")} exited ${code}`);
  return performance.now() - started;
}

const times: Record<string, number[]> = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
const names = Object.keys(commands);
for (const name of names) await once(name);
for (let round = 0; round < ROUNDS; round++) {
  for (const name of round % 2 === 0 ? names : [...names].reverse()) times[name]!.push(await once(name));
}
reader.releaseLock();
server.kill("SIGTERM");
await server.status;
await server.stderr.cancel().catch(() => {});
await Deno.remove(dir, { recursive: true });

const quantile = (list: number[], q: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const deno = quantile(times["deno run empty.ts"]!, 0.5);
const load = Deno.loadavg()[0]!.toFixed(2);
console.log(
  `${ROUNDS} alternating rounds, load ${load}; ms per call (2 KB-class PreToolUse on stdin, the guard denies)\n`,
);
const plain = quantile(times["the guard alone (plain Claude)"]!, 0.5);
console.log("| command | p50 | p95 | p50 − the guard alone | ratio to deno run empty.ts |");
console.log("|---|---|---|---|---|");
for (const name of names) {
  const p50 = quantile(times[name]!, 0.5);
  console.log(
    `| ${name} | ${p50.toFixed(1)} | ${quantile(times[name]!, 0.95).toFixed(1)} | ${(p50 - plain).toFixed(1)} | ${
      (p50 / deno).toFixed(2)
    } |`,
  );
}
