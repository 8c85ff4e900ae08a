// `hook-run permissions`: the minimal Deno flags for this configuration,
// and the command lines that use them.

import { permissionFlags } from "../config/mod.ts";
import { setUpCommand } from "./_config.ts";
import { extensionPaths } from "./_extensions.ts";
import { type CliIo, printable } from "./_io.ts";

export const PERMISSIONS_HELP =
  `Usage: hook-run permissions [--config PATH]... [--extension PATH]... [--cwd DIR] [--json]

Prints the narrowest Deno permission flags that let hook-run (or an agent
embedding hookgate) run the configured hooks, and the matching deno run and
deno compile command lines.
`;

/** What hook-run itself reads from the environment. */
const CLI_ENV = [
  "HOME",
  "HOOKGATE_HOME",
  "HOOKGATE_TRUST_PROJECT",
  "CLAUDE_PROJECT_DIR",
  "HOOKGATE_DEPTH",
  "NO_COLOR",
  "USERPROFILE",
];

export async function permissionsCommand(args: string[], io: CliIo): Promise<number> {
  const setUp = await setUpCommand("permissions", args, io, PERMISSIONS_HELP, true);
  if (setUp === null) return 0;
  const { flags, config } = setUp;

  const hookFlags = permissionFlags(config.hooks, config.models ? { models: config.models } : {});
  const merged = new Map<string, Set<string>>();
  for (const flag of hookFlags) {
    const [name, list] = flag.split("=") as [string, string];
    merged.set(name, new Set(list.split(",")));
  }
  const env = merged.get("--allow-env") ?? new Set<string>();
  for (const name of CLI_ENV) env.add(name);
  merged.set("--allow-env", env);
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
  merged.set("--allow-read", new Set([...roots, ...outside]));
  const order = ["--allow-read", "--allow-env", "--allow-run", "--allow-net"];
  const all = order.filter((name) => merged.has(name)).map((name) =>
    `${name}=${[...merged.get(name)!].sort().join(",")}`
  );
  const configArgs = [
    ...flags.config.map((path) => ` --config ${quote(path)}`),
    ...flags.extensions.map((path) => ` --extension ${quote(path)}`),
  ].join("");
  const run = `deno run ${all.join(" ")} jsr:@hookgate/core/cli run <Event>${configArgs}`;
  // hook-run serve listens on loopback by default: one more net entry.
  const net = new Set(merged.get("--allow-net") ?? []).add("127.0.0.1");
  const serveFlags = [
    ...all.filter((flag) => !flag.startsWith("--allow-net=")),
    `--allow-net=${[...net].sort().join(",")}`,
  ];
  const serve = `deno run ${serveFlags.join(" ")} jsr:@hookgate/core/cli serve${configArgs}`;
  const compile = `deno compile ${all.join(" ")} -o hook-run jsr:@hookgate/core/cli`;

  if (flags.json) {
    io.stdout(JSON.stringify({ hooks: hookFlags, extensions: modules, flags: all, run, serve, compile }) + "\n");
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

function quote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
