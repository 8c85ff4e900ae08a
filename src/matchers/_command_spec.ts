// The JSON shape of a structured command rule, and its reader: every field
// checked, with a message that names the rule, where it was written and how
// to fix it. The reader turns the spec into plain sets the matcher can use
// without looking at the JSON again.

/**
 * A condition on a path argument of a command (see `docs/destructive.md`).
 */
export type CommandPathCondition =
  | "root"
  | "home"
  | "project-root"
  | "outside-project"
  | "inside-temp"
  | "temp-root"
  | "outside-project-and-temp"
  | "device";

/** Every path condition, in the order the documentation lists them. */
export const PATH_CONDITIONS: readonly CommandPathCondition[] = [
  "root",
  "home",
  "project-root",
  "outside-project",
  "inside-temp",
  "temp-root",
  "outside-project-and-temp",
  "device",
];

/** The flags and arguments that make a command safe. */
export interface CommandRuleUnless {
  /** Any one of these flags (any spelling) makes the command safe. */
  readonly flags?: readonly string[];
  /** Any one of these arguments (`*` matches any text) makes the command safe. */
  readonly args?: readonly string[];
}

/** The JSON shape of one structured command rule. */
export interface CommandRuleSpec {
  /** A short name, shown with decisions. */
  readonly id?: string;
  /** Why the rule exists, in words a user understands. */
  readonly reason?: string;
  /** The command's name or names; `*` matches any text (`mkfs.*`). */
  readonly command: string | readonly string[];
  /** The subcommand's words (`"push"`, `"stash drop"`), or a list of alternatives. */
  readonly subcommand?: string | readonly string[];
  /** Any one of these flags. */
  readonly flags?: readonly string[];
  /** Every one of these groups, each by any one of its spellings. */
  readonly allFlags?: readonly (readonly string[])[];
  /** Any one of these arguments; `*` matches any text; `--` means the end-of-options mark was written. */
  readonly args?: readonly string[];
  /** At least this many arguments. */
  readonly minArgs?: number;
  /** Some path argument satisfies one of these conditions. */
  readonly paths?: readonly CommandPathCondition[];
  /** Only arguments that start with this text are paths, read without it (`of=` for `dd`). */
  readonly pathPrefix?: string;
  /** The command writes (`>`, `>>`) to a path that satisfies one of these conditions. */
  readonly redirects?: readonly CommandPathCondition[];
  /** Options that take the next word as their value (besides the ones hookgate knows for the command). */
  readonly valueOptions?: readonly string[];
  /** The command reads, through a pipe, the output of one of these commands (`curl … | sh`). */
  readonly pipedFrom?: readonly string[];
  /**
   * The command runs through one of these wrappers, interpreters or sources
   * (as `ShellCommand.via` names them: `sh -c`, `python3 -c`,
   * `GIT_SSH_COMMAND`, `git -c core.sshCommand`); `*` matches any text, case
   * does not matter.
   */
  readonly via?: readonly string[];
  /** What makes the command safe. */
  readonly unless?: CommandRuleUnless;
}

/** A spec after reading: what the matcher needs, precomputed. */
export interface ReadSpec {
  readonly spec: CommandRuleSpec;
  readonly names: ReadonlySet<string>;
  readonly namePatterns: readonly RegExp[];
  readonly subcommands: readonly (readonly string[])[];
  /** The first word of every subcommand. */
  readonly subcommandStarts: ReadonlySet<string>;
  readonly flags: readonly string[] | undefined;
  readonly allFlags: readonly (readonly string[])[];
  readonly args: readonly ArgPattern[] | undefined;
  readonly minArgs: number;
  readonly paths: ReadonlySet<CommandPathCondition> | undefined;
  readonly pathPrefix: string;
  readonly redirects: ReadonlySet<CommandPathCondition> | undefined;
  readonly valueOptions: ReadonlySet<string>;
  readonly pipedFrom: ReadonlySet<string> | undefined;
  readonly via: readonly RegExp[] | undefined;
  readonly unlessFlags: readonly string[];
  readonly unlessArgs: readonly ArgPattern[];
}

