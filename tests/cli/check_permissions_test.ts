// hook-run check fails, naming the hook and the flag, when a configured hook
// could not run under the Deno permissions of the process running check —
// so check run through the same launcher as the agent's hook-run tells the
// truth — and a hook that needs a variable Deno does not grant is refused
// with the flag, never sent with the variable silently empty.

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { cli } from "./_cli.ts";

/** Narrower than the hooks below need: only sh, loopback, hook-run's own variables. */
const NARROW = [
  "--allow-read",
  "--allow-write=$HOME/.config/hookgate",
  "--allow-env=HOME,HOOKGATE_HOME,NO_COLOR,PATH,CLAUDE_PROJECT_DIR,HOOKGATE_TRUST_PROJECT,HOOKGATE_DEPTH",
  "--allow-run=sh,kill",
  "--allow-net=127.0.0.1",
];

async function withHome(fn: (home: string, dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-check-" }));
  try {
    const home = join(dir, "home");
    await Deno.mkdir(join(home, ".config", "hookgate"), { recursive: true });
    await fn(home, dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function userConfig(home: string, config: unknown): Promise<void> {
  await Deno.writeTextFile(join(home, ".config", "hookgate", "config.jsonc"), JSON.stringify(config));
}

Deno.test("hook-run check fails when a configured hook could not run under its permissions, naming the hook and the flag", async (t) => {
  await withHome(async (home, dir) => {
    await userConfig(home, {
      models: {
        default: "api",
        api: { provider: "openai", baseUrl: "https://api.example.com/v1", model: "m", apiKeyEnv: "OPENAI_API_KEY" },
      },
      hooks: {
        PreToolUse: [
          { name: "py-guard", command: "python3 /abs/guard.py" },
          { name: "gh-guard", command: "/opt/tools/gh-check", args: ["--strict"], passEnv: ["GH_TOKEN"] },
          { name: "shell-ok", command: "echo '{}' | cat" },
          {
            name: "policy",
            type: "http",
            url: "https://policy.example.com/check",
            headers: { authorization: "Bearer $POLICY_TOKEN" },
            allowedEnvVars: ["POLICY_TOKEN"],
          },
        ],
        Stop: [{ name: "reviewer", type: "prompt", prompt: "Done? $ARGUMENTS" }],
      },
    });
    const run = await cli(["check"], { cwd: dir, home, flags: NARROW });
    equal(run.code, 1, run.stdout + run.stderr);
    const cases: [string, RegExp][] = [
      [
        "a program --allow-run does not list",
        /"py-guard".*--allow-run does not include "python3"; add --allow-run=python3/,
      ],
      ["an exec-form program", /"gh-guard".*add --allow-run=\/opt\/tools\/gh-check/],
      ["a passEnv variable", /"gh-guard".*--allow-env does not include "GH_TOKEN"; add --allow-env=GH_TOKEN/],
      ["an HTTPS host", /"policy".*add --allow-net=policy\.example\.com/],
      ["a header variable", /"policy".*add --allow-env=POLICY_TOKEN/],
      ["a model endpoint", /"reviewer".*add --allow-net=api\.example\.com/],
      ["a model key", /"reviewer".*add --allow-env=OPENAI_API_KEY/],
    ];
    for (const [what, expected] of cases) {
      await t.step(what, () => match(run.stdout, expected));
    }
    await t.step("a shell-form hook sh runs is fine", () => equal(/"shell-ok"/.test(run.stdout), false, run.stdout));
    await t.step("the summary says it failed", () => match(run.stdout, /^failed: \d+ errors/m));
    await t.step("under the task's flags the same configuration checks", async () => {
      const all = await cli(["check"], { cwd: dir, home });
      equal(all.code, 0, all.stdout + all.stderr);
    });
  });
});

Deno.test("hook-run check fails when a Claude-dialect hook could not inherit the agent's environment under a listed --allow-env", async () => {
  await withHome(async (home, dir) => {
    const claudeHooks = { hooks: { Stop: [{ hooks: [{ type: "command", command: "echo '{}'" }] }] } };
    await Deno.writeTextFile(join(home, ".config", "hookgate", "claude-hooks.json"), JSON.stringify(claudeHooks));
    const run = await cli(["check"], { cwd: dir, home, flags: NARROW });
    equal(run.code, 1, run.stdout + run.stderr);
    match(
      run.stdout,
      /it inherits the agent's whole environment .* run with --allow-env \(no list\), or set "sanitizeEnv": true/,
    );
    // Sanitized by configuration: nothing to inherit, nothing to add.
    await userConfig(home, { sanitizeEnv: true });
    const sanitized = await cli(["check"], { cwd: dir, home, flags: NARROW });
    equal(sanitized.code, 0, sanitized.stdout + sanitized.stderr);
    const permissions = await cli(["permissions", "--json"], { cwd: dir, home });
    deepEqual(JSON.parse(permissions.stdout).inheritsEnv, []);
    await userConfig(home, {});
    const inheriting = await cli(["permissions"], { cwd: dir, home });
    match(inheriting.stdout, /^ {2}--allow-env$/m);
    match(inheriting.stdout, /--allow-env has no list: 1 command hook inherits the agent's/);
  });
});

Deno.test("hook-run check only warns about a hook in Claude's own settings, which Claude Code runs itself", async () => {
  await withHome(async (home, dir) => {
    const project = join(dir, "project");
    await Deno.mkdir(join(project, ".claude"), { recursive: true });
    await Deno.writeTextFile(
      join(project, ".claude", "settings.json"),
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "python3 .claude/x.py" }] }] } }),
    );
    const run = await cli(["check"], { cwd: project, home, flags: NARROW, env: { HOOKGATE_TRUST_PROJECT: "1" } });
    equal(run.code, 0, run.stdout + run.stderr);
    match(run.stdout, /warning: .*add --allow-run=python3.*run by Claude Code itself/);
  });
});

