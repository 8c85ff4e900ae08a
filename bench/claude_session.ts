// deno-lint-ignore-file no-console
// One scripted Claude Code session (the real CLI from the agents' cache, the
// fake model of tests/agents/ on loopback, 20 Bash tool calls), run three
// ways with the same bash guard on PreToolUse: plain Claude running the
// guard itself, hookgate's gateway launcher (`install claude`), and the fast
// path (`install claude --serve` with `serve --socket` running). What
// hookgate adds per routed event is the session's wall time above plain
// Claude's, divided by the events hookgate answered (counted from the
// server's audit log). Sessions alternate between the three set-ups, the
// order reversed every other round; medians and p95 of each.
//
//   deno task test:agents   # once, to install the pinned agents
//   deno run --allow-all bench/claude_session.ts [ROUNDS]

import { claude, workspace } from "../tests/agents/_agents.ts";
import { GUARD, installClaude, serveFromLauncher, userHooks } from "../tests/agents/_claude.ts";
import { fakeModel, type Turn } from "../tests/agents/_fake_model.ts";
import { agentsUnavailable } from "../tests/agents/_install.ts";

const ROUNDS = Number(Deno.args[0] ?? 5);
const CALLS = 20;
const unavailable = await agentsUnavailable();
if (unavailable !== undefined) {
  console.error(`bench/claude_session.ts: ${unavailable}`);
  Deno.exit(1);
}

const turns: Turn[] = [
  ...Array.from({ length: CALLS }, (_, i): Turn => ({
    tool: "Bash",
    args: { command: `ls -a src # ${i}`, description: "List the sources" },
  })),
  { text: "Done." },
];

type Mode = "plain" | "gateway" | "fast path";
const MODES: Mode[] = ["plain", "gateway", "fast path"];
const model = fakeModel();

/** One session in `mode`: its wall time and, for the fast path, the events the server answered. */
async function session(mode: Mode): Promise<{ ms: number; events?: number }> {
  await using ws = await workspace(model);
  await userHooks(ws, { PreToolUse: [GUARD] });
  if (mode === "gateway") await installClaude(ws);
  if (mode !== "fast path") {
    const run = await claude(ws, model, { turns });
    if (run.code !== 0) throw new Error(`claude (${mode}) exited ${run.code}:\n${run.stderr}`);
    return { ms: run.ms };
  }
  await installClaude(ws, ["--serve"]);
  const record = ws.at("~/audit.jsonl");
  const server = await serveFromLauncher(ws, ["--socket", "--cwd", ws.project, "--record", record]);
  try {
    const run = await claude(ws, model, { turns });
    if (run.code !== 0) throw new Error(`claude (fast path) exited ${run.code}:\n${run.stderr}`);
    const events = (await Deno.readTextFile(record)).trim().split("\n").length;
    return { ms: run.ms, events };
  } finally {
    await server.stop();
  }
}

const times: Record<Mode, number[]> = { plain: [], gateway: [], "fast path": [] };
let events = 0;
for (let round = 0; round < ROUNDS; round++) {
  for (const mode of round % 2 === 0 ? MODES : [...MODES].reverse()) {
    const one = await session(mode);
    times[mode].push(one.ms);
    if (one.events !== undefined) events = Math.max(events, one.events);
  }
  console.error(`round ${round + 1}/${ROUNDS}`);
}
model.close();

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const plain = quantile(times.plain, 0.5);
console.log(`${CALLS} Bash calls a session, ${events} events routed to hookgate, ${ROUNDS} sessions each`);
console.log("| set-up | session p50 | session p95 | added per routed event (p50) |");
console.log("| --- | ---: | ---: | ---: |");
for (const mode of MODES) {
  const p50 = quantile(times[mode], 0.5);
  const added = mode === "plain" ? "—" : `${((p50 - plain) / Math.max(1, events)).toFixed(1)} ms`;
  console.log(`| ${mode} | ${p50} ms | ${quantile(times[mode], 0.95)} ms | ${added} |`);
}
