// `hook-run install claude` and `hook-run uninstall claude`: their flags
// and what they say. The installing is the install room's (src/install/):
// it routes Claude Code's events to hookgate from the user's
// ~/.claude/settings.json, through a launcher built in the hookgate home, and
// moves the user's own Claude hooks into a hookgate-owned file so that
// hookgate runs each of them once; and undoes exactly that.

import { CLAUDE_HOOKS_FILE, defaultHome } from "../config/mod.ts";
import { CliError } from "../_internal/cli_error.ts";
import type { CliIo } from "../_internal/cli_io.ts";
import { readGrantedEnv } from "../_internal/env.ts";
import { printable } from "../_internal/printable.ts";
import {
  claudeManagedSettingsPath,
  installClaude,
  type InstallClaudeOptions,
  installLauncher,
  quote,
  systemLauncherDir,
  uninstallClaude,
} from "../install/mod.ts";
import { DEFAULT_SERVE_PORT } from "../server/mod.ts";
import { serveSocketPath } from "../_internal/serve_socket.ts";
import { commonFlags, parseFlags } from "./_args.ts";
import { absolutePath } from "./_path.ts";

export const INSTALL_HELP = `Usage: hook-run install claude [--serve [--port N] [--token-env NAME]] [--least-privilege]
                              [--keep-hooks] [--settings PATH] [--cwd DIR]
       hook-run install claude --managed [--managed-settings PATH] [--launcher-dir DIR]
       hook-run install launcher [--least-privilege] [--cwd DIR]

Routes every Claude Code event hookgate models to hookgate, from the user's
Claude settings (~/.claude/settings.json), so that every project gets
hookgate's guarantees:

- builds the launcher it routes to: the CLI bundled into
  $HOOKGATE_HOME/lib/<build>/ behind its entry $HOOKGATE_HOME/hook-run.js
  (earlier builds stay, two of them, for processes still running one), the
  start module that loads it and
  $HOOKGATE_HOME/bin/hook-run, which runs them with Deno (found by a name that
  survives its upgrades, else on PATH) and --allow-all (or, with
  --least-privilege, the flags the configuration needs). Whatever keeps it
  from running hook-run (no Deno, a file missing, a Deno too old, a crash)
  ends in exit code 2 with one line on stderr: Claude blocks, never goes
  ahead. hook-run check reports a launcher that is stale;
- moves the hooks already in that file (on the events hookgate models) into
  $HOOKGATE_HOME/${CLAUDE_HOOKS_FILE}, which hookgate loads in Claude's dialect, so
  that hookgate runs each of them, once, and Claude's file keeps only the
  routing (--keep-hooks leaves them to Claude instead). A hook hookgate
  cannot run outside Claude (mcp_tool, agent, PowerShell), or one that calls
  a local /hooks URL (an HTTP hook, curl, wget), stays where Claude runs it;
- writes the routing, merged with everything else in the file, after a
  timestamped backup: command hooks "<launcher> gateway", each marked
  "hookgate": "routing". With --serve they are "<launcher> gateway --socket
  $HOOKGATE_HOME/run/serve.sock --max-time T": the event goes to hook-run
  serve --socket over its Unix socket (Perl, else curl), and when no server
  answers, or the call's project is not the server's, the gateway answers it
  in the same command; any other failure of the server (an error, a
  timeout, a crash) is exit code 2, a block. With --serve and
  --port or --token-env: HTTP hooks to http://127.0.0.1:<port>/hooks/<Event>
  instead (SessionStart and Setup still through the gateway), which Claude
  lets through while the server is down. Run the server yourself, under a
  supervisor (see docs/serve.md).

"hook-run install launcher" builds the launcher alone, and reads or writes
no agent's settings: for Codex, Gemini CLI and Cursor, whose settings name
"<launcher> gateway --agent NAME" by hand (see docs/agents/), with the fast
path as "<launcher> gateway --socket SOCKET --max-time T --agent NAME".

Running it again changes nothing and says so; with --least-privilege it adds
what the current project's hooks need to the launcher's flags. A settings
file that is not valid JSON, or not shaped as Claude reads it, or a link to
nothing, is refused: nothing is changed. The file keeps its mode and its
symbolic link (the file it points to is written), and an edit made to it
while install runs is never overwritten: install reads it again.

Options:
  --serve             route to hook-run serve over its socket, the gateway when none answers
  --port N            with --serve: HTTP hooks to the server's port instead (default ${DEFAULT_SERVE_PORT})
  --token-env NAME    with --serve: HTTP hooks that send "Bearer $NAME" (the server's --token-env)
  --least-privilege   build the launcher with the flags the configuration needs
                      (your layers and the current project's), not --allow-all
  --keep-hooks        leave the hooks of the settings file to Claude
  --settings PATH     the Claude settings file (default ~/.claude/settings.json)
  --cwd DIR           the project whose hooks --least-privilege covers (default: here)
  --managed           write Claude Code's managed settings instead (${claudeManagedSettingsPath()}),
                      which no user or project setting overrides, not even disableAllHooks; the
                      launcher goes to ${systemLauncherDir()} (run it as root); the file's own hooks stay
  --managed-settings PATH  with --managed: another managed settings file (for tests)
  --launcher-dir DIR  with --managed: another directory for the launcher (for tests)
`;

