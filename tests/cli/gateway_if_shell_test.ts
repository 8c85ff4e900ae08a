// A Claude guard filtered by `"if": "Bash(rm *)"` through `hook-run gateway`:
// it blocks every spelling and wrapper bash runs as rm -rf, from the source
// and from the bundle the launcher runs (offline: the parser is inside it),
// and the gateway loads the shell parser only when a rule needs it.

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { bundleFlags, cli, DENO_DIR, root } from "./_cli.ts";
import { claudeSetup, command } from "./_claude_style.ts";

const SPELLINGS: { line: string; why: string }[] = JSON.parse(
  await Deno.readTextFile(join(root, "tests/testdata/shell/rm_spellings.json")),
);
const GUARD = { PreToolUse: [{ matcher: "Bash", hooks: [command("exit 2", { if: "Bash(rm *)" })] }] };
const REPORTS = join(root, "tests/testdata/shell/gateway_reports_parser.ts");

/** Runs `each` over `items`, `width` at a time. */
async function pooled<T>(items: readonly T[], width: number, each: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(Array.from({ length: width }, async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await each(item);
  }));
}

Deno.test("hook-run gateway blocks every rm spelling with a guard filtered by if Bash(rm *), and lets ls through", async () => {
  await using setup = await claudeSetup();
  await setup.project(GUARD);
  const bash = (line: string) =>
    setup.gateway(setup.event("PreToolUse", { tool_name: "Bash", tool_input: { command: line } }));
  const ls = await bash("ls -la");
  equal(ls.code, 0, ls.stderr);
  deepEqual(ls.answer, {});
  const missed: string[] = [];
  await pooled(SPELLINGS, 4, async ({ line }) => {
    const run = await bash(line);
    const decision = (run.answer.hookSpecificOutput as Record<string, unknown> | undefined)?.permissionDecision;
    if (run.code !== 0 || decision !== "deny") {
      missed.push(`${JSON.stringify(line)}: ${run.code} ${run.stdout}${run.stderr}`);
    }
  });
  deepEqual(missed, []);
});

Deno.test("hook-run gateway loads the shell parser only when a hook's if needs it", async (t) => {
  await using setup = await claudeSetup();
  const call = (line: string) =>
    cli(["gateway"], {
      cwd: setup.dir,
      home: setup.home,
      script: REPORTS,
      stdin: JSON.stringify(setup.event("PreToolUse", { tool_name: "Bash", tool_input: { command: line } })),
      env: { CLAUDE_PROJECT_DIR: setup.dir },
    });
  await t.step("a hook without if: not loaded", async () => {
    await setup.project({ PreToolUse: [{ matcher: "Bash", hooks: [command("true")] }] });
    const run = await call("rm -rf x");
    equal(run.code, 0, run.stderr);
    match(run.stderr, /shell parser loaded: false/);
  });
  await t.step("a hook with if Bash(rm *): loaded, and the guard blocks", async () => {
    await setup.project(GUARD);
    const run = await call("sudo rm -rf x");
    equal(run.code, 0, run.stderr);
    match(run.stderr, /shell parser loaded: true/);
    match(run.stdout, /"permissionDecision":"deny"/);
  });
});

Deno.test("the bundled hook-run blocks rm behind a wrapper with if Bash(rm *), with no package cache", async () => {
  await using setup = await claudeSetup();
  await setup.project(GUARD);
  const bundle = join(setup.home, "hook-run", "main.js");
  const built = await new Deno.Command(Deno.execPath(), {
    args: [
      "bundle",
      "--quiet",
      ...bundleFlags,
      "--outdir",
      join(setup.home, "hook-run"),
      join(root, "src/cli/main.ts"),
    ],
    cwd: root,
    env: { DENO_DIR },
    stdout: "null",
    stderr: "piped",
  }).output();
  equal(built.code, 0, new TextDecoder().decode(built.stderr));
  // An empty Deno cache: nothing can come from the npm cache or the network.
  const empty = await Deno.makeTempDir({ prefix: "hookgate-denodir-" });
  try {
    const gateway = async (line: string) => {
      const child = new Deno.Command(Deno.execPath(), {
        args: ["run", "--quiet", "--allow-all", "--cached-only", "--no-config", bundle, "gateway"],
        cwd: setup.dir,
        env: {
          HOME: setup.home,
          HOOKGATE_HOME: join(setup.home, ".config", "hookgate"),
          CLAUDE_PROJECT_DIR: setup.dir,
          DENO_DIR: empty,
          PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
          NO_COLOR: "1",
          DENO_NO_UPDATE_CHECK: "1",
        },
        clearEnv: true,
        stdin: "piped",
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      const writer = child.stdin.getWriter();
      await writer.write(new TextEncoder().encode(JSON.stringify(setup.event("PreToolUse", {
        tool_name: "Bash",
        tool_input: { command: line },
      }))));
      await writer.close();
      const { code, stdout, stderr } = await child.output();
      return { code, stdout: new TextDecoder().decode(stdout), stderr: new TextDecoder().decode(stderr) };
    };
    const blocked = await gateway("sudo env FOO=1 sh -c 'rm -rf x'");
    equal(blocked.code, 0, blocked.stderr);
    match(blocked.stdout, /"permissionDecision":"deny"/);
    const allowed = await gateway("ls -la");
    equal(allowed.code, 0, allowed.stderr);
    equal(allowed.stdout.trim(), "{}");
  } finally {
    await Deno.remove(empty, { recursive: true });
  }
});
