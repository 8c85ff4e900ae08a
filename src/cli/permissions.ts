// `hook-run permissions`: the minimal Deno flags for this configuration,
// and the command lines that use them.

import { AGENT_LABELS, type ConfiguredHook } from "../../mod.ts";
import { layerOwner, permissionFlags, requiredPermissions } from "../config/mod.ts";
import { type CliConfig, setUpCommand } from "./_config.ts";
import { flagWords, hookRunFlags } from "../install/mod.ts";
import { extensionPaths } from "./_extensions.ts";
import { printable } from "../_internal/printable.ts";
import type { CliIo } from "../_internal/cli_io.ts";

export const PERMISSIONS_HELP =
  `Usage: hook-run permissions [--config PATH]... [--plugin DIR]... [--extension PATH]... [--cwd DIR] [--json]

Prints the narrowest Deno permission flags that let hook-run (or an agent
embedding hookgate) run the configured hooks, and the matching deno run and
deno compile command lines. "hook-run install claude --least-privilege"
builds a launcher with such flags. Hooks in Claude Code's own settings files
are counted too, and named: Claude runs them itself, so hook-run gateway
and serve need no flag for them.
`;

export async function permissionsCommand(args: string[], io: CliIo): Promise<number> {
  const setUp = await setUpCommand("permissions", args, io, PERMISSIONS_HELP, true);
  if (setUp === null) return 0;
  const { flags, config } = setUp;

  const options = {
    ...(config.models ? { models: config.models } : {}),
    projectDir: config.projectRoot,
    ...(config.sanitizeEnv ? { sanitizeEnv: true } : {}),
  };
  const hookFlags = permissionFlags(config.hooks, options);
  const { inheritsEnv } = requiredPermissions(config.hooks, options);
  const modules = await extensionPaths(config, flags.extensions);
  const { dirname, relative, isAbsolute } = await import("node:path");
  // The project (its configuration, the scripts trust hashes, its extension
  // modules) and the hookgate home (configuration, trust file, extensions),
  // then whatever lies outside both: explicit files, each module's directory
  // (a module may import helpers next to it).
  const user = config.layers.find((layer) => layer.kind === "user");
  const roots = [config.projectRoot, ...(user === undefined ? [] : [dirname(user.path)])];
  const inside = (path: string) =>
    roots.some((root) => {
      const rest = relative(root, path);
      return !rest.startsWith("..") && !isAbsolute(rest);
    });
  const outside = [...config.layers.map((layer) => layer.path), ...modules.map((path) => dirname(path))]
    .filter((path) => !inside(path));
  // The trust file lives in the hookgate home (hook-run trust writes it).
  const write = user === undefined ? [] : [dirname(user.path)];
  const all = flagWords(hookRunFlags(config, { read: [...roots, ...outside], write }));
  const configArgs = [
    ...flags.config.map((path) => ` --config ${quote(path)}`),
    ...flags.extensions.map((path) => ` --extension ${quote(path)}`),
  ].join("");
  const run = `deno run ${all.join(" ")} jsr:@hookgate/core/cli run <Event>${configArgs}`;
  // hook-run serve listens on loopback by default: one more net entry.
  const serveFlags = flagWords(
    hookRunFlags(config, {
      read: [...roots, ...outside],
      write,
      listen: ["127.0.0.1"],
    }),
  );
  const serve = `deno run ${serveFlags.join(" ")} jsr:@hookgate/core/cli serve${configArgs}`;
  const compile = `deno compile ${all.join(" ")} -o hook-run jsr:@hookgate/core/cli`;

  if (flags.json) {
    io.stdout(
      JSON.stringify({ hooks: hookFlags, inheritsEnv, extensions: modules, flags: all, run, serve, compile }) + "\n",
    );
    return 0;
  }
  io.stdout(
    [
      "Permissions the configured hooks need:",
      ...(hookFlags.length ? hookFlags.map((flag) => `  ${flag}`) : ["  (none)"]),
      "",
      "All flags for hook-run with this configuration (config files, its own environment, the hooks):",
      ...all.map((flag) => `  ${flag}`),
      ...(modules.length === 0 ? [] : [
        "",
        `Extension modules (${modules.length}) are read from their directories; what they do themselves`,
        "(network, processes, files) needs flags hookgate cannot know: add them for your modules.",
      ]),
      ...inheritNote(inheritsEnv),
      ...agentNote(config),
      "",
      "Run:",
      `  ${run}`,
      "Serve Claude's HTTP hooks (hook-run serve; another --host needs it in --allow-net, --token-env NAME needs",
      "--allow-env=NAME):",
      `  ${serve}`,
      "Compile into one binary:",
      `  ${compile}`,
      "",
    ].map(printable).join("\n"),
  );
  return 0;
}

/** Says why --allow-env has no list: hooks that inherit the agent's whole environment. */
function inheritNote(hooks: readonly string[]): string[] {
  if (hooks.length === 0) return [];
  const shown = hooks.slice(0, 3).map((name) => JSON.stringify(name)).join(", ");
  return [
    "",
    `--allow-env has no list: ${
      hooks.length === 1 ? "1 command hook inherits" : `${hooks.length} command hooks inherit`
    } the agent's`,
    `whole environment, as Claude Code's own hooks inherit Claude's (${shown}${
      hooks.length > 3 ? ", …" : ""
    }), and Deno`,
    `lists the environment only under --allow-env without a list. "sanitizeEnv": true gives every command hook`,
    "the sanitized environment instead, and the flag a list.",
  ];
}

/** Says which of the hooks an agent runs itself: its hook-run gateway and serve need no flag for them. */
function agentNote(config: CliConfig): string[] {
  const owned = new Map<string, number>();
  for (const hook of Object.values(config.hooks).flat() as ConfiguredHook[]) {
    const owner = hook.source === undefined ? undefined : layerOwner(hook.source);
    if (owner !== undefined) owned.set(AGENT_LABELS[owner], (owned.get(AGENT_LABELS[owner]) ?? 0) + 1);
  }
  return [...owned].flatMap(([agent, count]) => [
    "",
    `${count === 1 ? "1 hook is" : `${count} hooks are`} in ${agent}'s own settings files, run by ${agent} itself:`,
    `hook-run gateway and serve leave them to it and need no flag for them (hook-run run needs these).`,
  ]);
}

function quote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
