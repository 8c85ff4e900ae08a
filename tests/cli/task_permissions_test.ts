// `deno task hook-run`, the command the README teaches, runs every hook that
// `hook-run check` accepts: hooks in the styles people publish for Claude
// Code (bash, python3 and node scripts, an absolute script path), an HTTP
// hook whose header names a variable, a prompt hook whose key is in the
// environment, an HTTPS policy service.

import { deepEqual, doesNotMatch, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { task } from "./_task.ts";

const SCRIPTS = new URL("../testdata/published_style/", import.meta.url).pathname;
const RM = JSON.stringify({ command: "rm -rf /" });

/** A project with the published-style scripts in .claude/, and a home beside it. */
async function withSetUp(fn: (project: string, home: string) => Promise<void>): Promise<void> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-task-" }));
  try {
    const project = join(dir, "project");
    const home = join(dir, "home");
    await Deno.mkdir(join(project, ".claude"), { recursive: true });
    await Deno.mkdir(join(home, ".config", "hookgate"), { recursive: true });
    for (const entry of Deno.readDirSync(SCRIPTS)) {
      await Deno.copyFile(join(SCRIPTS, entry.name), join(project, ".claude", entry.name));
      await Deno.chmod(join(project, ".claude", entry.name), 0o755);
    }
    await fn(project, home);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** Writes `hooks` (Claude's shape, PreToolUse) as the user's hookgate configuration. */
async function userHooks(home: string, hooks: unknown[], extra: Record<string, unknown> = {}): Promise<void> {
  await Deno.writeTextFile(
    join(home, ".config", "hookgate", "config.jsonc"),
    JSON.stringify({ ...extra, hooks: { PreToolUse: [{ hooks }] } }),
  );
}

Deno.test("deno task hook-run runs command hooks in the styles people publish, and check agrees", async (t) => {
  await withSetUp(async (project, home) => {
    const cases: [string, string, RegExp][] = [
      ["bash .claude/guard.sh", "a bash script run by bash", /bash guard: rm -rf/],
      ["python3 .claude/guard.py", "a python3 script", /python guard: rm -rf/],
      ["node .claude/guard.js", "a node script", /node guard: rm -rf/],
      [`${project}/.claude/guard.sh`, "an unquoted absolute script path", /bash guard: rm -rf/],
    ];
    for (const [command, what, reason] of cases) {
      await t.step(`${what}: ${command}`, async () => {
        await userHooks(home, [{ type: "command", command }]);
        const run = await task(["run", "PreToolUse", "--tool", "Bash", "--input", RM, "--cwd", project, "--json"], {
          home,
        });
        equal(run.code, 2, `${run.stdout}\n${run.stderr}`);
        const answer = JSON.parse(run.stdout);
        equal(answer.decision, "block");
        match(answer.result.reason, reason);
        const check = await task(["check", "--cwd", project], { home });
        equal(check.code, 0, check.stdout + check.stderr);
      });
    }
  });
});

Deno.test("deno task hook-run sends an HTTP hook's header with the variable allowedEnvVars names", async () => {
  await withSetUp(async (project, home) => {
    const seen: (string | null)[] = [];
    await using server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request) => {
      seen.push(request.headers.get("authorization"));
      return Response.json({ action: "deny", reason: "the policy service said no" });
    });
    await Deno.writeTextFile(
      join(home, ".config", "hookgate", "config.jsonc"),
      JSON.stringify({
        hooks: {
          PreToolUse: [{
            type: "http",
            url: `http://127.0.0.1:${server.addr.port}/pre-tool-use`,
            headers: { authorization: "Bearer $POLICY_TOKEN" },
            allowedEnvVars: ["POLICY_TOKEN"],
          }],
        },
      }),
    );
    const run = await task(["run", "PreToolUse", "--tool", "bash", "--input", RM, "--cwd", project, "--json"], {
      home,
      env: { POLICY_TOKEN: "s3cret" },
    });
    equal(run.code, 2, run.stdout + run.stderr);
    deepEqual(seen, ["Bearer s3cret"]);
  });
});

Deno.test("deno task hook-run reads a prompt hook's apiKeyEnv and asks the model", async () => {
  await withSetUp(async (project, home) => {
    const keys: (string | null)[] = [];
    await using model = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
      keys.push(request.headers.get("authorization"));
      await request.body?.cancel();
      return Response.json({ choices: [{ message: { content: '{"ok": false, "reason": "the model said no"}' } }] });
    });
    await Deno.writeTextFile(
      join(home, ".config", "hookgate", "config.jsonc"),
      JSON.stringify({
        models: {
          default: "local",
          local: {
            provider: "openai",
            baseUrl: `http://127.0.0.1:${model.addr.port}/v1`,
            model: "m",
            apiKeyEnv: "OPENAI_API_KEY",
          },
        },
        hooks: { PreToolUse: [{ type: "prompt", prompt: "Is this safe? $ARGUMENTS" }] },
      }),
    );
    const run = await task(["run", "PreToolUse", "--tool", "bash", "--input", RM, "--cwd", project, "--json"], {
      home,
      env: { OPENAI_API_KEY: "sk-test" },
    });
    equal(run.code, 2, run.stdout + run.stderr);
    match(JSON.parse(run.stdout).result.reason, /the model said no/);
    deepEqual(keys, ["Bearer sk-test"]);
  });
});

Deno.test("deno task hook-run lets an HTTPS hook outside loopback connect: only the network can refuse it", async () => {
  await withSetUp(async (project, home) => {
    // 127.0.0.2 is loopback, so nothing leaves the machine, but it is not one
    // of the names a narrow --allow-net would list. Nothing listens on port 9.
    await Deno.writeTextFile(
      join(home, ".config", "hookgate", "config.jsonc"),
      JSON.stringify({
        hooks: { PreToolUse: [{ name: "policy", type: "http", url: "https://127.0.0.2:9/check", timeoutMs: 5000 }] },
      }),
    );
    const run = await task(["run", "PreToolUse", "--tool", "bash", "--input", RM, "--cwd", project, "--json"], {
      home,
    });
    equal(run.code, 0, run.stdout + run.stderr);
    const [record] = JSON.parse(run.stdout).hooks;
    equal(record.failure.kind, "error", JSON.stringify(record));
    doesNotMatch(record.failure.message, /allow-net/);
  });
});

Deno.test("deno task hook-run trusts and records with HOOKGATE_HOME outside ~/.config/hookgate", async () => {
  await withSetUp(async (project, home) => {
    const elsewhere = join(home, "..", "elsewhere");
    const env = { HOOKGATE_HOME: elsewhere };
    await Deno.mkdir(join(project, ".hookgate"));
    await Deno.writeTextFile(join(project, ".hookgate", "config.jsonc"), `{"hooks": {"Stop": [{"command": "true"}]}}`);
    const trust = await task(["trust", "--cwd", project, "--yes"], { home, env });
    equal(trust.code, 0, trust.stdout + trust.stderr);
    match(await Deno.readTextFile(join(elsewhere, "trust.json")), new RegExp(project.replaceAll("/", "\\/")));
    const record = join(elsewhere, "events.jsonl");
    const run = await task(["run", "Stop", "--cwd", project, "--record", record], { home, env });
    equal(run.code, 0, run.stdout + run.stderr);
    match(await Deno.readTextFile(record), /"Stop"/);
  });
});
