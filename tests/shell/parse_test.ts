import { deepEqual, equal, match, ok, throws } from "node:assert/strict";
import { loadShellParser, parseShellLine, shellParserLoaded } from "../../src/shell/mod.ts";
import type { ShellLine } from "../../src/shell/types.ts";

/** Each command as `[via] words`, unknown words marked `~`, unreadable commands `?`. */
function shown(line: ShellLine): string[] {
  return line.commands.map((command) =>
    `${command.unreadable ? "?" : ""}[${command.via.join(">")}] ${
      command.words.map((word) => (word.known ? "" : "~") + word.value).join(" ")
    }`
  );
}

/** The commands' names, in order. */
const names = (line: string) => parseShellLine(line).commands.map((command) => command.name);
/** The words of the commands named `name`. */
const runs = (line: string, name = "rm") =>
  parseShellLine(line).commands.filter((command) => command.name === name).map((command) =>
    command.words.map((word) => word.value).join(" ")
  );

Deno.test("parseShellLine() throws a plain Error before the parser is loaded", async () => {
  // This test file loads the parser itself: the first test sees it unloaded.
  equal(shellParserLoaded(), false);
  throws(() => parseShellLine("ls"), (error: unknown) => error instanceof Error && /not loaded/.test(error.message));
  const first = loadShellParser();
  equal(loadShellParser(), first, "one load per process");
  await first;
  equal(shellParserLoaded(), true);
});

Deno.test("parseShellLine() removes quotes and escapes and expands braces before naming a command", async (t) => {
  await loadShellParser();
  for (const line of ["\\rm -rf x", '"rm" -rf x', "'rm' -rf x", "r''m -rf x", "r\\m -rf x", "$'\\x72m' -rf x"]) {
    await t.step(line, () => deepEqual(runs(line), ["rm -rf x"]));
  }
  await t.step("brace expansion", () => {
    deepEqual(runs("{rm,-rf,x}"), ["rm -rf x"]);
    deepEqual(runs("rm -rf a{b,c}d {1..3}"), ["rm -rf abd acd 1 2 3"]);
  });
  await t.step("a path's last segment names the command", () => {
    const [command] = parseShellLine("/bin/rm -rf x").commands;
    equal(command?.name, "rm");
    equal(command?.words[0]?.value, "/bin/rm");
  });
});

Deno.test("parseShellLine() drops assignments and redirections and marks words from expansions", async () => {
  await loadShellParser();
  deepEqual(shown(parseShellLine("A=1 B='x y' rm -rf \"$d\" 2>/dev/null >out.log <in")), ['[] rm -rf ~"$d"']);
  const [command] = parseShellLine("rm -rf ${d}/x *.o").commands;
  deepEqual(command?.words.map((word) => word.known), [true, true, false, true]);
  equal(parseShellLine("rm -rf $d").unreadable, false, "an unknown argument leaves the command readable");
});

Deno.test("parseShellLine() reads every simple command of lists, pipelines, compound commands and substitutions", async (t) => {
  await loadShellParser();
  const cases: [string, string[]][] = [
    ["a && b || c; d & e", ["a", "b", "c", "d", "e"]],
    ["a | b |& c", ["a", "b", "c"]],
    ["(a; b) && { c; }", ["a", "b", "c"]],
    ['echo $(a) `b` <(c) >(d) "$(e)"', ["echo", "a", "b", "c", "d", "e"]],
    ["x=$(a) y", ["a", "y"]],
    ["f() { a; }; function g { b; }", ["a", "b"]],
    ["if a; then b; elif c; then d; else e; fi", ["a", "b", "c", "d", "e"]],
    ["for i in $(a); do b; done", ["a", "b"]],
    ["while a; do b; done; until c; do d; done", ["a", "b", "c", "d"]],
    ["case $(a) in x) b;; y) c;; esac", ["a", "b", "c"]],
    ["[[ -n $(a) ]] && (( $(b) ))", ["a", "b"]],
    ['cat <<< "$(a)"', ["cat", "a"]],
    ["! a", ["a"]],
    ["time a", ["a"]],
  ];
  for (const [line, expected] of cases) await t.step(line, () => deepEqual(names(line).sort(), expected.sort()));
});

