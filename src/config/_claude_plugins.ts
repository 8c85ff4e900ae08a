// Claude Code plugins as configuration layers: a plugin directory's
// hooks/hooks.json (and the hook files its .claude-plugin/plugin.json
// names), read in Claude's dialect, its command hooks given
// ${CLAUDE_PLUGIN_ROOT} and ${CLAUDE_PLUGIN_DATA} — substituted in shell and
// exec form and exported — as Claude gives them. A plugin is the user's
// choice, as a --config file is: no project trust applies, and a project's
// configuration cannot list one.

import { isPlainObject } from "../_internal/json.ts";
import * as reads from "../_internal/fs_reads.ts";
import { readGrantedEnv } from "../_internal/env.ts";
import { basename, dirname, isAbsolute, join, resolve } from "../_internal/path.ts";
import type { ConfiguredHook, ConfiguredHooks } from "../events/configured.ts";
import { resolveHookPath } from "../trust/extension_paths.ts";
import type { ConfigDiagnostic } from "./diagnostics.ts";
import type { ClaudePlugin, ConfigLayer } from "./layers.ts";
import type { ParsedHooksConfig } from "./parsed_config.ts";
import { HookConfigError } from "./diagnostics.ts";

/** Where a plugin keeps its hooks unless its manifest says more. */
const HOOKS_FILE = join("hooks", "hooks.json");
const MANIFEST = join(".claude-plugin", "plugin.json");
const ROOT = /\$\{CLAUDE_PLUGIN_ROOT\}/g;
const DATA = /\$\{CLAUDE_PLUGIN_DATA\}/g;

/**
 * The plugin directories of a load (absolute): those given (`--plugin`,
 * relative to the project root), then those the user's own files list. A
 * project cannot add one: a plugin's hooks are the user's choice, as a
 * `--config` file is.
 */
export function listedPlugins(
  layers: readonly { layer: ConfigLayer; parsed: ParsedHooksConfig }[],
  given: readonly string[],
  root: string,
  home: string | undefined,
  diagnostics: ConfigDiagnostic[],
): string[] {
  const listed: string[] = [...given.map((dir) => resolve(root, dir))];
  for (const { layer, parsed } of layers) {
    if (parsed.claudePlugins === undefined) continue;
    if (layer.kind === "project") {
      diagnostics.push({
        severity: "warning",
        file: layer.path,
        line: 1,
        column: 1,
        path: ["claudePlugins"],
        message: "\"claudePlugins\" is ignored in a project's configuration: a plugin's hooks are the user's choice",
        hint: "list the plugins in $HOOKGATE_HOME/config.jsonc, or pass --plugin DIR",
      });
      continue;
    }
    for (const dir of parsed.claudePlugins) {
      try {
        listed.push(resolveHookPath(dir, dirname(layer.path), home));
      } catch (error) {
        diagnostics.push(pluginPathProblem(layer.path, (error as Error).message));
      }
    }
  }
  return listed;
}

/** A `claudePlugins` entry that names no directory. */
function pluginPathProblem(file: string, message: string): ConfigDiagnostic {
  return {
    severity: "error",
    file,
    line: 1,
    column: 1,
    path: ["claudePlugins"],
    message: message.replace(/^Cannot load extension/, "Cannot load the Claude Code plugin"),
  };
}

/**
 * The layers of the plugins in `dirs` (absolute): each one's
 * hooks/hooks.json, then each hook file its manifest names. A directory
 * that does not exist, or a manifest that cannot be read, is an error.
 */
export async function claudePluginLayers(
  dirs: readonly string[],
): Promise<{ layers: ConfigLayer[]; diagnostics: ConfigDiagnostic[] }> {
  const layers: ConfigLayer[] = [];
  const diagnostics: ConfigDiagnostic[] = [];
  for (const dir of dirs) {
    const root = resolve(dir);
    try {
      if (!(await reads.stat(root)).isDirectory) throw new TypeError("it is not a directory");
    } catch (error) {
      const reason = error instanceof Deno.errors.NotFound ? "it does not exist" : (error as Error).message;
      diagnostics.push(problem(root, `the Claude Code plugin directory cannot be used: ${reason}`, "check the path"));
      continue;
    }
    const manifest = await readManifest(root, diagnostics);
    const plugin: ClaudePlugin = { root, name: manifest.name, data: pluginDataDir(root, manifest.name) };
    const layer = (path: string, required: boolean): ConfigLayer => ({
      kind: "plugin",
      path,
      found: false,
      dialect: "claude",
      plugin,
      ...(required ? {} : { optional: true }),
    });
    layers.push(layer(join(root, HOOKS_FILE), false));
    for (const path of manifest.hooks) {
      const file = isAbsolute(path) ? path : resolve(root, path);
      if (file !== join(root, HOOKS_FILE)) layers.push(layer(file, true));
    }
  }
  return { layers, diagnostics };
}

/** The manifest's name (else the directory's) and the hook files it names. */
async function readManifest(
  root: string,
  diagnostics: ConfigDiagnostic[],
): Promise<{ name: string; hooks: string[] }> {
  const path = join(root, MANIFEST);
  const fallback = { name: basename(root), hooks: [] };
  let text: string;
  try {
    text = await reads.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return fallback;
    diagnostics.push(problem(path, `the plugin manifest cannot be read: ${(error as Error).message}`));
    return fallback;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    diagnostics.push(problem(path, "the plugin manifest is not valid JSON", "fix it as Claude Code reads it"));
    return fallback;
  }
  if (!isPlainObject(value)) return fallback;
  const name = typeof value.name === "string" && value.name !== "" ? value.name : fallback.name;
  const hooks = value.hooks;
  if (hooks === undefined) return { name, hooks: [] };
  if (typeof hooks === "string") return { name, hooks: [hooks] };
  if (Array.isArray(hooks) && hooks.every((item) => typeof item === "string")) return { name, hooks };
  diagnostics.push(
    problem(
      path,
      '"hooks" in the plugin manifest is not a path or a list of paths: hookgate reads hook files, not hooks written inline there, so they do not run',
      "move them to hooks/hooks.json",
    ),
  );
  return { name, hooks: [] };
}

