// `hook-run install claude` and `hook-run uninstall claude`: route Claude
// Code's events to hookgate from the user's ~/.claude/settings.json, through
// a launcher built in the hookgate home, and move the user's own Claude
// hooks into a hookgate-owned file so that hookgate runs each of them once;
// and undo exactly that.

import { checkConfig, type ConfiguredHook, type ConfiguredHooks } from "../../mod.ts";
import { CLAUDE_HOOKS_FILE, defaultHome, hookgateRoute, parseHooksConfig } from "../config/mod.ts";
import {
  addClaudeHooks,
  type ClaudeHooks,
  claudeOnlyHandler,
  claudeRoutedEvents,
  claudeRoutingGroup,
  type ClaudeSettings,
  claudeSettingsProblem,
  claudeTimeouts,
  routingTimeout,
  splitClaudeSettings,
} from "../dialects/mod.ts";
import { commonFlags, parseFlags } from "./_args.ts";
import { readEnv } from "./_env.ts";
import { CliError, type CliIo, printable } from "./_io.ts";
import { backUp, type JsonFile, jsonText, readJsonFile, removeFile, replaceFile } from "./_json_file.ts";
import { bundledCli, launcherFlags, launcherPaths, launcherScript, quote } from "./_launcher.ts";
import { flagWords, hookRunFlags, mergeFlags } from "./_launcher_flags.ts";
import { absolutePath } from "./_path.ts";
import { DEFAULT_SERVE_PORT } from "./_serve_flags.ts";

export const INSTALL_HELP = `Usage: hook-run install claude [--serve [--port N] [--token-env NAME]] [--least-privilege]
                              [--keep-hooks] [--settings PATH] [--cwd DIR]

Routes every Claude Code event hookgate models to hookgate, from the user's
Claude settings (~/.claude/settings.json), so that every project gets
hookgate's guarantees:

- builds the launcher it routes to: the CLI bundled into
  $HOOKGATE_HOME/hook-run.js and $HOOKGATE_HOME/bin/hook-run, which runs it
  with this Deno and --allow-all (or, with --least-privilege, the flags the
  configuration needs);
- moves the hooks already in that file (on the events hookgate models) into
  $HOOKGATE_HOME/${CLAUDE_HOOKS_FILE}, which hookgate loads in Claude's dialect, so
  that hookgate runs each of them, once, and Claude's file keeps only the
  routing (--keep-hooks leaves them to Claude instead);
- writes the routing, merged with everything else in the file, after a
  timestamped backup: command hooks "<launcher> gateway", or with --serve HTTP
  hooks to http://127.0.0.1:<port>/hooks/<Event> (SessionStart and Setup
  still through the gateway: Claude runs only command hooks there). Run the
  server yourself, under a supervisor (see docs/serve.md).

Running it again changes nothing and says so; with --least-privilege it adds
what the current project's hooks need to the launcher's flags. A settings
file that is not valid JSON, or not shaped as Claude reads it, is refused:
nothing is changed.

Options:
  --serve             route to hook-run serve instead of the gateway
  --port N            the server's port (default ${DEFAULT_SERVE_PORT})
  --token-env NAME    the server's --token-env: each HTTP hook sends "Bearer $NAME"
  --least-privilege   build the launcher with the flags the configuration needs
                      (your layers and the current project's), not --allow-all
  --keep-hooks        leave the hooks of the settings file to Claude
  --settings PATH     the Claude settings file (default ~/.claude/settings.json)
  --cwd DIR           the project whose hooks --least-privilege covers (default: here)
`;

export const UNINSTALL_HELP = `Usage: hook-run uninstall claude [--settings PATH]

Removes the routing to hookgate from the user's Claude settings
(~/.claude/settings.json) — every entry that runs hook-run gateway or calls
hook-run serve, wherever it is — and moves the hooks hook-run install moved
to $HOOKGATE_HOME/${CLAUDE_HOOKS_FILE} back into it, after a timestamped backup.
Everything else in the file stays. The launcher stays in $HOOKGATE_HOME.
`;

const CLAUDE = "claude";

/** What a run decided to write, and what it says about it. */
interface Plan {
  settingsPath: string;
  settings: JsonFile | undefined;
  next: ClaudeSettings;
  lines: string[];
}

