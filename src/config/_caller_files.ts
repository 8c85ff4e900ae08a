// The files a load's caller runs itself, and what a load does about them:
// an explicit --config naming one is refused (run here too, each of its
// hooks would run twice; dropped silently, the user's explicit choice would
// vanish), and a moved Claude hook that Claude would run once with its twin
// in one of them is left to Claude.

import { join, resolve } from "../_internal/path.ts";
import * as reads from "../_internal/fs_reads.ts";
import { readGrantedEnv } from "../_internal/env.ts";
import { AGENT_FILES, AGENT_LABELS, type HookAgent } from "../trust/agent_files.ts";
import type { ConfigDiagnostic } from "./diagnostics.ts";
import type { ConfigLayer, ConfigLayerOptions } from "./layers.ts";
import type { ParsedHooksConfig, ParseHooksConfigOptions } from "./parsed_config.ts";
import { withoutClaudeRepeats } from "./_claude_repeats.ts";

/**
 * The explicit layers that name a file the caller runs itself — its project
 * files in its own project directory, its user files — each marked
 * `refused`, with an error saying why and what to do. They are not read.
 */
export async function refuseCallerFiles(
  layers: readonly ConfigLayer[],
  options: ConfigLayerOptions,
  root: string,
): Promise<ConfigDiagnostic[]> {
  const caller = options.caller;
  if (caller === undefined) return [];
  // By where it leads, not by its name: a link to the project's settings is that file.
  const named = layers.filter((layer) => layer.kind === "explicit");
  if (named.length === 0) return [];
  const own = new Set(await Promise.all(callerFiles(caller, options, root).map(realOrSame)));
  const diagnostics: ConfigDiagnostic[] = [];
  const label = AGENT_LABELS[caller];
  for (const layer of named) {
    if (!own.has(await realOrSame(layer.path))) continue;
    layer.refused =
      `"${layer.path}" is ${label}'s own settings file, which ${label} runs itself: run here as well, each of its hooks would run twice`;
    diagnostics.push({
      severity: "error",
      file: layer.path,
      line: 1,
      column: 1,
      path: [],
      message: `--config ${layer.refused}`,
      hint: `remove "--config ${layer.path}" (${label} runs it)${
        caller === "claude"
          ? ', or move its hooks into a hookgate file with "hook-run import-claude --write --move"'
          : ""
      }`,
    });
  }
  return diagnostics;
}

/**
 * For Claude as the caller: leaves out of the moved layer (`movedPath`,
 * the hooks `install claude` moved out of `~/.claude/settings.json`) what
 * Claude runs once with an identical hook of its own project files.
 */
export async function leaveRepeatsToClaude(
  read: { layer: ConfigLayer; parsed: ParsedHooksConfig }[],
  options: ConfigLayerOptions,
  root: string,
  movedPath: string,
  parse: (text: string, options: ParseHooksConfigOptions) => Promise<ParsedHooksConfig>,
): Promise<void> {
  const moved = read.find(({ layer }) => layer.kind === "user" && layer.path === movedPath);
  if (moved === undefined || Object.keys(moved.parsed.hooks).length === 0) return;
  const own = await callerProjectHooks(
    "claude",
    options,
    root,
    read,
    (text, path) => parse(text, { path, dialect: "claude" }),
  );
  moved.parsed = withoutClaudeRepeats(moved.parsed, own);
}

/**
 * The hooks of the caller's own project files, as the caller runs them:
 * those in its own project directory (`callerProjectDir`, else the project
 * root, whose layers are already read). A file that cannot be read or
 * parsed has none the caller would run.
 */
async function callerProjectHooks(
  caller: HookAgent,
  options: ConfigLayerOptions,
  root: string,
  read: readonly { layer: ConfigLayer; parsed: ParsedHooksConfig }[],
  parse: (text: string, path: string) => Promise<ParsedHooksConfig>,
): Promise<ParsedHooksConfig[]> {
  const dir = options.callerProjectDir === undefined ? root : resolve(options.callerProjectDir);
  if (dir === root) {
    return read.filter(({ layer }) => layer.kind === "project" && layer.owner === caller && layer.runByCaller)
      .map(({ parsed }) => parsed);
  }
  const parsed: ParsedHooksConfig[] = [];
  for (const file of AGENT_FILES[caller]!.projectFiles) {
    const path = join(dir, file);
    let text: string;
    try {
      text = await reads.readTextFile(path);
    } catch {
      continue;
    }
    parsed.push(await parse(text, path));
  }
  return parsed;
}

/** Every settings file the caller reads and runs itself. */
function callerFiles(caller: HookAgent, options: ConfigLayerOptions, root: string): string[] {
  const files = AGENT_FILES[caller]!;
  const dir = options.callerProjectDir === undefined ? root : resolve(options.callerProjectDir);
  const home = options.agentHome ?? readGrantedEnv("HOME") ?? readGrantedEnv("USERPROFILE");
  return [
    ...files.projectFiles.map((file) => join(dir, file)),
    ...(home ? [...files.userFiles, ...files.agentOnlyUserFiles ?? []].map((file) => join(home, file)) : []),
  ];
}

/** The path with links resolved, when it exists; else as given. */
async function realOrSame(path: string): Promise<string> {
  try {
    return await reads.realPath(path);
  } catch {
    return resolve(path);
  }
}
