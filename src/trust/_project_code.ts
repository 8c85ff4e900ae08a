// The files a project's code may run, as the digest covers them: what each
// command hook's words name, with the files of the directory each lives in
// (and of its link's target directory, when that is elsewhere in the
// project), and the extension code — the project's extensions directory,
// the modules its layers list, and what each imports by a path.

import { dirname, isAbsolute, join } from "../_internal/path.ts";
import * as reads from "../_internal/fs_reads.ts";
import type { ShellHook } from "../events/configured.ts";
import { Coverage, type DigestReader } from "./_digest_reader.ts";
import { moduleImports } from "./_module_imports.ts";
import { PROJECT_EXTENSIONS_DIR, resolveHookPath } from "./extension_paths.ts";
import { namedPaths } from "./hook_files.ts";
import type { ProjectFile, ProjectLayerContent } from "./types.ts";

/**
 * The files a command hook names (hashed into `into`), and with each the
 * files of the directory it lives in — and of its link's target directory
 * when that is elsewhere in the project.
 */
export async function commandFiles(reader: DigestReader, hook: ShellHook, into: Coverage): Promise<ProjectFile[]> {
  const named: ProjectFile[] = [];
  for (const path of namedPaths(hook, reader.root)) {
    const read = await reader.file(path, into);
    if (read === undefined) continue;
    named.push(read.entry);
    const dirs = [dirname(path)];
    const target = read.entry.target;
    if (target !== undefined && read.entry.outside !== true && !isAbsolute(target) && target !== "(missing)") {
      dirs.push(dirname(join(reader.realRoot, target)));
    }
    for (const dir of dirs) {
      if (!reader.inside(dir)) continue;
      // A script directly in the root reaches the root's own files, not the whole repository.
      const top = dir === reader.root || dir === reader.realRoot;
      await reader.tree(dir, !top, into);
    }
  }
  return named;
}

/**
 * The project's extension code: every file under its extensions directory
 * when it has modules there, the modules its layers list (inside the
 * project or not), and what each module imports by a path, transitively.
 */
export async function extensionCode(
  reader: DigestReader,
  layers: readonly ProjectLayerContent[],
  modules: readonly string[],
): Promise<Coverage> {
  const code = new Coverage();
  if (modules.length > 0) await reader.tree(join(reader.root, PROJECT_EXTENSIONS_DIR), true, code);
  const pending = [...modules];
  for (const layer of layers) {
    for (const listed of layer.extensions ?? []) {
      try {
        pending.push(resolveHookPath(listed, dirname(layer.path)));
      } catch {
        // Refused when the modules are loaded; the layer's list is in the digest.
      }
    }
  }
  const seen = new Set<string>();
  while (pending.length > 0) {
    const path = pending.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const read = await reader.file(path, code, true);
    if (read?.bytes === undefined) continue;
    const real = reads.realPathSync(path);
    pending.push(...moduleImports(new TextDecoder().decode(read.bytes), real));
  }
  return code;
}
