// A Claude hook's `if` (one permission rule) and the matchers Claude reads
// its own way on FileChanged and StopFailure, through real hook processes:
// a hook runs exactly on the calls Claude would run it for.

import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { hook, project } from "./_project.ts";
import { cli } from "../cli/_cli.ts";
import { withProject } from "../cli/_claude_project.ts";

/** The lines of the project's events.log (log_event.sh appends one per run), or none. */
async function runs(dir: string): Promise<string[]> {
  const text = await Deno.readTextFile(join(dir, "events.log")).catch(() => "");
  return text.split("\n").filter((line) => line !== "").map((line) => line.split(" ").at(-1)!);
}

Deno.test("Claude hooks: a guard with if runs only on the calls its rule names, every subcommand counting", async () => {
  await using p = await project({
    PreToolUse: [{
      matcher: "Bash",
      hooks: [{ ...hook("log_event.sh", "git"), if: "Bash(git *)" }, { ...hook("exit2.sh"), if: "Bash(git push *)" }],
    }],
  });
  const bash = (command: string) => p.host.runner.preToolUse("Bash", { command }, { cwd: p.dir });
  deepEqual(await bash("ls -la"), {});
  deepEqual(await runs(p.dir), []);
  deepEqual(await bash("git status"), {});
  deepEqual(await runs(p.dir), ["git"]);
  // The push hides behind a test run and an assignment: the guard still sees it.
  deepEqual(await bash("npm test && GIT_TRACE=1 git push origin main"), {
    block: true,
    reason: "no pushes on Fridays",
  });
  deepEqual(await bash("echo $(git rev-parse HEAD)"), {});
  deepEqual(await runs(p.dir), ["git", "git", "git"]);
  // A line the rule cannot be read against runs the hook anyway.
  deepEqual(await bash("for b in a b; do git push origin $b; done"), { block: true, reason: "no pushes on Fridays" });
});

Deno.test("Claude hooks: if reads Edit path rules, and another tool never matches", async () => {
  await using p = await project({
    PostToolUse: [{ matcher: "Edit|Write|Read", hooks: [{ ...hook("log_event.sh", "ts"), if: "Edit(src/**/*.ts)" }] }],
  });
  const post = (tool: string, file: string) =>
    p.host.runner.postToolUse(tool, { file_path: join(p.dir, file) }, { content: "ok", isError: false }, {
      cwd: p.dir,
    });
  await post("Write", "src/a/b.ts");
  await post("Edit", "README.md");
  await post("Read", "src/a/b.ts");
  await post("Edit", "src/c.ts");
  deepEqual(await runs(p.dir), ["ts", "ts"]);
});

Deno.test("Claude hooks: a hook with if on an event without a tool never runs, as in Claude, and check says so", async () => {
  await using p = await project({
    Stop: [{ hooks: [{ ...hook("log_event.sh", "stop-if"), if: "Bash(git *)" }, hook("log_event.sh", "stop")] }],
  });
  await p.host.runner.stop({ cwd: p.dir });
  deepEqual(await runs(p.dir), ["stop"]);
  match(
    p.host.config.diagnostics.map((d) => d.message).join("\n"),
    /a hook with a tool rule \("if"\) never runs on Stop: Claude Code reads one only on tool events/,
  );
});

Deno.test("Claude hooks: an if that is not one rule is an error of its hook alone", async () => {
  await using p = await project({
    PreToolUse: [{
      matcher: "Bash",
      hooks: [{ ...hook("log_event.sh", "bad"), if: "Bash(git *) || Bash(npm *)" }, hook("log_event.sh", "good")],
    }],
  });
  equal(p.host.config.ok, false);
  match(p.host.config.diagnostics[0]!.message, /combines rules with && or \|\|/);
  await p.host.runner.preToolUse("Bash", { command: "git push" }, { cwd: p.dir });
  deepEqual(await runs(p.dir), ["good"]);
});

Deno.test("Claude hooks: FileChanged's matcher names files literally, StopFailure's is Claude's narrower exact list", async () => {
  await using p = await project({
    FileChanged: [{ matcher: ".envrc|.env", hooks: [hook("log_event.sh", "env")] }],
    StopFailure: [
      { matcher: "rate_limit|overloaded", hooks: [hook("log_event.sh", "limited")] },
      { matcher: "server-error", hooks: [hook("log_event.sh", "server")] },
    ],
  });
  const changed = (file: string) => p.host.runner.run("FileChanged", { filePath: join(p.dir, file) }, { cwd: p.dir });
  await changed(".envrc");
  await changed("x.env.local");
  await changed(".env");
  deepEqual(await runs(p.dir), ["env", "env"]);
  const failed = (error: string) => p.host.runner.run("StopFailure", { error }, { cwd: p.dir });
  await failed("overloaded");
  await failed("rate_limit_exceeded");
  // A hyphen makes the matcher a regex, tested unanchored.
  await failed("internal-server-error");
  deepEqual(await runs(p.dir), ["env", "env", "limited", "server"]);
});

Deno.test("hook-run gateway runs a Claude guard with if only on the calls its rule names", async () => {
  await withProject({
    PreToolUse: [{ matcher: "Bash", hooks: [{ ...hook("exit2.sh"), if: "Bash(git push:*)" }] }],
  }, async (dir) => {
    const call = (command: string) =>
      cli(["gateway"], {
        cwd: dir,
        stdin: JSON.stringify({
          session_id: "s-1",
          cwd: dir,
          hook_event_name: "PreToolUse",
          tool_name: "Bash",
          tool_input: { command },
        }),
        env: { CLAUDE_PROJECT_DIR: dir, HOOKGATE_TRUST_PROJECT: "1" },
      });
    const ls = await call("ls");
    equal(ls.code, 0, ls.stderr);
    equal(ls.stdout, "{}\n");
    const push = await call("cd sub; git push");
    equal(push.code, 0, push.stderr);
    deepEqual(JSON.parse(push.stdout).hookSpecificOutput, {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: "no pushes on Fridays",
    });
  });
});

Deno.test("Claude hooks: once and statusMessage load without a word and change nothing, as in a settings file", async () => {
  await using p = await project({
    PreToolUse: [{
      matcher: "Bash",
      hooks: [{ ...hook("log_event.sh", "once"), once: true, statusMessage: "Checking the command…" }],
    }],
  });
  deepEqual(p.host.config.diagnostics, []);
  // Claude honours once only in a skill's frontmatter: from a settings file the hook runs every time.
  await p.host.runner.preToolUse("Bash", { command: "ls" }, { cwd: p.dir });
  await p.host.runner.preToolUse("Bash", { command: "ls" }, { cwd: p.dir });
  deepEqual(await runs(p.dir), ["once", "once"]);
});
