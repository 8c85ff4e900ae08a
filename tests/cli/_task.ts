// hook-run started exactly as the README says: `deno task hook-run …` in the
// checkout, with a throwaway home directory.

import { DENO_DIR, root } from "./_cli.ts";

export { DENO_DIR };

/** What `deno task hook-run …` did. */
export interface TaskRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `deno task --quiet hook-run <args>` in the checkout, as the README
 * teaches, with HOME set to `home` (so ~/.config/hookgate is inside it).
 */
export async function task(
  args: string[],
  options: { home: string; env?: Record<string, string> },
): Promise<TaskRun> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["task", "--quiet", "hook-run", ...args],
    cwd: root,
    stdin: "null",
    env: { HOME: options.home, DENO_DIR, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1", ...options.env },
  }).output();
  const decoder = new TextDecoder();
  return { code, stdout: decoder.decode(stdout), stderr: decoder.decode(stderr) };
}
