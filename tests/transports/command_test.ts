import { deepEqual, equal, match, ok } from "node:assert/strict";
import { fileURLToPath } from "node:url";
import {
  DEFAULT_COMMAND_ALLOWLIST,
  type HookInput,
  HookRegistry,
  HookRunner,
  runShellHook,
  runShellHookDetailed,
  type ShellHookSpec,
} from "../../mod.ts";
import { delay, groupAlive, memoryLogger, WIRE_OUTCOMES } from "../_helpers.ts";

const hooksDir = fileURLToPath(new URL("../testdata/hooks/", import.meta.url));
const input: HookInput = {
  event: "PreToolUse",
  cwd: Deno.cwd(),
  sessionId: "s-1",
  toolName: "bash",
  toolInput: { command: "ls" },
};
const allowlist = [...DEFAULT_COMMAND_ALLOWLIST, "yes"];

function run(
  spec: ShellHookSpec,
  payload: HookInput = input,
  signal?: AbortSignal,
) {
  return runShellHookDetailed(spec, payload, {
    allowlist,
    ...(signal ? { signal } : {}),
  });
}

/** Runs a hook, checks that nothing of its process group is left, returns the result. */
async function runClean(
  spec: ShellHookSpec,
  payload: HookInput = input,
  signal?: AbortSignal,
) {
  const result = await run(spec, payload, signal);
  equal(
    await groupAlive(result.pid),
    false,
    `process group ${result.pid} left running`,
  );
  return result;
}

// ---------------------------------------------------------------------------
// Exit codes

Deno.test("runShellHookDetailed() exit 2 denies whatever stdout says (peer bugs: exit 2 loses to JSON, empty exit 2 allowed)", async (t) => {
  const cases: [string, string][] = [
    ["echo 'no pushes to main' >&2; exit 2", "no pushes to main"],
    ["echo 'reason on stdout'; exit 2", "reason on stdout"],
    [`echo '{}'; exit 2`, "blocked by hook"],
    [`echo '{"action":"allow"}'; exit 2`, "blocked by hook"],
    [
      `echo '{"action":"allow"}'; echo 'stderr wins' >&2; exit 2`,
      "stderr wins",
    ],
    [
      `echo '{"reason":"json reason"}'; echo 'ignored' >&2; exit 2`,
      "json reason",
    ],
    ["exit 2", "blocked by hook"],
  ];
  for (const [command, reason] of cases) {
    await t.step(command, async () => {
      const result = await runClean({ command });
      deepEqual(result.outcome, { action: "deny", reason });
      equal(result.exitCode, 2);
    });
  }
  await t.step("the reason is truncated to 2 000 characters", async () => {
    const result = await runClean({
      command: "head -c 5000 /dev/zero | tr '\\0' x >&2; exit 2",
    });
    equal(result.outcome?.reason?.length, 2000);
  });
});

Deno.test("runShellHookDetailed() other exits are failures of kind exit, with stderr's first line", async () => {
  const result = await runClean({
    command: "echo 'lint crashed' >&2; echo more >&2; exit 1",
  });
  equal(result.outcome, null);
  deepEqual(result.failure, {
    kind: "exit",
    message: "exited with code 1: lint crashed",
  });
  const notFound = await runClean({
    command: "sh",
    args: ["-c", "definitely-not-a-command-xyz 2>/dev/null"],
  });
  deepEqual(notFound.failure, {
    kind: "exit",
    message: "exited with code 127",
  });
});

Deno.test("runShellHookDetailed() reports a hook killed by a signal as such, never as success (peer bug: signal = exit 0)", async () => {
  const result = await runClean({ command: "echo '{}'; kill -KILL $$" });
  equal(result.failure?.kind, "exit");
  match(result.failure!.message, /was killed by SIGKILL/);
  equal(result.signal, "SIGKILL");
});

// ---------------------------------------------------------------------------
// Outputs

Deno.test("runShellHookDetailed() parses each JSON outcome on exit 0", async (t) => {
  for (const [json, outcome] of WIRE_OUTCOMES) {
    await t.step(json.trim(), async () => {
      const result = await runClean({ command: `printf '%s\\n' '${json}'` });
      deepEqual(result.outcome, outcome);
      equal(result.failure, undefined);
    });
  }
  await t.step("empty stdout allows", async () => {
    deepEqual((await runClean({ command: "true" })).outcome, {
      action: "allow",
    });
    deepEqual((await runClean({ command: "echo '   '" })).outcome, {
      action: "allow",
    });
  });
});

