/**
 * Where a shell call's command runs, as structured command rules judge its
 * paths: the call's working directory and project, the home directory, and
 * the temp directories (`$TMPDIR`, `/tmp`, `/var/tmp`). One reading for the
 * policy and for anything that scores its rules.
 *
 * @module
 */

import { readGrantedEnv } from "../_internal/env.ts";
import type { CommandContext } from "../matchers/command_rule.ts";

/** The temp directories every Unix system has, besides `$TMPDIR`. */
const SYSTEM_TEMP_DIRS = ["/tmp", "/var/tmp"];

/**
 * The context of a call: `$HOME` as the home directory, and as temp
 * directories `$TMPDIR` (first: what `$TMPDIR` on a line stands for;
 * `/tmp` when it is unset), `/tmp` and `/var/tmp`.
 *
 * @param call The call's working directory and project root.
 * @returns The context its command is judged in.
 *
 * @example Usage
 * ```ts
 * import { commandContext } from "./command_context.ts";
 * import { equal } from "node:assert/strict";
 *
 * const context = commandContext({ cwd: "/p/src", projectDir: "/p" });
 * equal(context.tempDirs.includes("/var/tmp"), true);
 * ```
 */
export function commandContext(call: { readonly cwd: string; readonly projectDir: string }): CommandContext {
  const temp = readGrantedEnv("TMPDIR")?.replace(/(?<=.)\/+$/, "");
  return {
    cwd: call.cwd,
    projectDir: call.projectDir,
    home: readGrantedEnv("HOME") ?? "",
    tempDirs: temp === undefined || temp === "" || SYSTEM_TEMP_DIRS.includes(temp)
      ? ["/tmp", "/var/tmp"]
      : [temp, ...SYSTEM_TEMP_DIRS],
  };
}
