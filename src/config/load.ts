/**
 * Loading the configuration layers — user, project, explicit files — into
 * one set of configured hooks.
 *
 * @module
 */

import { join, resolve } from "../_internal/path.ts";
import { PathProbe } from "../_internal/absent.ts";
import type { ConfiguredHooks, PlaceholderHook } from "../events/configured.ts";
import type { ModelsConfig } from "../models/client.ts";
import type { PolicyLayerRules } from "../policy/types.ts";
import type { HookGrants } from "../runner/types.ts";
import { PROJECT_EXTENSIONS_DIR } from "../trust/extension_paths.ts";
import type { ProjectTrust, TrustOption } from "../trust/project_trust.ts";
import { leaveRepeatsToClaude, refuseCallerFiles } from "./_caller_files.ts";
import { claudePluginLayers, listedPlugins } from "./_claude_plugins.ts";
import { discoverModules, extensionModules } from "./_extension_layers.ts";
import { inAgentProject, runIn } from "./_hook_dirs.ts";
import { LayerMerge } from "./_merge.ts";
import { unresolvedModels } from "./_model_check.ts";
import { filePlaceholders } from "./_placeholders.ts";
import { type LayerReads, parseConfigText, type ReadLayer, readLayer } from "./_read_layer.ts";
import { readManagedLayer } from "./_managed_layer.ts";
import { managedLayers, systemManagedDir } from "./managed.ts";
import { decideTrust } from "./_trust_decision.ts";
import { type ConfigDiagnostic, HookConfigError } from "./diagnostics.ts";
import type { ConfigDialect } from "./parsed_config.ts";
import type { RoutingEntry } from "./routing.ts";
import {
  CLAUDE_HOOKS_FILE,
  type ClaudePlugin,
  type ConfigLayer,
  type ConfigLayerOptions,
  configLayers,
  defaultHome,
  type HookAgent,
} from "./layers.ts";

export type { ClaudePlugin, ConfigLayer, ConfigLayerOptions, HookAgent, ProjectTrust, RoutingEntry, TrustOption };
export { AGENT_LABELS, CLAUDE_HOOKS_FILE, configLayers, defaultHome, layerOwner, trustFilePath } from "./layers.ts";
export { AGENT_FILES, type AgentFiles, AGENTS, parseAgent } from "../trust/agent_files.ts";

/**
 * Options of {@linkcode loadConfig}.
 *
 * @example Only explicit files, nothing from the user's home
 * ```ts
 * import type { LoadConfigOptions } from "@hookgate/core";
 *
 * const options: LoadConfigOptions = { paths: ["./hooks.jsonc"], defaultLayers: false };
 * ```
 */
export interface LoadConfigOptions extends ConfigLayerOptions {
  /** Force a dialect for every file (otherwise per file). */
  dialect?: ConfigDialect;
  /**
   * Which project layers count. `"require"`: only when the user's trust
   * file (`<home>/trust.json`) records the project's current digest (its
   * configuration plus the files its hooks run); `"all"`: every project, for
   * this load; a function: decides per project. The user and explicit
   * layers are always the user's own.
   *
   * @default {"require"}
   */
  trust?: TrustOption;
}

/**
 * The result of {@linkcode loadConfig} and {@linkcode checkConfig}.
 *
 * @example Count what was loaded
 * ```ts
 * import { countShellHooks, type LoadedConfig } from "@hookgate/core";
 *
 * function summary(config: LoadedConfig): string {
 *   return `${countShellHooks(config.hooks)} hooks from ${config.layers.filter((l) => l.found).length} files`;
 * }
 * ```
 */