/**
 * The plugin's data directory, as Claude Code names it:
 * `~/.claude/plugins/data/<id>` (`$CLAUDE_CONFIG_DIR` for `~/.claude`),
 * `<id>` being `<name>@<marketplace>` with every character outside
 * letters, digits, `_` and `-` made a `-`. A plugin in Claude's plugin
 * cache (`…/plugins/cache/<marketplace>/<name>/<version>`) gets the
 * directory Claude gives it, so its state carries over; any other
 * directory the marketplace `inline`.
 */
export function pluginDataDir(root: string, name: string): string {
  const parts = root.split(/[\\/]/).filter((part) => part !== "");
  const cache = parts.lastIndexOf("cache");
  const marketplace = cache >= 1 && parts[cache - 1] === "plugins" && parts.length === cache + 4 &&
      parts[cache + 2] === name
    ? parts[cache + 1]!
    : "inline";
  const config = readGrantedEnv("CLAUDE_CONFIG_DIR") ??
    join(readGrantedEnv("HOME") ?? readGrantedEnv("USERPROFILE") ?? root, ".claude");
  return join(config, "plugins", "data", `${name}@${marketplace}`.replace(/[^A-Za-z0-9_-]/g, "-"));
}

/**
 * Reads a plugin's hook file as Claude's loader expects it: `{"description"?,
 * "hooks": {…}}`. An empty file, `[]` and `{}` have no hooks (Claude's
 * loader fails on them); a bare object of events, without the `hooks`
 * wrapper, is an error, as Claude refuses it. Its command hooks get the
 * plugin's variables.
 */
export async function parsePluginFile(
  text: string,
  layer: ConfigLayer,
  parse: (text: string) => Promise<ParsedHooksConfig>,
): Promise<ParsedHooksConfig> {
  const plugin = layer.plugin!;
  const trimmed = text.trim();
  if (trimmed === "" || /^\[\s*\]$/.test(trimmed) || /^\{\s*\}$/.test(trimmed)) return empty();
  const parsed = await parse(text);
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    return parsed;
  }
  if (isPlainObject(root) && root.hooks === undefined && Object.keys(root).some((key) => /^[A-Z]/.test(key))) {
    const diagnostic = problem(
      layer.path,
      'the plugin\'s hooks are not wrapped in "hooks": Claude Code refuses this file ("expected record, received undefined"), so none of them runs',
      'wrap them: {"description": "…", "hooks": {"PreToolUse": [ … ]}}',
    );
    return { ...parsed, diagnostics: [...parsed.diagnostics, diagnostic], ok: false, assertOk: failing };
  }
  if (hasCommandHooks(parsed.hooks)) await makeDataDir(plugin, layer.path, parsed);
  return { ...parsed, hooks: withPluginVariables(parsed.hooks, plugin) };
}

/** The hooks with the plugin's placeholders substituted and exported to command hooks. */
function withPluginVariables(hooks: ConfiguredHooks, plugin: ClaudePlugin): ConfiguredHooks {
  const expand = (text: string) => text.replace(ROOT, () => plugin.root).replace(DATA, () => plugin.data);
  const out: ConfiguredHooks = {};
  for (const [event, list] of Object.entries(hooks) as [keyof ConfiguredHooks, ConfiguredHook[]][]) {
    out[event] = list.map((hook) =>
      hook.type === "http" || hook.type === "prompt" ? hook : {
        ...hook,
        command: expand(hook.command),
        ...(hook.args === undefined ? {} : { args: hook.args.map(expand) }),
        env: { CLAUDE_PLUGIN_ROOT: plugin.root, CLAUDE_PLUGIN_DATA: plugin.data, ...hook.env },
      }
    );
  }
  return out;
}

/** Whether a command hook gets the plugin's variables (every one does: the data directory is exported to it). */
function hasCommandHooks(hooks: ConfiguredHooks): boolean {
  return (Object.values(hooks).flat() as ConfiguredHook[]).some((hook) =>
    hook.type !== "http" && hook.type !== "prompt"
  );
}

/** Claude creates the data directory when a hook may refer to it; so does hookgate. */
async function makeDataDir(plugin: ClaudePlugin, file: string, parsed: ParsedHooksConfig): Promise<void> {
  try {
    await Deno.mkdir(plugin.data, { recursive: true });
  } catch (error) {
    parsed.diagnostics.push({
      ...problem(
        file,
        `the plugin's data directory ${plugin.data} cannot be created (${
          (error as Error).message
        }); its hooks that write there will fail`,
        `create it, or allow hookgate to with --allow-write=${plugin.data}`,
      ),
      severity: "warning",
    });
  }
}

function empty(): ParsedHooksConfig {
  return { hooks: {}, placeholders: [], dialect: "claude", diagnostics: [], ok: true, assertOk() {} };
}

function failing(this: ParsedHooksConfig): void {
  throw new HookConfigError(this.diagnostics);
}

function problem(file: string, message: string, hint?: string): ConfigDiagnostic {
  return { severity: "error", file, line: 1, column: 1, path: [], message, ...(hint ? { hint } : {}) };
}
