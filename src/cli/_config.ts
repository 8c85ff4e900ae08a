// Loading configuration for a command: the user, project and explicit
// layers, or — with no --config and no file present — the bundled example,
// so a newcomer sees hook-run work at once.

import { resolve } from "node:path";
import example from "../../examples/hooks.jsonc" with { type: "text" };
import { checkConfig, type LoadedConfig, parseHooksConfig } from "../../mod.ts";
import { CliError } from "./_io.ts";

/** The path shown for the bundled example. */
export const EXAMPLE_PATH = "examples/hooks.jsonc";

export interface CliConfig extends LoadedConfig {
  /** Whether the bundled example stands in for missing configuration. */
  example: boolean;
  /** The project root the layers were looked up in. */
  projectRoot: string;
}

/** Loads configuration; with `strict`, errors become a CliError (exit 1). */
export async function loadCliConfig(paths: string[], cwd: string | undefined, strict: boolean): Promise<CliConfig> {
  const projectRoot = cwd === undefined ? Deno.cwd() : resolve(cwd);
  const config = await checkConfig({ paths, projectRoot });
  if (paths.length === 0 && !config.layers.some((layer) => layer.found)) {
    const parsed = parseHooksConfig(example, { path: EXAMPLE_PATH });
    return {
      ...config,
      hooks: parsed.hooks,
      diagnostics: parsed.diagnostics,
      ok: parsed.ok,
      example: true,
      projectRoot,
    };
  }
  if (strict && !config.ok) {
    const count = config.diagnostics.filter((d) => d.severity === "error").length;
    throw new CliError(
      `the configuration has ${count === 1 ? "1 error" : `${count} errors`}; run "hook-run check" to see them`,
    );
  }
  return { ...config, example: false, projectRoot };
}
