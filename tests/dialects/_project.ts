// A throwaway project whose .claude/settings.json holds the hooks under
// test, with the Claude test scripts in .claude/hooks/, opened as a host.

import { join } from "node:path";
import { type HookHost, type HookHostOptions, openHookHost } from "../../mod.ts";
import { memoryLogger } from "../_helpers.ts";

const SCRIPTS = new URL("../testdata/claude/hooks/", import.meta.url).pathname;

export interface Project extends AsyncDisposable {
  dir: string;
  host: HookHost;
  logger: ReturnType<typeof memoryLogger>;
}

/**
 * A project whose .claude/settings.json holds `hooks`, with the scripts in
 * .claude/hooks/ and `extra` files (paths relative to the project).
 */
export async function project(
  hooks: Record<string, unknown>,
  extra: Record<string, string> = {},
  options: Omit<HookHostOptions, "projectRoot" | "home" | "trust" | "logger"> = {},
): Promise<Project> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-claude-" }));
  await Deno.mkdir(join(dir, ".claude", "hooks"), { recursive: true });
  for (const entry of Deno.readDirSync(SCRIPTS)) {
    await Deno.copyFile(join(SCRIPTS, entry.name), join(dir, ".claude", "hooks", entry.name));
    await Deno.chmod(join(dir, ".claude", "hooks", entry.name), 0o755);
  }
  await Deno.writeTextFile(join(dir, ".claude", "settings.json"), JSON.stringify({ hooks }));
  for (const [path, text] of Object.entries(extra)) await Deno.writeTextFile(join(dir, path), text);
  const logger = memoryLogger();
  const host = await openHookHost({ ...options, projectRoot: dir, home: join(dir, "home"), trust: "all", logger });
  return {
    dir,
    host,
    logger,
    async [Symbol.asyncDispose]() {
      await host.close();
      await Deno.remove(dir, { recursive: true });
    },
  };
}

/** A command hook running one of the scripts, as Claude settings name it (shell form). */
export const hook = (script: string, ...args: string[]) => ({
  type: "command",
  command: `"$CLAUDE_PROJECT_DIR"/.claude/hooks/${script}${args.map((a) => ` ${a}`).join("")}`,
});

/** slow.sh: marks its start and end, sleeps `seconds`, then answers `answer` (see the script). */
export const slow = (name: string, seconds: number, answer = "") =>
  hook("slow.sh", name, String(seconds), ...(answer === "" ? [] : [answer]));

/** When each slow.sh hook named in `names` started and ended (nanoseconds). */
export async function marks(dir: string, names: string[]): Promise<{ starts: bigint[]; ends: bigint[] }> {
  const read = async (file: string) => BigInt((await Deno.readTextFile(join(dir, ".marks", file))).trim());
  return {
    starts: await Promise.all(names.map((name) => read(`${name}.start`))),
    ends: await Promise.all(names.map((name) => read(`${name}.end`))),
  };
}

/** Whether slow.sh hook `name` ran to its end. */
export async function finished(dir: string, name: string): Promise<boolean> {
  try {
    await Deno.stat(join(dir, ".marks", `${name}.end`));
    return true;
  } catch {
    return false;
  }
}
