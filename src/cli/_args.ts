// Flag parsing for every command (strict, see _parse_args.ts), and the
// messages a person needs when a flag is wrong.

import { CliError } from "../_internal/cli_error.ts";
import { FlagError, type OptionSpec, parseArgs } from "./_parse_args.ts";

export interface CommonFlags {
  config: string[];
  /** Extension modules (`--extension`, repeatable), as given. */
  extensions: string[];
  /** Claude Code plugin directories (`--plugin`, repeatable), as given. */
  plugins: string[];
  cwd: string | undefined;
  json: boolean;
}

type Spec = Record<string, OptionSpec>;

const COMMON: Spec = {
  config: { type: "string", multiple: true },
  extension: { type: "string", multiple: true },
  plugin: { type: "string", multiple: true },
  cwd: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
};

/** Parses `args` for a command; throws CliError on an unknown or malformed flag. */
export function parseFlags(
  command: string,
  args: string[],
  extra: Spec = {},
): { values: Record<string, string | boolean | string[] | undefined>; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs(args, { ...COMMON, ...extra });
    return { values: values as Record<string, string | boolean | string[] | undefined>, positionals };
  } catch (error) {
    if (!(error instanceof FlagError)) throw error;
    throw new CliError(
      error.unknown ? `${error.message} for "${command}" (see hook-run ${command} --help)` : error.message,
    );
  }
}

/** The flags every command shares. */
export function commonFlags(values: Record<string, unknown>): CommonFlags {
  return {
    config: (values.config as string[] | undefined) ?? [],
    extensions: (values.extension as string[] | undefined) ?? [],
    plugins: (values.plugin as string[] | undefined) ?? [],
    cwd: values.cwd as string | undefined,
    json: values.json === true,
  };
}
