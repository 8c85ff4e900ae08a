/**
 * `hook-run`: try, debug and deploy hookgate hooks from the command line.
 *
 * ```sh
 * deno run -A jsr:@hookgate/core/cli run PreToolUse --tool bash --input '{"command": "rm -rf /"}'
 * deno run -A jsr:@hookgate/core/cli check --config hooks.jsonc
 * ```
 *
 * Commands: `run <Event>` (run an event through the configured hooks),
 * `check` (validate the configuration), `list` (a table of the hooks),
 * `permissions` (the Deno flags the hooks need), `install claude` (route
 * Claude Code's events to hookgate, through a launcher it builds). Bad input never ends in a
 * stack trace: one clear line on stderr and exit code 1. Blocked events
 * exit with 2. The CLI is a thin shell over the library: everything it does
 * is available from `@hookgate/core`.
 *
 * @example Run the CLI in-process
 * ```ts ignore
 * import { main } from "@hookgate/core/cli";
 *
 * Deno.exit(await main(["check", "--config", "hooks.jsonc"]));
 * ```
 *
 * @module
 */

import { CliError } from "../_internal/cli_error.ts";
import { printable } from "../_internal/printable.ts";
import type { CliIo } from "../_internal/cli_io.ts";
import { processIo } from "./_io.ts";

const VERSION = "0.1.0";

const HELP = `hook-run ${VERSION}: lifecycle hooks for AI coding agents

Usage:
  hook-run run <Event> [--tool NAME] [--input JSON|@file|-] [--prompt TEXT] [--cwd DIR]
                       [--config PATH]... [--extension PATH]... [--no-hooks] [--json] [--trace]
  hook-run check [--config PATH]... [--plugin DIR]... [--extension PATH]... [--json]
  hook-run list [--config PATH]... [--extension PATH]... [--json]
  hook-run permissions [--config PATH]... [--extension PATH]... [--json]
  hook-run trust [--cwd DIR] [--yes] [--revoke] [--json]
  hook-run gateway [--config PATH]... [--cwd DIR] [--trace]     (a Claude Code event on stdin)
  hook-run serve [--port N] [--host ADDR] [--token-env NAME] [--config PATH]... [--trace]
                                                               (Claude Code's HTTP hooks, long-running)
  hook-run import-claude [PATH] [--write]                      (Claude settings → native JSONC)
  hook-run install claude [--serve] [--least-privilege]        (route Claude Code to hookgate)
  hook-run install launcher [--least-privilege]                (the launcher alone, for other agents)
  hook-run uninstall claude                                    (and back)
  hook-run replay FILE... [--config PATH]... [--event NAME]... [--json]   (recorded sessions → today's hooks)

Configuration layers: $HOOKGATE_HOME/config.jsonc (default ~/.config/hookgate),
$HOOKGATE_HOME/claude-hooks.json (the Claude hooks install moved),
<project>/.hookgate/config.jsonc, <project>/.claude/settings*.json (run by
Claude Code itself: gateway and serve leave them to it), then each --config,
then each Claude Code plugin (--plugin DIR, or "claudePlugins"). Extension modules:
$HOOKGATE_HOME/extensions/, <project>/.hookgate/extensions/, each layer's
"extensions", then each --extension. A project's hooks and modules run only
once you trust them (hook-run trust). With no configuration present, the
bundled examples/hooks.jsonc is used so you can see hook-run work at once.

Run "hook-run <command> --help" for a command's options.
`;

type Command = (args: string[], io: CliIo) => Promise<number>;

// hook-run starts once per tool call (gateway), so a command loads only its
// own module: importing all of them cost every call the start-up of each.
// One line per command.
const COMMANDS: Record<string, () => Promise<Command>> = {
  run: async () => (await import("./run.ts")).runCommand,
  check: async () => (await import("./check.ts")).checkCommand,
  list: async () => (await import("./list.ts")).listCommand,
  permissions: async () => (await import("./permissions.ts")).permissionsCommand,
  trust: async () => (await import("./trust.ts")).trustCommand,
  // A call the memo answers never loads the gateway's module (src/memo/).
  gateway: async () => {
    const { quietGateway } = await import("./_quiet_gateway.ts");
    return async (args, io) => {
      const call = await quietGateway(args, io);
      return call.answered ? 0 : await (await import("./gateway.ts")).gatewayCommand(args, call.io);
    };
  },
  serve: async () => {
    const { serveCommand } = await import("./serve.ts");
    return (args, io) => serveCommand(args, io, VERSION);
  },
  "import-claude": async () => (await import("./import_claude.ts")).importClaudeCommand,
  install: async () => (await import("./install.ts")).installCommand,
  uninstall: async () => (await import("./install.ts")).uninstallCommand,
  replay: async () => (await import("./replay.ts")).replayCommand,
};

/**
 * Runs `hook-run` with the given arguments.
 *
 * @param args The arguments after the program name.
 * @returns The exit code: 0 allowed or done, 2 blocked, 1 usage or
 * configuration error, 130 interrupted.
 *
 * @example Print the help
 * ```ts ignore
 * import { main } from "@hookgate/core/cli";
 *
 * await main(["--help"]);
 * ```
 */
export async function main(args: string[]): Promise<number> {
  const io = processIo();
  const [command, ...rest] = args;
  try {
    if (command === undefined || command === "--help" || command === "-h" || command === "help") {
      io.stdout(HELP);
      return command === undefined ? 1 : 0;
    }
    if (command === "--version" || command === "-V") {
      io.stdout(`hook-run ${VERSION}\n`);
      return 0;
    }
    const load = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
    if (load === undefined) {
      throw new CliError(
        `unknown command "${command}" (commands: ${Object.keys(COMMANDS).join(", ")}; see hook-run --help)`,
      );
    }
    return await (await load())(rest, io);
  } catch (error) {
    // An agent runs hook-run as a hook, and most agents read exit 1 as "go
    // ahead": a gateway's failure, or a command name nothing knows (a typo
    // in the agent's settings), exits 2, which every agent reads as a block.
    const code = command === "gateway" || !Object.hasOwn(COMMANDS, command!) ? 2 : 1;
    if (error instanceof CliError) {
      io.stderr(`hook-run: ${printable(error.message)}\n`);
      return code;
    }
    // Not a usage problem: still one line, never a stack trace.
    io.stderr(`hook-run: ${printable(error instanceof Error ? `${error.name}: ${error.message}` : String(error))}\n`);
    return code;
  }
}

if (import.meta.main) {
  Deno.exit(await main(Deno.args));
}
