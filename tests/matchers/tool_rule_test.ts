import { equal, match, throws } from "node:assert/strict";
import { compileToolRule, type ToolCall } from "../../src/matchers/tool_rule.ts";
import { loadShellParser } from "../../src/shell/mod.ts";

// Bash rules read the line with the shell parser, which the runner loads before a call that needs it.
await loadShellParser();

const bash = (command: string): ToolCall => ({ toolInput: { command }, cwd: "/p/sub", projectDir: "/p" });
const file = (path: string, key = "file_path"): ToolCall => ({
  toolInput: { [key]: path },
  cwd: "/p/sub",
  projectDir: "/p",
});
const runs = (rule: string, tool: string, call: ToolCall) => compileToolRule(rule).matches(tool, call);

Deno.test("compileToolRule() reads a Bash rule against every simple command of the line", async (t) => {
  await t.step("a prefix with a trailing wildcard, which also matches the bare command", () => {
    equal(runs("Bash(git *)", "Bash", bash("git push origin main")), true);
    equal(runs("Bash(git *)", "Bash", bash("git")), true);
    equal(runs("Bash(git *)", "Bash", bash("gitk")), false);
    equal(runs("Bash(git *)", "Bash", bash("ls -la")), false);
  });
  await t.step("the older prefix form with :*", () => {
    equal(runs("Bash(git commit:*)", "Bash", bash("git commit -m 'x'")), true);
    equal(runs("Bash(git commit:*)", "Bash", bash("git commit")), true);
    equal(runs("Bash(git commit:*)", "Bash", bash("git commitx")), false);
  });
  await t.step("an exact command, and a wildcard in the middle", () => {
    equal(runs("Bash(npm test)", "Bash", bash("npm   test")), true);
    equal(runs("Bash(npm test)", "Bash", bash("npm test --watch")), false);
    equal(runs("Bash(git * main)", "Bash", bash("git push origin main")), true);
  });
  await t.step("each command of a list or pipeline, after leading assignments", () => {
    equal(runs("Bash(git push *)", "Bash", bash("npm test && git push origin")), true);
    equal(runs("Bash(git push *)", "Bash", bash("npm test; GIT_TRACE=1 FOO='a b' git push")), true);
    // xargs runs its arguments as a command: it is looked through.
    equal(runs("Bash(rm *)", "Bash", bash("ls | xargs rm -rf")), true);
    equal(runs("Bash(xargs *)", "Bash", bash("ls | xargs rm -rf")), true);
    equal(runs("Bash(git push *)", "Bash", bash("echo 'git push' && echo \"git push\"")), false);
  });
  await t.step("commands inside $(…), backticks, subshells and groups", () => {
    equal(runs("Bash(git *)", "Bash", bash("echo $(git rev-parse HEAD)")), true);
    equal(runs("Bash(git *)", "Bash", bash('echo "sha: `git rev-parse HEAD`"')), true);
    equal(runs("Bash(git *)", "Bash", bash("(cd sub && git pull)")), true);
    equal(runs("Bash(git *)", "Bash", bash("{ make; git tag v1; }")), true);
  });
  await t.step("redirections and wrappers are not part of the command", () => {
    equal(runs("Bash(npm test)", "Bash", bash("npm test > out.log 2>&1")), true);
    equal(runs("Bash(npm test *)", "Bash", bash("timeout 30 npm test --ci")), true);
  });
  await t.step("compound commands are read, and a here-document that is only data is no command", () => {
    equal(runs("Bash(git *)", "Bash", bash("if true; then ls; fi")), false);
    equal(runs("Bash(git *)", "Bash", bash("if true; then git pull; fi")), true);
    equal(runs("Bash(git *)", "Bash", bash("cat <<EOF\nhi\nEOF")), false);
    equal(runs("Bash(rm *)", "Bash", bash("cat <<EOF\nrm -rf /\nEOF")), false);
    equal(runs("Bash(rm *)", "Bash", bash("sh <<EOF\nrm -rf /\nEOF")), true);
  });
  await t.step("a line it cannot follow is not ruled out", () => {
    equal(runs("Bash(git *)", "Bash", bash("echo 'unbalanced")), true);
    equal(runs("Bash(git *)", "Bash", bash("$tool status")), true);
    equal(runs("Bash(git *)", "Bash", bash("echo x | sh")), true);
  });
  await t.step("a field of Bash's input", () => {
    equal(
      runs("Bash(run_in_background:true)", "Bash", {
        ...bash("x"),
        toolInput: { command: "x", run_in_background: true },
      }),
      true,
    );
    equal(runs("Bash(run_in_background:true)", "Bash", bash("x")), false);
  });
  await t.step("another tool never matches", () => {
    equal(runs("Bash(git *)", "Read", bash("git push")), false);
    equal(runs("Bash", "Bash", bash("anything")), true);
    equal(runs("Bash(*)", "Bash", bash("anything")), true);
  });
});

