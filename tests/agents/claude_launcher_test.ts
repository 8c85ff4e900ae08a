// Claude Code itself (the pinned npm release) and the launcher `deno task
// hook-run install claude` builds ($HOOKGATE_HOME/bin/hook-run, the bundle
// and its start module): Claude accepts the marked routing and runs it, and
// whatever keeps the launcher from running hook-run — its bundle deleted,
// the Deno it names removed by an upgrade, no Deno at all — ends in its
// exit code 2, which Claude takes as a block. The controls write a launcher
// as installs did before (`exec <deno> …`, so Deno's exit 1 and sh's 127
// came through) and show Claude running the call then: Claude reads either
// code as "go ahead".

import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { type AgentRun, claude, shown, type Workspace, workspace } from "./_agents.ts";
import { GUARD, hookResponses, hookRunClaude, installClaude, refusedWith, RM_VICTIM, userHooks } from "./_claude.ts";
import { fakeModel, toolResults, type Turn } from "./_fake_model.ts";
import { agentsUnavailable } from "./_install.ts";

const missing = await agentsUnavailable();
/** A test name, saying why it is ignored when the agents cannot be installed. */
const named = (name: string) => missing === undefined ? name : `${name} (ignored: ${missing})`;
const model = fakeModel();
Deno.test.afterAll(() => model.close());

/** A PreToolUse guard as published for Claude Code: bash + jq, exit 2 blocks `rm -rf`. */
const EXIT_2_GUARD = new URL("../testdata/published_style/guard.sh", import.meta.url);
const RM_RF: Turn[] = [
  { tool: "Bash", args: { command: "rm -rf victim", description: "clean up" } },
  { text: "done" },
];

/** The exit code Claude reports for the first hook it ran on `event`. */
function exitCode(run: AgentRun, event: string): number | undefined {
  return hookResponses(run).find((hook) => hook.hook_event === event)?.exit_code;
}

/** A launcher as installs wrote it before it failed closed: `exec` Deno on `target`, whatever Deno exits with. */
async function oldLauncher(ws: Workspace, deno: string, target: string): Promise<void> {
  await Deno.writeTextFile(
    ws.at("~/.config/hookgate/bin/hook-run"),
    `#!/bin/sh\nexec '${deno}' run --quiet --no-config --allow-all '${target}' "$@"\n`,
  );
}

Deno.test({
  name: named(
    "Claude runs the marked routing of hook-run install claude, and a launcher that lost its bundle blocks the Bash call instead of letting it run",
  ),
  ignore: missing !== undefined,
  async fn(t) {
    await using ws = await workspace(model);
    await Deno.mkdir(ws.at("~/.claude/hooks"), { recursive: true });
    await Deno.copyFile(EXIT_2_GUARD, ws.at("~/.claude/hooks/guard.sh"));
    await ws.editJson("~/.claude/settings.json", () => ({
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "bash ~/.claude/hooks/guard.sh" }] }],
      },
    }));
    await installClaude(ws);
    const hookgate = ws.at("~/.config/hookgate");
    const installed = JSON.parse((await ws.read("~/.claude/settings.json"))!);
    ok(
      JSON.stringify(installed.hooks.PreToolUse).includes('"hookgate":"routing"'),
      JSON.stringify(installed.hooks.PreToolUse),
    );

    await t.step("Claude runs the marked routing: the moved guard denies rm -rf through hookgate", async () => {
      const run = await claude(ws, model, { turns: RM_RF });
      equal(run.code, 0, shown(run));
      equal(exitCode(run, "PreToolUse"), 0, shown(run, "a PreToolUse hook ran, and answered"));
      const results = toolResults(run.requests);
      deepEqual(results.map((one) => one.error), [true], shown(run));
      match(results[0]!.text, /bash guard: rm -rf is not allowed/);
      deepEqual(run.files, { victim: true }, shown(run, "the call did not run"));
    });
    const bundle = join(hookgate, "hook-run.js");
    /** Runs `fn` with the bundle deleted, then puts it back. */
    const withoutBundle = async (fn: () => Promise<void>) => {
      const saved = await Deno.readFile(bundle);
      await Deno.remove(bundle);
      try {
        await fn();
      } finally {
        await Deno.writeFile(bundle, saved);
      }
    };
    await t.step(
      "with the bundle deleted, the launcher's exit 2 blocks the prompt: nothing reaches the model",
      () =>
        withoutBundle(async () => {
          const run = await claude(ws, model, { turns: RM_RF });
          equal(exitCode(run, "UserPromptSubmit"), 2, shown(run));
          match(
            run.stdout,
            /UserPromptSubmit operation blocked by hook.*cannot start the gateway: cannot read the bundle/,
          );
          deepEqual(toolResults(run.requests), [], shown(run, "no tool call came back: the model was never asked"));
          deepEqual(run.files, { victim: true }, shown(run, "the call did not run"));
        }),
    );
    // Only the PreToolUse routing, to see the Bash call itself refused.
    await ws.editJson("~/.claude/settings.json", () => ({ hooks: { PreToolUse: installed.hooks.PreToolUse } }));
    await t.step(
      "with the bundle deleted, the launcher's exit 2 blocks the Bash call, with its reason",
      () =>
        withoutBundle(async () => {
          const run = await claude(ws, model, { turns: RM_RF });
          equal(exitCode(run, "PreToolUse"), 2, shown(run));
          const results = toolResults(run.requests);
          deepEqual(results.map((one) => one.error), [true], shown(run));
          match(results[0]!.text, /cannot start the gateway: cannot read the bundle/);
          deepEqual(run.files, { victim: true }, shown(run, "the call did not run"));
        }),
    );
    await t.step(
      "control: a launcher that lets Deno's exit 1 through, as before, lets Claude run the call",
      async () => {
        await oldLauncher(ws, Deno.execPath(), join(hookgate, "missing.js"));
        const run = await claude(ws, model, { turns: RM_RF });
        equal(exitCode(run, "PreToolUse"), 1, shown(run));
        deepEqual(run.files, { victim: false }, shown(run, "Claude read exit 1 as go ahead and ran rm -rf"));
      },
    );
  },
});

