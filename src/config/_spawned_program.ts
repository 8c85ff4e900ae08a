// The program a configured command hook actually spawns, as the command
// transport decides it: exec form with the dialect's placeholders expanded
// (no shell expands them there), shell form split when it has no shell
// syntax, else `sh`. Deno's --allow-run must cover exactly that program.

import { dialectOf } from "../dialects/dialects.ts";
import type { ShellHook } from "../events/configured.ts";
import { planCommand } from "../permissions/command_line.ts";

/** The program `hook` spawns, or `undefined` when it cannot be planned (validation reports that). */
export function spawnedProgram(hook: ShellHook, root: string | undefined): string | undefined {
  const expand = dialectOf(hook.dialect).expandArgument;
  // The hook's own project directory, where its agent gives it one other than the root.
  const projectDir = hook.projectDir ?? root;
  const spec = hook.args === undefined || expand === undefined || projectDir === undefined
    ? hook
    : { ...hook, command: expand(hook.command, projectDir), args: hook.args.map((arg) => expand(arg, projectDir)) };
  try {
    return planCommand(spec).program;
  } catch {
    return undefined;
  }
}

/**
 * Whether `hook` inherits the agent's whole environment: its dialect says
 * so (Claude's hooks inherit Claude's), unless every command hook gets the
 * sanitized one. Claude's own switch in the agent's environment is not
 * known here, so a hook counts as inheriting unless configuration says.
 */
export function inheritsEnvironment(hook: ShellHook, sanitizeEnv: boolean | undefined): boolean {
  if (sanitizeEnv === true) return false;
  const own = dialectOf(hook.dialect).commandEnv?.({
    projectDir: "",
    event: "PreToolUse",
    read: () => undefined,
    sanitized: false,
  });
  return own?.inherit === true;
}
