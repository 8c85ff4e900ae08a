// hook-run's flag parser: the forms a person types, the values and
// positionals they give (the same as node:util's parseArgs for every valid
// command line here), and one clear message for each kind of mistake.

import { deepEqual, throws } from "node:assert/strict";
import { parseArgs as nodeParseArgs } from "node:util";
import { FlagError, type OptionSpec, parseArgs } from "../../src/cli/_parse_args.ts";
import { absolutePath } from "../../src/cli/_path.ts";

const OPTIONS: Record<string, OptionSpec> = {
  config: { type: "string", multiple: true },
  cwd: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  tool: { type: "string", short: "t" },
  "no-hooks": { type: "boolean" },
  yes: { type: "boolean", short: "y" },
};

const VALID: string[][] = [
  [],
  ["run", "Stop"],
  ["run", "--config", "a.jsonc", "--config=b.jsonc", "--json"],
  ["-h"],
  ["-hy", "x"],
  ["-t", "bash", "-tgrep", "--tool=-x"],
  ["--cwd", "/tmp", "--no-hooks", "-", "--", "--json", "-h"],
  ["--config=", "--cwd="],
  ["--tool", "a b", "trailing"],
];

Deno.test("parseArgs() gives the values and positionals node:util's parseArgs gives for valid command lines", () => {
  for (const args of VALID) {
    const ours = parseArgs(args, OPTIONS);
    const node = nodeParseArgs({ args, options: OPTIONS, strict: true, allowPositionals: true });
    deepEqual({ values: { ...ours.values }, positionals: ours.positionals }, {
      values: { ...node.values },
      positionals: node.positionals,
    }, JSON.stringify(args));
  }
});

Deno.test("parseArgs() refuses each kind of mistake with one message that says what to write", async (t) => {
  const cases: [string[], RegExp, boolean][] = [
    [["--frob"], /^unknown option --frob$/, true],
    [["-x"], /^unknown option -x$/, true],
    [["-hx"], /^unknown option -x$/, true],
    [["--__proto__"], /^unknown option --__proto__$/, true],
    [["--constructor"], /^unknown option --constructor$/, true],
    [["--cwd"], /^option --cwd needs a value$/, false],
    [["-t"], /^option -t needs a value$/, false],
    [
      ["--tool", "-x"],
      /^option --tool needs a value, and -x looks like a flag; write --tool=-x if it is the value$/,
      false,
    ],
    [["--json=1"], /^option --json takes no value$/, false],
    [["-yt"], /^option -t takes a value; give it on its own: -t VALUE$/, false],
  ];
  for (const [args, message, unknown] of cases) {
    await t.step(args.join(" "), () => {
      throws(() => parseArgs(args, OPTIONS), (error) => {
        return error instanceof FlagError && message.test(error.message) && error.unknown === unknown;
      });
    });
  }
});

Deno.test({
  name: "absolutePath() resolves like node:path's resolve against the working directory",
  ignore: Deno.build.os === "windows",
  async fn() {
    const { resolve } = await import("node:path");
    for (const path of ["a", "./a/b", "../x", "/abs/./y/../z", "a//b/", ".", "/"]) {
      deepEqual(await absolutePath(path), resolve(path), path);
    }
  },
});