Deno.test("runShellHookDetailed() treats anything but one JSON object as invalid_output", async (t) => {
  const cases: [string, RegExp][] = [
    ["echo 'allow'", /stdout is not one JSON object/],
    ["echo '{\"action\": '", /stdout is not one JSON object/],
    [
      'echo \'checking...\'; echo \'{"action":"deny","reason":"x"}\'',
      /stdout is not one JSON object/,
    ],
    ["echo '[1,2]'", /expected a JSON object, got an array/],
    ["echo '\"deny\"'", /expected a JSON object, got a string/],
    [`echo '{"action":"deny"}'`, /needs a non-empty "reason"/],
  ];
  for (const [command, message] of cases) {
    await t.step(command, async () => {
      const result = await runClean({ command });
      equal(result.failure?.kind, "invalid_output");
      match(result.failure!.message, message);
    });
  }
  await t.step(
    "invalid UTF-8 is decoded with replacement characters, not a crash",
    async () => {
      const garbage = await runClean({ command: "printf '\\377\\376\\375'" });
      equal(garbage.failure?.kind, "invalid_output");
      const inJson = await runClean({
        command: `printf '{"additionalContext":"a\\377b"}'`,
      });
      deepEqual(inJson.outcome, {
        action: "allow",
        additionalContext: "a\uFFFDb",
      });
    },
  );
  await t.step(
    "the message never repeats the output (it may echo the payload)",
    async () => {
      const result = await runClean({ command: "echo secret-value-123" });
      ok(!result.failure!.message.includes("secret-value-123"));
    },
  );
});

// ---------------------------------------------------------------------------
// Payload, forms, cwd, environment

Deno.test("runShellHookDetailed() writes the payload JSON plus a newline to stdin", async () => {
  const result = await runClean({ command: "cat > /dev/null; true" });
  deepEqual(result.outcome, { action: "allow" });
  const echoed = await runClean({ command: `${hooksDir}echo_tool.sh` });
  deepEqual(echoed.outcome, {
    action: "allow",
    additionalContext: "tool=bash",
  });
  const raw = await runShellHookDetailed(
    { command: "wc", args: ["-l"] },
    input,
  );
  equal(
    raw.failure?.kind,
    "invalid_output",
    "wc -l counted the trailing newline: 1 is valid JSON but not an object",
  );
  match(raw.failure!.message, /got a number/);
});

Deno.test("runShellHookDetailed() sends the Wuu dialect in snake_case", async () => {
  const result = await runClean({
    command:
      `sed -n 's/.*"hook_event_name":"\\([^"]*\\)".*"tool_name":"\\([^"]*\\)".*/{"additional_context":"\\1 \\2"}/p'`,
    dialect: "wuu",
  });
  deepEqual(result.outcome, {
    action: "allow",
    additionalContext: "PreToolUse bash",
  });
});

Deno.test("runShellHookDetailed() spawns plain commands directly and shell syntax through sh", async () => {
  const direct = await runClean({ command: "true" });
  equal(direct.plan?.viaShell, false);
  deepEqual(direct.outcome, { action: "allow" });
  const shell = await runClean({ command: "echo '{}' | cat" });
  equal(shell.plan?.viaShell, true);
  deepEqual(shell.outcome, { action: "allow" });
});

Deno.test("runShellHookDetailed() exec form passes arguments verbatim, no shell", async () => {
  const result = await runClean({
    command: "printf",
    args: ['{"additionalContext":"%s"}', "$HOME; echo pwned"],
  });
  deepEqual(result.outcome, {
    action: "allow",
    additionalContext: "$HOME; echo pwned",
  });
});

