// A throwaway user home and project for the trust tests: write files into
// the project, load its configuration, trust it as `hook-run trust` does.

import { join } from "node:path";
import { checkConfig } from "../../mod.ts";
import { recordProjectTrust } from "../../src/config/mod.ts";

export interface Tree {
  /** The directory holding `home`, `project` and anything outside the project. */
  root: string;
  home: string;
  project: string;
  /** Writes a file, relative to the project (or absolute). */
  write(path: string, text: string): Promise<void>;
  /** Makes a symbolic link at `path` (relative to the project) pointing to `target` (as written). */
  link(path: string, target: string): Promise<void>;
  load(options?: Record<string, unknown>): ReturnType<typeof checkConfig>;
  /** Records trust in the project as it is now. */
  trust(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

export async function tree(files: Record<string, string>): Promise<Tree> {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-trust-" }));
  const home = join(root, "home");
  const project = join(root, "project");
  await Deno.mkdir(home);
  await Deno.mkdir(project);
  const full = (path: string) => path.startsWith("/") ? path : join(project, path);
  const write = async (path: string, text: string) => {
    await Deno.mkdir(join(full(path), ".."), { recursive: true });
    await Deno.writeTextFile(full(path), text);
  };
  for (const [path, text] of Object.entries(files)) await write(path, text);
  const load = (options = {}) => checkConfig({ home, projectRoot: project, ...options });
  return {
    root,
    home,
    project,
    write,
    async link(path, target) {
      await Deno.mkdir(join(full(path), ".."), { recursive: true });
      await Deno.symlink(target, full(path));
    },
    load,
    async trust() {
      const config = await load();
      if (!config.ok) throw new Error(config.diagnostics.map((d) => d.message).join("\n"));
      await recordProjectTrust(config.project!.snapshot, join(home, "trust.json"));
    },
    [Symbol.asyncDispose]: () => Deno.remove(root, { recursive: true }),
  };
}
