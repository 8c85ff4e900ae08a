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
  type ClaudeRoute,
  claudeRoutedEvents,
  claudeRoutingGroup,
  type ClaudeSettings,
  claudeSettingsProblem,
  type ClaudeSettingsSplit,
  claudeTimeouts,
  isClaudeRouting,
  routingTimeout,
  splitClaudeSettings,
  type SplitClaudeSettingsOptions,
} from "../dialects/mod.ts";
import { commonFlags, parseFlags } from "./_args.ts";
import { readGrantedEnv } from "../_internal/env.ts";
import { CliError } from "../_internal/cli_error.ts";
import { printable } from "../_internal/printable.ts";
import type { CliIo } from "../_internal/cli_io.ts";
import {
  backUp,
  changedSince,
  type JsonFile,
  jsonText,
  readJsonFile,
  removeFile,
  replaceFile,
  writeTarget,
} from "./_json_file.ts";
import {
  bundledCli,
  launcherBuild,
  launcherFlags,
  launcherPaths,
  launcherScript,
  quote,
  sha256,
  sourceDigest,
  stableDenoPath,
  startModule,
} from "./_launcher.ts";
import { INSTALL_FIX, launcherStaleness } from "./_launcher_state.ts";
import { flagWords, hookRunFlags, mergeFlags } from "./_launcher_flags.ts";
import { absolutePath } from "./_path.ts";
import { DEFAULT_SERVE_PORT } from "../server/mod.ts";