/**
 * A PATH without Deno: one directory of links to every program of the
 * directories of `path` but `deno` (so bash, jq, rm and the rest are there).
 */
async function pathWithoutDeno(ws: Workspace, path: string): Promise<string> {
  const dir = ws.at("~/no-deno/bin");
  await Deno.mkdir(dir, { recursive: true });
  for (const from of path.split(":")) {
    if (!from.startsWith("/")) continue;
    try {
      for await (const entry of Deno.readDir(from)) {
        if (entry.name === "deno") continue;
        await Deno.symlink(join(from, entry.name), join(dir, entry.name)).catch((error) => {
          if (!(error instanceof Deno.errors.AlreadyExists)) throw error;
        });
      }
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
  }
  return dir;
}

Deno.test({
  name: named(
    "after a Deno upgrade removes the Deno hook-run install claude ran with, Claude's guard still blocks through the deno on PATH, and with no Deno the launcher's exit 2 blocks",
  ),
  ignore: missing !== undefined,
  async fn() {
    await using ws = await workspace(model);
    await userHooks(ws, { PreToolUse: [GUARD] });
    // A Deno in a versioned directory no name on PATH leads to, as a version manager installs it: install runs with
    // it, so the launcher names it.
    const versioned = ws.at(`~/.deno-versions/${Deno.version.deno}/bin/deno`);
    await Deno.mkdir(join(versioned, ".."), { recursive: true });
    await Deno.copyFile(Deno.execPath(), versioned);
    await Deno.chmod(versioned, 0o755);
    await hookRunClaude(ws, "install", [], versioned);
    const launcher = (await ws.read("~/.config/hookgate/bin/hook-run"))!;
    ok(launcher.split("\n").includes(`deno=${versioned}`), launcher);
    // The upgrade: the versioned directory goes; a `deno` stays on PATH.
    await Deno.remove(ws.at("~/.deno-versions"), { recursive: true });

    const upgraded = await claude(ws, model, { turns: RM_VICTIM });
    equal(upgraded.code, 0, shown(upgraded));
    deepEqual(upgraded.files, { victim: true }, shown(upgraded));
    const [result] = toolResults(upgraded.requests);
    ok(result?.error === true && result.text.includes("deleting a directory tree is not allowed"), shown(upgraded));

    // No Deno anywhere: the launcher cannot run hook-run, and says so.
    const noDeno = { PATH: await pathWithoutDeno(ws, ws.env().PATH!) };
    const stranded = await claude(ws, model, { turns: RM_VICTIM, env: noDeno });
    deepEqual(stranded.files, { victim: true }, shown(stranded));
    equal(exitCode(stranded, "UserPromptSubmit"), 2, shown(stranded));
    refusedWith(stranded, `Deno is neither at ${versioned} nor on PATH`);

    // The control: the launcher as installs wrote it before, `exec` of the Deno that is gone — sh's exit 127,
    // which Claude reads as "go ahead".
    await oldLauncher(ws, versioned, ws.at("~/.config/hookgate/hook-run.js"));
    const old = await claude(ws, model, { turns: RM_VICTIM, env: noDeno });
    equal(exitCode(old, "PreToolUse"), 127, shown(old));
    deepEqual(old.files, { victim: false }, shown(old, "Claude read exit 127 as go ahead and ran rm -r"));
  },
});
