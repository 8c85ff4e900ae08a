import { equal, throws } from "node:assert/strict";
import { COMMAND_RULE_JSON_SCHEMA, type CommandContext, compileCommandRule } from "../../src/matchers/command_rule.ts";
import type { ShellCommand, ShellLine, ShellWord } from "../../src/shell/types.ts";

const context: CommandContext = { cwd: "/p/src", projectDir: "/p", home: "/home/me", tempDirs: ["/tmp", "/var/tmp"] };
const known = (value: string): ShellWord => ({ value, known: true });
const unknown = (value: string): ShellWord => ({ value, known: false });
function command(words: (string | ShellWord)[], extra: Partial<ShellCommand> = {}): ShellCommand {
  const all = words.map((word) => typeof word === "string" ? known(word) : word);
  const first = all[0]!.value;
  return {
    name: first.slice(first.lastIndexOf("/") + 1),
    words: all,
    unreadable: false,
    via: [],
    text: all.map((word) => word.value).join(" "),
    ...extra,
  };
}
const line = (...commands: ShellCommand[]): ShellLine => ({ commands, unreadable: false, reasons: [] });
const words = (text: string) => line(command(text.split(" ")));
const matches = (spec: unknown, target: ShellLine, list: "deny" | "ask" | "allow" = "deny", at = context) =>
  compileCommandRule(spec, "test").matches(target, at, list);

const RM = { id: "rm", command: "rm", allFlags: [["-r", "-R", "--recursive"], ["-f", "--force"]] };
const PUSH = {
  id: "push",
  command: "git",
  subcommand: "push",
  flags: ["--force", "-f"],
  unless: { flags: ["--force-with-lease"] },
};

Deno.test("compileCommandRule() names a command by any of its names, without case or .exe", () => {
  equal(matches({ command: ["rm", "unlink"] }, words("unlink x")), true);
  equal(matches({ command: "rm" }, words("RM x")), true);
  equal(matches({ command: "git" }, words("git.exe status")), true);
  equal(matches({ command: "mkfs.*" }, words("mkfs.ext4 /dev/sda")), true);
  equal(matches({ command: "rm" }, words("rmdir x")), false);
  equal(matches({ command: "rm" }, words("busybox rm -rf x")), true);
});

Deno.test("compileCommandRule() finds a subcommand after the command's global options", async (t) => {
  await t.step("git -C dir, -c k=v, --git-dir=x, an attached -Cdir and --", () => {
    for (const text of ["git push -f", "git -C dir push -f", "git -c k=v push -f", "git -Cdir push -f"]) {
      equal(matches(PUSH, words(text)), true, text);
    }
    equal(matches(PUSH, words("git --git-dir=x push -f")), true);
    equal(matches(PUSH, words("git -- push -f")), true);
    equal(matches(PUSH, words("git pull -f")), false);
  });
  await t.step("subcommands of several words", () => {
    const rule = { command: "git", subcommand: ["stash drop", "stash clear"] };
    equal(matches(rule, words("git stash drop")), true);
    equal(matches(rule, words("git stash clear")), true);
    equal(matches(rule, words("git stash pop")), false);
    equal(matches(rule, words("git stash")), false);
  });
  await t.step("an alias the line defines stands for its value", () => {
    equal(
      matches({ command: "git", subcommand: "reset", flags: ["--hard"] }, words("git -c alias.x=reset x --hard")),
      true,
    );
    equal(matches({ command: "git", subcommand: "reset" }, words("git -c alias.st=status st")), false);
  });
});

Deno.test("compileCommandRule() reads flags in any spelling and order", async (t) => {
  await t.step("short clusters, separate flags and long names are the same", () => {
    for (
      const text of ["rm -rf /x", "rm -r -f /x", "rm -fr /x", "rm -Rf /x", "rm --recursive --force /x", "rm -f -r /x"]
    ) {
      equal(matches(RM, words(text)), true, text);
    }
    equal(matches(RM, words("rm -r /x")), false);
    equal(matches(RM, words("rm -f /x")), false);
  });
  await t.step("--flag=value, a long option's prefix, and --no-flag undoing it", () => {
    equal(matches(PUSH, words("git push --force=true origin main")), true);
    equal(matches(PUSH, words("git push --forc origin")), true);
    equal(
      matches({ command: "git", subcommand: "rm", flags: ["--force"] }, words("git rm --force --no-force x")),
      false,
    );
    equal(
      matches({ command: "git", subcommand: "rm", flags: ["--force"] }, words("git rm --no-force --force x")),
      true,
    );
  });
  await t.step("a destructive flag after other arguments still counts", () => {
    equal(matches(PUSH, words("git push origin main --force")), true);
  });
  await t.step("flags after -- are arguments", () => {
    equal(matches(PUSH, words("git push -- -f")), false);
  });
  await t.step("an option's value is not a flag", () => {
    const rule = { command: "git", subcommand: "restore", flags: ["--staged"], valueOptions: ["--source"] };
    equal(matches(rule, words("git restore --source --staged x")), false);
    equal(matches(rule, words("git restore --staged x")), true);
  });
});

