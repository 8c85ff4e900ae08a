import { deepEqual, doesNotMatch, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { groupAlive } from "../_helpers.ts";
import { bundleFlags, cli, entry, root, taskFlags } from "./_cli.ts";

async function withConfig(text: string, fn: (dir: string, file: string) => Promise<void>): Promise<void> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-cli-" }));
  try {
    await Deno.writeTextFile(join(dir, "hooks.jsonc"), text);
    await fn(dir, join(dir, "hooks.jsonc"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const GUARD = `{
  "hooks": {
    "PreToolUse": [
      { "name": "guard", "matcher": "bash", "command": "grep -q 'rm -rf' && { echo 'no rm -rf' >&2; exit 2; } || exit 0", "policy": true },
      { "name": "rewrite", "matcher": "bash", "stage": "mutate", "command": "grep -q '\\"command\\":\\"ls\\"' && echo '{\\"action\\":\\"mutate\\",\\"input\\":{\\"command\\":\\"ls -la\\"}}' || true" }
    ],
    "SessionStart": [{ "name": "ctx", "command": "echo '{\\"additionalContext\\": \\"hello\\"}'" }]
  }
}`;

// ---------------------------------------------------------------------------
// run

Deno.test("hook-run run prints one line per hook and the decision; exit 2 when blocked", async () => {
  await withConfig(GUARD, async (dir, file) => {
    const blocked = await cli([
      "run",
      "PreToolUse",
      "--tool",
      "bash",
      "--input",
      '{"command":"rm -rf /"}',
      "--config",
      file,
    ], {
      cwd: dir,
    });
    equal(blocked.code, 2, blocked.stderr);
    const lines = blocked.stdout.trim().split("\n");
    equal(lines[0], "PreToolUse bash");
    match(lines[1]!, /^ {2}rewrite +command +mutate +[\d.]+ ms +allow$/);
    match(lines[2]!, /^ {2}guard +command +validate +[\d.]+ ms +deny$/);
    equal(lines[3], "blocked: no rm -rf");
    const allowed = await cli(
      ["run", "PreToolUse", "--tool", "bash", "--input", '{"command":"ls"}', "--config", file],
      {
        cwd: dir,
      },
    );
    equal(allowed.code, 0, allowed.stderr);
    match(allowed.stdout, /allowed with rewritten input \{"command":"ls -la"\}/);
  });
});

Deno.test("hook-run run --json prints one machine-readable object", async () => {
  await withConfig(GUARD, async (dir, file) => {
    const run = await cli(["run", "SessionStart", "--config", file, "--json"], { cwd: dir });
    equal(run.code, 0, run.stderr);
    const output = JSON.parse(run.stdout);
    equal(output.event, "SessionStart");
    equal(output.decision, "allow");
    deepEqual(output.result, { additionalContext: "hello" });
    equal(output.hooks.length, 1);
    equal(output.hooks[0].hookName, "ctx");
    equal(output.hooks[0].transport, "command");
    ok(output.hooks[0].durationMs >= 0);
    deepEqual(output.config.files, [file]);
  });
});

Deno.test("hook-run run --trace shows per-hook timings and failure details", async () => {
  await withConfig(
    `{"hooks": {"Stop": [{"name": "slow", "command": "sleep 5; true", "timeoutMs": 100}]}}`,
    async (dir, file) => {
      const run = await cli(["run", "Stop", "--config", file, "--trace"], { cwd: dir });
      equal(run.code, 0, run.stderr);
      match(run.stdout, /slow +command +- +[\d.]+ ms +failed: timeout/);
      match(run.stdout, /started \+[\d.]+ ms, took [\d.]+ ms/);
      match(run.stdout, /did not finish within 100 ms/);
      match(run.stdout, /total [\d.]+ ms/);
      match(run.stderr, /warning: Hook "slow" \(command\) on Stop failed: timeout/);
    },
  );
});

Deno.test("hook-run run with no configuration uses the bundled example, and says so", async () => {
  const run = await cli(["run", "PreToolUse", "--tool", "bash", "--input", '{"command":"rm -rf /"}']);
  equal(run.code, 2);
  match(run.stderr, /no configuration found; using the bundled example examples\/hooks\.jsonc/);
  match(run.stdout, /blocked: rm -rf is blocked by the example policy/);
});

Deno.test("hook-run run reads --input from a file and from stdin, and --prompt", async () => {
  await withConfig(GUARD, async (dir, file) => {
    await Deno.writeTextFile(join(dir, "input.json"), '{"command": "rm -rf /"}');
    const fromFile = await cli(["run", "PreToolUse", "--tool", "bash", "--input", "@input.json", "--config", file], {
      cwd: dir,
    });
    equal(fromFile.code, 2);
    const fromStdin = await cli(["run", "PreToolUse", "--tool", "bash", "--input", "-", "--config", file], {
      cwd: dir,
      stdin: '{"command": "rm -rf /"}',
    });
    equal(fromStdin.code, 2);
  });
  await withConfig(
    `{"hooks": {"UserPromptSubmit": [{"command": "grep -q secret && echo '{\\"decision\\":\\"block\\",\\"reason\\":\\"no secrets\\"}' || true"}]}}`,
    async (dir, file) => {
      const run = await cli(["run", "UserPromptSubmit", "--prompt", "tell me the secret", "--config", file], {
        cwd: dir,
      });
      equal(run.code, 2);
      match(run.stdout, /blocked: no secrets/);
    },
  );
});

Deno.test("hook-run run --no-hooks runs only policy hooks", async () => {
  await withConfig(GUARD, async (dir, file) => {
    const run = await cli([
      "run",
      "PreToolUse",
      "--tool",
      "bash",
      "--input",
      '{"command":"ls"}',
      "--config",
      file,
      "--no-hooks",
    ], {
      cwd: dir,
    });
    equal(run.code, 0, run.stderr);
    ok(run.stdout.includes("guard"));
    ok(!run.stdout.includes("rewrite"));
  });
});

Deno.test("hook-run rejects bad input with one clear line and exit 1, never a stack trace", async (t) => {
  const cases: [string[], RegExp][] = [
    [["run", "PreTooluse", "--tool", "bash"], /^hook-run: unknown event "PreTooluse"; did you mean "PreToolUse"\?\n$/],
    [
      ["run", "PreToolUse", "--tool", "bash", "--input", "{command: ls}"],
      /^hook-run: --input is not valid JSON: .+\n$/,
    ],
    [
      ["run", "PreToolUse", "--tool", "bash", "--input", "[1]"],
      /^hook-run: --input must be a JSON object, like '\{"command": "ls"\}'\n$/,
    ],
    [
      ["run", "PreToolUse", "--tool", "bash", "--input", "@/nonexistent/input.json"],
      /^hook-run: cannot read --input file "\/nonexistent\/input\.json": it does not exist\n$/,
    ],
    [
      ["run", "PreToolUse", "--frobnicate"],
      /^hook-run: unknown option --frobnicate for "run" \(see hook-run run --help\)\n$/,
    ],
    [["run", "PreToolUse"], /^hook-run: PreToolUse needs --tool NAME\n$/],
    [["run", "Stop", "--tool", "bash"], /^hook-run: --tool does not apply to Stop: it has no tool\n$/],
    [
      ["run", "Stop", "--cwd", "/nonexistent/dir"],
      /^hook-run: --cwd "\/nonexistent\/dir" does not exist or cannot be read\n$/,
    ],
    [["run"], /^hook-run: missing the event to run/],
    [["run", "Stop", "--config"], /^hook-run: option --config needs a value\n$/],
    [
      ["frob"],
      /^hook-run: unknown command "frob" \(commands: run, check, list, permissions, trust, gateway(, [a-z-]+)*; see hook-run --help\)\n$/,
    ],
    // A name every object has is no command either.
    [["constructor"], /^hook-run: unknown command "constructor" \(commands: run, check/],
    [["check", "extra"], /^hook-run: unexpected argument "extra" for "check"/],
  ];
  for (const [args, stderr] of cases) {
    await t.step(args.join(" "), async () => {
      const run = await cli(args);
      // A command name nothing knows may be a typo in an agent's settings: it blocks.
      equal(run.code, args[0] === "frob" || args[0] === "constructor" ? 2 : 1);
      match(run.stderr, stderr);
      ok(!/\n\s+at /.test(run.stderr), "no stack trace");
      equal(run.stdout, "");
    });
  }
});

Deno.test("hook-run run --input may not override the runner's own fields, and the hook does not run", async (t) => {
  // The hooks record where they ran, as what event, and their payload: if one runs at all, the test sees it.
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-cli-" }));
  const marker = join(dir, "marker");
  const file = join(dir, "hooks.jsonc");
  const record = JSON.stringify(`sh -c 'pwd; echo "$HOOKGATE_EVENT"; cat' > '${marker}'`);
  await Deno.writeTextFile(
    file,
    `{"hooks": {${
      ["Stop", "SubagentStop", "SessionEnd", "UserPromptSubmit"].map((event) =>
        `"${event}": [{"name": "marker", "command": ${record}}]`
      ).join(", ")
    }}}`,
  );
  try {
    const refused: [string[], RegExp][] = [
      [
        ["Stop", "--input", '{"event":"PreToolUse","cwd":"/etc","sessionId":"evil"}'],
        /^hook-run: --input may not set "event" for Stop: the runner sets it; name the event as the argument of hook-run run\n$/,
      ],
      [
        ["Stop", "--input", '{"cwd":"/etc"}'],
        /^hook-run: --input may not set "cwd" for Stop: the runner sets it; use --cwd DIR\n$/,
      ],
      [
        ["Stop", "--input", '{"sessionId":"evil"}'],
        /^hook-run: --input may not set "sessionId" for Stop: the runner sets it; leave it out\n$/,
      ],
      [
        ["Stop", "--input", '{"stopHookActive":true}'],
        /^hook-run: --input may not set "stopHookActive" for Stop: the runner sets it; leave it out\n$/,
      ],
      [
        ["Stop", "--input", '{"foo":1}'],
        /^hook-run: --input field "foo" is not a field of Stop \(it has none you can set\); leave it out\n$/,
      ],
      [
        ["SubagentStop", "--input", '{"agentId":"a","toolName":"bash"}'],
        /^hook-run: --input field "toolName" is not a field of SubagentStop \(its fields: agentId, agentType\); leave it out\n$/,
      ],
      [
        ["SubagentStop", "--input", '{"agentId":7}'],
        /^hook-run: --input field "agentId" must be a string, got a number\n$/,
      ],
      [
        ["UserPromptSubmit", "--prompt", "a", "--input", '{"prompt":"b"}'],
        /^hook-run: --input and --prompt both set "prompt"; use one of them\n$/,
      ],
    ];
    for (const [args, stderr] of refused) {
      await t.step(args.join(" "), async () => {
        const run = await cli(["run", ...args, "--config", file, "--cwd", dir], { cwd: dir });
        const ran = await Deno.remove(marker).then(() => true, () => false);
        equal(run.code, 1, run.stdout);
        match(run.stderr, stderr);
        equal(run.stdout, "");
        equal(ran, false, "the hook ran");
      });
    }
    await t.step("an event's own fields pass through, type-checked", async () => {
      const run = await cli(["run", "SessionEnd", "--input", '{"endReason":"logout"}', "--config", file], {
        cwd: dir,
      });
      equal(run.code, 0, run.stderr);
      const [pwd, event, payload] = (await Deno.readTextFile(marker)).split("\n");
      deepEqual([pwd, event], [dir, "SessionEnd"]);
      deepEqual(JSON.parse(payload!).endReason, "logout");
      await Deno.remove(marker);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("hook-run run caps --input at 16 MiB from a file and from stdin", async (t) => {
  const tooLarge = /^hook-run: --input (file "\/dev\/zero"|from stdin) is larger than 16 MiB; .+\n$/;
  await t.step("an endless file stops at the cap", async () => {
    const run = await cli(["run", "Stop", "--input", "@/dev/zero"], { timeoutMs: 30_000 });
    equal(run.killed, false, "hook-run read /dev/zero for 30 s");
    equal(run.code, 1);
    match(run.stderr, tooLarge);
  });
  await t.step("an endless stdin stops at the cap, and the writer is told so", async () => {
    const home = await Deno.makeTempDir({ prefix: "hookgate-home-" });
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "--quiet", ...taskFlags, entry, "run", "Stop", "--input", "-"],
      cwd: home,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
      env: { HOOKGATE_HOME: home, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" },
    }).spawn();
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    // Whitespace is valid JSON so far: only the cap can stop the read.
    const chunk = new Uint8Array(1 << 20).fill(0x20);
    const writer = child.stdin.getWriter();
    let written = 0;
    const feeding = (async () => {
      try {
        for (;;) {
          await writer.write(chunk);
          written += chunk.length;
        }
      } catch {
        // The pipe broke: hook-run stopped reading and exited.
      }
    })();
    try {
      const { code, stderr } = await child.output();
      await feeding;
      equal(code, 1);
      match(new TextDecoder().decode(stderr), tooLarge);
      ok(written >= 16 * 1024 * 1024, `wrote ${written} bytes`);
    } finally {
      clearTimeout(timer);
      await writer.close().catch(() => {});
      await Deno.remove(home, { recursive: true });
    }
  });
});

/** Any control character but the line feed: ESC, BEL, CR, C1 (0x80–0x9f), DEL. */
// deno-lint-ignore no-control-regex
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

Deno.test("hook-run run escapes terminal control characters in human output and keeps --json exact", async () => {
  const osc = "\u001b]0;pwned\u0007";
  await withConfig(
    JSON.stringify({
      hooks: {
        Stop: [
          { name: "evil\u001b[2J", command: `printf 'bad${osc} news\\n' >&2; exit 1` },
          { name: "blocker", command: `printf 'no${osc}\\nsecond\\rline' >&2; exit 2` },
        ],
        SessionStart: [{
          name: "ctx",
          command: `printf '%s' '{"additionalContext": "c\\u001b[2J\\nline2\\u009b"}'`,
        }],
      },
    }),
    async (dir, file) => {
      const human = await cli(["run", "Stop", "--config", file, "--trace"], { cwd: dir });
      equal(human.code, 2, human.stderr);
      ok(!RAW_CONTROL.test(human.stdout), `raw control characters on stdout: ${JSON.stringify(human.stdout)}`);
      ok(!RAW_CONTROL.test(human.stderr), `raw control characters on stderr: ${JSON.stringify(human.stderr)}`);
      match(human.stdout, /^ {2}evil\\u001b\[2J +command +- +[\d.]+ ms +failed: exit$/m);
      match(human.stdout, /^ {4}exited with code 1: bad\\u001b\]0;pwned\\u0007 news$/m);
      // A reason keeps its line breaks, indented: nothing a hook prints starts a line of its own.
      match(human.stdout, /^blocked: no\\u001b\]0;pwned\\u0007\n {2}second\\u000dline$/m);
      match(human.stderr, /^warning: Hook "evil\\u001b\[2J" \(command\) on Stop failed: exit: .*bad\\u001b\]0;pwned/m);

      const json = await cli(["run", "Stop", "--config", file, "--json"], { cwd: dir });
      equal(json.code, 2, json.stderr);
      const output = JSON.parse(json.stdout);
      // Stop's hooks run in parallel: records come in the order they finish.
      const evil = output.hooks.find((record: { hookName: string }) => record.hookName === "evil\u001b[2J");
      ok(evil, JSON.stringify(output.hooks));
      ok(evil.failure.message.includes(`bad${osc} news`), evil.failure.message);
      equal(output.result.reason, `no${osc}\nsecond\rline`);

      const context = await cli(["run", "SessionStart", "--config", file], { cwd: dir });
      equal(context.code, 0, context.stderr);
      ok(!RAW_CONTROL.test(context.stdout), JSON.stringify(context.stdout));
      match(context.stdout, /^context: c\\u001b\[2J\n {2}line2\\u009b$/m);
    },
  );
  const tool = await cli(["run", "PreToolUse", "--tool", `bash${osc}`, "--input", "{}"]);
  equal(tool.code, 0, tool.stderr);
  ok(!RAW_CONTROL.test(tool.stdout), JSON.stringify(tool.stdout));
  match(tool.stdout, /^PreToolUse bash\\u001b\]0;pwned\\u0007$/m);
});

Deno.test("hook-run check, list, permissions and errors escape terminal control characters", async (t) => {
  const cases: [string, unknown, RegExp][] = [
    ["check", { hooks: { "Stop\u001b[2J": [] } }, /unknown event "Stop\\u001b\[2J"/],
    ["list", { hooks: { Stop: [{ name: "evil\u001b[2J", command: "true" }] } }, /^Stop +evil\\u001b\[2J +\* +command/m],
    [
      "permissions",
      { hooks: { Stop: [{ command: "true", passEnv: ["A\u001bB"] }] } },
      /^ {2}--allow-env=A\\u001bB,/m,
    ],
  ];
  for (const [command, config, shown] of cases) {
    await t.step(command, async () => {
      await withConfig(JSON.stringify(config), async (dir, file) => {
        const run = await cli([command, "--config", file], { cwd: dir });
        ok(!RAW_CONTROL.test(run.stdout), `raw control characters on stdout: ${JSON.stringify(run.stdout)}`);
        ok(!RAW_CONTROL.test(run.stderr), `raw control characters on stderr: ${JSON.stringify(run.stderr)}`);
        match(run.stdout, shown);
        const json = await cli([command, "--config", file, "--json"], { cwd: dir });
        let exact = false;
        JSON.parse(json.stdout, (_key, value) => {
          exact ||= typeof value === "string" && value.includes("\u001b");
          return value;
        });
        ok(exact, `--json keeps the exact text: ${json.stdout}`);
      });
    });
  }
  await t.step("a usage error", async () => {
    const run = await cli(["run", "Stop", "--cwd", "/nonexistent/\u001b[2J"]);
    equal(run.code, 1);
    equal(run.stderr, 'hook-run: --cwd "/nonexistent/\\u001b[2J" does not exist or cannot be read\n');
  });
});

Deno.test("hook-run run kills running hook process groups on Ctrl-C and exits 130", async () => {
  await withConfig(
    `{"hooks": {"Stop": [{"name": "sleeper", "command": "echo $$ > pid; sleep 30 & sleep 30", "timeoutMs": 60000}]}}`,
    async (dir, file) => {
      const child = new Deno.Command(Deno.execPath(), {
        args: ["run", "--quiet", ...taskFlags, entry, "run", "Stop", "--config", file],
        cwd: dir,
        stdout: "piped",
        stderr: "piped",
        env: { HOOKGATE_HOME: dir, NO_COLOR: "1" },
      }).spawn();
      let pid: number | undefined;
      for (let i = 0; i < 200 && pid === undefined; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        pid = Number(await Deno.readTextFile(join(dir, "pid")).catch(() => "")) || undefined;
      }
      ok(pid !== undefined, "the hook started");
      equal(await groupAlive(pid!), true);
      const sent = performance.now();
      child.kill("SIGINT");
      const { code, stderr } = await child.output();
      equal(code, 130);
      match(new TextDecoder().decode(stderr), /interrupted; running hooks were killed/);
      ok(performance.now() - sent < 5000);
      equal(await groupAlive(pid!), false, "the hook's process group is gone");
    },
  );
});

// ---------------------------------------------------------------------------
// check, list, permissions

Deno.test("hook-run check prints every diagnostic as file:line:col and exits 1 on errors", async () => {
  await withConfig(
    `{"hooks": {"PreTooluse": [], "Stop": [{"command": "true", "timeoutMs": 900000}]}}`,
    async (dir, file) => {
      const run = await cli(["check", "--config", file], { cwd: dir });
      equal(run.code, 1);
      deepEqual(run.stdout.trim().split("\n"), [
        `${file}:1:12: error: unknown event "PreTooluse" (did you mean "PreToolUse"?)`,
        `${file}:1:72: error: "timeoutMs" must be at most 600000, got 900000 (timeouts are in milliseconds; 10 minutes (600000) is the longest)`,
        // Open, on Stop: it stands in for the entry, and denies nothing.
        `placeholder Stop "true" (${file}:1:72): runs nothing`,
        "failed: 2 errors, 0 warnings in 1 file",
      ]);
    },
  );
  await withConfig(GUARD, async (dir, file) => {
    const run = await cli(["check", "--config", file], { cwd: dir });
    equal(run.code, 0, run.stdout);
    equal(run.stdout, "ok: 3 hooks; 0 errors, 0 warnings in 1 file\n");
  });
});

Deno.test("hook-run list shows events and hooks with their resolved controls", async () => {
  await withConfig(GUARD, async (dir, file) => {
    const run = await cli(["list", "--config", file], { cwd: dir });
    equal(run.code, 0, run.stderr);
    const lines = run.stdout.trim().split("\n");
    match(lines[0]!, /^EVENT +NAME +MATCHER +TRANSPORT +STAGE +POLICY +FAILURE +TIMEOUT +TRUST +RUN BY +SOURCE$/);
    match(lines[1]!, /^PreToolUse +guard +bash +command +validate +policy +open +5000 ms +- +hookgate +hooks\.jsonc$/);
    match(lines[3]!, /^SessionStart +ctx +\* +command +- +- +open +5000 ms +- +hookgate +hooks\.jsonc$/);
    const json = JSON.parse((await cli(["list", "--config", file, "--json"], { cwd: dir })).stdout);
    deepEqual(json.map((row: { name: string }) => row.name), ["guard", "rewrite", "ctx"]);
  });
});

const BROKEN = `{
  "hooks": {
    "PreToolUse": [
      { "name": "guard", "matcher": "bash", "command": "grep -q 'rm -rf' && { echo 'no rm -rf' >&2; exit 2; } || exit 0" },
      { "name": "metadata", "matcher": "web_fetch", "type": "http", "url": "https://169.254.169.254/x", "failurePolicy": "closed" }
    ],
    "Stop": [{ "name": "note", "matcher": "[", "dialect": "claude", "command": "true" }]
  }
}`;

Deno.test("hook-run check, list and run show a broken entry for what it is: a placeholder that runs nothing", async (t) => {
  await withConfig(BROKEN, async (dir, file) => {
    await t.step("check: exit 1, the error with its place, and what stands in for the entry", async () => {
      const run = await cli(["check", "--config", file], { cwd: dir });
      equal(run.code, 1, run.stdout);
      match(run.stdout, new RegExp(`^${file}:5:\\d+: error: .*169\\.254\\.169\\.254`, "m"));
      match(run.stdout, /warning: Stop has no tool name, so the matcher is ignored/);
      match(
        run.stdout,
        /placeholder PreToolUse "metadata" \(.*hooks\.jsonc:5:\d+\): runs nothing and denies every call it could match/,
      );
      match(run.stdout, /failed: 1 error, 1 warning in 1 file/);
      const json = JSON.parse((await cli(["check", "--config", file, "--json"], { cwd: dir })).stdout);
      equal(json.ok, false);
      deepEqual(
        json.placeholders.map((p: { event: string; name: string; denies: boolean }) => [p.event, p.name, p.denies]),
        [["PreToolUse", "metadata", true]],
      );
    });
    await t.step("list: the good hooks, and the placeholder marked as one", async () => {
      const run = await cli(["list", "--config", file], { cwd: dir });
      equal(run.code, 0, run.stderr);
      match(run.stdout, /^PreToolUse +guard +bash +command /m);
      match(
        run.stdout,
        /^PreToolUse +metadata +web_fetch +placeholder +validate +- +closed +- +- +hookgate +hooks\.jsonc:5:\d+$/m,
      );
      match(run.stderr, /the configuration has 1 error/);
      const json = JSON.parse((await cli(["list", "--config", file, "--json"], { cwd: dir })).stdout);
      const placeholder = json.find((row: { transport: string }) => row.transport === "placeholder");
      equal(placeholder.name, "metadata");
      equal(placeholder.placeholder.denies, true);
      match(placeholder.placeholder.reason, /169\.254\.169\.254/);
    });
    await t.step("run: the good guard runs, the placeholder denies what it could match, --trace says so", async () => {
      const run = (...args: string[]) => cli(["run", ...args, "--config", file], { cwd: dir });
      const guarded = await run("PreToolUse", "--tool", "bash", "--input", '{"command":"rm -rf /"}');
      equal(guarded.code, 2, guarded.stderr);
      match(guarded.stdout, /blocked: no rm -rf/);
      match(guarded.stderr, /error: .*169\.254\.169\.254/);
      const fetch = await run("PreToolUse", "--tool", "web_fetch", "--input", "{}", "--trace");
      equal(fetch.code, 2, fetch.stderr);
      match(fetch.stdout, /metadata +placeholder +validate .*failed: rejected/);
      match(fetch.stdout, /blocked: Hook "metadata" failed \(rejected: /);
      const stop = await run("Stop");
      equal(stop.code, 0, stop.stderr);
    });
  });
  await t.step("a --config file that is not there denies the gating events, and never Stop", async () => {
    const pre = await cli(["run", "PreToolUse", "--tool", "bash", "--config", "/nonexistent/hooks.jsonc"]);
    equal(pre.code, 2, pre.stderr);
    match(pre.stderr, /hooks\.jsonc:1:1: error: the file does not exist \(check the --config path\)/);
    const stop = await cli(["run", "Stop", "--config", "/nonexistent/hooks.jsonc"]);
    equal(stop.code, 0, stop.stderr);
  });
});

Deno.test("hook-run permissions prints the flags for command, HTTP and exec-form hooks", async () => {
  await withConfig(
    `{"hooks": {
      "PreToolUse": [{"command": "python3 /abs/check.py"}, {"command": "node", "args": ["/abs/hook.js"], "passEnv": ["GH_TOKEN"]}],
      "Stop": [{"type": "http", "url": "http://127.0.0.1:8787/stop", "allowedEnvVars": ["POLICY_TOKEN"]}]
    }}`,
    async (dir, file) => {
      const run = await cli(["permissions", "--config", file], { cwd: dir });
      equal(run.code, 0, run.stderr);
      match(run.stdout, /^ {2}--allow-run=kill,node,(pkill,)?python3(,setsid)?$/m);
      match(run.stdout, /^ {2}--allow-net=127\.0\.0\.1:8787$/m);
      match(run.stdout, /^ {2}--allow-env=.*GH_TOKEN.*POLICY_TOKEN/m);
      // The project (where hooks.jsonc is) and the hookgate home, as directories.
      match(run.stdout, new RegExp(`^ {2}--allow-read=[^ ]*${dir}(,|$)`, "m"));
      match(run.stdout, /deno run --allow-read=.* jsr:@hookgate\/core\/cli run <Event> --config /);
      match(run.stdout, /deno compile --allow-read=.* -o hook-run jsr:@hookgate\/core\/cli/);
      match(
        run.stdout,
        /deno run --allow-read=.* --allow-net=127\.0\.0\.1,127\.0\.0\.1:8787 jsr:@hookgate\/core\/cli serve --config /,
      );
    },
  );
});

// ---------------------------------------------------------------------------
// The single file: bundle (always) and compile (with a denort binary)

Deno.test("deno bundle produces a directory of JavaScript that runs the same case", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hookgate-bundle-" });
  try {
    const out = join(dir, "main.js");
    const bundle = await new Deno.Command(Deno.execPath(), {
      args: ["bundle", "--quiet", ...bundleFlags, "--outdir", dir, entry],
      cwd: root,
      stdout: "piped",
      stderr: "piped",
    }).output();
    equal(bundle.code, 0, new TextDecoder().decode(bundle.stderr));
    // Started once per tool call: the bundle imports nothing but its own
    // chunks at start (node: modules and npm packages come with dynamic
    // imports, when needed).
    doesNotMatch(await Deno.readTextFile(out), /^import\b[^;]*from "(?!\.\/chunk-)/m);
    match(await Deno.readTextFile(out), /^import\b/m);
    const args = ["run", "PreToolUse", "--tool", "bash", "--input", '{"command":"rm -rf /"}'];
    const fromSource = await cli(args);
    const fromBundle = await cli(args, { script: out });
    equal(fromBundle.code, 2, fromBundle.stderr);
    // Durations differ between runs, and so does their width: the padding
    // before them is part of the duration's column, not of the output.
    const stable = (text: string) => text.replace(/ *[\d.]+ ms/g, " N ms");
    equal(stable(fromBundle.stdout), stable(fromSource.stdout));
    equal(fromBundle.stderr, fromSource.stderr);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

const denort = Deno.env.get("DENORT_BIN");
Deno.test({
  name: `deno compile produces a single binary that runs the same case${
    denort ? "" : " (skipped: set DENORT_BIN to a denort binary; it cannot be downloaded on this machine)"
  }`,
  ignore: !denort,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "hookgate-compile-" });
    try {
      const out = join(dir, "hookgate");
      const compile = await new Deno.Command(Deno.execPath(), {
        args: ["compile", "--quiet", ...taskFlags, "-o", out, entry],
        cwd: root,
        stderr: "piped",
      }).output();
      equal(compile.code, 0, new TextDecoder().decode(compile.stderr));
      const home = await Deno.makeTempDir();
      const run = await new Deno.Command(out, {
        args: ["run", "PreToolUse", "--tool", "bash", "--input", '{"command":"rm -rf /"}'],
        cwd: home,
        env: { HOOKGATE_HOME: home, NO_COLOR: "1" },
        stdout: "piped",
      }).output();
      await Deno.remove(home, { recursive: true });
      equal(run.code, 2);
      match(new TextDecoder().decode(run.stdout), /blocked: rm -rf is blocked by the example policy/);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test("hook-run gateway's usage errors exit 2, which every agent reads as a block", async (t) => {
  const event = JSON.stringify({
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command: "rm -rf /" },
  });
  for (const args of [["gateway", "--agnet", "gemini"], ["gateway", "--config"], ["gatway"]]) {
    await t.step(args.join(" "), async () => {
      const run = await cli(args, { stdin: event });
      equal(run.code, 2, run.stderr);
      match(run.stderr, /^hook-run: /);
      equal(run.stdout, "");
    });
  }
});