export async function installCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseFlags("install", args, {
    serve: { type: "boolean" },
    port: { type: "string" },
    "token-env": { type: "string" },
    "least-privilege": { type: "boolean" },
    "keep-hooks": { type: "boolean" },
    settings: { type: "string" },
  });
  if (values.help) {
    io.stdout(INSTALL_HELP);
    return 0;
  }
  agentOf("install", positionals, values);
  const serve = values.serve === true;
  const port = portOf(values.port as string | undefined, serve);
  const tokenEnv = values["token-env"] as string | undefined;
  if (tokenEnv !== undefined && !serve) throw new CliError("--token-env is for --serve (the gateway needs no token)");
  const leastPrivilege = values["least-privilege"] === true;
  const keepHooks = values["keep-hooks"] === true;
  const home = hookgateHome();
  const settingsPath = await settingsFile(values.settings as string | undefined);
  const movedPath = `${home}/${CLAUDE_HOOKS_FILE}`;
  const paths = launcherPaths(home);

  // Read and check everything first: a refusal changes nothing.
  const settings = await readSettings(settingsPath, "the Claude settings file");
  const moved = await readSettings(movedPath, "hookgate's file of moved Claude hooks");
  const routed = claudeRoutedEvents();
  // What hookgate cannot run outside Claude stays in Claude's file, where Claude runs it.
  let leftToClaude = 0;
  const split = splitClaudeSettings(settingsValue(settings), {
    routes: isRouting,
    move: (event, _hook, handler) => {
      if (keepHooks || !routed.includes(event)) return false;
      if (claudeOnlyHandler(handler) === undefined) return true;
      leftToClaude++;
      return false;
    },
  });
  const movedNext = addClaudeHooks(settingsValue(moved), split.moved);
  const movedHooks = (movedNext.hooks ?? {}) as ClaudeHooks;
  const route = {
    command: `${quote(paths.bin)} gateway`,
    ...(serve ? { url: `http://127.0.0.1:${port}/hooks` } : {}),
    ...(tokenEnv === undefined ? {} : { tokenEnv }),
  };
  const timeouts = claudeTimeouts(movedHooks);
  const next = inOrderOf(
    settingsValue(settings),
    addClaudeHooks(
      split.settings,
      Object.fromEntries(routed.map((e) => [e, [claudeRoutingGroup(e, route, routingTimeout(e, timeouts))]])),
    ),
  );

  const bundle = await bundledCli();
  const oldBundle = await Deno.readFile(paths.bundle).catch(() => undefined);
  const oldScript = await Deno.readTextFile(paths.bin).catch(() => undefined);
  const flags = leastPrivilege
    ? await leastFlags(home, await absolutePath((values.cwd as string | undefined) ?? "."), movedNext, movedPath, {
      serve,
      tokenEnv,
      previous: oldScript,
    })
    : ["--allow-all"];
  const rebuild = leastPrivilege
    ? [
      quote(Deno.execPath()),
      "run --allow-all",
      quote(paths.bundle),
      "install claude --least-privilege",
      ...(serve ? ["--serve", `--port ${port}`] : []),
      ...(tokenEnv === undefined ? [] : [`--token-env ${quote(tokenEnv)}`]),
      ...(keepHooks ? ["--keep-hooks"] : []),
      ...(values.settings === undefined ? [] : [`--settings ${quote(settingsPath)}`]),
    ].join(" ")
    : undefined;
  const script = launcherScript({ home, bundle: paths.bundle, flags, ...(rebuild ? { rebuild } : {}) });

  const bundleChanged = oldBundle === undefined || !sameBytes(oldBundle, bundle);
  const scriptChanged = oldScript !== script;
  const movedChanged = split.movedCount > 0;
  const settingsChanged = settings === undefined || JSON.stringify(settings.value) !== JSON.stringify(next);
  if (!bundleChanged && !scriptChanged && !movedChanged && !settingsChanged) {
    io.stdout(
      `hook-run install claude: nothing to change: ${printable(settingsPath)} already routes to ${
        printable(paths.bin)
      }, which is up to date\n`,
    );
    return 0;
  }

  // Written in the order that never loses a hook: the moved hooks exist in
  // hookgate's file before Claude's file stops holding them.
  const lines: string[] = [];
  if (bundleChanged) await replaceFile(paths.bundle, bundle);
  lines.push(`  bundle    ${printable(paths.bundle)} (${bundleChanged ? "written" : "unchanged"})`);
  if (scriptChanged) await replaceFile(paths.bin, script, 0o755);
  lines.push(
    `  launcher  ${printable(paths.bin)} (${scriptChanged ? "written" : "unchanged"}): deno ${flags.join(" ")}`,
  );
  if (leastPrivilege && flags.includes("--allow-env")) {
    lines.push(
      "  env       --allow-env has no list: the Claude hooks hookgate runs inherit the agent's whole environment, " +
        'as Claude\'s own do ("sanitizeEnv": true gives them the sanitized one)',
    );
  }
  if (movedChanged) {
    await replaceFile(movedPath, jsonText(movedNext));
    lines.push(
      `  moved     ${split.movedCount === 1 ? "1 hook" : `${split.movedCount} hooks`} on ${
        Object.keys(split.moved).join(", ")
      } to ${printable(movedPath)}: hookgate runs them now, once`,
    );
  }
  const kept = Object.keys((split.settings.hooks ?? {}) as ClaudeHooks).filter((event) =>
    keepHooks || !routed.includes(event)
  );
  if (kept.length > 0) {
    lines.push(
      `  kept      the hooks on ${kept.join(", ")} stay in Claude's file: Claude runs them${
        keepHooks ? " (--keep-hooks)" : " (events hookgate does not model)"
      }`,
    );
  }
  if (leftToClaude > 0) {
    lines.push(
      `  kept      ${leftToClaude === 1 ? "1 hook" : `${leftToClaude} hooks`} hookgate cannot run outside Claude ` +
        "(mcp_tool, agent, PowerShell) stay in Claude's file: Claude runs them beside the routing",
    );
  }
  await writeSettings({ settingsPath, settings, next, lines });
  const target = serve ? `http://127.0.0.1:${port}/hooks/<Event> (SessionStart, Setup: the gateway)` : route.command;
  lines.push(`  routing   ${routed.length} events → ${printable(target)}: ${routed.join(", ")}`);
  if (split.routingCount > 0 && settingsChanged) {
    lines.push(`  replaced  ${split.routingCount} earlier routing entries`);
  }
  io.stdout(`hook-run install claude: Claude Code's hooks now go through hookgate\n${lines.join("\n")}\n`);
  io.stdout(
    serve
      ? `Start the server, under a supervisor that restarts it: ${printable(quote(paths.bin))} serve --port ${port}${
        tokenEnv === undefined ? "" : ` --token-env ${tokenEnv}`
      }\n`
      : `See what the gateway runs: ${printable(quote(paths.bin))} check (in a project)\n`,
  );
  return 0;
}

