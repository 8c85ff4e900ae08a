// Loading configuration for a command: the user, project and explicit
// layers, or — with no --config and no file present — the bundled example,
// so a newcomer sees hook-run work at once.

import example from "../../examples/hooks.jsonc" with { type: "text" };
import {
  checkConfig,
  formatDiagnostic,
  type HookAgent,
  HookConfigError,
  type HookHost,
  type HookHostOptions,
  type LoadedConfig,
  openHookHost,
  type ProjectRoot,
} from "../../mod.ts";
import { type CommonFlags, commonFlags, parseFlags } from "./_args.ts";
import { readGrantedEnv } from "../_internal/env.ts";
import { CliError } from "../_internal/cli_error.ts";
import { printable } from "../_internal/printable.ts";
import type { CliIo } from "../_internal/cli_io.ts";
import { unexpected } from "./_io.ts";
import { absolutePath } from "./_path.ts";
import { refusedConfig } from "../host/mod.ts";
import { projectOf } from "./_project_root.ts";

/** The path shown for the bundled example. */
export const EXAMPLE_PATH = "examples/hooks.jsonc";

export interface CliConfig extends LoadedConfig {
  /** Whether the bundled example stands in for missing configuration. */
  example: boolean;
  /** The project root the layers were looked up in. */
  projectRoot: string;
  /** How the project root was found (from `--cwd` or the working directory). */
  projectFound: ProjectRoot;
  /** Whether HOOKGATE_TRUST_PROJECT=1 trusted the project for this run. */
  trustedByEnv: boolean;
}

/**
 * Loads configuration; with `strict`, errors become a CliError (exit 1).
 * HOOKGATE_TRUST_PROJECT=1 trusts the project for this run (CI containers).
 */
export async function loadCliConfig(
  paths: string[],
  cwd: string | undefined,
  strict: boolean,
  extensions: readonly string[] = [],
  caller?: HookAgent,
  plugins: readonly string[] = [],
): Promise<CliConfig> {
  // Found as every front end finds it: the nearest directory up holding .hookgate/.
  const projectFound = await projectOf(cwd === undefined ? Deno.cwd() : await absolutePath(cwd), caller);
  const projectRoot = projectFound.root;
  const trustAll = readGrantedEnv("HOOKGATE_TRUST_PROJECT") === "1";
  const loaded = await checkConfig({
    paths,
    projectRoot,
    ...(caller && projectFound.start !== projectRoot ? { callerProjectDir: projectFound.start } : {}),
    ...(plugins.length > 0 ? { plugins } : {}),
    ...(trustAll ? { trust: "all" as const } : {}),
    ...(caller ? { caller } : {}),
  });
  const refused = refusedConfig(loaded);
  if (refused !== undefined) throw new CliError(refused);
  const config = { ...loaded, trustedByEnv: trustAll && loaded.project?.trusted === true, projectFound };
  const nothing = paths.length === 0 && plugins.length === 0 && extensions.length === 0 &&
    config.extensions.length === 0;
  if (nothing && !config.layers.some((layer) => layer.found)) {
    const { parseHooksConfig } = await import("../config/mod.ts");
    const parsed = parseHooksConfig(example, { path: EXAMPLE_PATH });
    return {
      ...config,
      hooks: parsed.hooks,
      placeholders: parsed.placeholders,
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

/**
 * What check, list and permissions share: parse the flags (printing `help`
 * and returning `null` for --help), refuse stray arguments, load the
 * configuration, and say when the bundled example stands in.
 */
export async function setUpCommand(
  command: string,
  args: string[],
  io: CliIo,
  help: string,
  strict: boolean,
): Promise<{ flags: CommonFlags; config: CliConfig } | null> {
  const { values, positionals } = parseFlags(command, args);
  if (values.help) {
    io.stdout(help);
    return null;
  }
  if (positionals.length > 0) throw unexpected(command, positionals[0]!);
  const flags = commonFlags(values);
  const config = await loadCliConfig(flags.config, flags.cwd, strict, flags.extensions, undefined, flags.plugins);
  if (config.example && !flags.json) {
    io.stderr(`hook-run: no configuration found; ${command} uses the bundled example ${EXAMPLE_PATH}\n`);
  }
  return { flags, config };
}

/**
 * Opens the host for a command that runs hooks; a module that cannot be
 * loaded is an error with its place, never a run without it.
 */
export async function openCliHost(io: CliIo, options: HookHostOptions): Promise<HookHost> {
  try {
    return await openHookHost(options);
  } catch (error) {
    if (!(error instanceof HookConfigError)) throw error;
    for (const diagnostic of error.diagnostics) io.stderr(`${printable(formatDiagnostic(diagnostic))}\n`);
    const count = error.diagnostics.length;
    throw new CliError(
      `${count === 1 ? "1 extension module cannot" : `${count} extension modules cannot`} be loaded; nothing was run`,
    );
  }
}
