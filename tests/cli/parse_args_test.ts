import { deepEqual, equal } from "node:assert/strict";
import { parseArgs as nodeParseArgs } from "node:util";
import { type OptionSpec, parseArgs } from "../../src/cli/_parse_args.ts";
import { absolutePath } from "../../src/cli/_path.ts";
import { resolve } from "node:path";

// Flags are parsed with node:util's algorithm without loading node:util;
// both parsers must give the same values, positionals and messages.
const OPTIONS: Record<string, OptionSpec> = {
  config: { type: "string", multiple: true },
  cwd: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  tool: { type: "string", short: "t" },
  "no-hooks": { type: "boolean" },
  yes: { type: "boolean", short: "y" },
};

const ARGS = [
  "run",
  "--config",
  "a.jsonc",
  "--config=b.jsonc",
  "--json",
  "--json=1",
  "--help=",
  "-h",
  "-hy",
  "-hx",
  "-ht",
  "-htbash",
  "-tbash",
  "-t",
  "--tool",
  "--tool=-x",
  "-x",
  "-",
  "--",
  "---x",
  "--=x",
  "-h=1",
  "--no-hooks",
  "--frob",
  "--__proto__",
  "",
  "-y",
];

function outcome(parse: () => { values: unknown; positionals: string[] }): unknown {
  try {
    const { values, positionals } = parse();
    return { values: { ...values as object }, positionals };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

Deno.test("parseArgs() gives node:util's values, positionals and messages", () => {
  const vectors: string[][] = [[]];
  for (const first of ARGS) {
    vectors.push([first]);
    for (const second of ARGS) vectors.push([first, second], [first, second, "tail"]);
  }
  let errors = 0;
  for (const args of vectors) {
    const expected = outcome(() =>
      nodeParseArgs({ args, options: OPTIONS, strict: true, allowPositionals: true }) as {
        values: unknown;
        positionals: string[];
      }
    );
    deepEqual(outcome(() => parseArgs(args, OPTIONS)), expected, JSON.stringify(args));
    if ((expected as { error?: string }).error !== undefined) errors++;
  }
  // Both kinds of answer are compared.
  equal(errors > 100 && errors < vectors.length - 100, true, `${errors} errors of ${vectors.length}`);
});

Deno.test({
  name: "absolutePath() is node:path's resolve of one path",
  ignore: Deno.build.os === "windows",
  async fn() {
    for (const path of ["", ".", "..", "/", "//a", "a/b/../c", "/a/./b//", "../../..", "/..", "a/", "é b"]) {
      equal(await absolutePath(path), resolve(path), JSON.stringify(path));
    }
  },
});
