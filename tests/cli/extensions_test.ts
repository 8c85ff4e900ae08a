// hook-run and extension modules: --extension on run, gateway, check, list
// and permissions; configured and discovered modules; a project's modules
// wait for trust; a module that cannot load stops the run, never skips it.

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli, root } from "./_cli.ts";

const GUARD = join(root, "examples/extensions/block_unsafe_bash.ts");
const RUN_RM = ["run", "PreToolUse", "--tool", "bash", "--input", '{"command":"rm -rf build"}'];

async function tempDir(): Promise<string> {
  return await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-cli-ext-" }));
}

Deno.test("hook-run run --extension: the module's tool_call handler blocks, in the trace like any hook", async () => {
  const dir = await tempDir();
  try {
    const blocked = await cli([...RUN_RM, "--extension", GUARD, "--json"], { cwd: dir });
    equal(blocked.code, 2, blocked.stderr);
    const report = JSON.parse(blocked.stdout);
    deepEqual(report.result, { block: true, reason: "rm -rf blocked (no UI)" });
    deepEqual(report.hooks.map((h: { hookName: string; transport: string }) => [h.hookName, h.transport]), [
      ["block_unsafe_bash.ts:tool_call", "in-process"],
    ]);
    const allowed = await cli([
      "run",
      "PreToolUse",
      "--tool",
      "bash",
      "--input",
      '{"command":"ls"}',
      "--extension",
      GUARD,
    ], {
      cwd: dir,
    });
    equal(allowed.code, 0, allowed.stderr);
    // With a module given, the bundled example does not stand in.
    ok(!allowed.stderr.includes("bundled example"), allowed.stderr);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("hook-run run and gateway refuse to run when an extension module cannot be loaded", async () => {
  const dir = await tempDir();
  try {
    await Deno.writeTextFile(join(dir, "broken.ts"), "export default 42;");
    const run = await cli([...RUN_RM, "--extension", join(dir, "broken.ts")], { cwd: dir });
    equal(run.code, 1);
    match(run.stderr, /broken\.ts:1:1: error: the extension module cannot be loaded: its default export is a number/);
    match(run.stderr, /hook-run: 1 extension module cannot be loaded; nothing was run/);
    const gateway = await cli(["gateway", "--extension", join(dir, "broken.ts")], {
      cwd: dir,
      stdin: JSON.stringify({
        session_id: "s",
        cwd: dir,
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command: "ls" },
      }),
    });
    equal(gateway.code, 2, "the gateway never fails open");
    match(gateway.stderr, /the extension module cannot be loaded/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("hook-run check, list and permissions cover extension modules", async () => {
  const dir = await tempDir();
  try {
    await Deno.writeTextFile(join(dir, "missing_default.ts"), "export const x = 1;");
    const check = await cli(["check", "--extension", GUARD], { cwd: dir });
    equal(check.code, 0, check.stderr);
    match(check.stdout, /ok: 0 hooks, 1 extension module; 0 errors/);
    const bad = await cli(["check", "--extension", GUARD, "--extension", join(dir, "missing_default.ts")], {
      cwd: dir,
    });
    equal(bad.code, 1);
    match(
      bad.stdout,
      /missing_default\.ts:1:1: error: the extension module cannot be loaded: it has no default export/,
    );

    const list = await cli(["list", "--extension", GUARD, "--json"], { cwd: dir });
    equal(list.code, 0, list.stderr);
    deepEqual(
      JSON.parse(list.stdout).map((row: Record<string, unknown>) => [row.event, row.name, row.transport, row.stage]),
      [["PreToolUse", "block_unsafe_bash.ts:tool_call", "in-process", "validate"]],
    );

    const permissions = await cli(["permissions", "--extension", GUARD, "--json"], { cwd: dir });
    const flags = JSON.parse(permissions.stdout);
    deepEqual(flags.extensions, [GUARD]);
    match(flags.flags.find((flag: string) => flag.startsWith("--allow-read"))!, /examples\/extensions/);
    match(flags.run, /--extension \S*block_unsafe_bash\.ts/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("hook-run loads a project's .hookgate/extensions only once trusted, and configured ones from the user", async () => {
  const project = await tempDir();
  const home = await tempDir();
  try {
    await Deno.mkdir(join(project, ".hookgate/extensions"), { recursive: true });
    await Deno.writeTextFile(
      join(project, ".hookgate/extensions/no_ls.ts"),
      `export default (api) => api.on("tool_call", (e) => e.input.command === "ls" ? { block: true, reason: "project says no" } : undefined);`,
    );
    const ls = ["run", "PreToolUse", "--tool", "bash", "--input", '{"command":"ls"}'];
    const untrusted = await cli(ls, { cwd: project, home });
    equal(untrusted.code, 0, untrusted.stderr);
    match(untrusted.stderr, /1 extension file skipped: .* is not trusted/);
    match(untrusted.stderr, /extension \.hookgate\/extensions\/no_ls\.ts/);

    const review = await cli(["trust", "--yes"], { cwd: project, home });
    equal(review.code, 0, review.stderr);
    match(review.stdout, /Extension code \(1 file; it runs inside hook-run, with its permissions\):/);
    const trusted = await cli(ls, { cwd: project, home });
    equal(trusted.code, 2, trusted.stderr);
    match(trusted.stdout, /project says no/);

    // The user's own configuration lists a module by a path relative to itself.
    const hookgateHome = join(home, ".config/hookgate");
    await Deno.mkdir(hookgateHome, { recursive: true });
    await Deno.writeTextFile(join(hookgateHome, "config.jsonc"), `{ "extensions": ["${GUARD}"] }`);
    const user = await cli(RUN_RM, { cwd: project, home });
    equal(user.code, 2);
    match(user.stdout, /rm -rf blocked \(no UI\)/);
  } finally {
    await Deno.remove(project, { recursive: true });
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("the flags hook-run permissions prints are enough for hook-run run: project, home, trust file, extensions", async () => {
  const project = await tempDir();
  const home = await tempDir();
  try {
    await Deno.mkdir(join(project, ".hookgate/extensions"), { recursive: true });
    await Deno.writeTextFile(join(project, ".hookgate/config.jsonc"), `{"hooks": {"Stop": [{"command": "true"}]}}`);
    await Deno.writeTextFile(
      join(project, ".hookgate/extensions/note.ts"),
      `export default (api) => api.on("tool_call", () => ({ block: true, reason: "from the project" }));`,
    );
    equal((await cli(["trust", "--yes"], { cwd: project, home })).code, 0);
    const permissions = await cli(["permissions", "--json"], { cwd: project, home });
    const flags = (JSON.parse(permissions.stdout).flags as string[]).map((flag) => flag.replace(/=\$HOME/, `=${home}`));
    const child = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--quiet",
        ...flags,
        "--allow-run=true,kill,setsid,pkill",
        join(root, "src/cli/main.ts"),
        ...RUN_RM,
      ],
      cwd: project,
      env: { HOME: home, HOOKGATE_HOME: join(home, ".config", "hookgate"), NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stderr = new TextDecoder().decode(child.stderr);
    equal(child.code, 2, stderr);
    ok(!/error|Requires/.test(stderr), stderr);
    match(new TextDecoder().decode(child.stdout), /from the project/);
  } finally {
    await Deno.remove(project, { recursive: true });
    await Deno.remove(home, { recursive: true });
  }
});