export const INSTALL_HELP = `Usage: hook-run install claude [--serve [--port N] [--token-env NAME]] [--least-privilege]
                              [--keep-hooks] [--settings PATH] [--cwd DIR]

Routes every Claude Code event hookgate models to hookgate, from the user's
Claude settings (~/.claude/settings.json), so that every project gets
hookgate's guarantees:

- builds the launcher it routes to: the CLI bundled into
  $HOOKGATE_HOME/hook-run.js, the start module that loads it and
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
  timestamped backup: command hooks "<launcher> gateway", or with --serve HTTP
  hooks to http://127.0.0.1:<port>/hooks/<Event> (SessionStart and Setup
  still through the gateway: Claude runs only command hooks there), each
  marked "hookgate": "routing". Run the server yourself, under a supervisor
  (see docs/serve.md).

Running it again changes nothing and says so; with --least-privilege it adds
what the current project's hooks need to the launcher's flags. A settings
file that is not valid JSON, or not shaped as Claude reads it, or a link to
nothing, is refused: nothing is changed. The file keeps its mode and its
symbolic link (the file it points to is written), and an edit made to it
while install runs is never overwritten: install reads it again.

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

Removes the routing to hookgate that hook-run install wrote from the user's
Claude settings (~/.claude/settings.json) — the entries it marked
"hookgate": "routing", and exactly what earlier installs wrote, wherever they
are; never a hook of yours — and moves the hooks hook-run install moved to
$HOOKGATE_HOME/${CLAUDE_HOOKS_FILE} back into it, after a timestamped backup.
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
  const options: InstallOptions = {
    serve,
    port,
    tokenEnv,
    leastPrivilege: values["least-privilege"] === true,
    keepHooks: values["keep-hooks"] === true,
    home: hookgateHome(),
    settingsPath: await settingsFile(values.settings as string | undefined),
    settingsFlag: values.settings !== undefined,
    cwd: await absolutePath((values.cwd as string | undefined) ?? "."),
  };
  const { home, settingsPath } = options;
  const movedPath = `${home}/${CLAUDE_HOOKS_FILE}`;
  const paths = launcherPaths(home);

  // Read and check everything first: a refusal changes nothing.
  await readSettings(settingsPath, "the Claude settings file");
  await readSettings(movedPath, "hookgate's file of moved Claude hooks");
  // Bundled before the files are read for good: it takes most of a second,
  // and an edit made to the settings meanwhile must be in what is written.
  const bundle = await bundledCli();
  const stale = await launcherStaleness(home);
  for (let attempt = 1; attempt <= WRITE_ATTEMPTS; attempt++) {
    const plan = await planInstall(options, bundle);
    const { settings, moved, movedNext, split } = plan;
    if (
      !plan.bundleChanged && !plan.startChanged && !plan.scriptChanged && !plan.movedChanged && !plan.settingsChanged
    ) {
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
    if (plan.bundleChanged) await replaceFile(paths.bundle, bundle, { mode: 0o644, keepMode: false });
    lines.push(`  bundle    ${printable(paths.bundle)} (${plan.bundleChanged ? "written" : "unchanged"})`);
    if (plan.startChanged) await replaceFile(paths.start, plan.start, { mode: 0o644, keepMode: false });
    if (plan.scriptChanged) await replaceFile(paths.bin, plan.script, { mode: 0o755, keepMode: false });
    lines.push(
      `  launcher  ${printable(paths.bin)} (${plan.scriptChanged || plan.startChanged ? "written" : "unchanged"}): ${
        printable(plan.deno)
      } ${plan.flags.join(" ")}`,
    );
    if (stale.problems.length > 0) lines.push(`  stale     it was stale, and is rebuilt: ${stale.problems.join("; ")}`);
    if (options.leastPrivilege && plan.flags.includes("--allow-env")) {
      lines.push(
        "  env       --allow-env has no list: the Claude hooks hookgate runs inherit the agent's whole environment, " +
          'as Claude\'s own do ("sanitizeEnv": true gives them the sanitized one)',
      );
    }
    // What holds hooks (and their headers) is readable by its owner only.
    const movedText = jsonText(movedNext);
    if (plan.movedChanged) {
      if (!await replaceFile(movedPath, movedText, { ...PRIVATE, expect: moved?.text ?? null })) continue;
      lines.push(
        `  moved     ${split.movedCount === 1 ? "1 hook" : `${split.movedCount} hooks`} on ${
          Object.keys(split.moved).join(", ")
        } to ${printable(movedPath)}: hookgate runs them now, once`,
      );
    }
    lines.push(...plan.notes);
    if (!await writeSettings({ settingsPath, settings, next: plan.next, lines })) {
      // Claude's file changed since it was read: the moved hooks go back as they were, and it is read again.
      if (plan.movedChanged) {
        if (moved === undefined) await removeFile(movedPath);
        else await replaceFile(movedPath, moved.text, { ...PRIVATE, expect: movedText });
      }
      continue;
    }
    const target = serve
      ? `http://127.0.0.1:${port}/hooks/<Event> (SessionStart, Setup: the gateway)`
      : plan.route.command;
    lines.push(`  routing   ${plan.routed.length} events → ${printable(target)}: ${plan.routed.join(", ")}`);
    if (split.routingCount > 0 && plan.settingsChanged) {
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
  throw changedMeanwhile("install", settingsPath);
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
  for (let attempt = 1; attempt <= WRITE_ATTEMPTS; attempt++) {
    const settings = await readSettings(settingsPath, "the Claude settings file");
    const moved = await readSettings(movedPath, "hookgate's file of moved Claude hooks");
    const split = splitClaudeSettings(settingsValue(settings), { routes: installedRouting(home), move: () => false });
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
      io.stdout(
        `hook-run uninstall claude: nothing to change: ${printable(settingsPath)} does not route to hookgate\n`,
      );
      return 0;
    }
    const lines: string[] = [];
    if ((settingsChanged || count > 0) && !await writeSettings({ settingsPath, settings, next, lines })) continue;
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
  throw changedMeanwhile("uninstall", settingsPath);
}

/** How often install and uninstall read the settings again when they changed before they were written. */
const WRITE_ATTEMPTS = 3;

/** The mode of a file holding hooks and their headers, whatever it had. */
const PRIVATE = { mode: 0o600, keepMode: false } as const;

/** What `hook-run install claude` was asked. */
interface InstallOptions {
  serve: boolean;
  port: number;
  tokenEnv: string | undefined;
  leastPrivilege: boolean;
  keepHooks: boolean;
  home: string;
  settingsPath: string;
  /** Whether --settings named the file. */
  settingsFlag: boolean;
  /** The project --least-privilege covers. */
  cwd: string;
}