Deno.test("compileCommandRule() lets unless flags and arguments make a command safe", async (t) => {
  await t.step("--force-with-lease is not --force", () => {
    equal(matches(PUSH, words("git push --force-with-lease")), false);
    equal(matches(PUSH, words("git push -f --force-with-lease")), false);
  });
  await t.step("a prefix that could be the safe flag or the destructive one is destructive", () => {
    const rule = { command: "git", subcommand: "clean", flags: ["--force"], unless: { flags: ["--dry-run"] } };
    equal(matches(rule, words("git clean --forc --dry-r")), false);
    equal(matches(PUSH, words("git push --forc")), true);
  });
  await t.step("unless arguments", () => {
    const rule = { command: "git", subcommand: "stash", unless: { args: ["list", "show*"] } };
    equal(matches(rule, words("git stash list")), false);
    equal(matches(rule, words("git stash showx")), false);
    equal(matches(rule, words("git stash drop")), true);
  });
});

Deno.test("compileCommandRule() reads arguments and their count", () => {
  const rule = { command: "git", subcommand: "checkout", args: ["--", "."] };
  equal(matches(rule, words("git checkout -- file")), true);
  equal(matches(rule, words("git checkout .")), true);
  equal(matches(rule, words("git checkout main")), false);
  equal(matches({ command: "git", subcommand: "push", args: ["+*"] }, words("git push origin +main")), true);
  const two = { command: "git", subcommand: "checkout", minArgs: 2, valueOptions: ["-b"] };
  equal(matches(two, words("git checkout HEAD file.txt")), true);
  equal(matches(two, words("git checkout -b new main")), false);
});

Deno.test("compileCommandRule() judges path arguments against the call's cwd, ~ and the context", async (t) => {
  const rule = (...paths: string[]) => ({ ...RM, paths });
  await t.step("root, home, the project root (or a folder holding it)", () => {
    equal(matches(rule("root"), words("rm -rf /")), true);
    equal(matches(rule("root"), words("rm -rf /tmp/..")), true);
    equal(matches(rule("home"), words("rm -rf ~")), true);
    equal(matches(rule("home"), words("rm -rf ~/")), true);
    equal(matches(rule("home"), words("rm -rf ~/x")), false);
    equal(matches(rule("project-root"), words("rm -rf ..")), true);
    equal(matches(rule("project-root"), words("rm -rf /")), true);
    equal(matches(rule("project-root"), words("rm -rf ../src")), false);
    equal(matches(rule("project-root"), words("rm -rf *")), false);
    equal(matches(rule("project-root"), words("rm -rf ../*")), true);
  });
  await t.step("outside the project, inside a temp directory, outside both", () => {
    equal(matches(rule("outside-project"), words("rm -rf /etc")), true);
    equal(matches(rule("outside-project"), words("rm -rf build")), false);
    equal(matches(rule("inside-temp"), words("rm -rf /tmp/x")), true);
    equal(matches(rule("inside-temp"), words("rm -rf /tmp")), true);
    equal(matches(rule("inside-temp"), words("rm -rf /tmpx")), false);
    equal(matches(rule("temp-root"), words("rm -rf /var/tmp/")), true);
    equal(matches(rule("temp-root"), words("rm -rf /tmp/*")), true, "everything in /tmp is /tmp");
    equal(matches(rule("temp-root"), words("rm -rf /tmp/x")), false);
    equal(matches(rule("outside-project-and-temp"), words("rm -rf /tmp/x /home/x")), true);
    equal(matches(rule("outside-project-and-temp"), words("rm -rf /tmp/x ./build /var/tmp/y")), false);
    equal(matches(rule("outside-project-and-temp"), words("rm -rf /tmp/../etc")), true);
  });
  await t.step("devices, and a prefix that marks the path argument", () => {
    const dd = { command: "dd", pathPrefix: "of=", paths: ["device"] };
    equal(matches(dd, words("dd if=/dev/zero of=/dev/sda")), true);
    equal(matches(dd, words("dd if=/dev/sda of=./backup.img")), false);
    equal(matches(dd, words("dd if=x of=/dev/null")), false);
  });
  await t.step("$HOME, $TMPDIR and $PWD read from the context", () => {
    equal(matches(rule("home"), line(command(["rm", "-rf", unknown("$HOME")]))), true);
    equal(matches(rule("outside-project-and-temp"), line(command(["rm", "-rf", unknown('"$TMPDIR/x"')]))), false);
    equal(matches(rule("outside-project-and-temp"), line(command(["rm", "-rf", unknown("${TMPDIR}/../etc")]))), true);
  });
  await t.step("a line that changes directory makes relative paths unknown", () => {
    const target = line(command(["cd", "/"]), command(["rm", "-rf", "build"]));
    equal(matches(rule("root"), target), true);
    equal(matches(rule("root"), target, "allow"), false);
  });
  await t.step("redirections to a device", () => {
    const write = { command: "*", redirects: ["device"] };
    equal(matches(write, line(command(["echo", "x"], { text: "echo x > /dev/sda" }))), true);
    equal(matches(write, line(command(["echo", "x"], { text: "echo x > /dev/null" }))), false);
    equal(matches(write, line(command(["echo", "a > /dev/sda"], { text: "echo 'a > /dev/sda'" }))), false);
  });
});

