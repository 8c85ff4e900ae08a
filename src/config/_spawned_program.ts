// The program a configured command hook actually spawns, as the command
// transport decides it: exec form with the dialect's placeholders expanded
// (no shell expands them there), shell form split when it has no shell
// syntax, else `sh`. Deno's --allow-run must cover exactly that program.

import { dialectOf } from "../dialects/dialects.ts";
import type { ShellHook } from "../events/configured.ts";
import { planCommand } from "../permissions/command_line.ts";

/** The program `hook` spawns, or `undefined` when it cannot be planned (validation reports that). */
export function spawnedProgram(hook: ShellHook, projectDir: string | undefined): string | undefined {
  const expand = dialectOf(hook.dialect).expandArgument;
  const spec = hook.args === undefined || expand === undefined || projectDir === undefined
    ? hook
    : { ...hook, command: expand(hook.command, projectDir), args: hook.args.map((arg) => expand(arg, projectDir)) };
  try {
    return planCommand(spec).program;
  } catch {
    return undefined;
  }
}
