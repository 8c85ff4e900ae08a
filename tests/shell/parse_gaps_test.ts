import { deepEqual, equal, match, ok } from "node:assert/strict";
import { loadShellParser, parseShellLine } from "../../src/shell/mod.ts";
import type { ShellCommand, ShellLine } from "../../src/shell/types.ts";

/** Each command as `[via] words`, unknown words marked `~`, unreadable commands `?`. */
function shown(line: ShellLine): string[] {
  return line.commands.map((command) =>
    `${command.unreadable ? "?" : ""}[${command.via.join(">")}] ${
      command.words.map((word) => (word.known ? "" : "~") + word.value).join(" ")
    }`
  );
}

/** The commands named `name` (after quote removal) of `line`. */
function named(line: string, name: string): ShellCommand[] {
  return parseShellLine(line).commands.filter((command) => command.name === name);
}

/** The words of the first command named `name`, unknown words marked `~`. */
function wordsOf(line: string, name: string): string[] | undefined {
  return named(line, name)[0]?.words.map((word) => (word.known ? "" : "~") + word.value);
}

Deno.test("parseShellLine() reads what xargs runs with the words of its input", async (t) => {
  await loadShellParser();
  await t.step("a command string built from its input cannot be known", () => {
    for (
      const line of [
        "echo 'rm -rf /' | xargs bash -c",
        "echo 'rm -rf /' | xargs -I{} bash -c {}",
        "find src -type f | xargs -I{} sh -c 'echo {}; sed -n 1,20p {}'",
        "echo / | xargs --replace sh -c 'rm -rf {}'",
        "echo x | xargs -i sh -c 'rm -rf {}'",
      ]
    ) {
      const parsed = parseShellLine(line);
      equal(parsed.unreadable, true, line);
      match(parsed.reasons.join("; "), /xargs's input/, line);
    }
  });
  await t.step("a command string that takes its input as arguments is read", () => {
    const line = "find src -type f | xargs -I{} sh -c 'wc -l \"$1\"' _ {}";
    equal(parseShellLine(line).unreadable, false, shown(parseShellLine(line)).join("\n"));
    deepEqual(wordsOf(line, "wc"), ["wc", "-l", '~"$1"']);
    equal(parseShellLine("ls | xargs -n1 sh -c 'wc -l \"$1\"' _").unreadable, false);
  });
  await t.step("a wrapper given its command by the input cannot be known", () => {
    const parsed = parseShellLine("echo rm | xargs sudo --");
    equal(parsed.unreadable, true);
    ok(parsed.commands.some((command) => command.unreadable && command.via.join(">") === "xargs>sudo"));
  });
  await t.step("BSD's -J, -R and -S take values; -J's word is the input", () => {
    deepEqual(wordsOf("echo / | xargs -J {} rm -rf {}", "rm"), ["rm", "-rf", "~{}"]);
    equal(named("echo ok | xargs -R 2 python -c 'import os; os.system(\"rm -rf /\")'", "rm").length, 1);
    deepEqual(wordsOf("echo ok | xargs -S 4096 awk '{ print }'", "awk"), ["awk", "{ print }"]);
  });
  await t.step("appended arguments are not words of the command (its via says xargs)", () => {
    deepEqual(wordsOf("ls | xargs rm -rf", "rm"), ["rm", "-rf"]);
    deepEqual(named("ls | xargs rm -rf", "rm")[0]?.via, ["xargs"]);
    deepEqual(wordsOf("echo ok | xargs python -c 'print(1)'", "python"), ["python", "-c", "print(1)"]);
  });
});

Deno.test("parseShellLine() reads what GNU parallel runs, as the real parallel builds it", async (t) => {
  await loadShellParser();
  // Checked with GNU parallel 20221122: the command's words are joined as they are, arguments are quoted.
  await t.step("arguments of ::: are appended quoted, or put in place of {}", () => {
    deepEqual(wordsOf("parallel bash -c ::: 'rm -rf /'", "rm"), ["rm", "-rf", "/"]);
    deepEqual(wordsOf("parallel rm -rf {} ::: a b", "rm"), ["rm", "-rf", "a"]);
    equal(named("parallel rm -rf {} ::: a b", "rm").length, 2);
    deepEqual(wordsOf("parallel bash -c 'git reset --hard' ::: ok", "git"), ["git"]);
  });
  await t.step("with no command, each argument is a command line", () => {
    deepEqual(wordsOf("parallel ::: 'rm -rf /' 'true'", "rm"), ["rm", "-rf", "/"]);
    deepEqual(parseShellLine("parallel :::").commands.map((command) => command.name), ["parallel"]);
  });
  await t.step("commands from its standard input cannot be known", () => {
    for (const line of ["printf 'rm -rf /\\n' | parallel", "parallel", "parallel :::: jobs.txt"]) {
      const parsed = parseShellLine(line);
      equal(parsed.unreadable, true, line);
      match(parsed.reasons.join("; "), /parallel's input/, line);
    }
  });
  await t.step("arguments from its standard input are unknown words", () => {
    equal(parseShellLine("echo 'rm -rf /' | parallel bash -c {}").unreadable, true);
    deepEqual(wordsOf("ls | parallel gzip", "gzip"), ["gzip", '~"$1"']);
    equal(parseShellLine("ls | parallel gzip").unreadable, false);
  });
});

Deno.test("parseShellLine() looks through env -, busybox and every wrapper to shells and interpreters", async (t) => {
  await loadShellParser();
  await t.step("env - is env -i", () => {
    deepEqual(wordsOf("env - git reset --hard", "git"), ["git", "reset", "--hard"]);
    deepEqual(wordsOf("env -i - A=1 rm -rf x", "rm"), ["rm", "-rf", "x"]);
    deepEqual(wordsOf("env -S'rm -rf x'", "rm"), ["rm", "-rf", "x"]);
  });
  await t.step("busybox and toybox run their applet", () => {
    deepEqual(named("busybox find . -exec rm -rf {} \\;", "rm")[0]?.via, ["busybox", "find"]);
    deepEqual(wordsOf("toybox rm -rf x", "rm"), ["rm", "-rf", "x"]);
  });
  await t.step("command -p runs its command; command -v and -V do not", () => {
    deepEqual(wordsOf("command -p rm -rf x", "rm"), ["rm", "-rf", "x"]);
    for (const line of ["command -v git reset --hard", "command -V git", "command -pvV -- git reset --hard"]) {
      deepEqual(parseShellLine(line).commands.map((command) => command.name), ["command"], line);
    }
  });
  for (
    const line of [
      "nohup sh -c 'rm -rf x'",
      "timeout 5 bash -c 'rm -rf x'",
      "sudo -u root bash -c 'rm -rf x'",
      "nice -n 5 python3 -c 'import os; os.system(\"rm -rf x\")'",
      "setsid perl -e 'system(\"rm -rf x\")'",
      'stdbuf -oL node -e \'require("child_process").execSync("rm -rf x")\'',
      "watch -x sh -c 'rm -rf x'",
    ]
  ) {
    await t.step(line, () => deepEqual(wordsOf(line, "rm"), ["rm", "-rf", "x"]));
  }
  await t.step("watch joins its words for sh -c, as procps watch does", () => {
    // `watch sh -c 'git reset --hard'` runs `sh -c "sh -c git reset --hard"`: git alone.
    deepEqual(wordsOf("watch sh -c 'git reset --hard'", "git"), ["git"]);
  });
});

Deno.test("parseShellLine() compares program names as a case-insensitive file system finds them", async () => {
  await loadShellParser();
  const rm = named("echo / | XARGS rm -rf", "rm")[0];
  deepEqual(rm?.via, ["XARGS"], "the name stays as written");
  deepEqual(wordsOf("SUDO Bash -c 'rm -rf x'", "rm"), ["rm", "-rf", "x"]);
  equal(named("Python3 -c 'import os; os.system(\"rm -rf x\")'", "rm").length, 1);
  equal(parseShellLine("GIT status").commands[0]?.name, "GIT");
});

Deno.test("parseShellLine() finds interpreters' code in every spelling of their options", async (t) => {
  await loadShellParser();
  const cases = [
    `ruby -we 'system("rm -rf x")'`,
    `ruby -e'system("rm -rf x")'`,
    `python -c'import os; os.system("rm -rf x")'`,
    `python3 -Bc 'import os; os.system("rm -rf x")'`,
    `python3 -W ignore -c 'import os; os.system("rm -rf x")'`,
    `python3.11 -c 'import os; os.system("rm -rf x")'`,
    `pypy3 -c 'import os; os.system("rm -rf x")'`,
    `node -pe 'require("child_process").execSync("rm -rf x")'`,
    `node --eval='require("child_process").execSync("rm -rf x")'`,
    `node -p 'require("child_process").execSync("rm -rf x")'`,
    `node -r ./setup.js -e 'require("child_process").execSync("rm -rf x")'`,
    `perl -wle 'system("rm -rf x")'`,
    `perl -e'system("rm -rf x")'`,
    `deno eval 'new Deno.Command("sh"); require("child_process").execSync("rm -rf x")'`,
    `bun -e 'require("child_process").execSync("rm -rf x")'`,
    `php -r 'system("rm -rf x");'`,
    `php -r 'echo shell_exec("rm -rf x");'`,
    `lua -e 'os.execute("rm -rf x")'`,
    `ruby -e '%x(rm -rf x)'`,
  ];
  for (const line of cases) {
    await t.step(line, () => {
      const rm = named(line, "rm")[0];
      ok(rm !== undefined || parseShellLine(line).unreadable, shown(parseShellLine(line)).join("\n"));
      if (rm !== undefined) deepEqual(rm.words.map((word) => word.value), ["rm", "-rf", "x"]);
    });
  }
  await t.step("a script file, -m or code that starts nothing is just the interpreter", () => {
    for (const line of ["python3 script.py -c x", "python3 -m http.server", "node -pe '1 + 1'", "ruby -e 'puts 1'"]) {
      const parsed = parseShellLine(line);
      equal(parsed.unreadable, false, line);
      equal(parsed.commands.length, 1, line);
    }
  });
});

Deno.test("parseShellLine() reads code fed to an interpreter on its standard input", async (t) => {
  await loadShellParser();
  const cases: [string, string[]][] = [
    ['python3 <<EOF\nimport subprocess\nsubprocess.run(["rm", "-rf", "/"])\nEOF', ["rm", "-rf", "/"]],
    ["node <<EOF\nrequire('child_process').execSync('rm -rf /');\nEOF", ["rm", "-rf", "/"]],
    ['ruby <<EOF\nsystem("rm -rf /")\nEOF', ["rm", "-rf", "/"]],
    ['perl <<EOF\nsystem("rm -rf /");\nEOF', ["rm", "-rf", "/"]],
    [`node <<< "require('child_process').execSync('rm -rf /')"`, ["rm", "-rf", "/"]],
    ["python3 - <<'EOF'\nimport os; os.system('rm -rf /')\nEOF", ["rm", "-rf", "/"]],
  ];
  for (const [line, words] of cases) {
    await t.step(line, () => deepEqual(named(line, "rm")[0]?.words.map((word) => word.value), words));
  }
  await t.step("code that starts nothing is only the interpreter", () => {
    const parsed = parseShellLine('python3 <<EOF\nprint("hello")\nEOF');
    deepEqual(shown(parsed), ["[] python3"]);
    equal(parsed.unreadable, false);
  });
  await t.step("code piped in from another command cannot be known", () => {
    const parsed = parseShellLine("curl -s https://example.com/x.py | python3");
    equal(parsed.unreadable, true);
    match(parsed.reasons.join("; "), /python3 runs code from its standard input/);
  });
});

Deno.test("parseShellLine() shows the files interpreters' code deletes as the rm that does the same", async (t) => {
  await loadShellParser();
  const cases: [string, string[]][] = [
    ['python3 <<EOF\nimport shutil\nshutil.rmtree("/tmp/test")\nEOF', ["rm", "-rf", "/tmp/test"]],
    [`python3 -c "import os; os.remove('/etc/passwd')"`, ["rm", "-f", "/etc/passwd"]],
    [`python3 -c "import os; os.rmdir('/srv/x')"`, ["rmdir", "/srv/x"]],
    [`python3 -c "from pathlib import Path; Path('/etc/hosts').unlink()"`, ["rm", "-f", "/etc/hosts"]],
    ["node <<EOF\nconst fs = require('fs');\nfs.rmSync('/etc', { recursive: true });\nEOF", ["rm", "-rf", "/etc"]],
    [`node -e "require('fs').unlinkSync('/etc/hosts')"`, ["rm", "-f", "/etc/hosts"]],
    [`deno eval "await Deno.remove('/srv', { recursive: true })"`, ["rm", "-rf", "/srv"]],
    ['ruby <<EOF\nrequire "fileutils"\nFileUtils.rm_rf("/")\nEOF', ["rm", "-rf", "/"]],
    [`ruby -e 'File.delete("/etc/hosts")'`, ["rm", "-f", "/etc/hosts"]],
    ['perl <<EOF\nunlink glob("/etc/*");\nEOF', ["rm", "-f", "/etc/*"]],
    [`php -r 'unlink("/etc/hosts");'`, ["rm", "-f", "/etc/hosts"]],
    [`lua -e 'os.remove("/etc/hosts")'`, ["rm", "-f", "/etc/hosts"]],
  ];
  for (const [line, words] of cases) {
    await t.step(line, () => {
      const command = parseShellLine(line).commands.find((one) => one.name === words[0]);
      deepEqual(command?.words.map((word) => word.value), words, shown(parseShellLine(line)).join("\n"));
      equal(command?.via.length, 1);
    });
  }
  await t.step("a path that is not a literal is an unknown word", () => {
    deepEqual(wordsOf(`python3 -c "import shutil, sys; shutil.rmtree(sys.argv[1])" x`, "rm"), ["rm", "-rf", "~{}"]);
  });
});

Deno.test("parseShellLine() reads the commands inside (( )) and [[ ]]", async () => {
  await loadShellParser();
  deepEqual(wordsOf("(( $(rm -rf x) + 1 ))", "rm"), ["rm", "-rf", "x"]);
  deepEqual(wordsOf("[[ -n $(rm -rf x) ]] && echo y", "rm"), ["rm", "-rf", "x"]);
  deepEqual(wordsOf("if [[ `git reset --hard` == y ]]; then :; fi", "git"), ["git", "reset", "--hard"]);
  // Arithmetic is not a command: bash evaluates `rm - rf / root` as numbers.
  deepEqual(parseShellLine("bash -c '(( rm -rf / root ))'").commands.map((command) => command.name), ["bash"]);
});

Deno.test("parseShellLine() reads the commands programs run from their environment and configuration", async (t) => {
  await loadShellParser();
  await t.step("git's ssh command, where git talks to a remote", () => {
    deepEqual(named(`GIT_SSH_COMMAND='sh -c "rm -rf /"' git fetch`, "rm")[0]?.via, ["git", "GIT_SSH_COMMAND", "sh -c"]);
    deepEqual(named("export GIT_SSH_COMMAND=./malicious; git ls-remote origin", "malicious")[0]?.via, [
      "git",
      "GIT_SSH_COMMAND",
    ]);
    deepEqual(named("git -ccore.sshCommand=./malicious push origin main", "malicious")[0]?.via, [
      "git",
      "git -c core.sshCommand",
    ]);
    deepEqual(named("GIT_SSH=./malicious git push origin main", "malicious").length, 1);
    deepEqual(named("GIT_SSH_COMMAND=./helper git remote -v update", "helper").length, 1);
    deepEqual(named("GIT_SSH_COMMAND=./helper git status", "helper"), [], "git status talks to no remote");
    deepEqual(named("GIT_SSH_COMMAND=./helper git remote -v", "helper"), []);
  });
  await t.step("git aliases from -c and GIT_CONFIG_*", () => {
    const nuke = (line: string) => named(line, "git").map((command) => command.words.map((word) => word.value));
    deepEqual(nuke("GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.nuke GIT_CONFIG_VALUE_0=reset git nuke --hard")[1], [
      "git",
      "reset",
      "--hard",
    ]);
    deepEqual(nuke(`GIT_CONFIG_PARAMETERS="'alias.nuke=reset'" git nuke --hard`)[1], ["git", "reset", "--hard"]);
    deepEqual(wordsOf("git -c alias.x='!rm -rf /' x", "rm"), ["rm", "-rf", "/"]);
    deepEqual(nuke("git -c alias.st=status st")[1], ["git", "status"]);
  });
  await t.step("editors and pagers", () => {
    deepEqual(named("GIT_EDITOR='rm -rf ~' git commit", "rm")[0]?.via, ["git", "GIT_EDITOR"]);
    deepEqual(named("git -c core.pager='rm -rf x' log", "rm")[0]?.via, ["git", "git -c core.pager"]);
    deepEqual(named("GIT_SEQUENCE_EDITOR='rm -rf x' git rebase -i HEAD~2", "rm").length, 1);
    deepEqual(named("EDITOR='rm -rf ~' crontab -e", "rm")[0]?.via, ["crontab", "EDITOR"]);
    deepEqual(named("PAGER='rm -rf ~' man ls", "rm").length, 1);
  });
});

Deno.test("ShellCommand.pipedFrom names the commands before it in its pipeline", async () => {
  await loadShellParser();
  const line = parseShellLine("curl -fsSL https://x | sudo sh; ls | grep a | wc -l");
  deepEqual(line.commands.map((command) => [command.name, command.pipedFrom]), [
    ["curl", undefined],
    ["sudo", ["curl"]],
    ["sh", ["curl"]],
    ["ls", undefined],
    ["grep", ["ls"]],
    ["wc", ["ls", "grep"]],
  ]);
  equal(line.unreadable, true, "the script sh reads is still unknown");
  deepEqual(named("curl x | xargs rm", "rm")[0]?.pipedFrom, ["curl"]);
});

Deno.test("ShellCommand.assignments holds the variables the line assigned before the command", async () => {
  await loadShellParser();
  deepEqual(named('TMPDIR=/; rm -rf "$TMPDIR"/x', "rm")[0]?.assignments, { TMPDIR: { value: "/", known: true } });
  deepEqual(named("export HOME=/ A=$(pwd); rm -rf ~/x", "rm")[0]?.assignments, {
    HOME: { value: "/", known: true },
    A: { value: "$(pwd)", known: false },
  });
  equal(named("rm -rf x", "rm")[0]?.assignments, undefined);
  // A command's own prefix is not an assignment its words see: `HOME=/ rm -rf ~` expands ~ first.
  equal(named("HOME=/ rm -rf ~", "rm")[0]?.assignments, undefined);
});

Deno.test("parseShellLine() names the call behind a file interpreter code deletes, and not a command the code starts", async () => {
  await loadShellParser();
  deepEqual(named(`python3 -c "import os; os.remove('/etc/passwd')"`, "rm")[0]?.via, ["python3 -c os.remove()"]);
  deepEqual(named('sudo perl <<EOF\nunlink glob("/etc/*");\nEOF', "rm")[0]?.via, ["sudo", "perl << unlink()"]);
  deepEqual(named(`python3 -c "import os; os.system('rm -r build')"`, "rm")[0]?.via, ["python3 -c"]);
});

Deno.test("parseShellLine() reads a substitution of echo or printf with literal words as its output", async (t) => {
  await loadShellParser();
  await t.step("as the command word, split into words", () => {
    deepEqual(wordsOf("$(echo rm) -rf x", "rm"), ["rm", "-rf", "x"]);
    deepEqual(wordsOf("`echo rm -rf` x", "rm"), ["rm", "-rf", "x"]);
    deepEqual(wordsOf("$(printf rm) -rf x", "rm"), ["rm", "-rf", "x"]);
    const hello = parseShellLine("$(echo hello)");
    deepEqual(hello.commands.map((command) => command.name), ["echo", "hello"]);
    equal(hello.unreadable, false);
  });
  await t.step("quoted, as one word; inside a word, joined", () => {
    deepEqual(wordsOf('rm -rf "$(echo a b)"', "rm"), ["rm", "-rf", "a b"]);
    deepEqual(wordsOf("rm -rf /$(echo etc)/x", "rm"), ["rm", "-rf", "/etc/x"]);
  });
  await t.step("a glob or ~ in echo's words expands first: unknown", () => {
    deepEqual(wordsOf("rm -rf /$(echo ~)", "rm"), ["rm", "-rf", "~/$(echo ~)"]);
    deepEqual(wordsOf('rm -rf "$(echo *)"/x', "rm"), ["rm", "-rf", '~"$(echo *)"/x']);
  });
  await t.step("anything else stays unknown", () => {
    for (
      const line of [
        "$(echo -e 'r\\x6d') -rf x",
        "$(printf '%s' rm) -rf x",
        "$(echo $x) -rf y",
        "$(echo rm; echo x) -rf y",
        "$(echo r*) -rf y",
        "$(cat cmd) -rf y",
        "IFS=_; $(echo rm_-rf_x)",
        "echo() { printf rm; }; $(echo hi) -rf x",
        `f() { $(echo rm_-rf_x); }; eval "$(echo I)FS=_"; f`,
      ]
    ) {
      equal(parseShellLine(line).unreadable, true, line);
    }
  });
});