/** An argument pattern: a literal, or a `*` pattern. */
export type ArgPattern = string | RegExp;

const KEYS = new Set([
  "id",
  "reason",
  "command",
  "subcommand",
  "flags",
  "allFlags",
  "args",
  "minArgs",
  "paths",
  "pathPrefix",
  "redirects",
  "valueOptions",
  "pipedFrom",
  "via",
  "unless",
]);
const UNLESS_KEYS = new Set(["flags", "args"]);

/** Command names compare without case and without a `.exe` suffix: on macOS and Windows `RM` and `rm.exe` run rm. */
export function commandKey(name: string): string {
  // A Windows path (`C:\\Program Files\\Git\\bin\\git.exe`) names its last part.
  const lower = name.slice(name.lastIndexOf("\\") + 1).toLowerCase();
  return lower.endsWith(".exe") ? lower.slice(0, -4) : lower;
}

/** Reads one spec, or throws a `TypeError` naming `place` and the fix. */
export function readCommandRuleSpec(value: unknown, place: string): ReadSpec {
  const id = isRecord(value) && typeof value.id === "string" && value.id !== "" ? value.id : undefined;
  const where = `Cannot read rule ${id === undefined ? "" : `${JSON.stringify(id)} `}in ${place}`;
  const fail = (message: string): never => {
    throw new TypeError(`${where}: ${message}`);
  };
  if (!isRecord(value)) {
    fail(
      `a command rule must be an object such as {"command": "rm", "allFlags": [["-r"], ["-f"]]}, got ${shown(value)}`,
    );
  }
  const spec = value as Record<string, unknown>;
  for (const key of Object.keys(spec)) {
    if (!KEYS.has(key)) fail(`unknown field ${JSON.stringify(key)}; the fields are ${[...KEYS].join(", ")}`);
  }
  if ("id" in spec && (typeof spec.id !== "string" || spec.id === "")) {
    fail(`"id" must be a non-empty string, got ${shown(spec.id)}`);
  }
  if ("reason" in spec && typeof spec.reason !== "string") fail(`"reason" must be a string, got ${shown(spec.reason)}`);
  if (!("command" in spec)) fail(`"command" is missing: name the command, such as "command": "git"`);
  const commands = words(spec.command, "command", fail, true);
  if (commands.length === 0) fail(`"command" must name at least one command`);
  const names = new Set<string>();
  const namePatterns: RegExp[] = [];
  for (const name of commands) {
    if (name.includes("*")) namePatterns.push(wildcard(commandKey(name), "i"));
    else names.add(commandKey(name));
  }
  const subcommands = "subcommand" in spec
    ? words(spec.subcommand, "subcommand", fail, true).map((text) => text.trim().split(/\s+/))
    : [];
  const flags = "flags" in spec ? flagList(spec.flags, "flags", fail) : undefined;
  const allFlags: string[][] = [];
  if ("allFlags" in spec) {
    if (!Array.isArray(spec.allFlags)) {
      fail(
        `"allFlags" must be a list of flag groups such as [["-r", "--recursive"], ["-f", "--force"]], got ${
          shown(spec.allFlags)
        }`,
      );
    }
    (spec.allFlags as unknown[]).forEach((group, i) => allFlags.push(flagList(group, `allFlags[${i}]`, fail)));
  }
  const args = "args" in spec ? argList(spec.args, "args", fail) : undefined;
  let minArgs = 0;
  if ("minArgs" in spec) {
    if (typeof spec.minArgs !== "number" || !Number.isInteger(spec.minArgs) || spec.minArgs < 0) {
      fail(`"minArgs" must be a whole number of at least 0, got ${shown(spec.minArgs)}`);
    }
    minArgs = spec.minArgs as number;
  }
  const paths = "paths" in spec ? conditions(spec.paths, "paths", fail) : undefined;
  const redirects = "redirects" in spec ? conditions(spec.redirects, "redirects", fail) : undefined;
  if ("pathPrefix" in spec && typeof spec.pathPrefix !== "string") {
    fail(`"pathPrefix" must be a string such as "of=", got ${shown(spec.pathPrefix)}`);
  }
  const valueOptions = new Set("valueOptions" in spec ? flagList(spec.valueOptions, "valueOptions", fail) : []);
  const pipedFrom = "pipedFrom" in spec
    ? new Set(words(spec.pipedFrom, "pipedFrom", fail, false).map(commandKey))
    : undefined;
  const via = "via" in spec ? words(spec.via, "via", fail, false).map((pattern) => wildcard(pattern, "i")) : undefined;
  let unlessFlags: string[] = [];
  let unlessArgs: ArgPattern[] = [];
  if ("unless" in spec) {
    const unless = spec.unless;
    if (!isRecord(unless)) {
      fail(`"unless" must be an object such as {"flags": ["--dry-run"]}, got ${shown(unless)}`);
    }
    const safe = unless as Record<string, unknown>;
    for (const key of Object.keys(safe)) {
      if (!UNLESS_KEYS.has(key)) fail(`unknown field "unless.${key}"; "unless" takes "flags" and "args"`);
    }
    if ("flags" in safe) unlessFlags = flagList(safe.flags, "unless.flags", fail);
    if ("args" in safe) unlessArgs = argList(safe.args, "unless.args", fail);
  }
  return {
    spec: value as unknown as CommandRuleSpec,
    names,
    namePatterns,
    subcommands,
    subcommandStarts: new Set(subcommands.map((words) => words[0]!)),
    flags,
    allFlags,
    args,
    minArgs,
    paths,
    pathPrefix: typeof spec.pathPrefix === "string" ? spec.pathPrefix : "",
    redirects,
    valueOptions,
    pipedFrom,
    via,
    unlessFlags,
    unlessArgs,
  };
}

