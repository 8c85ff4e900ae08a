// The launcher hook-run install builds is part of the guard: whatever keeps
// it from running hook-run (no Deno, the bundle or start module missing or
// unloadable, a Deno too old, a crash) ends in exit code 2 and one line on
// stderr, which Claude reads as a block; Claude reads 1 and 127 as "go
// ahead". hook-run's own exit codes go through as they are. hook-run check
// and install say when the launcher is stale.

import { equal, match } from "node:assert/strict";
import { join } from "node:path";
import { cli, entry, taskFlags } from "./_cli.ts";
import { DENO_DIR } from "./_task.ts";

const GUARD = new URL("../testdata/published_style/guard.sh", import.meta.url).pathname;

interface Installed {
  home: string;
  project: string;
  settings: string;
  hookgate: string;
  bin: string;
  bundle: string;
  start: string;
  /** The directory of the build the bundle's entry runs. */
  build: string;
}

/** A HOME whose ~/.claude/settings.json has a bash + jq guard on Bash, installed (by `deno`, when given). */
async function withInstalled(fn: (set: Installed) => Promise<void>, deno?: string): Promise<void> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-launcher-" }));
  try {
    const home = join(dir, "home");
    const project = join(dir, "project");
    await Deno.mkdir(join(home, ".claude"), { recursive: true });
    await Deno.mkdir(project);
    const settings = join(home, ".claude", "settings.json");
    await Deno.writeTextFile(
      settings,
      JSON.stringify({
        hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: `bash ${GUARD}` }] }] },
      }),
    );
    const hookgate = join(home, ".config", "hookgate");
    const install = await new Deno.Command(deno ?? Deno.execPath(), {
      args: ["run", "--quiet", ...taskFlags, entry, "install", "claude"],
      cwd: project,
      env: { HOME: home, HOOKGATE_HOME: hookgate, DENO_DIR, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const decoder = new TextDecoder();
    equal(install.code, 0, decoder.decode(install.stdout) + decoder.decode(install.stderr));
    const bin = join(hookgate, "bin", "hook-run");
    await fn({
      home,
      project,
      settings,
      hookgate,
      bin,
      bundle: join(hookgate, "hook-run.js"),
      start: join(hookgate, "hook-run-start.js"),
      build: join(
        hookgate,
        /from "\.\/(lib\/[0-9a-f]+)\/main\.js"/.exec(await Deno.readTextFile(join(hookgate, "hook-run.js")))![1]!,
      ),
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const RM = { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "rm -rf ~" } };

/** Runs `<bin> <args>` as Claude runs a command hook: sh -c, the event on stdin, its own session. */
async function launch(
  set: Installed,
  args: string[] = ["gateway"],
  options: { event?: Record<string, unknown>; path?: string } = {},
) {
  // /bin/sh by its path: PATH may lack everything.
  const child = new Deno.Command("/bin/sh", {
    args: ["-c", `'${set.bin}' ${args.join(" ")}`],
    cwd: set.project,
    clearEnv: true,
    env: { HOME: set.home, CLAUDE_PROJECT_DIR: set.project, PATH: options.path ?? Deno.env.get("PATH") ?? "" },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(
    new TextEncoder().encode(JSON.stringify({ session_id: "s", cwd: set.project, ...options.event ?? RM })),
  );
  await writer.close().catch(() => {});
  const { code, stdout, stderr } = await child.output();
  return { code, stdout: new TextDecoder().decode(stdout), stderr: new TextDecoder().decode(stderr) };
}

/** Exit 2, nothing on stdout, and the reason as the last line of stderr, matching `reason`. */
function blocks(run: { code: number; stdout: string; stderr: string }, reason: RegExp) {
  equal(run.code, 2, `exit code 2, got ${run.code}: ${run.stderr}`);
  equal(run.stdout, "");
  const lines = run.stderr.trimEnd().split("\n");
  match(lines.at(-1)!, reason);
}

const FIX = /; run "deno task hook-run install claude" again$/;

/** Replaces `path` with `text` for `fn`, then puts it back. */
async function swapped(path: string, text: string | undefined, fn: () => Promise<void>): Promise<void> {
  const saved = await Deno.readFile(path);
  const mode = (await Deno.stat(path)).mode;
  try {
    if (text === undefined) await Deno.remove(path);
    else await Deno.writeTextFile(path, text);
    await fn();
  } finally {
    await Deno.writeFile(path, saved);
    if (mode !== null) await Deno.chmod(path, mode & 0o777);
  }
}

Deno.test({
  name: "the launcher exits 2 with one line whenever it cannot run hook-run, and passes hook-run's own exit codes",
  ignore: Deno.build.os === "windows",
  async fn(t) {
    await withInstalled(async (set) => {
      await t.step("working, it runs the moved guard, which denies", async () => {
        const run = await launch(set);
        equal(run.code, 0, run.stderr);
        match(JSON.parse(run.stdout).hookSpecificOutput.permissionDecisionReason, /bash guard: rm -rf/);
      });
      await t.step("the bundle missing", async () => {
        await swapped(set.bundle, undefined, async () => {
          blocks(
            await launch(set),
            new RegExp(`^hook-run: cannot start the gateway: cannot read the bundle ${set.bundle}`),
          );
          blocks(await launch(set), FIX);
        });
      });
      await t.step("a bundle Deno cannot load (its build's entry cut short)", async () => {
        const main = join(set.build, "main.js");
        const text = await Deno.readTextFile(main);
        await swapped(main, text.slice(0, 3000), async () => {
          blocks(await launch(set), /^hook-run: cannot start the gateway: Deno cannot load the bundle .*SyntaxError/);
        });
      });
      await t.step("a chunk of the build missing, loaded only when the call needs it", async () => {
        const chunk = (await Array.fromAsync(Deno.readDir(set.build))).find((one) => /^gateway-/.test(one.name))!;
        await swapped(join(set.build, chunk.name), undefined, async () => {
          blocks(await launch(set), /^hook-run: .*gateway-\w+\.js/);
        });
      });
      await t.step("a bundle that is not hook-run's", async () => {
        await swapped(set.bundle, "export const x = 1;\n", async () => {
          blocks(await launch(set), /the bundle .* is not hook-run's/);
        });
      });
      await t.step("the start module missing", async () => {
        await swapped(set.start, undefined, async () => {
          blocks(await launch(set), /^hook-run: cannot start the gateway: cannot read .*hook-run-start\.js/);
        });
      });
      await t.step("a Deno older than the one that built the bundle", async () => {
        const text = (await Deno.readTextFile(set.start)).replace(/^const built = .*$/m, 'const built = "99.0.0";');
        await swapped(set.start, text, async () => {
          blocks(await launch(set), /cannot start the gateway: Deno \S+ is older than Deno 99\.0\.0, which built it/);
        });
      });
      await t.step("no Deno where it was, and none on PATH", async () => {
        const text = (await Deno.readTextFile(set.bin)).replace(/^deno=.*$/m, `deno=${set.home}/gone/deno`);
        await swapped(set.bin, text, async () => {
          blocks(
            await launch(set, ["gateway"], { path: "/nonexistent" }),
            new RegExp(`^hook-run: cannot start the gateway: Deno is neither at ${set.home}/gone/deno nor on PATH`),
          );
          // With one on PATH, that one runs hook-run.
          const run = await launch(set);
          equal(run.code, 0, run.stderr);
          match(run.stdout, /"permissionDecision":"deny"/);
        });
      });
      await t.step(
        "Deno ending on its own: an uncaught error, exit 1 without hook-run's answer, a signal",
        async () => {
          const crashes: [string, RegExp][] = [
            [
              "export async function main() { setTimeout(() => { throw new Error('boom'); }, 1); await new Promise((r) => setTimeout(r, 5000)); return 0; }",
              /^hook-run: the gateway failed: Error: boom$/,
            ],
            [
              "export async function main() { await Promise.reject(new TypeError('lost')); return 0; }",
              /^hook-run: the gateway failed: TypeError: lost$/,
            ],
            [
              "export function main() { Deno.exit(1); }",
              /^hook-run: the gateway failed: Deno exited with code 1 before hook-run answered; run "deno task/,
            ],
            [
              "export async function main() { Deno.kill(Deno.pid, 'SIGKILL'); await new Promise((r) => setTimeout(r, 5000)); }",
              /Deno exited with code 137 before hook-run answered/,
            ],
          ];
          for (const [bundle, reason] of crashes) {
            await swapped(set.bundle, bundle, async () => blocks(await launch(set), reason));
          }
        },
      );
      await t.step("hook-run's own exit codes 0, 1, 2 and 130 go through as they are", async () => {
        await swapped(set.bundle, "export function main(args) { return Number(args[1]); }", async () => {
          for (const code of [0, 1, 2, 130]) {
            const run = await launch(set, ["gateway", String(code)]);
            equal(run.code, code, run.stderr);
            equal(run.stderr, "");
          }
        });
        // The real CLI: a usage error is its exit code 1.
        const usage = await launch(set, ["list", "--bogus"]);
        equal(usage.code, 1, usage.stderr);
        match(usage.stderr, /^hook-run: .*--bogus/);
      });
    });
  },
});

Deno.test({
  name: "after an upgrade removes the Deno that installed it, the launcher runs the deno on PATH; with none, it blocks",
  ignore: Deno.build.os === "windows",
  async fn() {
    // A Deno in a versioned directory, as the npm package installs it.
    const versions = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-deno-versions-" }));
    try {
      const versioned = join(versions, Deno.version.deno, "deno");
      await Deno.mkdir(join(versioned, ".."));
      await Deno.link(Deno.execPath(), versioned).catch(() => Deno.copyFile(Deno.execPath(), versioned));
      await withInstalled(async (set) => {
        match(await Deno.readTextFile(set.bin), new RegExp(`^deno=${versioned}$`, "m"));
        // The upgrade.
        await Deno.remove(join(versioned, ".."), { recursive: true });
        const run = await launch(set);
        equal(run.code, 0, run.stderr);
        match(run.stdout, /"permissionDecision":"deny"/);
        blocks(await launch(set, ["gateway"], { path: "/nonexistent" }), /Deno is neither at .* nor on PATH/);
        // check says so, and install rebuilds it with a Deno found by a name that survives upgrades.
        const check = await cli(["check"], { home: set.home, cwd: set.project, env: { DENO_DIR } });
        equal(check.code, 1, check.stdout);
        match(check.stdout, /the launcher hook-run install built is stale: its Deno .* is missing/);
        match(check.stdout, /rebuild it: run "deno task hook-run install claude"/);
        const again = await cli(["install", "claude"], { home: set.home, cwd: set.project, env: { DENO_DIR } });
        equal(again.code, 0, again.stderr);
        match(again.stdout, /stale +it was stale, and is rebuilt: its Deno .* is missing/);
        const named = /^deno=(.*)$/m.exec(await Deno.readTextFile(set.bin))![1]!;
        equal(await Deno.realPath(named), await Deno.realPath(Deno.execPath()));
        const onPath = (Deno.env.get("PATH") ?? "").split(":").map((dir) => join(dir, "deno"));
        const stable = [];
        for (const candidate of onPath) {
          if (await Deno.realPath(candidate).catch(() => "") === await Deno.realPath(Deno.execPath())) {
            stable.push(candidate);
          }
        }
        if (stable.length > 0) equal(named, stable[0], "the name on PATH, not the binary's own path");
      }, versioned);
    } finally {
      await Deno.remove(versions, { recursive: true }).catch(() => {});
    }
  },
});

Deno.test({
  name: "hook-run check reports a stale launcher as an error with the command that rebuilds it",
  ignore: Deno.build.os === "windows",
  async fn(t) {
    await withInstalled(async (set) => {
      const check = () => cli(["check"], { home: set.home, cwd: set.project, env: { DENO_DIR } });
      const stale = async (reason: RegExp) => {
        const run = await check();
        equal(run.code, 1, run.stdout);
        match(run.stdout, new RegExp(`^${set.bin}:1:1: error: the launcher hook-run install built is stale: `, "m"));
        match(run.stdout, reason);
        match(run.stdout, /\(rebuild it: run "deno task hook-run install claude" in a hookgate checkout\)/);
      };
      await t.step("up to date, from the source that built it and through the launcher, no error", async () => {
        const run = await check();
        equal(run.code, 0, run.stdout);
        const through = await launch(set, ["check"]);
        equal(through.code, 0, through.stdout + through.stderr);
        equal(through.stdout.includes("stale"), false, through.stdout);
      });
      await t.step("the bundle missing", async () => {
        await swapped(set.bundle, undefined, () => stale(/its bundle .*hook-run\.js is missing or unreadable/));
      });
      await t.step("a bundle other than the one install wrote", async () => {
        const text = await Deno.readTextFile(set.bundle);
        await swapped(set.bundle, `${text}\n// changed\n`, () => stale(/its bundle .* is not the one install wrote/));
        const main = join(set.build, "main.js");
        const entry = await Deno.readTextFile(main);
        await swapped(
          main,
          `${entry}\n// changed\n`,
          () => stale(/its bundle's build .* is not the one install wrote/),
        );
        const chunk = (await Array.fromAsync(Deno.readDir(set.build))).find((one) => /^gateway-/.test(one.name))!;
        await swapped(join(set.build, chunk.name), undefined, () => stale(/its bundle's build: .* is incomplete/));
      });
      await t.step("the start module missing, or another one", async () => {
        await swapped(set.start, undefined, () => stale(/its start module .* is missing or unreadable/));
        await swapped(set.start, "// another\n", () => stale(/its start module .* is not the one install wrote/));
      });
      await t.step("built from another version of hookgate's source", async () => {
        const text = (await Deno.readTextFile(set.bin)).replace(
          /source sha256:[0-9a-f]{64}/,
          `source sha256:${"0".repeat(64)}`,
        );
        await swapped(
          set.bin,
          text,
          () => stale(/it was built from another version of hookgate's source than this one/),
        );
      });
      await t.step("a launcher from an earlier install, which failed open", async () => {
        const earlier = `#!/bin/sh\n# flags: --allow-all\nexec ${Deno.execPath()} run --allow-all ${set.bundle} "$@"\n`;
        await swapped(set.bin, earlier, () => stale(/it was built by an earlier hook-run install/));
      });
      await t.step("the launcher missing while Claude's settings route to it", async () => {
        await swapped(
          set.bin,
          undefined,
          () => stale(/it is missing, and .*settings\.json routes Claude's hooks to it/),
        );
      });
      await t.step("install says it rebuilt a stale launcher", async () => {
        await Deno.remove(set.bundle);
        const again = await cli(["install", "claude"], { home: set.home, cwd: set.project, env: { DENO_DIR } });
        equal(again.code, 0, again.stderr);
        match(again.stdout, /stale +it was stale, and is rebuilt: its bundle .* is missing or unreadable/);
        equal((await check()).code, 0);
      });
    });
  },
});
