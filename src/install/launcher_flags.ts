// The Deno flags hook-run needs for a configuration: what its hooks need
// (derived by the library), what hook-run itself reads, writes and listens
// on. `hook-run permissions` prints them; `hook-run install claude
// --least-privilege` builds its launcher with them.

import type { ConfiguredHooks } from "../events/configured.ts";
import type { ModelsConfig } from "../models/mod.ts";
import { permissionFlags, systemManagedDir } from "../config/mod.ts";

/** What hook-run itself reads from the environment. */
export const CLI_ENV: readonly string[] = [
  "HOME",
  "HOOKGATE_HOME",
  "HOOKGATE_TRUST_PROJECT",
  "HOOKGATE_LAUNCHER",
  "CLAUDE_PROJECT_DIR",
  "HOOKGATE_DEPTH",
  "NO_COLOR",
  "USERPROFILE",
];

/** Flags by name (`--allow-run`), each a set of entries; an empty set is the flag without a list. */
export type FlagSet = Map<string, Set<string>>;

/** The order flags are written in. */
const ORDER = ["--allow-read", "--allow-write", "--allow-env", "--allow-run", "--allow-net"];

/** What hook-run needs beyond the hooks. */
export interface HookRunNeeds {
  /** Directories and files it reads, or `"all"` (a launcher serves every project the agent works in). */
  read: string[] | "all";
  /** Where it writes: the hookgate home, for the trust file. */
  write: string[];
  /** Addresses it listens on (hook-run serve). */
  listen?: string[];
  /** More variables it reads (hook-run serve's --token-env). */
  env?: string[];
}

/** What the hooks' flags are derived from: a loaded configuration, or hooks about to be. */
export interface FlagSource {
  hooks: ConfiguredHooks;
  models?: ModelsConfig;
  projectRoot: string;
  /** Every command hook gets the sanitized environment: none inherits the agent's. */
  sanitizeEnv?: boolean;
}

/** The hooks' flags (from the library) merged with hook-run's own needs. */
export function hookRunFlags(config: FlagSource, needs: HookRunNeeds): FlagSet {
  const flags: FlagSet = new Map();
  for (
    const flag of permissionFlags(config.hooks, {
      ...(config.models ? { models: config.models } : {}),
      projectDir: config.projectRoot,
      ...(config.sanitizeEnv ? { sanitizeEnv: true } : {}),
    })
  ) {
    const [name, list] = flag.split("=") as [string, string | undefined];
    flags.set(name, new Set(list === undefined ? [] : list.split(",")));
  }
  const add = (name: string, entries: readonly string[]) => {
    const set = flags.get(name);
    // An unscoped flag (an empty set) covers every entry already.
    if (set !== undefined && set.size === 0) return;
    flags.set(name, new Set([...set ?? [], ...entries]));
  };
  add("--allow-env", [...CLI_ENV, ...needs.env ?? []]);
  if (needs.read === "all") flags.set("--allow-read", new Set());
  // The managed configuration is read by every hook-run, whether it is there or not.
  else add("--allow-read", [...needs.read, systemManagedDir()]);
  add("--allow-write", needs.write);
  if (needs.listen !== undefined) add("--allow-net", needs.listen);
  return flags;
}

/** Merges `more` into `flags` (an unscoped flag stays unscoped). */
export function mergeFlags(flags: FlagSet, more: FlagSet): FlagSet {
  const merged: FlagSet = new Map([...flags].map(([name, set]) => [name, new Set(set)]));
  for (const [name, set] of more) {
    const current = merged.get(name);
    if (current === undefined) merged.set(name, new Set(set));
    else if (current.size > 0 && set.size > 0) { for (const entry of set) current.add(entry); }
    else merged.set(name, new Set());
  }
  return merged;
}

/** The flags as words, in a fixed order, lists sorted: `--allow-run=kill,python3`. */
export function flagWords(flags: FlagSet): string[] {
  const names = [...ORDER.filter((name) => flags.has(name)), ...[...flags.keys()].filter((n) => !ORDER.includes(n))];
  return names.map((name) => {
    const set = flags.get(name)!;
    return set.size === 0 ? name : `${name}=${[...set].sort().join(",")}`;
  });
}

/** Reads flags back from words such as `--allow-run=kill,python3` (other words are ignored). */
export function parseFlagWords(words: readonly string[]): FlagSet {
  const flags: FlagSet = new Map();
  for (const word of words) {
    const match = /^(--allow-[a-z]+)(?:=(.*))?$/.exec(word);
    if (match === null) continue;
    flags.set(match[1]!, new Set(match[2] === undefined ? [] : match[2].split(",").filter(Boolean)));
  }
  return flags;
}
