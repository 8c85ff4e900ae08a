// Flag parsing for the options hook-run declares — string and boolean
// flags, repeatable ones, one-letter aliases, `--` — without node:util: the
// first `node:` import of a process costs about 5 ms, and hook-run is
// started once per tool call. Strict: an unknown flag, a missing value, a
// value for a boolean, or a value that looks like a flag is an error whose
// message says what to write instead.

/** One declared option. */
export interface OptionSpec {
  type: "string" | "boolean";
  multiple?: boolean;
  short?: string;
}

/** The flags' values by name, and the other arguments in order. */
export interface ParsedArgs {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
}

/** A flag hook-run cannot accept; `unknown` tells an undeclared flag from a misused one. */
export class FlagError extends TypeError {
  constructor(message: string, readonly unknown = false) {
    super(message);
    this.name = "FlagError";
  }
}

/**
 * Parses `args` against `options`.
 *
 * - `--name value`, `--name=value`, `-n value`, `-nvalue` for string options;
 * - `--name`, `-n`, and groups such as `-hy` for boolean ones;
 * - everything after `--`, a lone `-`, and any other argument is positional.
 *
 * @throws {FlagError} For an unknown flag, a string option without a value,
 * a boolean option given one, or a separate value that starts with `-`.
 */
export function parseArgs(args: readonly string[], options: Readonly<Record<string, OptionSpec>>): ParsedArgs {
  const values: ParsedArgs["values"] = Object.create(null);
  const positionals: string[] = [];
  const byShort = new Map<string, string>();
  for (const [name, spec] of Object.entries(options)) if (spec.short) byShort.set(spec.short, name);
  const spec = (name: string, shown: string): OptionSpec => {
    if (!Object.hasOwn(options, name)) throw new FlagError(`unknown option ${shown}`, true);
    return options[name]!;
  };
  const set = (name: string, value: string | boolean) => {
    if (options[name]!.multiple) ((values[name] ??= []) as (string | boolean)[]).push(value);
    else values[name] = value;
  };

  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") {
      positionals.push(...args.slice(i + 1));
      break;
    }
    let name: string;
    let shown: string;
    let inline: string | undefined;
    if (arg.startsWith("--") && arg.length > 2) {
      const equals = arg.indexOf("=");
      name = equals === -1 ? arg.slice(2) : arg.slice(2, equals);
      shown = `--${name}`;
      inline = equals === -1 ? undefined : arg.slice(equals + 1);
    } else if (arg.startsWith("-") && arg.length > 1 && arg[1] !== "-") {
      const first = byShort.get(arg[1]!);
      if (first === undefined) throw new FlagError(`unknown option -${arg[1]}`, true);
      name = first;
      shown = `-${arg[1]}`;
      if (arg.length > 2) {
        if (options[first]!.type === "string") inline = arg.slice(2);
        else {
          // -hy: a group of one-letter booleans.
          for (const letter of arg.slice(1)) {
            const grouped = byShort.get(letter);
            if (grouped === undefined) throw new FlagError(`unknown option -${letter}`, true);
            if (options[grouped]!.type !== "boolean") {
              throw new FlagError(`option -${letter} takes a value; give it on its own: -${letter} VALUE`);
            }
            set(grouped, true);
          }
          continue;
        }
      }
    } else {
      positionals.push(arg);
      continue;
    }
    const { type } = spec(name, shown);
    if (type === "boolean") {
      if (inline !== undefined) throw new FlagError(`option ${shown} takes no value`);
      set(name, true);
      continue;
    }
    if (inline !== undefined) {
      set(name, inline);
      continue;
    }
    const value = args[i + 1];
    if (value === undefined) throw new FlagError(`option ${shown} needs a value`);
    if (value.length > 1 && value.startsWith("-")) {
      throw new FlagError(
        `option ${shown} needs a value, and ${value} looks like a flag; write ${shown}=${value} if it is the value`,
      );
    }
    set(name, value);
    i++;
  }
  return { values, positionals };
}
