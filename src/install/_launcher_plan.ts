// The launcher one install writes: its flags (--allow-all, or with
// --least-privilege what the configuration needs, merged with what the
// launcher had), the Deno it names, its script and start module — each
// compared with what is there, so that an install with nothing new writes
// nothing.

import { checkConfig, CLAUDE_HOOKS_FILE, parseHooksConfig } from "../config/mod.ts";
import type { ConfiguredHook, ConfiguredHooks } from "../events/configured.ts";
import type { ClaudeSettings } from "../dialects/mod.ts";
import { readGrantedEnv } from "../_internal/env.ts";
import { jsonText } from "./json_file.ts";
import { buildDir, type BundledCli, bundleStub, readBundle } from "./bundle.ts";
import {
  launcherBuild,
  launcherFlags,
  launcherPaths,
  launcherScript,
  oneCallV8Flags,
  quote,
  sourceDigest,
  stableDenoPath,
  startModule,
} from "./launcher.ts";
import { flagWords, hookRunFlags, mergeFlags } from "./launcher_flags.ts";
import { INSTALL_FIX } from "./launcher_state.ts";
import type { InstallClaudeOptions } from "./types.ts";

const CLAUDE = "claude";

/** The launcher one attempt of install writes, and what of it differs from the files there. */
export interface LauncherPlan {
  /** The launcher's Deno. */
  deno: string;
  flags: string[];
  script: string;
  start: string;
  /** The bundle's fixed entry, which runs its build in `lib`. */
  stub: string;
  /** Whether the build or the entry that runs it is not there as install would write them. */
  bundleChanged: boolean;
  startChanged: boolean;
  scriptChanged: boolean;
}

/**
 * The launcher for `bundle`, built with the flags install was asked for;
 * `movedHooks` are the hooks hookgate's file of moved hooks will hold, which
 * least privilege covers too.
 */
export async function planLauncher(
  options: InstallClaudeOptions,
  bundle: BundledCli,
  movedHooks: ClaudeSettings,
): Promise<LauncherPlan> {
  const { serve, port, tokenEnv, leastPrivilege, keepHooks, home, settingsPath } = options;
  const movedPath = `${home}/${CLAUDE_HOOKS_FILE}`;
  const paths = launcherPaths(home);
  const oldStub = await Deno.readTextFile(paths.bundle).catch(() => undefined);
  const oldStart = await Deno.readTextFile(paths.start).catch(() => undefined);
  const oldScript = await Deno.readTextFile(paths.bin).catch(() => undefined);
  const flags = leastPrivilege
    ? await leastFlags(home, options.cwd, movedHooks, movedPath, { serve, tokenEnv, previous: oldScript })
    : ["--allow-all"];
  const deno = await stableDenoPath(readGrantedEnv("PATH"));
  const again = [
    ...(leastPrivilege ? ["--least-privilege"] : []),
    ...(serve ? ["--serve", ...options.socket === undefined ? [`--port ${port}`] : []] : []),
    ...(tokenEnv === undefined ? [] : [`--token-env ${quote(tokenEnv)}`]),
    ...(keepHooks ? ["--keep-hooks"] : []),
    ...(options.settingsFlag ? [`--settings ${quote(settingsPath)}`] : []),
    ...(options.managed ? ["--managed", ...options.managedFlags ?? []] : []),
  ];
  const rebuild = leastPrivilege
    ? [
      quote(deno),
      "run --allow-all",
      quote(paths.bundle),
      options.launcherOnly ? "install launcher" : "install claude",
      ...again,
    ]
      .join(" ")
    : undefined;
  const fix = options.launcherOnly
    ? ["deno task hook-run install launcher", ...leastPrivilege ? ["--least-privilege"] : []].join(" ")
    : [INSTALL_FIX, ...again].join(" ");
  const digest = bundle.digest;
  // A launcher rebuilding itself copies its bundle: the source it came from stays known.
  const previous = oldScript === undefined ? undefined : launcherBuild(oldScript);
  const source = await sourceDigest() ?? (previous?.bundle === digest ? previous.source : undefined);
  const build = { deno: Deno.version.deno, bundle: digest, ...(source === undefined ? {} : { source }) };
  const script = launcherScript({
    home,
    deno,
    flags,
    v8Flags: await oneCallV8Flags(deno),
    build,
    fix,
    ...(rebuild ? { rebuild } : {}),
    ...(options.managed ? { system: true } : {}),
  });
  const start = startModule({ bundle: paths.bundle, deno: Deno.version.deno, fix });
  const stub = bundleStub(digest);
  const built = await readBundle(buildDir(paths.lib, digest)).catch(() => undefined);

  return {
    deno,
    flags,
    script,
    start,
    stub,
    bundleChanged: oldStub !== stub || built?.digest !== digest,
    startChanged: oldStart !== start,
    scriptChanged: oldScript !== script,
  };
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
