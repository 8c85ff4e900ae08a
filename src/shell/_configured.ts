// Commands a program runs from its environment or configuration: git's
// ssh command, editor, pager and aliases (`GIT_SSH_COMMAND='…' git fetch`,
// `git -c core.sshCommand=… push`, `git -c alias.x='!…' x`,
// `GIT_CONFIG_KEY_0=alias.x GIT_CONFIG_VALUE_0=reset git x --hard`), and an
// editor or pager any program may start (`EDITOR='…' crontab -e`). Each is
// a command line the walk reads in turn, where the program will run it.

import type { ShellWord } from "./types.ts";
import type { PlacedWord } from "./_words.ts";

/** A command line a program runs, and what started it (`GIT_SSH_COMMAND`, `git alias nuke`). */
export interface ConfiguredLine {
  readonly label: string;
  readonly line: string;
  readonly known: boolean;
}

/** Variables any program may run as a command line. */
const ANY_PROGRAM = ["EDITOR", "VISUAL", "PAGER", "MANPAGER", "SUDO_EDITOR"];
/** git's variables: command lines, or programs (`GIT_SSH`), and when git runs them. */
const GIT_VARIABLES: readonly [string, "network" | "editor" | "any", "line" | "program"][] = [
  ["GIT_SSH_COMMAND", "network", "line"],
  ["GIT_SSH", "network", "program"],
  ["GIT_PROXY_COMMAND", "network", "program"],
  ["GIT_ASKPASS", "network", "program"],
  ["SSH_ASKPASS", "network", "program"],
  ["GIT_EDITOR", "editor", "line"],
  ["GIT_SEQUENCE_EDITOR", "editor", "line"],
  ["GIT_PAGER", "any", "line"],
  ["GIT_EXTERNAL_DIFF", "any", "program"],
];
/** git's configuration keys (lower case) that hold a command, and when git runs it. */
const GIT_KEYS: Readonly<Record<string, "network" | "editor" | "any">> = {
  "core.sshcommand": "network",
  "core.askpass": "network",
  "core.gitproxy": "network",
  "core.editor": "editor",
  "sequence.editor": "editor",
  "core.pager": "any",
  "core.fsmonitor": "any",
  "diff.external": "any",
  "gpg.program": "any",
  "credential.helper": "network",
};
const NETWORK = new Set(["fetch", "pull", "push", "clone", "ls-remote", "fetch-pack", "send-pack", "submodule"]);
const EDITING = new Set(["commit", "merge", "rebase", "tag", "notes", "revert", "cherry-pick", "am", "pull", "config"]);
/** git's global options that take the next word as their value. */
const GIT_VALUE_OPTIONS = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--super-prefix"]);

/** Single-quotes a value for a command line. */
function quoted(value: string): string {
  return `'${value.replaceAll("'", `'"'"'`)}'`;
}

/**
 * The command lines `words` (a command named `key`, lower case) runs from
 * `env` (the line's assignments and the command's own) or, for git, from
 * its `-c` options and `GIT_CONFIG_*` variables.
 */
export function configuredLines(
  key: string,
  words: readonly PlacedWord[],
  env: ReadonlyMap<string, ShellWord>,
): ConfiguredLine[] {
  const out: ConfiguredLine[] = [];
  if (env.size === 0 && (key !== "git" || !words.some((word) => word.value.startsWith("-c")))) return out;
  for (const name of ANY_PROGRAM) {
    const value = env.get(name);
    if (value !== undefined && value.value !== "") out.push({ label: name, line: value.value, known: value.known });
  }
  if (key !== "git") return out;
  // The subcommand, after git's global options; the `-c` settings among them.
  const config: [string, ShellWord][] = [];
  let i = 1;
  for (; i < words.length; i++) {
    const word = words[i]!;
    if (!word.known || !word.value.startsWith("-")) break;
    const setting = word.value === "-c"
      ? words[i + 1]
      : word.value.startsWith("-c")
      ? { ...word, value: word.value.slice(2) }
      : undefined;
    if (setting !== undefined) {
      const equals = setting.value.indexOf("=");
      if (equals > 0) {
        config.push([setting.value.slice(0, equals), { value: setting.value.slice(equals + 1), known: setting.known }]);
      }
    }
    if (GIT_VALUE_OPTIONS.has(word.value)) i++;
  }
  config.push(...environmentConfig(env));
  const subcommand = words[i]?.known === true ? words[i]!.value : undefined;
  const rest = words.slice(i + 1);
  const runs = (when: "network" | "editor" | "any") =>
    when === "any" || subcommand === undefined ||
    (when === "network"
      ? NETWORK.has(subcommand) ||
        (subcommand === "archive" && rest.some((word) => word.value.startsWith("--remote"))) ||
        (subcommand === "remote" && rest.some((word) => ["update", "prune", "show"].includes(word.value)))
      : EDITING.has(subcommand));
  for (const [name, when, kind] of GIT_VARIABLES) {
    const value = env.get(name);
    if (value === undefined || value.value === "" || !runs(when)) continue;
    out.push({ label: name, line: kind === "line" ? value.value : quoted(value.value), known: value.known });
  }
  for (const [name, value] of config) {
    const lower = name.toLowerCase();
    const when = GIT_KEYS[lower];
    if (when !== undefined) {
      // A credential helper runs as a shell command only after `!`.
      if (lower === "credential.helper" && !value.value.startsWith("!")) continue;
      if (lower === "core.fsmonitor" && /^(?:true|false|yes|no|on|off|0|1)?$/i.test(value.value)) continue;
      if (runs(when)) out.push({ label: `git -c ${name}`, line: value.value.replace(/^!/, ""), known: value.known });
      continue;
    }
    if (!lower.startsWith("alias.") || subcommand === undefined || subcommand.toLowerCase() !== lower.slice(6)) {
      continue;
    }
    const args = rest.map((word) => word.known ? quoted(word.value) : word.template ?? word.value).join(" ");
    // `!…` runs a shell command with the arguments; otherwise the alias is git's own words.
    const line = value.value.startsWith("!") ? `${value.value.slice(1)} ${args}` : `git ${value.value} ${args}`;
    const label = value.value.startsWith("!") ? `git shell alias ${subcommand}` : `git alias ${subcommand}`;
    out.push({ label, line, known: value.known });
  }
  return out;
}

/** `GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=k GIT_CONFIG_VALUE_0=v` and `GIT_CONFIG_PARAMETERS="'k=v'"`. */
function environmentConfig(env: ReadonlyMap<string, ShellWord>): [string, ShellWord][] {
  const out: [string, ShellWord][] = [];
  const count = Number(env.get("GIT_CONFIG_COUNT")?.value ?? 0);
  for (let n = 0; n < Math.min(count, 64); n++) {
    const key = env.get(`GIT_CONFIG_KEY_${n}`);
    const value = env.get(`GIT_CONFIG_VALUE_${n}`);
    if (key !== undefined && value !== undefined) out.push([key.value, value]);
  }
  const parameters = env.get("GIT_CONFIG_PARAMETERS");
  if (parameters !== undefined) {
    for (const match of parameters.value.matchAll(/'([^'=]+)(?:'='|=)([^']*)'/g)) {
      out.push([match[1]!, { value: match[2]!, known: parameters.known }]);
    }
  }
  return out;
}
