// The Gemini CLI settings the tests of `"sequential": true` run twice — in
// hookgate, and in Gemini's own scheduler — and what each run leaves: the
// hooks of a shell call (a sequential group matches it) run one after
// another, each on the rewrite before it, every one even after the block;
// those of a read (no sequential group matches it) run together.

import { join } from "node:path";
import { fileURLToPath } from "node:url";

const SCRIPT = fileURLToPath(new URL("../../testdata/gemini/sequential_hook.sh", import.meta.url));

/** The settings' `hooks`, logging to `log`. */
export function sequentialHooks(log: string): Record<string, unknown> {
  const hook = (name: string, ...action: string[]) => ({
    type: "command",
    name,
    command: [SCRIPT, log, name, ...action].join(" "),
    timeout: 30_000,
  });
  return {
    BeforeTool: [
      { matcher: "run_shell_command", sequential: true, hooks: [hook("first", "rewrite")] },
      { matcher: "run_shell_command", hooks: [hook("second", "block"), hook("third")] },
      { matcher: "read_file", hooks: [hook("reader-a", "meet", "reader-b"), hook("reader-b", "meet", "reader-a")] },
    ],
  };
}

/** What the hooks of one call saw, in the order they ran (sorted where they ran together), and who met whom. */
export interface Seen {
  shell: string[];
  read: string[];
  met: string[];
}

/** What the hooks left in `log`, after a shell call of `ls` and a read of `file`. */
export async function seen(log: string, shellLines: number): Promise<Seen> {
  const lines = (await Deno.readTextFile(log)).trim().split("\n");
  const met = (await Deno.readTextFile(`${log}.met`)).trim().split("\n");
  return { shell: lines.slice(0, shellLines), read: lines.slice(shellLines).sort(), met: met.sort() };
}

/** What Gemini CLI 0.61 does with these settings, as its hook planner and runner say. */
export function expected(file: string): Seen {
  return {
    // One after another, each on the rewrite before it; the third runs after the second's block.
    shell: ["first ls", "second echo rewritten", "third echo rewritten"],
    read: [`reader-a ${file}`, `reader-b ${file}`],
    met: ["reader-a met reader-b", "reader-b met reader-a"],
  };
}

/** The file the read call names, in `project`. */
export function readFile(project: string): string {
  return join(project, "notes.txt");
}
