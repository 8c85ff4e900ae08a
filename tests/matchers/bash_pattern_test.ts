// The command pattern of a `Bash(…)` rule, read one way by a hook's `if` and
// the policy, and a line parsed once however many rules read it.

import { equal, notEqual } from "node:assert/strict";
import {
  bashRuleCommandTest,
  commandNamed,
  compileBashPattern,
  lineCaught,
  readShellLine,
} from "../../src/matchers/bash_pattern.ts";
import { compileToolRule } from "../../src/matchers/tool_rule.ts";
import { compilePolicy } from "../../src/policy/policy.ts";
import { loadShellParser } from "../../src/shell/mod.ts";

await loadShellParser();

Deno.test("compileBashPattern() reads whole commands, * patterns and the :* prefix form", () => {
  equal(compileBashPattern("npm test")("npm test"), true);
  equal(compileBashPattern("npm test")("npm test --watch"), false);
  equal(compileBashPattern("git *")("git"), true);
  equal(compileBashPattern("git *")("gitk"), false);
  equal(compileBashPattern("git commit:*")("git commit -m x"), true);
  equal(compileBashPattern("echo \\*")("echo *"), true);
  equal(compileBashPattern("echo \\*")("echo x"), false);
});

Deno.test("bashRuleCommandTest() gives a test for Bash command rules only", () => {
  equal(bashRuleCommandTest("Bash(rm -rf *)")?.("rm -rf x"), true);
  equal(bashRuleCommandTest("Bash"), undefined);
  equal(bashRuleCommandTest("Bash(*)"), undefined);
  equal(bashRuleCommandTest("Bash(timeout:*)"), undefined);
  equal(bashRuleCommandTest("Edit(*.ts)"), undefined);
});

Deno.test("commandNamed() tests a command as written and by its name", () => {
  const [command] = readShellLine("/bin/rm -rf x").commands;
  equal(commandNamed(command!, compileBashPattern("rm -rf *")), true);
  equal(commandNamed(command!, compileBashPattern("/bin/rm -rf *")), true);
  equal(commandNamed(command!, compileBashPattern("rm -r")), false);
  equal(lineCaught(readShellLine("npm test && /bin/rm -rf x"), compileBashPattern("rm *")), true);
  equal(lineCaught(readShellLine("npm test"), compileBashPattern("rm *")), false);
});

Deno.test("readShellLine() parses a line once for every rule that reads it, and keeps only the last few", () => {
  const line = readShellLine("git status && npm test");
  equal(readShellLine("git status && npm test"), line);
  // Several hooks' `if` rules and the policy on one call read that one parse.
  const call = { toolInput: { command: "git status && npm test" }, cwd: "/p", projectDir: "/p" };
  equal(compileToolRule("Bash(npm test)").matches("Bash", call), true);
  equal(compileToolRule("Bash(git push *)").matches("Bash", call), false);
  equal(readShellLine("git status && npm test"), line);
  for (let i = 0; i < 40; i++) readShellLine(`echo ${i}`);
  notEqual(readShellLine("git status && npm test"), line);
});

Deno.test("compilePolicy() reads a Bash rule's command as a hook's if does: as written and by name", () => {
  const bash = (command: string) => ({ toolName: "Bash", toolInput: { command }, cwd: "/p", projectDir: "/p" });
  const policy = compilePolicy([{
    kind: "user",
    path: "/h/config.jsonc",
    rules: { deny: ["Bash(/bin/rm *)"], allow: ["Bash(/usr/bin/git status)"] },
  }]);
  const rule = compileToolRule("Bash(/bin/rm *)");
  equal(rule.matches("Bash", bash("/bin/rm -rf x")), true);
  equal(policy.decide(bash("/bin/rm -rf x"))?.list, "deny");
  equal(policy.decide(bash("/usr/bin/git status"))?.list, "allow");
  equal(policy.decide(bash("rm -rf x")), undefined);
});