Deno.test("compileToolRule() reads Read and Edit rules as gitignore patterns from their base", async (t) => {
  await t.step("relative to the working directory, at any depth", () => {
    equal(runs("Edit(*.ts)", "Edit", file("/p/sub/src/a.ts")), true);
    equal(runs("Edit(*.ts)", "Edit", file("/p/other/a.ts")), false);
    equal(runs("Edit(*.ts)", "Edit", file("/p/sub/a.md")), false);
  });
  await t.step("Edit covers every tool that edits files, Read the ones that read them", () => {
    equal(runs("Edit(*.ts)", "Write", file("/p/sub/a.ts")), true);
    equal(runs("Edit(*.ipynb)", "NotebookEdit", file("/p/sub/n.ipynb", "notebook_path")), true);
    equal(runs("Read(./secrets/**)", "Grep", file("/p/sub/secrets/x", "path")), true);
    equal(runs("Edit(*.ts)", "Read", file("/p/sub/a.ts")), false);
  });
  await t.step("./ anchors to the working directory, / to the project root, // to the filesystem root", () => {
    equal(runs("Read(./secrets/**)", "Read", file("/p/sub/secrets/key.pem")), true);
    equal(runs("Read(./secrets/**)", "Read", file("/p/sub/lib/secrets/key.pem")), false);
    equal(runs("Read(./.env)", "Read", file("/p/sub/.env")), true);
    equal(runs("Edit(/docs/**)", "Edit", file("/p/docs/a/b.md")), true);
    equal(runs("Edit(/docs/**)", "Edit", file("/p/sub/docs/b.md")), false);
    equal(runs("Edit(//tmp/scratch.txt)", "Edit", file("/tmp/scratch.txt")), true);
  });
  await t.step("~/ from the home directory", () => {
    const home = Deno.env.get("HOME")!;
    equal(runs("Read(~/.ssh/**)", "Read", file(`${home}/.ssh/id_rsa`)), true);
    equal(runs("Read(~/.ssh/**)", "Read", file("/p/sub/.ssh/id_rsa")), false);
  });
  await t.step("a pattern that names a directory covers what is inside it", () => {
    equal(runs("Read(node_modules)", "Read", file("/p/sub/a/node_modules/x/index.js")), true);
    equal(runs("Read(build/)", "Read", file("/p/sub/build/out.js")), true);
    equal(runs("Read(build/)", "Read", file("/p/sub/build")), false);
  });
  await t.step("a call without a path cannot be ruled out", () => {
    equal(runs("Read(*.env)", "Read", { toolInput: {}, cwd: "/p", projectDir: "/p" }), true);
  });
});

Deno.test("compileToolRule() reads WebFetch domains, MCP servers, subagents and input fields", () => {
  const fetch = (url: string): ToolCall => ({ toolInput: { url }, cwd: "/p", projectDir: "/p" });
  equal(runs("WebFetch(domain:example.com)", "WebFetch", fetch("https://Example.COM/a")), true);
  equal(runs("WebFetch(domain:example.com)", "WebFetch", fetch("https://evil.com/?example.com")), false);
  equal(runs("WebFetch(domain:*.example.com)", "WebFetch", fetch("https://api.example.com")), true);
  const none: ToolCall = { toolInput: {}, cwd: "/p", projectDir: "/p" };
  equal(runs("mcp__github", "mcp__github__create_issue", none), true);
  equal(runs("mcp__github__*", "mcp__github__create_issue", none), true);
  equal(runs("mcp__github__create_issue", "mcp__github__create_issue", none), true);
  equal(runs("mcp__github__create_issue", "mcp__github__list", none), false);
  equal(runs("mcp__github", "mcp__githubx__a", none), false);
  const agent: ToolCall = { toolInput: { subagent_type: "Explore", model: "opus" }, cwd: "/p", projectDir: "/p" };
  equal(runs("Agent(Explore)", "Task", agent), true);
  equal(runs("Agent(model:opus)", "Agent", agent), true);
  equal(runs("Agent(model:sonnet)", "Agent", agent), false);
  equal(runs("Agent(isolation:*)", "Agent", agent), false);
});

Deno.test("compileToolRule() selects every call of a tool whose specifier it cannot evaluate, and says so", () => {
  const rule = compileToolRule("WebSearch(news about x)");
  match(rule.unreadable!, /cannot evaluate the specifier of a WebSearch rule/);
  equal(rule.matches("WebSearch", { toolInput: { query: "y" }, cwd: "/p", projectDir: "/p" }), true);
  equal(rule.matches("Bash", { toolInput: { command: "y" }, cwd: "/p", projectDir: "/p" }), false);
});

Deno.test("compileToolRule() refuses what is not one rule with a SyntaxError", () => {
  throws(() => compileToolRule(""), SyntaxError);
  throws(() => compileToolRule("Bash(git *) || Edit(*.ts)"), /combines rules with && or \|\|/);
  throws(() => compileToolRule("Bash(git *), Edit(*.ts)"), /not one permission rule/);
  throws(() => compileToolRule("Bash(git * && npm *)"), /combines rules with && or \|\|/);
  throws(() => compileToolRule("Bash(git *"), /not one permission rule/);
});

Deno.test("compileToolRule() selects every spelling and wrapper bash runs as rm -rf with Bash(rm *)", async (t) => {
  const spellings: { line: string; why: string }[] = JSON.parse(
    await Deno.readTextFile(new URL("../testdata/shell/rm_spellings.json", import.meta.url)),
  );
  const rule = compileToolRule("Bash(rm *)");
  equal(rule.parsesShell, true);
  for (const { line, why } of spellings) {
    await t.step(why, () => equal(rule.matches("Bash", bash(line)), true, line));
  }
  await t.step("and not a line that runs no rm", () => {
    equal(rule.matches("Bash", bash("ls -la")), false);
    equal(rule.matches("Bash", bash("echo rm -rf x && grep -r rm .")), false);
    equal(rule.matches("Bash", bash("cat <<EOF\nrm -rf /\nEOF")), false);
  });
});
