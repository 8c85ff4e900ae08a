// The fixture of rm spellings is true to bash: each line, run by bash in a
// temporary directory with a logging `rm` first on PATH, removes `x` (and
// the stub saw `-rf x` where the line reaches rm through PATH). Lines whose
// programs this machine lacks (or that need a terminal) are only parsed
// (`bash -n`).

import { equal, ok } from "node:assert/strict";
import { join } from "node:path";

interface Spelling {
  line: string;
  why: string;
  check?: "parse";
}

const SPELLINGS: Spelling[] = JSON.parse(
  await Deno.readTextFile(new URL("../testdata/shell/rm_spellings.json", import.meta.url)),
);
const PROGRAMS = [
  "python3",
  "node",
  "perl",
  "dash",
  "flock",
  "setsid",
  "ionice",
  "chroot",
  "stdbuf",
  "timeout",
  "nice",
];

async function available(program: string): Promise<boolean> {
  const { code } = await new Deno.Command("bash", { args: ["-c", `command -v ${program}`], stdout: "null" }).output();
  return code === 0;
}

const missing = new Set<string>();
for (const program of PROGRAMS) if (!(await available(program))) missing.add(program);
const realRm = (await new Deno.Command("bash", { args: ["-c", "command -v rm"], stdout: "piped" }).output()).stdout;

Deno.test("rm_spellings.json holds at least the 33 spellings and wrappers, each one bash runs as rm -rf", async (t) => {
  ok(SPELLINGS.length >= 33, `${SPELLINGS.length} spellings`);
  for (const spelling of SPELLINGS) {
    await t.step(spelling.why, async () => {
      const parsed = await new Deno.Command("bash", { args: ["-n", "-c", spelling.line], stderr: "piped" }).output();
      equal(parsed.code, 0, `bash cannot parse ${JSON.stringify(spelling.line)}`);
      const needs = PROGRAMS.filter((program) => new RegExp(`\\b${program}\\b`).test(spelling.line));
      if (spelling.check === "parse" || needs.some((program) => missing.has(program))) return;
      const dir = await Deno.makeTempDir({ prefix: "hookgate-rm-" });
      try {
        await Deno.mkdir(join(dir, "bin"));
        await Deno.mkdir(join(dir, "x/inner"), { recursive: true });
        const log = join(dir, "rm.log");
        const stub = `#!/bin/sh\necho "$*" >> '${log}'\nexec '${new TextDecoder().decode(realRm).trim()}' "$@"\n`;
        await Deno.writeTextFile(join(dir, "bin/rm"), stub, { mode: 0o755 });
        const run = await new Deno.Command("bash", {
          args: ["-c", spelling.line],
          cwd: dir,
          env: { PATH: `${join(dir, "bin")}:${Deno.env.get("PATH")}` },
          stdin: "null",
          stdout: "null",
          stderr: "piped",
        }).output();
        const error = new TextDecoder().decode(run.stderr);
        const gone = await Deno.stat(join(dir, "x")).then(() => false, () => true);
        ok(gone, `${JSON.stringify(spelling.line)} left x (exit ${run.code}): ${error}`);
        if (!spelling.line.includes("/bin/rm")) {
          const logged = await Deno.readTextFile(log).catch(() => "");
          ok(/-rf x|-rf \.\/x/.test(logged), `the rm stub saw ${JSON.stringify(logged)}`);
        }
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    });
  }
});