export async function uninstallCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseFlags("uninstall", args, { settings: { type: "string" } });
  if (values.help) {
    io.stdout(UNINSTALL_HELP);
    return 0;
  }
  agentOf("uninstall", positionals, values);
  const home = hookgateHome();
  const settingsPath = await settingsFile(values.settings as string | undefined);
  const movedPath = `${home}/${CLAUDE_HOOKS_FILE}`;
  const settings = await readSettings(settingsPath, "the Claude settings file");
  const moved = await readSettings(movedPath, "hookgate's file of moved Claude hooks");
  const split = splitClaudeSettings(settingsValue(settings), { routes: isRouting, move: () => false });
  const back = (settingsValue(moved).hooks ?? {}) as ClaudeHooks;
  const next = inOrderOf(settingsValue(settings), addClaudeHooks(split.settings, back));
  // The hooks key install added to a file that had none goes again.
  if (Object.keys(next.hooks as ClaudeHooks).length === 0 && settings?.value !== undefined) {
    if (!Object.hasOwn(settings.value as ClaudeSettings, "hooks")) delete next.hooks;
  }
  const count = Object.values(back).flat().reduce<number>(
    (n, group) => n + ((group as ClaudeSettings).hooks as unknown[]).length,
    0,
  );
  const settingsChanged = settings !== undefined && JSON.stringify(settings.value) !== JSON.stringify(next);
  if (!settingsChanged && moved === undefined) {
    io.stdout(`hook-run uninstall claude: nothing to change: ${printable(settingsPath)} does not route to hookgate\n`);
    return 0;
  }
  const lines: string[] = [];
  if (settingsChanged || count > 0) await writeSettings({ settingsPath, settings, next, lines });
  if (split.routingCount > 0) lines.push(`  removed   ${split.routingCount} routing entries`);
  if (moved !== undefined) {
    // Only once Claude's file holds them again.
    await removeFile(movedPath);
    lines.push(
      `  restored  ${count === 1 ? "1 hook" : `${count} hooks`} from ${
        printable(movedPath)
      } (removed): Claude runs them again`,
    );
  }
  const { bin, bundle } = launcherPaths(home);
  lines.push(`  launcher  ${printable(bin)} and ${printable(bundle)} stay: delete them if nothing else uses them`);
  io.stdout(`hook-run uninstall claude: Claude Code no longer routes to hookgate\n${lines.join("\n")}\n`);
  return 0;
}

