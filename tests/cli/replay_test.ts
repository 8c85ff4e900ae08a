// hook-run replay: a recorded Claude Code session run through a guard that
// blocks rm -rf, a rewriter and a context hook — what would change, per
// step and per hook, and the exit code a CI gate reads; the trace format's
// round trip through --record; bad input.

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { transcript } from "../replay/_fixture.ts";
import { cli } from "./_cli.ts";

const CONFIG = JSON.stringify({
  hooks: {
    PreToolUse: [
      {
        name: "guard",
        matcher: "Bash",
        policy: true,
        command: "grep -q 'rm -rf' && { echo 'rm -rf is not allowed' >&2; exit 2; } || exit 0",
      },
      {
        name: "parallel-make",
        matcher: "Bash",
        stage: "mutate",
        command:
          `grep -q '"make clean"' && printf '%s' '{"action":"mutate","input":{"command":"make clean -j4"}}' || true`,
      },
    ],
    UserPromptSubmit: [{ name: "style", command: `printf '%s' '{"additionalContext":"Follow the style guide."}'` }],
  },
});

async function fixture(): Promise<{ dir: string; home: string; config: string; session: string } & AsyncDisposable> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-replay-" }));
  const home = await Deno.makeTempDir({ prefix: "hookgate-home-" });
  const config = join(dir, "hooks.jsonc");
  const session = join(dir, "session.jsonl");
  await Deno.writeTextFile(config, CONFIG);
  await Deno.writeTextFile(session, transcript(dir).join("\n") + "\n");
  return {
    dir,
    home,
    config,
    session,
    async [Symbol.asyncDispose]() {
      await Deno.remove(dir, { recursive: true });
      await Deno.remove(home, { recursive: true });
    },
  };
}

Deno.test("hook-run replay shows what today's hooks would change in a recorded session, and exits 2 on a block", async () => {
  await using f = await fixture();
  const run = await cli(["replay", f.session, "--config", f.config], { cwd: f.dir, home: f.home });
  equal(run.code, 2, run.stderr);
  const out = run.stdout;
  match(out, /session\.jsonl:2 UserPromptSubmit {2}context style: Follow the style guide\./);
  match(out, /session\.jsonl:6 PreToolUse Bash {2}blocked guard: rm -rf is not allowed/);
  match(out, /session\.jsonl:10 PreToolUse Bash {2}rewrote parallel-make: command: "make clean" → "make clean -j4"/);
  match(out, /session\.jsonl:14 UserPromptSubmit {2}context/);
  ok(!/:4 PreToolUse/.test(out), "a step no hook changed is not listed");
  match(
    out,
    /14 steps replayed; 1 would have been blocked; skipped lines: summary 1, system 1, file-history-snapshot 1, meta prompt 1; 3 problems \(on stderr\)/,
  );
  match(out, /HOOK +TRANSPORT +CALLS +BLOCKS +REWRITES +CONTEXT +FAILURES +P50 +P99/);
  match(out, /guard +command +4 +1 +0 +0 +0 +[\d.]+ ms +[\d.]+ ms/);
  match(out, /parallel-make +command +4 +0 +1 +0 +0/);
  match(out, /style +command +2 +0 +0 +2 +0/);
  match(run.stderr, /session\.jsonl:9: not JSON; skipped/);
  match(run.stderr, /session\.jsonl:16: a tool_result for "toolu_9", which no earlier tool_use has; skipped/);
  match(run.stderr, /session\.jsonl:15: 1 tool_use never got its tool_result \(the first: "toolu_5"\)/);
});

Deno.test("hook-run replay --json, --event and --only-policy", async () => {
  await using f = await fixture();
  const json = await cli(["replay", f.session, "--config", f.config, "--json"], { cwd: f.dir, home: f.home });
  equal(json.code, 2, json.stderr);
  const report = JSON.parse(json.stdout);
  deepEqual(report.totals, {
    steps: 14,
    blocked: 1,
    skipped: { summary: 1, system: 1, "file-history-snapshot": 1, "meta prompt": 1 },
    problems: 3,
  });
  deepEqual(
    report.steps.map((
      s: { line: number; event: string; effects: { kind: string }[] },
    ) => [s.line, s.event, s.effects.map((e) => e.kind)]),
    [
      [2, "UserPromptSubmit", ["context"]],
      [6, "PreToolUse", ["blocked"]],
      [10, "PreToolUse", ["rewrote"]],
      [14, "UserPromptSubmit", ["context"]],
    ],
  );
  deepEqual(report.problems.map((p: { line: number }) => p.line), [9, 16, 15]);

  const onlyTools = await cli(["replay", f.session, "--config", f.config, "--event", "PreToolUse", "--json"], {
    cwd: f.dir,
    home: f.home,
  });
  const tools = JSON.parse(onlyTools.stdout);
  equal(tools.totals.steps, 5);
  deepEqual(tools.hooks.map((h: { hook: string }) => h.hook), ["parallel-make", "guard"]);

  const policy = await cli(["replay", f.session, "--config", f.config, "--only-policy", "--json"], {
    cwd: f.dir,
    home: f.home,
  });
  equal(policy.code, 2);
  deepEqual(JSON.parse(policy.stdout).hooks.map((h: { hook: string }) => h.hook), ["guard"]);
});