Deno.test("an HTTP hook whose header variable Deno does not grant is refused with the flag, never sent without it", async () => {
  await withHome(async (home, dir) => {
    const seen: (string | null)[] = [];
    await using server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request) => {
      seen.push(request.headers.get("authorization"));
      return Response.json({});
    });
    await userConfig(home, {
      hooks: {
        PreToolUse: [{
          name: "policy",
          type: "http",
          url: `http://127.0.0.1:${server.addr.port}/check`,
          headers: { authorization: "Bearer $POLICY_TOKEN" },
          allowedEnvVars: ["POLICY_TOKEN"],
          failurePolicy: "closed",
        }],
      },
    });
    const run = await cli(["gateway"], {
      cwd: dir,
      home,
      flags: NARROW,
      env: { POLICY_TOKEN: "s3cret" },
      stdin: JSON.stringify({ hook_event_name: "PreToolUse", cwd: dir, tool_name: "Bash", tool_input: {} }),
    });
    equal(run.code, 0, run.stderr);
    const answer = JSON.parse(run.stdout).hookSpecificOutput;
    equal(answer.permissionDecision, "deny");
    match(answer.permissionDecisionReason, /--allow-env does not include "POLICY_TOKEN"; add --allow-env=POLICY_TOKEN/);
    deepEqual(seen, []);
  });
});

Deno.test("hook-run check warns when hook-run trust could not record trust under its permissions", async () => {
  await withHome(async (home, dir) => {
    await Deno.mkdir(join(dir, ".hookgate"));
    await Deno.writeTextFile(join(dir, ".hookgate", "config.jsonc"), `{"hooks": {"Stop": [{"command": "true"}]}}`);
    const flags = NARROW.map((flag) => flag.startsWith("--allow-write") ? "--allow-write=/nonexistent" : flag);
    const run = await cli(["check"], { cwd: dir, home, flags });
    equal(run.code, 0, run.stdout + run.stderr);
    match(run.stdout, /warning: hook-run trust cannot record trust .*--allow-write does not include "[^"]*hookgate"/);
  });
});