/** Writes the settings after a backup, when they changed; says what it did in `lines`. */
async function writeSettings(plan: Plan): Promise<void> {
  const { settingsPath, settings, next, lines } = plan;
  if (settings !== undefined && JSON.stringify(settings.value) === JSON.stringify(next)) {
    lines.push(`  settings  ${printable(settingsPath)} (unchanged)`);
    return;
  }
  if (settings !== undefined) lines.push(`  backup    ${printable(await backUp(settingsPath))}`);
  await replaceFile(settingsPath, jsonText(next));
  lines.push(`  settings  ${printable(settingsPath)} (written)`);
}

/** The flags a launcher with least privilege needs: the user's layers, the project's, the moved hooks, and before. */
async function leastFlags(
  home: string,
  projectRoot: string,
  moved: ClaudeSettings,
  movedPath: string,
  options: { serve: boolean; tokenEnv: string | undefined; previous: string | undefined },
): Promise<string[]> {
  // The project's hooks count once it is trusted, as when the gateway runs them.
  const trust = readEnv("HOOKGATE_TRUST_PROJECT") === "1" ? { trust: "all" as const } : {};
  const config = await checkConfig({ projectRoot, home, caller: CLAUDE, ...trust });
  const parsed = parseHooksConfig(jsonText(moved), { path: movedPath, dialect: CLAUDE });
  const hooks: ConfiguredHooks = { ...config.hooks };
  for (const [event, list] of Object.entries(parsed.hooks) as [keyof ConfiguredHooks, ConfiguredHook[]][]) {
    (hooks as Record<string, ConfiguredHook[]>)[event] = [...hooks[event] ?? [], ...list];
  }
  const sanitizeEnv = config.sanitizeEnv === true || parsed.sanitizeEnv === true;
  const source = { hooks, ...(config.models ? { models: config.models } : {}), projectRoot, sanitizeEnv };
  let flags = hookRunFlags(source, {
    // Every project the agent works in: its configuration and the files trust hashes.
    read: "all",
    write: [home],
    ...(options.serve ? { listen: ["127.0.0.1"] } : {}),
    ...(options.tokenEnv === undefined ? {} : { env: [options.tokenEnv] }),
  });
  // What other projects needed stays: the launcher serves them all.
  const before = options.previous === undefined ? undefined : launcherFlags(options.previous);
  if (before !== undefined && !before.has("--allow-all")) flags = mergeFlags(flags, before);
  return flagWords(flags);
}

/** `next` with its events in the order `before` had them (where the routing stood), the rest after. */
function inOrderOf(before: ClaudeSettings, next: ClaudeSettings): ClaudeSettings {
  const hooks = (next.hooks ?? {}) as ClaudeHooks;
  const order = [...Object.keys((before.hooks ?? {}) as ClaudeHooks), ...Object.keys(hooks)];
  const sorted: ClaudeHooks = {};
  for (const event of order) {
    if (Object.hasOwn(hooks, event) && !Object.hasOwn(sorted, event)) sorted[event] = hooks[event]!;
  }
  return { ...next, hooks: sorted };
}

function isRouting(hook: ConfiguredHook): boolean {
  return hookgateRoute(hook) !== undefined;
}

function agentOf(command: string, positionals: string[], values: Record<string, unknown>): void {
  if (positionals.length !== 1 || positionals[0] !== CLAUDE) {
    throw new CliError(`${command} takes the agent to ${command} for: hook-run ${command} claude`);
  }
  const flags = commonFlags(values);
  if (flags.config.length + flags.extensions.length + flags.plugins.length > 0 || flags.json) {
    throw new CliError(
      `${command} takes no --config, --plugin, --extension or --json (see hook-run ${command} --help)`,
    );
  }
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

function hookgateHome(): string {
  const home = defaultHome();
  if (home === undefined) throw new CliError("no home directory is known for hookgate's files; set HOOKGATE_HOME");
  return home;
}

async function settingsFile(flag: string | undefined): Promise<string> {
  if (flag !== undefined) return await absolutePath(flag);
  const home = readEnv("HOME");
  if (home === undefined) throw new CliError("HOME is not set: pass the Claude settings file with --settings PATH");
  return `${home}/.claude/settings.json`;
}

async function readSettings(path: string, what: string): Promise<JsonFile | undefined> {
  const file = await readJsonFile(path, what);
  const problem = file === undefined ? undefined : claudeSettingsProblem(file.value);
  if (problem !== undefined) {
    throw new CliError(`${what} ${printable(path)} cannot be read as Claude reads it: ${problem}; nothing was changed`);
  }
  return file;
}

function settingsValue(file: JsonFile | undefined): ClaudeSettings {
  return (file?.value ?? {}) as ClaudeSettings;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}
