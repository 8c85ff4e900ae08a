/**
 * Finding hookgate's project from the directory an agent works in: every
 * front end (`hook-run gateway`, `serve`, `run`, `check`, `trust`) asks the
 * same function, so a policy trusted in a project holds in every one of its
 * subdirectories, whichever agent started there.
 *
 * @module
 */

import { dirname, join, resolve } from "../_internal/path.ts";
import * as reads from "../_internal/fs_reads.ts";
import { readGrantedEnv } from "../_internal/env.ts";
import { AGENT_FILES, AGENTS, type HookAgent } from "../trust/agent_files.ts";

/** The directory that makes its parent hookgate's project. */
const HOOKGATE_DIR = ".hookgate";

/** What marks a git checkout's top (a directory, or a file in a worktree or submodule). */
const GIT_MARKER = ".git";

/**
 * Every agent's project files (`.claude/settings.json`, `.codex/hooks.json`,
 * …), each once, in the table's order, by the directory they are in: a
 * directory that is not there rules out all of its files at once.
 */
const AGENT_PROJECT_FILES: ReadonlyMap<string, readonly string[]> = (() => {
  const byDir = new Map<string, string[]>();
  for (const file of new Set(AGENTS.flatMap((agent) => AGENT_FILES[agent]!.projectFiles))) {
    const dir = file.split("/")[0]!;
    byDir.set(dir, [...byDir.get(dir) ?? [], file]);
  }
  return byDir;
})();

/**
 * Options of {@linkcode findProjectRoot}.
 *
 * @example Codex's project, with the home directory given
 * ```ts
 * import type { FindProjectRootOptions } from "@hookgate/core/config";
 *
 * const options: FindProjectRootOptions = { agent: "codex", home: "/home/me" };
 * ```
 */
export interface FindProjectRootOptions {
  /**
   * The agent whose directory it is: its row of `AGENT_FILES` says how it
   * finds its own project (Codex: the git root), which is the project when
   * hookgate finds no mark of one.
   */
  agent?: HookAgent;
  /**
   * The user's home directory: the search never goes above it, and the
   * agents' files in it are the user's own settings, not a project's.
   *
   * @default {$HOME, or $USERPROFILE}
   */
  home?: string;
}

/**
 * Where {@linkcode findProjectRoot} found the project.
 *
 * @example
 * ```ts
 * import type { ProjectRoot } from "@hookgate/core/config";
 *
 * const found: ProjectRoot = { root: "/src/app", start: "/src/app/lib", marker: ".hookgate" };
 * ```
 */
export interface ProjectRoot {
  /** The project root (absolute; links resolved): its layers are `<root>/.hookgate/config.jsonc` and the agents' project files there. */
  root: string;
  /** The directory the search started from (absolute; links resolved). */
  start: string;
  /**
   * What marks `root` as the project: `".hookgate"`, an agent's project
   * file (`".claude/settings.json"`, …), or `".git"` (the git root, for an
   * agent that takes it as its project). Absent when nothing did: the
   * root is then the start.
   */
  marker?: string;
}

/**
 * Finds hookgate's project for a directory an agent works in (its project
 * variable, such as `CLAUDE_PROJECT_DIR`, or its session's directory): the
 * nearest directory, from `dir` up, that holds `.hookgate/`; failing that,
 * the nearest that holds an agent's project file (`.claude/settings.json`,
 * `.codex/hooks.json`, `.gemini/settings.json`, `.cursor/hooks.json`);
 * failing that, the git root for an agent that takes it as its project
 * (Codex), else `dir` itself. Anything at those paths counts, even a link
 * that leads nowhere (reading it then fails closed).
 *
 * The search never goes above the git root (the directory holding
 * `.git`), nor above the home directory (whose agent files are the user's
 * settings), nor to `/` or any directory others may write to (such as
 * `/tmp`), nor into a directory this process may not read.
 *
 * @param dir The agent's directory.
 * @param options The agent, and the home directory.
 * @returns The project root, where the search started, and what marked it.
 *
 * @example A subdirectory of a project
 * ```ts
 * import { findProjectRoot } from "@hookgate/core/config";
 * import { equal } from "node:assert/strict";
 *
 * const project = await Deno.realPath(await Deno.makeTempDir());
 * await Deno.mkdir(`${project}/.hookgate`);
 * await Deno.mkdir(`${project}/src/lib`, { recursive: true });
 * const found = await findProjectRoot(`${project}/src/lib`);
 * equal(found.root, project);
 * equal(found.marker, ".hookgate");
 * await Deno.remove(project, { recursive: true });
 * ```
 */