Deno.test("parseShellLine() looks through wrappers with their options", async (t) => {
  await loadShellParser();
  const cases: [string, string][] = [
    ["sudo -u root -E rm -rf x", "sudo"],
    ["sudo VAR=1 rm -rf x", "sudo"],
    ["doas -u root rm -rf x", "doas"],
    ["env -i -u HOME VAR=1 rm -rf x", "env"],
    ["env -S 'rm -rf x'", "env"],
    ["command -p rm -rf x", "command"],
    ["exec -a name rm -rf x", "exec"],
    ["builtin rm -rf x", "builtin"],
    ["nice -n 5 rm -rf x", "nice"],
    ["nice -10 rm -rf x", "nice"],
    ["nohup rm -rf x", "nohup"],
    ["timeout --signal=KILL -k 5 30s rm -rf x", "timeout"],
    ["/usr/bin/time -p -o t.log rm -rf x", "time"],
    ["stdbuf -o L -eL rm -rf x", "stdbuf"],
    ["setsid -w rm -rf x", "setsid"],
    ["flock -n -w 3 /tmp/l rm -rf x", "flock"],
    ["flock /tmp/l -c 'rm -rf x'", "flock"],
    ["chroot --userspec=a:b /srv rm -rf x", "chroot"],
    ["ionice -c 2 -n 7 rm -rf x", "ionice"],
    ["xargs -0 -n 1 -I {} rm -rf x", "xargs"],
    ["find . -exec rm -rf x \\;", "find"],
    ["find . -ok rm -rf x +", "find"],
    ["parallel -j 4 rm -rf x ::: a b", "parallel"],
    ["watch -n 1 rm -rf x", "watch"],
  ];
  for (const [line, wrapper] of cases) {
    await t.step(line, () => {
      const rm = parseShellLine(line).commands.find((command) => command.name === "rm");
      ok(rm !== undefined, `no rm in ${JSON.stringify(shown(parseShellLine(line)))}`);
      deepEqual(rm.words.map((word) => word.value).slice(0, 3), ["rm", "-rf", "x"]);
      equal(rm.via.at(-1), wrapper);
      equal(parseShellLine(line).commands[0]?.name, wrapper, "the wrapper itself comes first");
    });
  }
  await t.step("wrappers nest, and options that run nothing are not looked through", () => {
    deepEqual(parseShellLine("sudo env nice rm -rf x").commands.at(-1)?.via, ["sudo", "env", "nice"]);
    deepEqual(names("command -v rm"), ["command"]);
    deepEqual(names("ionice -p 42"), ["ionice"]);
  });
});

Deno.test("parseShellLine() reads the command strings of shells and interpreters", async (t) => {
  await loadShellParser();
  const cases: [string, string][] = [
    ["sh -c 'rm -rf x'", "sh -c"],
    ['bash -ec "rm -rf x"', "bash -c"],
    ["zsh -c 'rm -rf x'", "zsh -c"],
    ["dash -c 'rm -rf x'", "dash -c"],
    ["ksh -c 'rm -rf x'", "ksh -c"],
    ["eval 'rm -rf x'", "eval"],
    ["eval rm -rf x", "eval"],
    ["bash <<< 'rm -rf x'", "bash <<<"],
    ["sh <<EOF\nrm -rf x\nEOF", "sh <<"],
    ["sh <<'EOF'\nrm -rf x\nEOF", "sh <<"],
    ["python3 -c 'import os; os.system(\"rm -rf x\")'", "python3 -c"],
    ["python -c 'import subprocess; subprocess.run(\"rm -rf x\", shell=True)'", "python -c"],
    ['python3 -c \'import subprocess; subprocess.run(["rm", "-rf", "x"])\'', "python3 -c"],
    ["node -e \"require('child_process').execSync('rm -rf x')\"", "node -e"],
    ["node -e \"require('child_process').spawnSync('rm', ['-rf', 'x'])\"", "node -e"],
    ["perl -e 'system(\"rm -rf x\")'", "perl -e"],
    ['perl -e \'system("rm", "-rf", "x")\'', "perl -e"],
    ["perl -we '`rm -rf x`'", "perl -e"],
  ];
  for (const [line, via] of cases) {
    await t.step(line, () => {
      const parsed = parseShellLine(line);
      const rm = parsed.commands.find((command) => command.name === "rm");
      ok(rm !== undefined, `no rm in ${JSON.stringify(shown(parsed))}`);
      deepEqual(rm.words.map((word) => word.value), ["rm", "-rf", "x"]);
      equal(rm.via.at(-1), via);
      equal(parsed.unreadable, false, parsed.reasons.join("; "));
    });
  }
  await t.step("code that starts no process is just its interpreter", () => {
    const parsed = parseShellLine("python3 -c 'print(1)' && node -e 'console.log(2)'");
    deepEqual(parsed.commands.map((command) => command.name), ["python3", "node"]);
    equal(parsed.unreadable, false);
  });
  await t.step("a script file is the shell running it", () => equal(parseShellLine("bash build.sh").unreadable, false));
});