/** What one attempt of install decided to write, from the files as they are now. */
interface InstallPlan {
  settings: JsonFile | undefined;
  moved: JsonFile | undefined;
  split: ClaudeSettingsSplit;
  movedNext: ClaudeSettings;
  next: ClaudeSettings;
  routed: string[];
  route: ClaudeRoute;
  /** The launcher's Deno. */
  deno: string;
  flags: string[];
  script: string;
  start: string;
  bundleChanged: boolean;
  startChanged: boolean;
  scriptChanged: boolean;
  movedChanged: boolean;
  settingsChanged: boolean;
  /** What install says about the hooks it left where they were. */
  notes: string[];
}

async function planInstall(options: InstallOptions, bundle: Uint8Array): Promise<InstallPlan> {
  const { serve, port, tokenEnv, leastPrivilege, keepHooks, home, settingsPath } = options;
  const movedPath = `${home}/${CLAUDE_HOOKS_FILE}`;
  const paths = launcherPaths(home);
  const settings = await readSettings(settingsPath, "the Claude settings file");
  const moved = await readSettings(movedPath, "hookgate's file of moved Claude hooks");
  const routed = claudeRoutedEvents();
  // What hookgate cannot run outside Claude stays in Claude's file, where Claude runs it.
  let leftToClaude = 0;
  // A user's hook to a local /hooks URL: hookgate's layers would take it for its own routing and leave it out.
  let callsUrl = 0;
  // Routing to hookgate written by hand: it moves (hookgate leaves it out), and uninstall puts it back.
  let ownRouting = 0;
  const split = splitClaudeSettings(settingsValue(settings), {
    routes: installedRouting(home),
    move: (event, hook, handler) => {
      if (keepHooks || !routed.includes(event)) return false;
      if (claudeOnlyHandler(handler) !== undefined) {
        leftToClaude++;
        return false;
      }
      if (hook !== undefined && hookgateRoute(hook) !== undefined) {
        if (callsHooksUrl(handler)) {
          callsUrl++;
          return false;
        }
        ownRouting++;
      }
      return true;
    },
  });
  const movedNext = addClaudeHooks(settingsValue(moved), split.moved);
  const movedHooks = (movedNext.hooks ?? {}) as ClaudeHooks;
  const route: ClaudeRoute = {
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

  const oldBundle = await Deno.readFile(paths.bundle).catch(() => undefined);
  const oldStart = await Deno.readTextFile(paths.start).catch(() => undefined);
  const oldScript = await Deno.readTextFile(paths.bin).catch(() => undefined);
  const flags = leastPrivilege
    ? await leastFlags(home, options.cwd, movedNext, movedPath, { serve, tokenEnv, previous: oldScript })
    : ["--allow-all"];
  const deno = await stableDenoPath(readGrantedEnv("PATH"));
  const again = [
    ...(leastPrivilege ? ["--least-privilege"] : []),
    ...(serve ? ["--serve", `--port ${port}`] : []),
    ...(tokenEnv === undefined ? [] : [`--token-env ${quote(tokenEnv)}`]),
    ...(keepHooks ? ["--keep-hooks"] : []),
    ...(options.settingsFlag ? [`--settings ${quote(settingsPath)}`] : []),
  ];
  const rebuild = leastPrivilege
    ? [quote(deno), "run --allow-all", quote(paths.bundle), "install claude", ...again].join(" ")
    : undefined;
  const fix = [INSTALL_FIX, ...again].join(" ");
  const digest = await sha256(bundle);
  // A launcher rebuilding itself copies its bundle: the source it came from stays known.
  const previous = oldScript === undefined ? undefined : launcherBuild(oldScript);
  const source = await sourceDigest() ?? (previous?.bundle === digest ? previous.source : undefined);
  const build = { deno: Deno.version.deno, bundle: digest, ...(source === undefined ? {} : { source }) };
  const script = launcherScript({ home, deno, flags, build, fix, ...(rebuild ? { rebuild } : {}) });
  const start = startModule({ bundle: paths.bundle, deno: Deno.version.deno, fix });

  const notes: string[] = [];
  const kept = Object.keys((split.settings.hooks ?? {}) as ClaudeHooks).filter((event) =>
    keepHooks || !routed.includes(event)
  );
  if (kept.length > 0) {
    notes.push(
      `  kept      the hooks on ${kept.join(", ")} stay in Claude's file: Claude runs them${
        keepHooks ? " (--keep-hooks)" : " (events hookgate does not model)"
      }`,
    );
  }
  if (leftToClaude > 0) {
    notes.push(
      `  kept      ${leftToClaude === 1 ? "1 hook" : `${leftToClaude} hooks`} hookgate cannot run outside Claude ` +
        "(mcp_tool, agent, PowerShell) stay in Claude's file: Claude runs them beside the routing",
    );
  }
  if (callsUrl > 0) {
    notes.push(
      `  kept      ${callsUrl === 1 ? "1 hook" : `${callsUrl} hooks`} calling a local /hooks URL (an HTTP hook, ` +
        "curl or wget) stay in Claude's file: Claude runs them beside the routing, as before (hookgate would take " +
        "them for its own routing)",
    );
  }
  if (ownRouting > 0) {
    notes.push(
      `  note      ${ownRouting === 1 ? "1 moved hook routes" : `${ownRouting} moved hooks route`} to hookgate ` +
        "itself (hook-run gateway, written by hand): hookgate leaves it out, since it would start hookgate " +
        "again (hook-run check says so); uninstall puts it back",
    );
  }
  return {
    settings,
    moved,
    split,
    movedNext,
    next,
    routed,
    route,
    deno,
    flags,
    script,
    start,
    bundleChanged: oldBundle === undefined || !sameBytes(oldBundle, bundle),
    startChanged: oldStart !== start,
    scriptChanged: oldScript !== script,
    movedChanged: split.movedCount > 0,
    settingsChanged: settings === undefined || JSON.stringify(settings.value) !== JSON.stringify(next),
    notes,
  };
}

/**
 * Writes the settings after a backup, when they changed; says what it did in
 * `lines`. False, having written nothing, when the file is no longer what
 * `settings` read: an edit made meanwhile is never overwritten.
 */
async function writeSettings(plan: Plan): Promise<boolean> {
  const { settingsPath, settings, next, lines } = plan;
  if (settings !== undefined && JSON.stringify(settings.value) === JSON.stringify(next)) {
    lines.push(`  settings  ${printable(settingsPath)} (unchanged)`);
    return true;
  }
  if (await changedSince(settingsPath, settings)) return false;
  const backup = settings === undefined ? undefined : await backUp(settingsPath);
  // A new file holds hooks (and maybe their headers): its owner's only. An existing one keeps its mode.
  if (!await replaceFile(settingsPath, jsonText(next), { mode: 0o600, expect: settings?.text ?? null })) {
    if (backup !== undefined) await removeFile(backup);
    return false;
  }
  if (backup !== undefined) lines.push(`  backup    ${printable(backup)}`);
  const target = await writeTarget(settingsPath);
  lines.push(
    `  settings  ${printable(settingsPath)} (written${
      target === settingsPath ? "" : `: to ${printable(target)}, where its link points`
    })`,
  );
  return true;
}

/** The refusal when a file kept changing between reading it and writing it. */
function changedMeanwhile(command: string, path: string): CliError {
  return new CliError(
    `${printable(path)} changed while hook-run ${command} was writing it, ${WRITE_ATTEMPTS} times: it is left as it ` +
      `is now; run hook-run ${command} claude again`,
  );
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
  const trust = readGrantedEnv("HOOKGATE_TRUST_PROJECT") === "1" ? { trust: "all" as const } : {};
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

/** Whether a handler is routing install wrote: marked, or exactly what an earlier install wrote for this home. */
function installedRouting(home: string): SplitClaudeSettingsOptions["routes"] {
  const homes = [
    home,
    ...[readGrantedEnv("HOME")].flatMap((dir) => dir === undefined ? [] : [`${dir}/.config/hookgate`]),
  ];
  const earlierCommands = homes.map((dir) => `${quote(launcherPaths(dir).bin)} gateway`);
  return (_hook, handler, event) => isClaudeRouting(handler, event, { earlierCommands });
}

/** Whether a handler calls a URL (an HTTP hook, curl or wget) rather than running hook-run gateway. */
function callsHooksUrl(handler: ClaudeSettings): boolean {
  if (handler.type === "http") return true;
  const words = [handler.command, ...Array.isArray(handler.args) ? handler.args : []].join(" ");
  return /(?:^|[\s/;&|(])(?:curl|wget)(?:\s|$)/.test(words);
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
  const home = readGrantedEnv("HOME");
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