export const UNINSTALL_HELP =
  `Usage: hook-run uninstall claude [--settings PATH | --managed [--managed-settings PATH] [--launcher-dir DIR]]

Removes the routing to hookgate that hook-run install wrote from the user's
Claude settings (~/.claude/settings.json) — the entries it marked
"hookgate": "routing", and exactly what earlier installs wrote, wherever they
are; never a hook of yours — and moves the hooks hook-run install moved to
$HOOKGATE_HOME/${CLAUDE_HOOKS_FILE} back into it, after a timestamped backup.
Everything else in the file stays. The launcher stays in $HOOKGATE_HOME.
With --managed, the routing goes from Claude's managed settings file
(${claudeManagedSettingsPath()}) instead; the system launcher stays.
`;

const CLAUDE = "claude";
const LAUNCHER = "launcher";

export async function installCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseFlags("install", args, {
    serve: { type: "boolean" },
    port: { type: "string" },
    "token-env": { type: "string" },
    "least-privilege": { type: "boolean" },
    "keep-hooks": { type: "boolean" },
    settings: { type: "string" },
    managed: { type: "boolean" },
    "managed-settings": { type: "string" },
    "launcher-dir": { type: "string" },
  });
  if (values.help) {
    io.stdout(INSTALL_HELP);
    return 0;
  }
  if (agentOf("install", positionals, values) === LAUNCHER) return await launcherCommand(values, io);
  const serve = values.serve === true;
  const port = portOf(values.port as string | undefined, serve);
  const tokenEnv = values["token-env"] as string | undefined;
  if (tokenEnv !== undefined && !serve) throw new CliError("--token-env is for --serve (the gateway needs no token)");
  const managed = await managedPlaces(values);
  if (managed !== undefined) {
    if (serve || values["least-privilege"] === true || values.settings !== undefined) {
      throw new CliError(
        "--managed writes Claude's managed settings and a system launcher with --allow-all: it takes neither --serve, --least-privilege nor --settings",
      );
    }
  }
  const home = managed?.launcherDir ?? hookgateHome();
  // --port or --token-env asks for HTTP hooks to that port; --serve alone, for the fast path over the socket.
  const socket = serve && values.port === undefined && tokenEnv === undefined ? serveSocketPath(home) : undefined;
  const options: InstallClaudeOptions = {
    serve,
    port,
    tokenEnv,
    ...(socket === undefined ? {} : { socket }),
    leastPrivilege: values["least-privilege"] === true,
    // The managed file's own hooks are the administrator's: they stay where no user can remove them.
    keepHooks: values["keep-hooks"] === true || managed !== undefined,
    home,
    settingsPath: managed?.settingsPath ?? await settingsFile(values.settings as string | undefined),
    settingsFlag: values.settings !== undefined,
    ...(managed === undefined ? {} : { managed: true, managedFlags: managed.flags }),
    cwd: await absolutePath((values.cwd as string | undefined) ?? "."),
  };
  const report = await installClaude(options);
  const { settingsPath } = options;
  if (!report.changed) {
    io.stdout(
      `hook-run install claude: nothing to change: ${printable(settingsPath)} already routes to ${
        printable(report.bin)
      }, which is up to date\n`,
    );
    return 0;
  }
  io.stdout(`hook-run install claude: Claude Code's hooks now go through hookgate\n${report.lines.join("\n")}\n`);
  io.stdout(
    socket !== undefined
      ? `Start the server, under a supervisor that restarts it: ${printable(quote(report.bin))} serve --socket ` +
        `(while it is down, or stopped, the gateway answers each call)\n`
      : serve
      ? `Start the server, under a supervisor that restarts it: ${printable(quote(report.bin))} serve --port ${port}${
        tokenEnv === undefined ? "" : ` --token-env ${tokenEnv}`
      }\n`
      : `See what the gateway runs: ${printable(quote(report.bin))} check (in a project)\n`,
  );
  return 0;
}