Deno.test("runShellHookDetailed() runs in the payload's cwd", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const result = await runClean({
      command: `printf '{"additionalContext":"%s"}' "$(pwd)"`,
    }, { ...input, cwd: dir });
    equal(result.outcome?.additionalContext, await Deno.realPath(dir));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("runShellHookDetailed() gives children a sanitized environment: no secrets unless asked for", async () => {
  Deno.env.set("HOOKGATE_TEST_API_TOKEN", "t0ken");
  Deno.env.set("AWS_SECRET_ACCESS_KEY", "aws");
  Deno.env.set("HOOKGATE_TEST_PLAIN", "plain");
  try {
    const result = await runClean({
      command: `${hooksDir}env_names.sh`,
      env: { LINT_LEVEL: "strict" },
      passEnv: ["HOOKGATE_TEST_API_TOKEN"],
    });
    const names = result.outcome!.additionalContext!.trim().split(" ");
    ok(names.includes("PATH"));
    ok(names.includes("LINT_LEVEL"));
    ok(
      names.includes("HOOKGATE_TEST_API_TOKEN"),
      "listed explicitly in passEnv",
    );
    ok(names.includes("HOOKGATE_EVENT"));
    ok(names.includes("HOOKGATE_SESSION_ID"));
    ok(names.includes("HOOKGATE_PROJECT_DIR"));
    ok(!names.includes("AWS_SECRET_ACCESS_KEY"));
    ok(!names.includes("HOOKGATE_TEST_PLAIN"), "not on the allowlist");
  } finally {
    Deno.env.delete("HOOKGATE_TEST_API_TOKEN");
    Deno.env.delete("AWS_SECRET_ACCESS_KEY");
    Deno.env.delete("HOOKGATE_TEST_PLAIN");
  }
});

// ---------------------------------------------------------------------------
// Process trees, deadlines, cancellation

Deno.test("runShellHookDetailed() kills a hook that sleeps past its timeout, group and all, promptly", async () => {
  const started = performance.now();
  const result = await runClean({
    command: "sleep 30 & sleep 30; wait",
    timeoutMs: 200,
  });
  const late = performance.now() - started - 200;
  equal(result.failure?.kind, "timeout");
  match(result.failure!.message, /process group was killed/);
  ok(late < 1000, `result ${late.toFixed(0)} ms after the deadline`);
});

Deno.test("runShellHookDetailed() does not wait for a grandchild holding stdout after the hook exits (peer bug: only the direct child is killed)", async () => {
  const started = performance.now();
  const result = await runClean({
    command: "sleep 30 & echo '{}'",
    timeoutMs: 5000,
  });
  const elapsed = performance.now() - started;
  deepEqual(result.outcome, { action: "allow" });
  ok(elapsed < 2000, `took ${elapsed.toFixed(0)} ms`);
});

Deno.test("runShellHookDetailed() kills a descendant that ignores SIGTERM (peer bug: SIGKILL escalation never happens)", async () => {
  const result = await runClean({
    command: "trap '' TERM; sh -c \"trap '' TERM; sleep 30\"",
    timeoutMs: 200,
  });
  equal(result.failure?.kind, "timeout");
});

Deno.test("runShellHookDetailed() returns by the deadline even when the hook ignores signals and never exits (peer bug: deadline enforced by the child)", async () => {
  const started = performance.now();
  const result = await runClean({
    command: "trap '' INT TERM HUP; while :; do sleep 1; done",
    timeoutMs: 150,
  });
  equal(result.failure?.kind, "timeout");
  ok(performance.now() - started < 1500);
});

Deno.test("runShellHookDetailed() obeys the caller's signal", async () => {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new Error("Ctrl-C")), 100);
  const result = await runClean(
    { command: "sleep 30", timeoutMs: 10_000 },
    input,
    controller.signal,
  );
  equal(result.failure?.kind, "aborted");
  const already = await run(
    { command: "echo '{}'" },
    input,
    AbortSignal.abort(),
  );
  equal(already.failure?.kind, "aborted");
  equal(already.pid, null, "never started");
});

Deno.test("runShellHookDetailed() survives a 1 MiB payload to a hook that never reads stdin", async () => {
  const big = { ...input, toolInput: { blob: "x".repeat(1024 * 1024) } };
  deepEqual((await runClean({ command: "true" }, big)).outcome, {
    action: "allow",
  });
  deepEqual((await runClean({ command: "sleep 0.2" }, big)).outcome, {
    action: "allow",
  });
  const timedOut = await runClean({ command: "sleep 30", timeoutMs: 200 }, big);
  equal(timedOut.failure?.kind, "timeout");
});

Deno.test("runShellHookDetailed() keeps at most the cap of each stream and drains the rest (peer bug: no cap)", async (t) => {
  await t.step("a flood on stdout that then exits 0 is invalid_output naming the stream and the cap", async () => {
    const result = await runClean({ command: "head -c 300000 /dev/zero; exit 0", timeoutMs: 10_000 });
    equal(result.stdoutTruncated, true);
    // Drained to its end, not killed: the exit code is the hook's own.
    equal(result.exitCode, 0);
    equal(result.signal, null);
    equal(result.failure?.kind, "invalid_output");
    match(result.failure!.message, /^stdout exceeded the 65536-byte cap, so its answer does not count/);
  });
  await t.step("on stderr", async () => {
    const result = await runClean({ command: "head -c 300000 /dev/zero >&2", timeoutMs: 10_000 });
    equal(result.stderrTruncated, true);
    equal(result.exitCode, 0);
    equal(result.failure?.kind, "invalid_output");
    match(result.failure!.message, /^stderr exceeded the 65536-byte cap/);
  });
  await t.step("a valid outcome printed before the cap does not count", async () => {
    const result = await runClean({
      command:
        `printf '{"additionalContext":"%s"}' "$(head -c 200 /dev/zero | tr '\\0' a)"; head -c 10000 /dev/zero >&2`,
      maxOutputBytes: 4096,
    });
    equal(result.stderrTruncated, true);
    equal(result.stdoutTruncated, false);
    equal(result.outcome, null);
    equal(result.failure?.kind, "invalid_output");
    match(result.failure!.message, /^stderr exceeded the 4096-byte cap/);
  });
  await t.step("a configurable cap; both streams are named", async () => {
    const result = await runClean({
      command: "head -c 3000 /dev/zero | tr '\\0' a; head -c 3000 /dev/zero >&2; exit 1",
      maxOutputBytes: 1000,
    });
    equal(result.exitCode, 1);
    match(result.failure!.message, /^stdout and stderr each exceeded the 1000-byte cap/);
  });
  await t.step(
    "a deadline that comes first, while the hook may still exit past the cap: a timeout, its group killed",
    async () => {
      const result = await runClean({ command: "head -c 70000 /dev/zero; sleep 30", timeoutMs: 300 });
      equal(result.stdoutTruncated, true);
      equal(result.failure?.kind, "timeout");
      match(
        result.failure!.message,
        /did not finish before its deadline; its process group was killed \(its stdout had exceeded the 65536-byte cap\)/,
      );
      equal(result.signal, "SIGKILL");
    },
  );
});

