// The plan's per-dialect matching: an alias's hooks only on the tools it
// covers, matchers in each dialect's own tool names, and the one canonical
// subject for dialects that have neither; and Claude's own rule of which of
// the hooks that match a call are one.

import { deepEqual, equal } from "node:assert/strict";
import { HOOK_EVENTS, type HookInput, HookRegistry } from "../../mod.ts";
import { dialectOf, toolMap } from "../../src/dialects/mod.ts";
import type { Dialect } from "../../src/dialects/mod.ts";
import { buildPlan, matching, matchingOwn, sequentialWhereAsked, withoutRepeats } from "../../src/runner/plan.ts";
import { loadShellParser } from "../../src/shell/mod.ts";

// Bash rules read the line with the shell parser, which the dispatcher loads before a call that needs it.
await loadShellParser();

/** A dialect with its own tool names, an alias for shell calls, and a shell subject: the command. */
const AGENT: Dialect = Object.freeze<Dialect>({
  ...dialectOf("native"),
  tools: toolMap([{ agent: "run_shell_command", canonical: "Bash" }, { agent: "read_file", canonical: "Read" }]),
  aliases: { beforeShell: { event: "PreToolUse", tools: ["Bash"] }, beforeAny: { event: "PreToolUse" } },
  matchSubject: (input, wireEvent) =>
    wireEvent === "beforeShell" ? String((input.toolInput as { command?: unknown })?.command) : undefined,
});
const lookup = (name: Dialect["name"] | undefined) => name === "wuu" ? AGENT : dialectOf(name);

function call(toolName: string, toolInput: Record<string, unknown>): HookInput {
  return { event: "PreToolUse", cwd: "/p", sessionId: "s", toolName, toolInput };
}

function names(matched: readonly { entry: { name: string } }[] | null): string[] {
  return (matched ?? []).map((active) => active.entry.name);
}

Deno.test("buildPlan matches an agent's hooks in its own tool names and aliases", async (t) => {
  const registry = new HookRegistry();
  registry.registerShell("PreToolUse", {
    name: "own-shell",
    command: "true",
    dialect: "wuu",
    matcher: "run_shell_command",
  });
  registry.registerShell("PreToolUse", { name: "canonical-bash", command: "true", matcher: "Bash" });
  registry.registerShell("PreToolUse", {
    name: "alias-shell",
    command: "true",
    dialect: "wuu",
    wireEvent: "beforeShell",
  });
  registry.registerShell("PreToolUse", {
    name: "alias-rm",
    command: "true",
    dialect: "wuu",
    wireEvent: "beforeShell",
    matcher: "rm -rf /",
  });
  registry.registerShell("PreToolUse", { name: "alias-any", command: "true", dialect: "wuu", wireEvent: "beforeAny" });
  const plan = buildPlan(registry.list("PreToolUse"), HOOK_EVENTS.PreToolUse, true, lookup);
  equal(plan.ownSubjects, true);
  const run = (input: HookInput) => names(matchingOwn(plan.foreground, input, input.toolName, true));

  await t.step("a canonical Bash call", () => {
    deepEqual(run(call("Bash", { command: "ls" })), ["own-shell", "canonical-bash", "alias-shell", "alias-any"]);
  });
  await t.step("the alias's subject is the command", () => {
    deepEqual(run(call("Bash", { command: "rm -rf /" })), [
      "own-shell",
      "canonical-bash",
      "alias-shell",
      "alias-rm",
      "alias-any",
    ]);
  });
  await t.step("a tool the alias does not cover", () => {
    deepEqual(run(call("Read", { file_path: "/a" })), ["alias-any"]);
  });
  await t.step("an event without a tool name runs no tool alias", () => {
    deepEqual(run({ event: "PreToolUse", cwd: "/p", sessionId: "s" }), ["own-shell", "canonical-bash", "alias-any"]);
  });
  registry.clear();
});

Deno.test("buildPlan keeps the canonical path for dialects without their own names", () => {
  const registry = new HookRegistry();
  registry.registerShell("PreToolUse", { name: "bash", command: "true", dialect: "claude", matcher: "Bash" });
  registry.registerShell("PreToolUse", { name: "read", command: "true", matcher: "read" });
  // A wire event no alias of the dialect names changes nothing.
  registry.registerShell("PreToolUse", { name: "odd", command: "true", wireEvent: "nothing", matcher: "Bash" });
  const plan = buildPlan(registry.list("PreToolUse"), HOOK_EVENTS.PreToolUse, true, lookup);
  equal(plan.ownSubjects, false);
  // In run order: the native validator one after another first, then the Claude-dialect one with the hooks that run together.
  deepEqual(names(matching(plan.foreground, "Bash", "bash")), ["odd", "bash"]);
  registry.clear();
});