Deno.test("hook-run run and gateway --record write the trace format, and replay reads it back", async () => {
  await using f = await fixture();
  // Within what the hook-run task may write: $HOME/.config/hookgate.
  const trace = join(f.home, ".config", "hookgate", "trace.jsonl");
  await Deno.mkdir(join(f.home, ".config", "hookgate"), { recursive: true });
  const first = await cli(
    [
      "run",
      "PreToolUse",
      "--tool",
      "Bash",
      "--input",
      '{"command":"rm -rf /"}',
      "--config",
      f.config,
      "--record",
      trace,
    ],
    { cwd: f.dir, home: f.home },
  );
  equal(first.code, 2, first.stderr);
  const second = await cli(["run", "UserPromptSubmit", "--prompt", "hi", "--config", f.config, "--record", trace], {
    cwd: f.dir,
    home: f.home,
  });
  equal(second.code, 0, second.stderr);
  const gateway = await cli(["gateway", "--config", f.config, "--record", trace], {
    cwd: f.dir,
    home: f.home,
    stdin: JSON.stringify({
      session_id: "s-9",
      cwd: f.dir,
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "ls" },
    }),
  });
  equal(gateway.code, 0, gateway.stderr);
  const lines = (await Deno.readTextFile(trace)).trim().split("\n").map((line) => JSON.parse(line));
  deepEqual(lines, [
    { event: "PreToolUse", toolName: "Bash", toolInput: { command: "rm -rf /" }, cwd: f.dir },
    { event: "UserPromptSubmit", prompt: "hi", cwd: f.dir },
    { event: "PreToolUse", toolName: "Bash", toolInput: { command: "ls" }, cwd: f.dir, sessionId: "s-9" },
  ]);
  const replayed = await cli(["replay", trace, "--config", f.config, "--json"], { cwd: f.dir, home: f.home });
  equal(replayed.code, 2, replayed.stderr);
  deepEqual(JSON.parse(replayed.stdout).totals, { steps: 3, blocked: 1, skipped: {}, problems: 0 });
});

Deno.test("hook-run replay and --record refuse bad input with one clear line and exit 1", async (t) => {
  await using f = await fixture();
  const cases: [string, string[], RegExp][] = [
    ["no file", ["replay"], /missing the file\(s\) to replay/],
    ["a missing file", ["replay", join(f.dir, "nope.jsonl")], /nope\.jsonl does not exist/],
    ["a directory", ["replay", f.dir], /is not a file/],
    [
      "an unknown event",
      ["replay", f.session, "--event", "PreToolUze"],
      /--event: Unknown hook event "PreToolUze"; did you mean "PreToolUse"\?/,
    ],
    [
      "an unknown format",
      ["replay", f.session, "--format", "csv"],
      /--format must be one of auto, claude, trace, got "csv"/,
    ],
    [
      "--record outside what Deno may write",
      ["run", "Stop", "--record", join(f.dir, "t.jsonl")],
      /cannot record to .*t\.jsonl: Deno's --allow-write does not include it; add --allow-write=/,
    ],
  ];
  // Deno's --allow-write narrowed to the hookgate home, as a least-privilege launcher grants it.
  const flags = ["--allow-read", "--allow-env", "--allow-run", "--allow-write=$HOME/.config/hookgate"];
  for (const [name, args, expected] of cases) {
    await t.step(name, async () => {
      const run = await cli(args, { cwd: f.dir, home: f.home, flags });
      equal(run.code, 1, run.stderr);
      match(run.stderr, expected);
      ok(!run.stderr.includes("    at "), "no stack trace");
    });
  }
});

Deno.test("hook-run replay --no-background leaves background hooks out", async () => {
  await using f = await fixture();
  const config = join(f.dir, "background.jsonc");
  await Deno.writeTextFile(
    config,
    JSON.stringify({ hooks: { PostToolUse: [{ name: "audit-log", command: "cat > /dev/null", background: true }] } }),
  );
  const names = async (...extra: string[]) => {
    const run = await cli(["replay", f.session, "--config", config, "--json", ...extra], { cwd: f.dir, home: f.home });
    equal(run.code, 0, run.stderr);
    return JSON.parse(run.stdout).hooks.map((h: { hook: string }) => h.hook);
  };
  deepEqual(await names(), ["audit-log"]);
  deepEqual(await names("--no-background"), []);
});