export function findProjectRoot(dir: string, options: FindProjectRootOptions = {}): Promise<ProjectRoot> {
  return Promise.resolve(find(dir, options));
}

function find(dir: string, options: FindProjectRootOptions): ProjectRoot {
  const start = realOrResolved(dir);
  const homeDir = options.home ?? readGrantedEnv("HOME") ?? readGrantedEnv("USERPROFILE");
  const home = homeDir === undefined || homeDir === "" ? undefined : realOrResolved(homeDir);
  // First `.hookgate/` alone, the nearest first: a call pays two lookups a directory.
  const walked: string[] = [];
  let gitRoot: string | undefined;
  for (let current = start;;) {
    const here = presentIn(current, HOOKGATE_DIR);
    if (here === "unreadable") break;
    if (here) return { root: current, start, marker: HOOKGATE_DIR };
    walked.push(current);
    if (presentIn(current, GIT_MARKER) !== false) {
      gitRoot = current;
      break;
    }
    if (current === home) break;
    const parent = dirname(current);
    if (parent === current || isFileSystemRoot(parent) || othersMayWrite(parent)) break;
    current = parent;
  }
  // Then an agent's project file, over the same directories; in the home directory they are the user's own.
  for (const current of walked) {
    if (current === home) continue;
    for (const [agentDir, files] of AGENT_PROJECT_FILES) {
      if (presentIn(current, agentDir) !== true) continue;
      for (const file of files) {
        if (presentIn(current, file) === true) return { root: current, start, marker: file };
      }
    }
  }
  if (gitRoot !== undefined && options.agent !== undefined && AGENT_FILES[options.agent]?.projectAtGitRoot === true) {
    return { root: gitRoot, start, marker: GIT_MARKER };
  }
  return { root: start, start };
}

// The look-ups are synchronous: a front end asks once, before anything else
// runs, and a synchronous failed lookup costs half an asynchronous one.

/**
 * Whether anything is at `dir/name` (lstat: a link that leads nowhere is
 * there); `"unreadable"` when this process may not look (the search stops).
 */
function presentIn(dir: string, name: string): boolean | "unreadable" {
  try {
    reads.lstatSync(join(dir, name));
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound || error instanceof Deno.errors.NotADirectory) return false;
    if (error instanceof Deno.errors.NotCapable) return "unreadable";
    // Something is there that cannot be looked at: reading it will say what.
    return true;
  }
}

/** A directory anyone may write to (mode o+w, as `/tmp`): whatever is in it may be anyone's. */
function othersMayWrite(dir: string): boolean {
  try {
    const mode = reads.lstatSync(dir).mode;
    return mode !== null && (mode & 0o002) !== 0;
  } catch {
    // Cannot be looked at: not gone into.
    return true;
  }
}

function isFileSystemRoot(dir: string): boolean {
  return dir === "/" || /^[A-Za-z]:[\\/]?$/.test(dir) || dirname(dir) === dir;
}

/** `dir` absolute, with links resolved where it exists. */
function realOrResolved(dir: string): string {
  const absolute = resolve(dir);
  try {
    return reads.realPathSync(absolute);
  } catch {
    return absolute;
  }
}