function conditions(value: unknown, field: string, fail: (message: string) => never): Set<CommandPathCondition> {
  const list = Array.isArray(value) ? value : fail(listOf(field, value));
  const found = new Set<CommandPathCondition>();
  for (const item of list as unknown[]) {
    if (!PATH_CONDITIONS.includes(item as CommandPathCondition)) {
      fail(`"${field}" may hold ${PATH_CONDITIONS.map((c) => JSON.stringify(c)).join(", ")}, got ${shown(item)}`);
    }
    found.add(item as CommandPathCondition);
  }
  return found;
}

/** A string or a list of non-empty strings. */
function words(value: unknown, field: string, fail: (message: string) => never, single: boolean): string[] {
  if (single && typeof value === "string") {
    if (value.trim() === "") fail(`"${field}" must not be empty`);
    return [value];
  }
  if (!Array.isArray(value) || value.some((item) => typeof item !== "string" || item.trim() === "")) {
    fail(listOf(field, value));
  }
  return value as string[];
}

function flagList(value: unknown, field: string, fail: (message: string) => never): string[] {
  const list = Array.isArray(value) ? value : fail(listOf(field, value));
  for (const flag of list as unknown[]) {
    if (typeof flag !== "string") fail(listOf(field, value));
    if (!/^--?[^-\s=][^\s=]*$/.test(flag as string)) {
      fail(`"${field}" holds flags written with their dashes, such as "-f" or "--force", got ${shown(flag)}`);
    }
  }
  return list as string[];
}

function argList(value: unknown, field: string, fail: (message: string) => never): ArgPattern[] {
  const list = Array.isArray(value) ? value : fail(listOf(field, value));
  return (list as unknown[]).map((arg) => {
    if (typeof arg !== "string" || arg === "") fail(listOf(field, value));
    return (arg as string).includes("*") ? wildcard(arg as string, "") : arg as string;
  });
}

function listOf(field: string, value: unknown): string {
  return `"${field}" must be a list of strings, got ${shown(value)}`;
}

function wildcard(pattern: string, flags: string): RegExp {
  const source = pattern.split("*").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*");
  return new RegExp(`^${source}$`, `s${flags}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A value's type for a message, never its contents beyond a short literal. */
function shown(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "string") return value.length <= 40 ? JSON.stringify(value) : "a long string";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return typeof value === "object" ? "an object" : typeof value;
}