Deno.test("compileCommandRule() leans an unknown word towards deny and ask, and away from allow", async (t) => {
  const rule = { ...RM, paths: ["root"] };
  const target = line(command(["rm", "-rf", unknown("$x")]));
  await t.step("an unknown path satisfies a deny or ask rule's path condition", () => {
    equal(matches(rule, target, "deny"), true);
    equal(matches(rule, target, "ask"), true);
    equal(matches(rule, target, "allow"), false);
  });
  await t.step("an unknown argument satisfies args, never unless", () => {
    const push = { command: "git", subcommand: "push", args: ["+*"], unless: { args: ["--dry-run-x"] } };
    equal(matches(push, line(command(["git", "push", "origin", unknown("$b")]))), true);
    equal(matches(push, line(command(["git", "push", "origin", unknown("$b")])), "allow"), false);
  });
  await t.step("an unknown subcommand could be any", () => {
    equal(matches(PUSH, line(command(["git", unknown("$sub"), "-f"]))), true);
    equal(matches(PUSH, line(command(["git", unknown("$sub"), "-f"])), "allow"), false);
  });
  await t.step("paths xargs or find hand over are unknown", () => {
    equal(matches(rule, line(command(["rm", "-rf"], { via: ["xargs"] }))), true);
    equal(matches(rule, line(command(["rm", "-rf", "{}"], { via: ["find"] }))), true);
    equal(matches(rule, line(command(["rm", "-rf", "{}"], { via: ["sudo"] }))), false);
  });
});

Deno.test("compileCommandRule() matches an unreadable command with every deny and ask rule and no allow rule", () => {
  const dark: ShellLine = {
    commands: [{ name: "", words: [unknown("$x"), known("-rf")], unreadable: true, via: [], text: "$x -rf" }],
    unreadable: true,
    reasons: ["the command word $x comes from an expansion"],
  };
  equal(matches(PUSH, dark, "deny"), true);
  equal(matches(PUSH, dark, "ask"), true);
  equal(matches({ command: "*" }, dark, "allow"), false);
  const broken: ShellLine = { commands: [command(["echo", "x"])], unreadable: true, reasons: ["cannot parse"] };
  equal(matches(PUSH, broken, "deny"), true);
  equal(matches({ command: "echo" }, broken, "allow"), false);
});

Deno.test("compileCommandRule() allows a line only when the rule names every command of it", () => {
  const rule = { command: "npm", subcommand: "test" };
  equal(matches(rule, words("npm test"), "allow"), true);
  equal(matches(rule, line(command(["npm", "test"]), command(["rm", "x"])), "allow"), false);
  equal(matches(rule, line(command(["npm", "test"]), command(["rm", "x"])), "deny"), true);
});

Deno.test("compileCommandRule() reads a piped download when the parser says where the input comes from", () => {
  const rule = { command: "sh", pipedFrom: ["curl", "wget"] };
  equal(
    matches(rule, line(command(["curl", "x"]), command(["sh"], { pipedFrom: ["curl"] } as Partial<ShellCommand>))),
    true,
  );
  equal(
    matches(rule, line(command(["cat", "x"]), command(["sh"], { pipedFrom: ["cat"] } as Partial<ShellCommand>))),
    false,
  );
  equal(matches(rule, line(command(["sh"]))), false);
});