export async function uninstallCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseFlags("uninstall", args, {
    settings: { type: "string" },
    managed: { type: "boolean" },
    "managed-settings": { type: "string" },
    "launcher-dir": { type: "string" },
  });
  if (values.help) {
    io.stdout(UNINSTALL_HELP);
    return 0;
  }
  agentOf("uninstall", positionals, values);
  const managed = await managedPlaces(values);
  const home = managed?.launcherDir ?? hookgateHome();
  const settingsPath = managed?.settingsPath ?? await settingsFile(values.settings as string | undefined);
  const report = await uninstallClaude({ home, settingsPath });
  if (!report.changed) {
    io.stdout(`hook-run uninstall claude: nothing to change: ${printable(settingsPath)} does not route to hookgate\n`);
    return 0;
  }
  io.stdout(`hook-run uninstall claude: Claude Code no longer routes to hookgate\n${report.lines.join("\n")}\n`);
  return 0;
}

/** `hook-run install launcher`: the launcher alone. */
async function launcherCommand(values: Record<string, unknown>, io: CliIo): Promise<number> {
  const claudeOnly = [
    "serve",
    "port",
    "token-env",
    "keep-hooks",
    "settings",
    "managed",
    "managed-settings",
    "launcher-dir",
  ]
    .filter((name) => values[name] !== undefined);
  if (claudeOnly.length > 0) {
    throw new CliError(`install launcher takes only --least-privilege and --cwd, not --${claudeOnly[0]}`);
  }
  const report = await installLauncher({
    home: hookgateHome(),
    leastPrivilege: values["least-privilege"] === true,
    cwd: await absolutePath((values.cwd as string | undefined) ?? "."),
  });
  const bin = printable(quote(report.bin));
  if (!report.changed) {
    io.stdout(`hook-run install launcher: nothing to change: ${bin} is up to date\n`);
    return 0;
  }
  io.stdout(`hook-run install launcher: built\n${report.lines.join("\n")}\n`);
  io.stdout(
    `Name it in the agent's settings: ${bin} gateway --agent NAME (see docs/agents/), or put it on PATH as hook-run\n`,
  );
  return 0;
}

function agentOf(command: string, positionals: string[], values: Record<string, unknown>): string {
  const allowed = command === "install" ? [CLAUDE, LAUNCHER] : [CLAUDE];
  if (positionals.length !== 1 || !allowed.includes(positionals[0]!)) {
    throw new CliError(
      `${command} takes what to ${command}: ${allowed.map((what) => `hook-run ${command} ${what}`).join(" or ")}`,
    );
  }
  const flags = commonFlags(values);
  if (flags.config.length + flags.extensions.length + flags.plugins.length > 0 || flags.json) {
    throw new CliError(
      `${command} takes no --config, --plugin, --extension or --json (see hook-run ${command} --help)`,
    );
  }
  return positionals[0]!;
}

function portOf(text: string | undefined, serve: boolean): number {
  if (text === undefined) return DEFAULT_SERVE_PORT;
  if (!serve) throw new CliError("--port is for --serve");
  const port = Number(text);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new CliError(`--port must be a port number from 1 to 65535, got "${text}"`);
  }
  return port;
}

/** With --managed: Claude's managed settings file and the system launcher directory (each overridable, for tests). */
async function managedPlaces(
  values: Record<string, unknown>,
): Promise<{ settingsPath: string; launcherDir: string; flags: string[] } | undefined> {
  const settings = values["managed-settings"] as string | undefined;
  const dir = values["launcher-dir"] as string | undefined;
  if (values.managed !== true) {
    if (settings !== undefined || dir !== undefined) {
      throw new CliError("--managed-settings and --launcher-dir are for --managed");
    }
    return undefined;
  }
  const settingsPath = settings === undefined ? claudeManagedSettingsPath() : await absolutePath(settings);
  const launcherDir = dir === undefined ? systemLauncherDir() : await absolutePath(dir);
  const flags = [
    ...(settings === undefined ? [] : [`--managed-settings ${quote(settingsPath)}`]),
    ...(dir === undefined ? [] : [`--launcher-dir ${quote(launcherDir)}`]),
  ];
  return { settingsPath, launcherDir, flags };
}

function hookgateHome(): string {
  const home = defaultHome();
  if (home === undefined) throw new CliError("no home directory is known for hookgate's files; set HOOKGATE_HOME");
  return home;
}

async function settingsFile(flag: string | undefined): Promise<string> {
  if (flag !== undefined) return await absolutePath(flag);
  const home = readGrantedEnv("HOME");
  if (home === undefined) throw new CliError("HOME is not set: pass the Claude settings file with --settings PATH");
  return `${home}/.claude/settings.json`;
}
