// node:util's parseArgs, for the options hook-run declares (string and
// boolean flags, repeatable, one-letter aliases; strict, positionals
// allowed), without node:util: the first `node:` import of a process costs
// about 5 ms, and hook-run is started once per tool call. Node's algorithm
// and messages, step for step (lib/internal/util/parse_args); _args.ts
// turns the messages into hook-run's, and tests/cli/parse_args_test.ts
// holds both parsers to the same answers.

/** One declared option. */
export interface OptionSpec {
  type: "string" | "boolean";
  multiple?: boolean;
  short?: string;
}

/** What parseArgs returns. */
export interface ParsedArgs {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
}

interface OptionToken {
  name: string;
  rawName: string;
  value: string | undefined;
  inlineValue: boolean | undefined;
}

/**
 * Parses `args` like `parseArgs({args, options, strict: true,
 * allowPositionals: true})` of node:util; throws a `TypeError` with Node's
 * message for an unknown option, a missing or ambiguous value, or a value
 * given to a boolean.
 */
export function parseArgs(args: readonly string[], options: Readonly<Record<string, OptionSpec>>): ParsedArgs {
  const values: ParsedArgs["values"] = { __proto__: null } as unknown as ParsedArgs["values"];
  const positionals: string[] = [];
  const remaining = [...args];
  const typeOf = (name: string) => Object.hasOwn(options, name) ? options[name]!.type : undefined;
  const longFor = (short: string) => {
    for (const [name, spec] of Object.entries(options)) if (spec.short === short) return name;
    return short;
  };
  const option = (token: OptionToken) => {
    check(token, options);
    if (token.name === "__proto__") return;
    const value = token.value ?? true;
    if (options[token.name]!.multiple) {
      ((values[token.name] ??= []) as (string | boolean)[]).push(value);
    } else {
      values[token.name] = value;
    }
  };
  while (remaining.length > 0) {
    const arg = remaining.shift()!;
    const next = remaining[0];
    if (arg === "--") {
      positionals.push(...remaining);
      break;
    }
    if (arg.length === 2 && arg[0] === "-" && arg[1] !== "-") {
      // -f, or -f VALUE for a string option.
      const name = longFor(arg[1]!);
      const value = typeOf(name) === "string" && next !== undefined ? remaining.shift() : undefined;
      option({ name, rawName: arg, value, inlineValue: value === undefined ? undefined : false });
      continue;
    }
    if (arg.length > 2 && arg[0] === "-" && arg[1] !== "-") {
      if (typeOf(longFor(arg[1]!)) !== "string") {
        // A group of one-letter flags, -abc: the last, or the first string one, takes the rest.
        const expanded: string[] = [];
        for (let i = 1; i < arg.length; i++) {
          const short = arg[i]!;
          if (typeOf(longFor(short)) !== "string" || i === arg.length - 1) {
            expanded.push(`-${short}`);
          } else {
            expanded.push(`-${short}${arg.slice(i + 1)}`);
            break;
          }
        }
        remaining.unshift(...expanded);
      } else {
        // -fVALUE for a string option.
        option({ name: longFor(arg[1]!), rawName: `-${arg[1]}`, value: arg.slice(2), inlineValue: true });
      }
      continue;
    }
    if (arg.length > 2 && arg.startsWith("--")) {
      const equals = arg.indexOf("=", 3);
      if (equals === -1) {
        const name = arg.slice(2);
        const value = typeOf(name) === "string" && next !== undefined ? remaining.shift() : undefined;
        option({ name, rawName: arg, value, inlineValue: value === undefined ? undefined : false });
      } else {
        const name = arg.slice(2, equals);
        option({ name, rawName: `--${name}`, value: arg.slice(equals + 1), inlineValue: true });
      }
      continue;
    }
    positionals.push(arg);
  }
  return { values, positionals };
}

/** Node's strict checks of one option, with its messages. */
function check(token: OptionToken, options: Readonly<Record<string, OptionSpec>>): void {
  if (!Object.hasOwn(options, token.name)) {
    throw new TypeError(
      `Unknown option '${token.rawName}'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- ${
        JSON.stringify(token.rawName)
      }`,
    );
  }
  const { type, short } = options[token.name]!;
  const shortAndLong = `${short ? `-${short}, ` : ""}--${token.name}`;
  if (type === "string" && typeof token.value !== "string") {
    throw new TypeError(`Option '${shortAndLong} <value>' argument missing`);
  }
  if (type === "boolean" && token.value !== undefined) {
    throw new TypeError(`Option '${shortAndLong}' does not take an argument`);
  }
  const value = token.value;
  if (!token.inlineValue && value !== undefined && value.length > 1 && value[0] === "-") {
    const example = token.rawName.startsWith("--")
      ? `'${token.rawName}=-XYZ'`
      : `'--${token.name}=-XYZ' or '${token.rawName}-XYZ'`;
    throw new TypeError(
      `Option '${token.rawName}' argument is ambiguous.\nDid you forget to specify the option argument for '${token.rawName}'?\nTo specify an option argument starting with a dash use ${example}.`,
    );
  }
}
