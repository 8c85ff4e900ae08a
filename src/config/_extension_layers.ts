// Which extension modules a load names, in order: the user's directory, the
// user layers' `extensions`, then — once the project is trusted — the
// project's `.hookgate/extensions/` and its layers' `extensions`, then the
// explicit layers'. Paths only: the extensions room imports them.

import { dirname, join } from "../_internal/path.ts";
import type { ConfigDiagnostic } from "./diagnostics.ts";
import { PathProbe } from "../_internal/absent.ts";
import { discoverHookModules, PROJECT_EXTENSIONS_DIR, resolveHookPath } from "../trust/extension_paths.ts";
import type { ConfigLayer } from "./layers.ts";
import type { ParsedHooksConfig } from "./parsed_config.ts";

/** The modules found in the user's and the project's extensions directories. */
export interface DiscoveredModules {
  user: string[];
  project: string[];
}

/** Lists both directories; a directory that cannot be read is an error diagnostic. */
export async function discoverModules(
  home: string | undefined,
  root: string,
  diagnostics: ConfigDiagnostic[],
  probe: PathProbe = new PathProbe(),
): Promise<DiscoveredModules> {
  const list = async (dir: string) => {
    try {
      // Asked of the load's probe first: most homes and projects have no such directory.
      const state = await probe.directory(dir);
      if (state.absent) return [];
      if (state.broken !== undefined) throw new Error(`Cannot list extension modules in ${dir}: ${state.broken}`);
      return await discoverHookModules(dir);
    } catch (error) {
      if (error instanceof Deno.errors.NotCapable) {
        // It may not even exist: Deno cannot say without read access. A warning, with the flag.
        diagnostics.push({
          ...problem(
            dir,
            "extension modules here were not looked for: Deno's --allow-read does not include this directory",
            `add --allow-read=${dir} (hook-run permissions prints every flag)`,
          ),
          severity: "warning",
        });
        return [];
      }
      diagnostics.push(problem(dir, (error as Error).message, "make the directory readable, or remove it"));
      return [];
    }
  };
  return {
    user: home === undefined ? [] : await list(join(home, "extensions")),
    project: await list(join(root, PROJECT_EXTENSIONS_DIR)),
  };
}

/** The modules of a load, in order, without repeats. */
export function extensionModules(
  layers: readonly { layer: ConfigLayer; parsed: ParsedHooksConfig }[],
  discovered: DiscoveredModules,
  projectTrusted: boolean,
  diagnostics: ConfigDiagnostic[],
): string[] {
  const listed = (kind: ConfigLayer["kind"]) =>
    layers.filter(({ layer }) => layer.kind === kind).flatMap(({ layer, parsed }) =>
      (parsed.extensions ?? []).flatMap((path) => {
        try {
          return [resolveHookPath(path, dirname(layer.path))];
        } catch (error) {
          diagnostics.push(
            problem(layer.path, (error as Error).message, "write an absolute path, or one relative to this file", [
              "extensions",
            ]),
          );
          return [];
        }
      })
    );
  const all = [
    ...listed("managed"),
    ...discovered.user,
    ...listed("user"),
    ...(projectTrusted ? [...discovered.project, ...listed("project")] : []),
    ...listed("explicit"),
  ];
  return [...new Set(all)];
}

function problem(file: string, message: string, hint: string, path: string[] = []): ConfigDiagnostic {
  return { severity: "error", file, line: 1, column: 1, path, message, hint };
}
