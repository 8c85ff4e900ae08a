// Which project a command works on — found by the library's one rule, the
// same from every front end — and what the CLI says about it: where the
// project was found when that is above the directory asked about, a layer
// that is there but cannot be read.

import { findProjectRoot, type HookAgent, type LoadedConfig, type ProjectRoot } from "../../mod.ts";
import { printable } from "../_internal/printable.ts";

/** The project of `dir` (an agent's project directory, `--cwd`, or the working directory). */
export function projectOf(dir: string, agent?: HookAgent): Promise<ProjectRoot> {
  return findProjectRoot(dir, agent === undefined ? {} : { agent });
}

/** `" (found from <start>: it holds <marker>)"` when the project was found above where the search started; else `""`. */
export function foundAbove(found: ProjectRoot): string {
  if (found.root === found.start) return "";
  return ` (found from ${printable(found.start)}: it holds ${printable(found.marker ?? "")})`;
}

/**
 * One line per layer the load considered that is there but cannot be read,
 * saying what that means for this run: its stand-ins deny, or — a project
 * not trusted — nothing of it runs.
 */
export function unreadableLines(config: LoadedConfig): string[] {
  return config.layers.flatMap((layer) => {
    if (layer.unreadable === undefined || layer.runByCaller) return [];
    const denies = (config.placeholders ?? []).some((placeholder) => placeholder.source === layer.path);
    return [
      `cannot read ${printable(layer.path)}: ${printable(layer.unreadable)}; ${
        denies
          ? "until it is fixed, every tool call, permission request and prompt is denied"
          : "nothing of it runs (its project is not trusted)"
      } (hook-run check shows it)`,
    ];
  });
}
