import { deepEqual, equal, match, throws } from "node:assert/strict";
import { commandRejection, DEFAULT_COMMAND_ALLOWLIST, planCommand } from "../../src/permissions/mod.ts";

Deno.test("planCommand() spawns plain shell-form commands directly, split into words", () => {
  deepEqual(planCommand({ command: "bash ./scripts/guard-bash.sh" }), {
    program: "bash",
    args: ["./scripts/guard-bash.sh"],
    viaShell: false,
    head: "bash",
  });
  deepEqual(
    planCommand({ command: "  python3   /abs/x.py --mode=strict  " }).args,
    ["/abs/x.py", "--mode=strict"],
  );
});

Deno.test("planCommand() sends anything doubtful through sh -c", async (t) => {
  const viaShell = [
    "echo $HOME",
    "cat | jq .",
    "a > b",
    "a < b",
    "a; b",
    "a && b",
    "a & b",
    "echo `id`",
    "echo $(id)",
    "echo 'quoted'",
    'echo "quoted"',
    "ls *.ts",
    "ls file?.ts",
    "ls [ab].ts",
    "cat ~/x",
    "FOO=1 node x.js",
    "echo a\\ b",
    "echo {a,b}",
    "echo a # comment",
    "exit 2",
    "trap '' TERM",
    "if true; then :; fi",
    "echo one\necho two",
  ];
  for (const command of viaShell) {
    await t.step(JSON.stringify(command), () => {
      const plan = planCommand({ command });
      equal(plan.viaShell, true);
      deepEqual([plan.program, plan.args], ["sh", ["-c", command]]);
    });
  }
});

Deno.test("planCommand() keeps exec form verbatim", () => {
  deepEqual(
    planCommand({ command: "node", args: ["hook.js", "$HOME", "a b"] }),
    {
      program: "node",
      args: ["hook.js", "$HOME", "a b"],
      viaShell: false,
      head: "node",
    },
  );
});

Deno.test("planCommand() finds the program behind leading assignments for the allowlist", () => {
  equal(planCommand({ command: "FOO=1 BAR=2 python3 x.py" }).head, "python3");
  equal(planCommand({ command: "FOO=1" }).head, "FOO=1");
});

Deno.test("planCommand() finds the program, not the shell operators glued to it", () => {
  equal(planCommand({ command: "yes; exit 2" }).head, "yes");
  equal(planCommand({ command: "cat /dev/zero& wait" }).head, "cat");
  equal(planCommand({ command: "(cd /tmp && ls)" }).head, "cd");
  equal(planCommand({ command: "true|cat" }).head, "true|cat"); // one word: sh decides, the allowlist refuses
});

Deno.test("planCommand() refuses an empty command", () => {
  throws(
    () => planCommand({ command: "  " }),
    /"command" must be a non-empty string/,
  );
});

Deno.test("commandRejection() allows listed names, shell builtins via sh, and absolute paths", () => {
  const check = (command: string, args?: string[]) =>
    commandRejection(
      planCommand(args ? { command, args } : { command }),
      DEFAULT_COMMAND_ALLOWLIST,
    );
  equal(check("bash ./guard.sh"), undefined);
  equal(check("cat | jq ."), undefined);
  equal(check("exit 2"), undefined);
  equal(check("/opt/hooks/check"), undefined);
  equal(check("C:\\hooks\\check.exe"), undefined);
  equal(check("/abs/project/.hookgate/hooks/wrapper.sh --fast"), undefined);
  match(check("./hook.sh")!, /"\.\/hook\.sh" is not on the command allowlist/);
  match(check("hook.sh")!, /absolute path/);
  match(check("mytool", ["--x"])!, /add "mytool" to the allowlist/);
  match(check("rm -rf /tmp/x")!, /"rm" is not on the command allowlist/);
});