Deno.test("parseShellLine() follows command strings to its depth limit", async () => {
  await loadShellParser();
  const nested = "sh -c \"sh -c 'rm -rf x'\"";
  deepEqual(parseShellLine(nested).commands.at(-1)?.via, ["sh -c", "sh -c"]);
  equal(parseShellLine(nested).unreadable, false);
  const shallow = parseShellLine(nested, { depth: 1 });
  equal(shallow.unreadable, true);
  match(shallow.reasons.join("; "), /deeper than 1/);
  equal(shallow.commands.some((command) => command.name === "rm"), false);
});

Deno.test("parseShellLine() marks what it cannot know statically as unreadable, with the reason", async (t) => {
  await loadShellParser();
  const cases: [string, RegExp][] = [
    ["c=rm; $c -rf x", /command word \$c comes from an expansion/],
    ["${tool} -rf x", /command word \$\{tool\}/],
    ["$(cat cmd) -rf x", /command word \$\(cat cmd\)/],
    ["alias del='rm -rf'; del x", /del is an alias/],
    ["curl -s https://x.sh | sh", /standard input/],
    ["echo 'rm -rf x' | bash", /standard input/],
    ["sh < script.sh", /standard input/],
    ['sh -c "$cmd"', /command string/],
    ['eval "$cmd"', /command string/],
    ['bash <<< "$cmd"', /command string/],
    ["python3 -c 'import os; os.system(cmd)'", /python3 starts a process/],
    ["python3 -c 'exec(code)'", /evaluates code/],
    ["node -e \"require('child_process').execSync(cmd)\"", /node starts a process/],
    ["perl -e 'system($cmd)'", /perl starts a process/],
    ['python3 -c "$code"', /comes from an expansion/],
    ["echo 'unbalanced", /cannot parse .*unterminated single quote/],
    ["echo $(", /cannot parse/],
  ];
  for (const [line, reason] of cases) {
    await t.step(line, () => {
      const parsed = parseShellLine(line);
      equal(parsed.unreadable, true);
      match(parsed.reasons.join("; "), reason);
    });
  }
  await t.step("a command word from an expansion has no name", () => {
    const [command] = parseShellLine("$c -rf x").commands;
    deepEqual([command?.name, command?.unreadable], ["", true]);
  });
  await t.step("a glob in the command word is readable", () => equal(parseShellLine("./bin/*.sh").unreadable, false));
  await t.step("what a command string shows is still read", () => {
    ok(parseShellLine('sh -c "rm -rf $d"').commands.some((command) => command.name === "rm"));
  });
});

Deno.test("parseShellLine() reads a here-document that is only data as no command", async () => {
  await loadShellParser();
  deepEqual(names("cat <<EOF\nrm -rf /\nEOF"), ["cat"]);
  deepEqual(names("cat > notes.md <<'EOF'\nsudo rm -rf / && sh -c x\nEOF"), ["cat"]);
  equal(parseShellLine("cat <<EOF\nrm -rf /\nEOF").unreadable, false);
  // An unquoted delimiter: the body's substitutions run.
  deepEqual(names("cat <<EOF\n$(rm -rf x)\nEOF"), ["cat", "rm"]);
  deepEqual(names("grep x <<< 'rm -rf /'"), ["grep"]);
});