export interface LoadedConfig {
  /**
   * The hooks of every layer, concatenated user → project → explicit per
   * event: every valid entry, also when other entries have errors.
   */
  hooks: ConfiguredHooks;
  /**
   * What stands in for every entry with an error, and for every file (or
   * anything else the load needs, such as the trust file) that cannot be
   * read: placeholders that never run and, where they were closed or
   * policy, deny on their gating event what they could have matched. A
   * host registers them with the hooks (`loadShellHooks(hooks, {placeholders})`).
   * Absent means none.
   */
  placeholders?: PlaceholderHook[];
  /** Every diagnostic of every file. */
  diagnostics: ConfigDiagnostic[];
  /** `true` when no diagnostic is an error. */
  ok: boolean;
  /** The files considered, in order. */
  layers: ConfigLayer[];
  /** Command allowlist additions from every layer. */
  commandAllowlist: string[];
  /** HTTP URL patterns from every layer, or `undefined` when none sets any. */
  httpAllowedUrls?: string[];
  /** Some layer asks for the sanitized environment for every command hook (`sanitizeEnv`). */
  sanitizeEnv?: boolean;
  /**
   * What to do with permissions hooks grant: `"refuse"` when any layer
   * says so (`"hookGrants": "refuse"`) or cannot be read, else `"forward"`.
   */
  hookGrants: HookGrants;
  /**
   * Model endpoints from every layer (a later layer's endpoint replaces one
   * of the same name; the last `default` wins), or `undefined` when none.
   */
  models?: ModelsConfig;
  /**
   * The extension modules to load, in order (absolute paths): the user's
   * `<home>/extensions/`, each layer's `extensions` (relative to its file),
   * and — once the project is trusted — its `.hookgate/extensions/`.
   */
  extensions: string[];
  /**
   * The project layer's trust state, when the project has configuration or
   * extension modules: untrusted project hooks are not in `hooks` but
   * listed in `skipped`, and its modules are not in `extensions`.
   */
  project?: ProjectTrust;
  /**
   * The policy rules of every layer that has a `rules` key, in layer order
   * (see `compilePolicy`). An untrusted project's rules are here too: its
   * `deny` and `ask` rules only restrict, so they apply; its `allow` rules
   * are marked `trusted: false` and do not, until the project is trusted.
   * Absent when no layer has rules.
   */
  rules?: PolicyLayerRules[];
  /**
   * The entries left out because they route the agent's events to hookgate
   * (`hook-run gateway`, a call to `hook-run serve`): run as hooks, they
   * would start hookgate again for every event. Each is also a warning.
   */
  routing?: RoutingEntry[];
}

/**
 * Loads and validates every layer — the user file, the project file, then
 * each explicit path — and concatenates their hooks per event, each hook
 * remembering its `source` file. Errors in any file fail the load with all
 * problems listed at once; warnings load. (A host that must run whatever is
 * good uses {@linkcode checkConfig}, whose result holds the good entries and
 * the placeholders of the broken ones.)
 *
 * @param options Explicit paths (or an options object).
 * @returns The merged configuration.
 * @throws {HookConfigError} When any file has errors, or an explicit path
 * does not exist.
 *
 * @example Load one explicit file
 * ```ts
 * import { loadConfig } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/hooks.jsonc`, `{
 *   // JSON with comments and trailing commas
 *   "hooks": { "Stop": [{ "command": "true" },] },
 * }`);
 * const config = await loadConfig({ paths: [`${dir}/hooks.jsonc`], defaultLayers: false });
 * equal(config.hooks.Stop?.length, 1);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function loadConfig(
  options: LoadConfigOptions | readonly string[] = {},
): Promise<LoadedConfig> {
  const config = await checkConfig(options);
  if (!config.ok) throw new HookConfigError(config.diagnostics);
  return config;
}

/**
 * Like {@linkcode loadConfig}, but never throws for configuration problems:
 * the diagnostics are returned (for `hook-run check`, hosts and the
 * watcher). A broken entry affects only itself: the rest of its file and of
 * the configuration loads, and `placeholders` stand in for what is broken —
 * one per broken entry, and one per gating event for a file that cannot be
 * read or parsed at all (nothing of it can be known, so it denies there;
 * it never blocks Stop).
 *
 * @param options Explicit paths (or an options object).
 * @returns The merged configuration: every good entry, and the placeholders.
 *
 * @example Collect diagnostics
 * ```ts
 * import { checkConfig } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * const config = await checkConfig({ paths: ["/nonexistent/hooks.jsonc"], defaultLayers: false });
 * equal(config.ok, false);
 * ```
 */