Deno.test("compileCommandRule() names the wrapper, interpreter or configuration a command runs through with via", () => {
  const rule = { command: "*", via: ["GIT_SSH_COMMAND", "git -c core.sshcommand", "python*"] };
  const through = (...via: string[]) => line(command(["./helper"], { via }));
  equal(matches(rule, through("git", "GIT_SSH_COMMAND")), true);
  equal(matches(rule, through("git", "git -c core.sshCommand")), true, "case does not matter");
  equal(matches(rule, through("python3 -c")), true, "* matches any text");
  equal(matches(rule, through("git", "GIT_PAGER")), false);
  equal(matches(rule, through("sudo")), false);
  equal(matches(rule, line(command(["./helper"]))), false, "a command typed on the line runs through nothing");
  equal(matches({ command: "rm", via: ["sh -c"] }, through("sh -c")), false, "the command must be named too");
});

Deno.test("compileCommandRule() refuses a malformed rule with a message that names the rule, its place and the fix", () => {
  const cases: [unknown, string][] = [
    [3, 'Cannot read rule in rules.deny[3]: a command rule must be an object such as {"command": "rm"'],
    [{ id: "x" }, 'Cannot read rule "x" in rules.deny[3]: "command" is missing: name the command'],
    [{ command: "" }, '"command" must not be empty'],
    [{ command: [] }, '"command" must name at least one command'],
    [{ command: [1] }, '"command" must be a list of strings, got a list'],
    [
      { id: "git-push-force", command: "git", flags: 3 },
      'Cannot read rule "git-push-force" in rules.deny[3]: "flags" must be a list of strings, got 3',
    ],
    [
      { command: "git", flags: ["force"] },
      '"flags" holds flags written with their dashes, such as "-f" or "--force", got "force"',
    ],
    [{ command: "rm", allFlags: ["-r"] }, '"allFlags[0]" must be a list of strings, got "-r"'],
    [{ command: "rm", allFlags: 1 }, '"allFlags" must be a list of flag groups'],
    [{ command: "rm", args: [""] }, '"args" must be a list of strings'],
    [{ command: "rm", minArgs: -1 }, '"minArgs" must be a whole number of at least 0, got -1'],
    [{ command: "rm", paths: ["everywhere"] }, '"paths" may hold "root", "home", "project-root"'],
    [{ command: "rm", redirects: "device" }, '"redirects" must be a list of strings, got "device"'],
    [{ command: "dd", pathPrefix: 1 }, '"pathPrefix" must be a string such as "of=", got 1'],
    [{ command: "rm", valueOptions: ["x"] }, '"valueOptions" holds flags written with their dashes'],
    [{ command: "sh", pipedFrom: "curl" }, '"pipedFrom" must be a list of strings, got "curl"'],
    [{ command: "sh", via: "sh -c" }, '"via" must be a list of strings, got "sh -c"'],
    [{ command: "rm", unless: [] }, '"unless" must be an object such as {"flags": ["--dry-run"]}, got a list'],
    [{ command: "rm", unless: { paths: [] } }, 'unknown field "unless.paths"; "unless" takes "flags" and "args"'],
    [{ command: "rm", unless: { flags: "-n" } }, '"unless.flags" must be a list of strings'],
    [{ command: "rm", subcommand: 2 }, '"subcommand" must be a list of strings, got 2'],
    [{ command: "rm", flag: [] }, 'unknown field "flag"; the fields are id, reason, command'],
    [{ id: "", command: "rm" }, '"id" must be a non-empty string, got ""'],
    [{ command: "rm", reason: 1 }, '"reason" must be a string, got 1'],
  ];
  for (const [spec, message] of cases) {
    throws(() => compileCommandRule(spec, "rules.deny[3]"), (error: unknown) => {
      equal(error instanceof TypeError, true);
      equal((error as Error).message.includes(message), true, `${(error as Error).message}\n  wanted: ${message}`);
      equal((error as Error).message.includes("rules.deny[3]"), true);
      return true;
    });
  }
});

Deno.test("COMMAND_RULE_JSON_SCHEMA describes every field the reader takes", () => {
  const properties = COMMAND_RULE_JSON_SCHEMA.properties as Record<string, unknown>;
  for (
    const field of [
      "id",
      "reason",
      "command",
      "subcommand",
      "flags",
      "allFlags",
      "args",
      "minArgs",
      "paths",
      "pathPrefix",
      "redirects",
      "valueOptions",
      "pipedFrom",
      "via",
      "unless",
    ]
  ) {
    equal(field in properties, true, field);
  }
  equal(COMMAND_RULE_JSON_SCHEMA.additionalProperties, false);
  const rule = compileCommandRule({ id: "a", reason: "b", command: "rm" }, "x");
  equal(rule.id, "a");
  equal(rule.reason, "b");
});