// A hook past the cap has a bounded while (OUTPUT_DRAIN_MS, OUTPUT_DRAIN_BYTES)
// to exit. The deadlines below are far longer than that bound: a hook that
// ran on to its deadline fails these tests with "timeout", whatever the time.
const FAR_DEADLINE_MS = 20_000;

Deno.test("runShellHookDetailed() fails output that goes on past the cap at once, not at its deadline", async (t) => {
  await t.step("yes on stdout: invalid_output, its group killed", async () => {
    const result = await runClean({ command: "yes", timeoutMs: FAR_DEADLINE_MS });
    equal(result.stdoutTruncated, true);
    equal(result.signal, "SIGKILL");
    equal(result.failure?.kind, "invalid_output");
    match(
      result.failure!.message,
      /^stdout exceeded the 65536-byte cap and the hook did not exit within 2 s or 4 MiB more, so its process group was killed; its answer does not count \(print less, or raise maxOutputBytes, at most 1048576\)$/,
    );
  });
  await t.step("yes on stderr, then exit 2 that never comes", async () => {
    const result = await runClean({ command: "yes >&2; exit 2", timeoutMs: FAR_DEADLINE_MS });
    equal(result.stderrTruncated, true);
    equal(result.outcome, null);
    equal(result.failure?.kind, "invalid_output");
    match(result.failure!.message, /^stderr exceeded the 65536-byte cap and the hook did not exit/);
  });
  await t.step("a trickle past the cap that never ends: the time bound", async () => {
    const result = await runClean({
      command: "head -c 2000 /dev/zero; while :; do printf x; sleep 0.01; done",
      maxOutputBytes: 1000,
      timeoutMs: FAR_DEADLINE_MS,
    });
    equal(result.stdoutTruncated, true);
    equal(result.failure?.kind, "invalid_output");
    match(result.failure!.message, /^stdout exceeded the 1000-byte cap and the hook did not exit/);
  });
  await t.step("a flood of 8 MiB, past the bound, then exit 2: the exit comes too late to count", async () => {
    const result = await runClean({ command: "head -c 8388608 /dev/zero >&2; exit 2", timeoutMs: FAR_DEADLINE_MS });
    equal(result.outcome, null);
    equal(result.signal, "SIGKILL");
    equal(result.failure?.kind, "invalid_output");
  });
  await t.step("an exit 0 after a pause past the cap: killed within the bound", async () => {
    const result = await runClean({ command: "head -c 100000 /dev/zero; sleep 30", timeoutMs: FAR_DEADLINE_MS });
    equal(result.signal, "SIGKILL");
    equal(result.failure?.kind, "invalid_output");
  });
  await t.step("through the runner: a closed hook that floods denies, an open one is skipped", async () => {
    const registry = new HookRegistry();
    const logger = memoryLogger();
    const runner = new HookRunner({ registry, logger, commandAllowlist: allowlist });
    registry.loadShellHooks({
      PreToolUse: [
        { name: "chatty", command: "yes", timeoutMs: FAR_DEADLINE_MS },
        { name: "strict", command: "yes", failurePolicy: "closed", timeoutMs: FAR_DEADLINE_MS },
      ],
    });
    const result = await runner.preToolUse("bash", {}, { cwd: Deno.cwd() });
    equal(result.block, true);
    match(
      result.reason!,
      /Hook "strict" failed \(invalid_output: stdout exceeded the 65536-byte cap and the hook did not exit/,
    );
    match(logger.warnings.join("\n"), /"chatty" \(command\) on PreToolUse failed: invalid_output: .*skipped/);
    await runner.close();
  });
});

Deno.test("runShellHookDetailed() lets exit 2 block after an output flood, with the truncated reason", async (t) => {
  await t.step("200 KB of test failures on stderr, then exit 2", async () => {
    const result = await runClean({ command: "head -c 200000 /dev/zero | tr '\\0' x >&2; exit 2", timeoutMs: 10_000 });
    equal(result.exitCode, 2);
    equal(result.signal, null);
    equal(result.stderrTruncated, true);
    deepEqual(result.outcome, { action: "deny", reason: "x".repeat(1999) + "…" });
  });
  await t.step("a flood on stdout, then exit 2: stderr first, as always", async () => {
    const result = await runClean({
      command: "head -c 200000 /dev/zero | tr '\\0' y; echo 'tests failed' >&2; exit 2",
      timeoutMs: 10_000,
    });
    equal(result.stdoutTruncated, true);
    deepEqual(result.outcome, { action: "deny", reason: "tests failed" });
  });
  await t.step("a hook that exited 2 while a descendant flooded afterwards denies with its stderr", async () => {
    // The descendant writes only once the hook has exited (its pipe from
    // the hook closes then); the group kill after the grace period ends it.
    const result = await runClean({
      command: "bash",
      args: ["-c", "exec 3> >(cat >/dev/null; head -c 200 /dev/zero | tr '\\0' x >&2); exit 2"],
      maxOutputBytes: 100,
    });
    equal(result.exitCode, 2);
    equal(result.signal, null);
    equal(result.stderrTruncated, true);
    deepEqual(result.outcome, { action: "deny", reason: "x".repeat(100) });
  });
  await t.step("through the runner: an open hook that floods stderr and exits 2 blocks", async () => {
    const registry = new HookRegistry();
    const runner = new HookRunner({ registry, logger: memoryLogger() });
    registry.loadShellHooks({
      PreToolUse: [{ name: "tests", command: "head -c 200000 /dev/zero | tr '\\0' x >&2; exit 2", timeoutMs: 10_000 }],
    });
    deepEqual(await runner.preToolUse("bash", {}, { cwd: Deno.cwd() }), {
      block: true,
      reason: "x".repeat(1999) + "…",
    });
  });
  await t.step(
    "through the runner, in the Claude dialect too, whose cap is 1 MiB and whose reasons stay whole",
    async () => {
      const registry = new HookRegistry();
      const runner = new HookRunner({ registry, logger: memoryLogger() });
      registry.loadShellHooks({
        PreToolUse: [{
          name: "tests",
          dialect: "claude",
          command: "head -c 1100000 /dev/zero | tr '\\0' x >&2; exit 2",
          timeoutMs: 10_000,
        }],
      });
      // Cut only at the cap: Claude spills a long reason to a file itself.
      const result = await runner.preToolUse("Bash", {}, { cwd: Deno.cwd() });
      equal(result.block, true);
      equal(result.reason, "x".repeat(1024 * 1024));
    },
  );
  await t.step(
    "through the runner: an open hook flooding stdout and exiting 0 is skipped with a warning naming the cap",
    async () => {
      const registry = new HookRegistry();
      const logger = memoryLogger();
      const runner = new HookRunner({ registry, logger });
      registry.loadShellHooks({
        PreToolUse: [{ name: "flood", command: "head -c 200000 /dev/zero", timeoutMs: 10_000 }],
      });
      deepEqual(await runner.preToolUse("bash", {}, { cwd: Deno.cwd() }), {});
      match(
        logger.warnings.at(-1)!,
        /"flood" \(command\) on PreToolUse failed: invalid_output: stdout exceeded the 65536-byte cap.*skipped/,
      );
    },
  );
});

Deno.test("runShellHookDetailed() cuts a flood of hundreds of MB off past the bound, in bounded memory", async () => {
  // 256 MiB on each stream: a host that kept it would grow by 512 MiB, and
  // one that drained it all would wait for all of it.
  const flood = 256 * 1024 * 1024;
  const before = Deno.memoryUsage();
  const result = await runClean({
    command: `head -c ${flood} /dev/zero; head -c ${flood} /dev/zero | tr '\\0' z >&2; exit 2`,
    timeoutMs: 120_000,
  });
  const after = Deno.memoryUsage();
  const grown = (after.rss - before.rss) / 1024 / 1024;
  equal(result.outcome, null);
  equal(result.failure?.kind, "invalid_output");
  equal(result.stdoutTruncated, true);
  ok(grown < 64, `RSS grew by ${grown.toFixed(0)} MiB while reading a 512 MiB flood`);
});

// ---------------------------------------------------------------------------
// Descendants that leave the process group (issue 10, point 3)

const onLinux = Deno.build.os === "linux";
const bigInput: HookInput = { ...input, toolInput: { blob: "x".repeat(200_000) } };

/** How many descriptors this process has open (Linux; read by `ls`, which needs no read permission on /proc). */
async function openDescriptors(): Promise<number> {
  const { stdout } = await new Deno.Command("ls", {
    args: [`/proc/${Deno.pid}/fd`],
    stdin: "null",
    stdout: "piped",
    stderr: "null",
  }).output();
  return new TextDecoder().decode(stdout).trim().split("\n").length;
}

/** Polls `read` until it returns `expected` (or 2 s pass); returns the last value. */
async function settlesTo<T>(read: () => Promise<T>, expected: T): Promise<T> {
  const until = performance.now() + 2000;
  let value = await read();
  while (value !== expected && performance.now() < until) {
    await delay(20);
    value = await read();
  }
  return value;
}

/** The pid an escape_*.sh hook wrote. */
async function escapeePid(file: string): Promise<number> {
  const read = () => Deno.readTextFile(file).then((text) => Number(text.trim()) || 0, () => 0);
  const until = performance.now() + 2000;
  let pid = await read();
  while (pid === 0 && performance.now() < until) {
    await delay(20);
    pid = await read();
  }
  ok(pid > 0, `no pid in ${file}`);
  return pid;
}

/** Kills an escaped process (it leads its own group) and waits until it is gone. */
async function killEscapee(pid: number): Promise<void> {
  try {
    Deno.kill(-pid, "SIGKILL");
  } catch {
    // Already gone.
  }
  equal(await settlesTo(() => groupAlive(pid), false), false, `escapee ${pid} still alive`);
}

Deno.test({
  name:
    "runShellHookDetailed() returns promptly when a grandchild that left the session holds stdin under a payload over the pipe buffer",
  ignore: !onLinux,
  async fn() {
    const dir = await Deno.makeTempDir();
    const pidFile = `${dir}/escapee.pid`;
    const logger = memoryLogger();
    const before = await openDescriptors();
    let escapee = 0;
    try {
      const started = performance.now();
      const result = await runShellHookDetailed(
        { command: `${hooksDir}escape_session.sh`, args: [pidFile], timeoutMs: 10_000 },
        bigInput,
        { logger },
      );
      const elapsed = performance.now() - started;
      escapee = await escapeePid(pidFile);
      deepEqual(result.outcome, { action: "allow" });
      ok(elapsed < 2000, `took ${elapsed.toFixed(0)} ms with a 10 s timeout`);
      equal(await groupAlive(result.pid), false);
      // The documented limit: what starts a session of its own is out of reach...
      equal(await groupAlive(escapee), true, "hookgate cannot find a process that called setsid()");
      match(logger.warnings[0]!, /started a session of its own .*; it holds the hook's stdin unread/);
      // ...and the payload's pipe stays open while it holds stdin; nothing else does.
      equal(await settlesTo(openDescriptors, before + 1), before + 1);
    } finally {
      if (escapee === 0) escapee = await escapeePid(pidFile).catch(() => 0);
      if (escapee !== 0) await killEscapee(escapee);
      await Deno.remove(dir, { recursive: true });
    }
    // Once it is gone the pending write fails with BrokenPipe and releases the pipe.
    equal(await settlesTo(openDescriptors, before), before);
  },
});

Deno.test({
  name: "runShellHookDetailed() kills a grandchild that left the group but not the session, and leaks nothing",
  ignore: !onLinux,
  async fn() {
    const dir = await Deno.makeTempDir();
    const pidFile = `${dir}/escapee.pid`;
    const logger = memoryLogger();
    const before = await openDescriptors();
    try {
      const started = performance.now();
      const result = await runShellHookDetailed(
        { command: `${hooksDir}escape_group.sh`, args: [pidFile], timeoutMs: 10_000 },
        bigInput,
        { logger },
      );
      const elapsed = performance.now() - started;
      const escapee = await escapeePid(pidFile);
      deepEqual(result.outcome, { action: "allow" });
      ok(elapsed < 2000, `took ${elapsed.toFixed(0)} ms`);
      equal(await groupAlive(escapee), false, "the session sweep kills what job control moved out of the group");
      deepEqual(logger.warnings, []);
      equal(await settlesTo(openDescriptors, before), before);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "HookRunner returns long before timeout + 2 s when a hook's grandchild left the session holding stdin",
  ignore: !onLinux,
  async fn() {
    const dir = await Deno.makeTempDir();
    const pidFile = `${dir}/escapee.pid`;
    const registry = new HookRegistry();
    const logger = memoryLogger();
    const runner = new HookRunner({ registry, logger });
    registry.loadShellHooks({
      PreToolUse: [{
        name: "daemonizer",
        command: `${hooksDir}escape_session.sh`,
        args: [pidFile],
        timeoutMs: 10_000,
        failurePolicy: "closed",
      }],
    });
    try {
      const started = performance.now();
      const result = await runner.preToolUse("bash", bigInput.toolInput!, { cwd: Deno.cwd() });
      const elapsed = performance.now() - started;
      deepEqual(result, {});
      ok(elapsed < 2000, `took ${elapsed.toFixed(0)} ms with a 10 s timeout`);
      match(logger.warnings.join("\n"), /"daemonizer" left a process running that started a session of its own/);
    } finally {
      await killEscapee(await escapeePid(pidFile));
      await Deno.remove(dir, { recursive: true });
    }
  },
});

// ---------------------------------------------------------------------------
// Spawn failures and the allowlist

Deno.test("runShellHookDetailed() reports spawn failures as errors, never success (peer bug: spawn failure = clean exit)", async (t) => {
  const dir = await Deno.makeTempDir();
  try {
    await t.step("missing program", async () => {
      const result = await run({ command: `${dir}/missing-program` });
      equal(result.failure?.kind, "error");
      match(result.failure!.message, /was not found/);
    });
    await t.step("not executable", async () => {
      const script = `${dir}/hook.sh`;
      await Deno.writeTextFile(script, "#!/bin/sh\necho '{}'\n", {
        mode: 0o644,
      });
      const result = await run({ command: script });
      equal(result.failure?.kind, "error");
      match(result.failure!.message, /is not executable/);
    });
    await t.step("bad cwd", async () => {
      const result = await run({ command: "true" }, {
        ...input,
        cwd: `${dir}/nope`,
      });
      equal(result.failure?.kind, "error");
      match(
        result.failure!.message,
        /cannot start in ".*nope": it does not exist/,
      );
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("runShellHookDetailed() rejects commands off the allowlist, with the fix", async () => {
  const relative = await run({ command: "./scripts/hook.sh" });
  equal(relative.failure?.kind, "rejected");
  match(
    relative.failure!.message,
    /"\.\/scripts\/hook\.sh" is not on the command allowlist.*absolute path/,
  );
  equal(relative.pid, null);
  const viaShell = await run({ command: "mytool --check | cat" });
  match(viaShell.failure!.message, /"mytool" is not on the command allowlist/);
  const assignment = await runClean({ command: "FOO=bar printf '{}'" });
  deepEqual(
    assignment.outcome,
    { action: "allow" },
    "leading assignments are skipped when checking",
  );
  const absolute = await runClean({ command: `${hooksDir}guard_rm.sh` }, {
    ...input,
    toolInput: { command: "rm -rf /" },
  });
  deepEqual(absolute.outcome, {
    action: "deny",
    reason: "dangerous command blocked",
  });
  const custom = await runShellHookDetailed({ command: "echo hi" }, input, {
    allowlist: ["printf"],
  });
  equal(custom.failure?.kind, "rejected");
});

// ---------------------------------------------------------------------------
// Permissions under a scoped --allow-run (a real Deno subprocess)

const probe = fileURLToPath(
  new URL("../testdata/run_hook.ts", import.meta.url),
);

async function runProbe(flags: string[], spec: ShellHookSpec) {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", ...flags, probe, JSON.stringify(spec)],
    stdout: "piped",
    stderr: "piped",
    env: { DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" },
  }).output();
  equal(code, 0, new TextDecoder().decode(stderr));
  return JSON.parse(new TextDecoder().decode(stdout));
}

Deno.test("runShellHookDetailed() names the exact --allow-run flag to add instead of throwing NotCapable", async () => {
  const result = await runProbe([
    "--allow-run=sh,kill",
    "--allow-env",
    "--allow-read",
  ], {
    command: "python3 /abs/check.py",
  });
  equal(result.failure.kind, "rejected");
  match(
    result.failure.message,
    /does not include "python3"; add --allow-run=python3/,
  );
  const noKill = await runProbe([
    "--allow-run=sh",
    "--allow-env",
    "--allow-read",
  ], { command: "echo '{}' | cat" });
  match(noKill.failure.message, /add --allow-run=kill/);
});

Deno.test("runShellHookDetailed() kills the whole group under a scoped --allow-run (kill fallback)", async (t) => {
  for (const run of ["sh,kill", "sh,kill,setsid"]) {
    await t.step(`--allow-run=${run}`, async () => {
      const result = await runProbe([
        `--allow-run=${run}`,
        "--allow-env",
        "--allow-read",
      ], {
        command: "sleep 30 & sleep 30; wait",
        timeoutMs: 200,
      });
      equal(result.failure.kind, "timeout");
      equal(await groupAlive(result.pid), false);
      const exited = await runProbe([
        `--allow-run=${run}`,
        "--allow-env",
        "--allow-read",
      ], {
        command: "sleep 30 & echo '{}'",
      });
      deepEqual(exited.outcome, { action: "allow" });
      equal(
        await groupAlive(exited.pid),
        false,
        "descendants are killed after the hook exits",
      );
    });
  }
});

// ---------------------------------------------------------------------------
// Through the runner

Deno.test("HookRunner runs command hooks under their failure policy", async (t) => {
  const registry = new HookRegistry();
  const logger = memoryLogger();
  const runner = new HookRunner({ registry, logger });
  await t.step("exit 2 blocks PreToolUse", async () => {
    registry.loadShellHooks({
      PreToolUse: [{ name: "guard", command: `${hooksDir}guard_rm.sh` }],
    });
    deepEqual(
      await runner.preToolUse("bash", { command: "rm -rf /" }, {
        cwd: Deno.cwd(),
      }),
      {
        block: true,
        reason: "dangerous command blocked",
      },
    );
    deepEqual(
      await runner.preToolUse("bash", { command: "ls" }, { cwd: Deno.cwd() }),
      {},
    );
  });
  await t.step(
    "a timed-out command hook with failurePolicy closed denies (peer bug: timed-out permission hook allows)",
    async () => {
      registry.replaceShellHooks({
        PreToolUse: [{
          name: "slow",
          command: "sleep 30",
          timeoutMs: 150,
          failurePolicy: "closed",
        }],
      });
      const result = await runner.preToolUse("bash", {}, { cwd: Deno.cwd() });
      equal(result.block, true);
      match(result.reason!, /Hook "slow" failed \(timeout: /);
      match(result.reason!, /not an approval request/);
    },
  );
  await t.step(
    "a missing script under failurePolicy closed blocks (peer bug: missing script silently disables a gate)",
    async () => {
      registry.replaceShellHooks({
        PreToolUse: [{
          name: "gone",
          command: "/nonexistent/guard.sh",
          failurePolicy: "closed",
        }],
      });
      const result = await runner.preToolUse("bash", {}, { cwd: Deno.cwd() });
      equal(result.block, true);
      match(result.reason!, /error: "\/nonexistent\/guard.sh" was not found/);
    },
  );
  await t.step(
    "failures follow policy, not a blanket rule (peer bug: every PreToolUse failure blocks)",
    async () => {
      registry.replaceShellHooks({
        PreToolUse: [{ name: "crash", command: "exit 1" }],
      });
      deepEqual(await runner.preToolUse("bash", {}, { cwd: Deno.cwd() }), {});
      match(
        logger.warnings.at(-1)!,
        /"crash" \(command\) on PreToolUse failed: exit: exited with code 1; skipped/,
      );
    },
  );
  await t.step("the caller's abort kills a running command hook", async () => {
    registry.replaceShellHooks({
      PreToolUse: [{
        name: "sleeper",
        command: "sleep 30",
        failurePolicy: "closed",
      }],
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await runner.preToolUse("bash", {}, {
      cwd: Deno.cwd(),
      signal: controller.signal,
    });
    match(result.reason!, /aborted: cancelled by the caller/);
  });
});

Deno.test("HookRunner runs 50 command hooks in parallel without leaking processes or resources", async () => {
  const registry = new HookRegistry();
  const runner = new HookRunner({ registry });
  const pids: number[] = [];
  const tool: HookInput = { ...input, event: "PostToolUse" };
  registry.loadShellHooks({
    PostToolUse: Array.from({ length: 50 }, (_, i) => ({
      name: `h${i}`,
      command: `printf '{"additionalContext":"%s"}' "$$"; sleep 30 &`,
    })),
  });
  const result = await runner.postToolUse("bash", {}, {
    content: "",
    isError: false,
  }, { cwd: tool.cwd });
  const lines = result.additionalContext!.split("\n");
  equal(lines.length, 50);
  for (const line of lines) pids.push(Number(line));
  for (const pid of pids) {
    equal(await groupAlive(pid), false, `group ${pid} left running`);
  }
});

Deno.test("runShellHook() returns the outcome, or null with a warning", async () => {
  const logger = memoryLogger();
  deepEqual(await runShellHook({ command: "echo '{}'" }, input, logger), {
    action: "allow",
  });
  equal(
    await runShellHook({ name: "bad", command: "exit 3" }, input, logger),
    null,
  );
  match(
    logger.warnings[0]!,
    /Command hook "bad" failed: exit: exited with code 3/,
  );
});