export async function checkConfig(
  options: LoadConfigOptions | readonly string[] = {},
): Promise<LoadedConfig> {
  const opts: LoadConfigOptions = Array.isArray(options)
    ? { paths: options as readonly string[] }
    : options as LoadConfigOptions;
  const root = resolve(opts.projectRoot ?? Deno.cwd());
  const diagnostics: ConfigDiagnostic[] = [];
  const routing: RoutingEntry[] = [];
  const parsedLayers: ReadLayer[] = [];
  // Each directory looked at once: most default layers are missing, and a failed read costs.
  const probe = new PathProbe();
  const reads: LayerReads = { probe, dialect: opts.dialect, layers: parsedLayers, diagnostics, routing };
  // The administrator's layers, before every other, whatever the options say.
  const managed = managedLayers(opts.managedDirs);
  for (const layer of managed) await readManagedLayer(layer, reads);
  const managedOnly = parsedLayers.find(({ layer, parsed }) => layer.kind === "managed" && parsed.managedOnly);
  if (managedOnly !== undefined) diagnostics.push(managedOnlyNote(managedOnly.layer.path));
  const layers = [
    ...managed.filter((layer) => layer.found),
    ...(managedOnly === undefined ? configLayers(opts) : []),
  ];
  const home = opts.home ?? (opts.defaultLayers === false ? undefined : defaultHome());
  const callerRuns = new Set(layers.filter((layer) => layer.runByCaller).map((layer) => layer.path));
  // Said whatever the caller runs itself: the refusal is of the user's own --config.
  const refusals = await refuseCallerFiles(layers, opts, root);
  for (const layer of layers) {
    if (layer.kind !== "managed" && layer.refused === undefined) await readLayer(layer, reads);
  }
  // A moved Claude hook Claude would run once with its twin in Claude's own files is Claude's to run.
  if (opts.caller === "claude" && home !== undefined) {
    await leaveRepeatsToClaude(parsedLayers, opts, root, join(home, CLAUDE_HOOKS_FILE), parseConfigText);
  }
  // Claude Code plugins, after every other layer: those of --plugin, then
  // those the user's own files list.
  const listed = listedPlugins(parsedLayers, managedOnly ? [] : opts.plugins ?? [], root, home, diagnostics);
  if (listed.length > 0) {
    const plugins = await claudePluginLayers([...new Set(listed)]);
    diagnostics.push(...plugins.diagnostics);
    for (const layer of plugins.layers) {
      layers.push(layer);
      await readLayer(layer, reads);
    }
  }

  // The project's layers and modules count only once trusted; the user's always do.
  // Problems of the load itself, outside any layer's entries: each stands for what it hides.
  const loadProblems: ConfigDiagnostic[] = [];
  const discoveryProblems: ConfigDiagnostic[] = [];
  const discovered = opts.defaultLayers === false || managedOnly !== undefined
    ? { user: [], project: [] }
    : await discoverModules(home, root, discoveryProblems, probe);
  diagnostics.push(...discoveryProblems);
  const decided = await decideTrust(root, parsedLayers, discovered.project, {
    trust: opts.trust,
    home,
    caller: opts.caller,
    callerRuns,
  });
  const project = decided?.project;
  if (decided !== undefined) {
    diagnostics.push(...decided.diagnostics);
    // A trust file that cannot be read: what was trusted cannot be known.
    loadProblems.push(...decided.diagnostics);
  }
  const merge = new LayerMerge();
  // The agent started below the project root: the hooks it would have run
  // itself get its own directory, as it gives its hooks; the project's
  // layers keep the root.
  const agentDir = opts.callerProjectDir === undefined ? undefined : resolve(opts.callerProjectDir);
  const elsewhere = agentDir !== undefined && agentDir !== root ? agentDir : undefined;
  const rules: PolicyLayerRules[] = [];
  const untrustedRules: PlaceholderHook[] = [];
  for (const { layer, parsed } of parsedLayers) {
    if (layer.runByCaller) continue;
    if (parsed.managedOnly && layer.kind !== "managed") diagnostics.push(managedOnlyIgnored(layer.path));
    const trusted = layer.kind !== "project" || project?.trusted === true;
    if (parsed.rules !== undefined) {
      rules.push({ kind: layer.kind, path: layer.path, rules: parsed.rules, ...(trusted ? {} : { trusted: false }) });
    }
    if (!trusted) {
      // An untrusted project's restrictions apply: rules it meant and that
      // cannot be read stand for what they might have denied.
      if (parsed.rulesBroken) untrustedRules.push(...parsed.placeholders);
      continue;
    }
    const cwd = layer.kind === "project" ? root : layer.hookCwd;
    const own = layer.kind === "project" || elsewhere === undefined ? parsed : inAgentProject(parsed, elsewhere);
    merge.add(layer.path, cwd === undefined ? own : runIn(own, cwd), layer.kind === "project");
  }
  const { hooks, placeholders, commandAllowlist, httpAllowedUrls, models, hookGrants, sanitizeEnv } = merge.result();
  // An unresolved models.default needs no stand-in: the prompt hooks it
  // leaves without a model fail when they run, each by its own policy.
  diagnostics.push(...merge.diagnostics, ...unresolvedModels(hooks, models, layers));
  const listing: ConfigDiagnostic[] = [];
  const extensions = extensionModules(parsedLayers, discovered, project?.trusted === true, listing);
  diagnostics.push(...listing);
  // Extension modules that could not be found or listed may have been guards.
  const projectModules = join(root, PROJECT_EXTENSIONS_DIR);
  loadProblems.push(
    ...listing,
    ...discoveryProblems.filter((problem) => problem.file !== projectModules || project?.trusted === true),
  );
  for (const problem of loadProblems) {
    if (problem.severity === "error") placeholders.push(...filePlaceholders(problem.file, problem));
  }
  placeholders.push(...project?.heldGuards ?? [], ...untrustedRules);
  // What the caller runs itself is the caller's to report and to guard.
  const mine = <T extends { file?: string; source?: string }>(items: T[]) =>
    callerRuns.size === 0 ? items : items.filter((item) => !callerRuns.has(item.file ?? item.source ?? ""));
  const kept = [...mine(diagnostics), ...refusals];
  const routed = mine(routing);
  const ok = !kept.some((d) => d.severity === "error");
  return {
    hooks,
    placeholders: mine(placeholders),
    diagnostics: kept,
    ok,
    layers,
    extensions,
    commandAllowlist,
    hookGrants,
    ...(httpAllowedUrls === undefined ? {} : { httpAllowedUrls }),
    ...(models === undefined ? {} : { models }),
    ...(sanitizeEnv ? { sanitizeEnv } : {}),
    ...(project === undefined ? {} : { project }),
    ...(routed.length === 0 ? {} : { routing: routed }),
    ...(rules.length === 0 ? {} : { rules }),
  };
}

/** What `"managedOnly": true` in a managed layer leaves out, said by `hook-run check`. */
function managedOnlyNote(file: string): ConfigDiagnostic {
  return managedOnlyWarning(
    file,
    '"managedOnly" is true: only the managed layers load; the user, project, --config and agents\' settings layers, their plugins and extension modules do not',
    "your administrator set this; ask them to change it",
  );
}

/** `managedOnly` outside a managed layer. */
function managedOnlyIgnored(file: string): ConfigDiagnostic {
  return managedOnlyWarning(
    file,
    `"managedOnly" is ignored here: only a managed layer (${systemManagedDir()}/config.jsonc) may set it`,
    "remove it, or move it into the managed configuration",
  );
}

function managedOnlyWarning(file: string, message: string, hint: string): ConfigDiagnostic {
  return { severity: "warning", file, line: 1, column: 1, path: ["managedOnly"], message, hint };
}