Deno.test("withoutRepeats() keeps one of the Claude-dialect hooks Claude counts as one: the same command, URL or prompt and the same if", async (t) => {
  const registry = new HookRegistry();
  const claude = { dialect: "claude" as const };
  registry.loadShellHooks({
    PreToolUse: [
      { ...claude, name: "git-any", command: "./guard.sh", toolRule: "Bash(git *)" },
      { ...claude, name: "git-status", command: "./guard.sh", toolRule: "Bash(git status)" },
      {
        ...claude,
        name: "git-any-again",
        command: "./guard.sh",
        toolRule: "Bash(git *)",
        matcher: "Bash",
        timeoutMs: 5,
      },
      { ...claude, name: "bare", command: "./guard.sh" },
      { ...claude, name: "bash-shell", command: "bash", args: ["-c", "./guard.sh"], matcher: "*" },
      { ...claude, name: "exec", command: "./guard.sh", args: ["-x"] },
      {
        ...claude,
        name: "plugin-copy",
        command: "./guard.sh",
        env: { CLAUDE_PLUGIN_ROOT: "/plugins/guard" },
      },
      { ...claude, type: "http", name: "http-a", url: "http://127.0.0.1:1/hook", toolRule: "Bash(git *)" },
      { ...claude, type: "http", name: "http-b", url: "http://127.0.0.1:1/hook", toolRule: "Bash(git status)" },
      { ...claude, type: "http", name: "http-a-again", url: "http://127.0.0.1:1/hook", toolRule: "Bash(git *)" },
      { ...claude, type: "prompt", name: "prompt-fast", prompt: "Safe?", model: "fast" },
      { ...claude, type: "prompt", name: "prompt-slow", prompt: "Safe?", model: "slow" },
      { ...claude, type: "prompt", name: "prompt-git", prompt: "Safe?", toolRule: "Bash(git *)" },
      // Not Claude's: hookgate's own hooks all run.
      { name: "native", command: "./guard.sh" },
      { name: "native-again", command: "./guard.sh" },
    ],
  });
  const plan = buildPlan(registry.list("PreToolUse"), HOOK_EVENTS.PreToolUse, true);
  equal(plan.dedupe, true);
  const run = (command: string) => {
    const toolInput = { command };
    const matched = matching(plan.foreground, "Bash", "bash", { toolInput, cwd: "/p", projectDir: "/p" });
    return names(matched === null ? null : withoutRepeats(matched));
  };

  await t.step("hooks that differ only in if are two; matchers, timeouts and shell bash are not part of it", () => {
    // In run order: hookgate's validators one after another, then Claude's together.
    deepEqual(run("git status"), [
      "native",
      "native-again",
      "git-any",
      "git-status",
      "bare",
      "exec",
      "plugin-copy",
      "http-a",
      "http-b",
      "prompt-fast",
      "prompt-git",
    ]);
  });
  await t.step("where only one of them matches the call, it runs", () => {
    deepEqual(run("ls"), ["native", "native-again", "bare", "exec", "plugin-copy", "prompt-fast"]);
  });
  registry.clear();
});

Deno.test("sequentialWhereAsked() runs a dialect's hooks one after another, in registration order, on the calls a sequential one matches", async (t) => {
  const registry = new HookRegistry();
  const gemini = { dialect: "gemini" as const, stage: "mutate" as const, command: "true" };
  registry.loadShellHooks({
    PreToolUse: [
      { ...gemini, name: "gemini-a", matcher: "run_shell_command" },
      { name: "native-mutator", command: "true", stage: "mutate", matcher: "Bash" },
      { ...gemini, name: "gemini-sequential", matcher: "run_shell_command", concurrent: false },
      { ...gemini, name: "gemini-b" },
      { name: "claude", command: "true", dialect: "claude", stage: "mutate" },
    ],
  });
  const plan = buildPlan(registry.list("PreToolUse"), HOOK_EVENTS.PreToolUse, true);
  equal(plan.sequential, true);
  const run = (toolName: string, toolInput: Record<string, unknown>) => {
    const matched = matchingOwn(plan.foreground, call(toolName, toolInput), toolName, true);
    return sequentialWhereAsked(matched ?? []).map((active) => [active.entry.name, active.phase, active.keepsGoing]);
  };

  await t.step(
    "a call the sequential hook matches: every Gemini hook in the mutate chain, in registration order",
    () => {
      deepEqual(run("Bash", { command: "ls" }), [
        ["gemini-a", 0, true],
        ["native-mutator", 0, false],
        ["gemini-sequential", 0, true],
        ["gemini-b", 0, true],
        // Another dialect's hooks run as their agent runs them.
        ["claude", 1, false],
      ]);
    },
  );
  await t.step("a call it does not match: the Gemini hooks together, as Gemini runs them", () => {
    deepEqual(run("Read", { file_path: "/a" }), [["gemini-b", 1, false], ["claude", 1, false]]);
  });
  registry.clear();
});
