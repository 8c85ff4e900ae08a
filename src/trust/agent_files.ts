/**
 * The agents whose own settings files hookgate loads as layers, as one
 * table: per agent its dialect, its user and project settings files, the
 * variable naming the project directory to its hooks and how it finds its
 * project (`findProjectRoot` reads it). Layers, file owners,
 * trust per owner and the agents `hook-run gateway --agent` and `hook-run
 * serve ?agent=` accept all come from this table.
 *
 * @module
 */

import type { HookDialect } from "../events/hooks.ts";

/**
 * An agent whose own settings files hookgate can load as layers. The agent
 * runs the hooks of those files itself, so when it is the caller (`hook-run
 * gateway --agent` and `hook-run serve ?agent=` answer it) hookgate leaves
 * them to it: no file is run by both.
 *
 * @example
 * ```ts
 * import type { HookAgent } from "@hookgate/core/config";
 *
 * const caller: HookAgent = "claude";
 * ```
 */
export type HookAgent = "claude" | "gemini" | "codex" | "cursor";

/**
 * One agent's row of {@linkcode AGENT_FILES}.
 *
 * @example Claude Code's row
 * ```ts
 * import type { AgentFiles } from "@hookgate/core/config";
 *
 * const claude: AgentFiles = {
 *   dialect: "claude",
 *   userFiles: [],
 *   projectFiles: [".claude/settings.json", ".claude/settings.local.json"],
 *   projectDirVar: "CLAUDE_PROJECT_DIR",
 * };
 * ```
 */
export interface AgentFiles {
  /** The dialect its files are written in, and its hooks are answered in. */
  readonly dialect: HookDialect;
  /**
   * Its user settings files, relative to the home directory, loaded as
   * user layers (Claude Code's user settings are not: `hook-run install
   * claude` moves their hooks to hookgate's own file instead).
   */
  readonly userFiles: readonly string[];
  /**
   * User settings files the agent reads and runs itself that hookgate does
   * not load as layers (Claude Code's `.claude/settings.json`, whose hooks
   * `hook-run install claude` moves to hookgate's own file): a `--config`
   * naming one is refused for that agent as the caller, since it runs it.
   */
  readonly agentOnlyUserFiles?: readonly string[];
  /** Its project settings files, relative to the project root, in its order (overrides last). */
  readonly projectFiles: readonly string[];
  /**
   * The variable that names the project directory to its hooks; absent
   * when the agent sets none (Codex: its hooks run in the session's
   * directory, and the payload's `cwd` is the project).
   */
  readonly projectDirVar?: string;
  /**
   * Whether the agent takes the git root of its session's directory as its
   * project (Codex): with no `.hookgate/` and no agent's project file
   * between that directory and the git root, hookgate's project is the git
   * root too (see `findProjectRoot`).
   */
  readonly projectAtGitRoot?: boolean;
  /**
   * Whether its agent runs the hooks of a user file in that file's
   * directory (Cursor: `~/.cursor/`, where a relative command resolves);
   * otherwise they run where the event's `cwd` says.
   */
  readonly userHooksInFileDir?: boolean;
}

/**
 * Every agent hookgate answers, and its settings files. An agent is a valid
 * `hook-run gateway --agent` and `hook-run serve ?agent=` exactly when it
 * has a row here.
 *
 * @example Claude Code's project files
 * ```ts
 * import { AGENT_FILES } from "@hookgate/core/config";
 * import { equal } from "node:assert/strict";
 *
 * equal(AGENT_FILES.claude?.projectFiles[0], ".claude/settings.json");
 * ```
 */
export const AGENT_FILES: { readonly [agent in HookAgent]?: AgentFiles } = Object.freeze({
  claude: row({
    dialect: "claude",
    userFiles: [],
    agentOnlyUserFiles: [".claude/settings.json"],
    projectFiles: [".claude/settings.json", ".claude/settings.local.json"],
    projectDirVar: "CLAUDE_PROJECT_DIR",
  }),
  codex: row({
    dialect: "codex",
    userFiles: [".codex/hooks.json"],
    projectFiles: [".codex/hooks.json"],
    projectAtGitRoot: true,
  }),
  cursor: row({
    dialect: "cursor",
    userFiles: [".cursor/hooks.json"],
    projectFiles: [".cursor/hooks.json"],
    projectDirVar: "CURSOR_PROJECT_DIR",
    userHooksInFileDir: true,
  }),
  gemini: row({
    dialect: "gemini",
    userFiles: [".gemini/settings.json"],
    projectFiles: [".gemini/settings.json"],
    projectDirVar: "GEMINI_PROJECT_DIR",
  }),
});

/**
 * The agents of {@linkcode AGENT_FILES}, in its order.
 *
 * @example
 * ```ts
 * import { AGENTS } from "@hookgate/core/config";
 * import { ok } from "node:assert/strict";
 *
 * ok(AGENTS.includes("claude"));
 * ```
 */
export const AGENTS: readonly HookAgent[] = Object.freeze(Object.keys(AGENT_FILES) as HookAgent[]);

/**
 * What each agent is called in messages.
 *
 * @example
 * ```ts
 * import { AGENT_LABELS } from "@hookgate/core/config";
 * import { equal } from "node:assert/strict";
 *
 * equal(AGENT_LABELS.claude, "Claude Code");
 * ```
 */
export const AGENT_LABELS: Readonly<Record<HookAgent, string>> = Object.freeze({
  claude: "Claude Code",
  gemini: "Gemini CLI",
  codex: "Codex",
  cursor: "Cursor",
});

/**
 * The agent of a name, when it has a row of {@linkcode AGENT_FILES}.
 *
 * @param name What a flag or query said.
 * @returns The agent, or `undefined`.
 *
 * @example
 * ```ts
 * import { parseAgent } from "@hookgate/core/config";
 * import { equal } from "node:assert/strict";
 *
 * equal(parseAgent("claude"), "claude");
 * equal(parseAgent("toString"), undefined);
 * ```
 */
export function parseAgent(name: string): HookAgent | undefined {
  return Object.hasOwn(AGENT_FILES, name) ? name as HookAgent : undefined;
}

/**
 * The agent whose own settings file `path` is: the agent one of whose
 * user or project files `path` ends with (`claude` for `settings.json` or
 * `settings.local.json` in a `.claude` directory, the project's or the
 * user's).
 *
 * @param path A configuration file's path.
 * @returns The owner, or `undefined` for a file of hookgate's own.
 *
 * @example
 * ```ts
 * import { layerOwner } from "@hookgate/core/config";
 * import { equal } from "node:assert/strict";
 *
 * equal(layerOwner("/p/.claude/settings.local.json"), "claude");
 * equal(layerOwner("/p/.hookgate/config.jsonc"), undefined);
 * ```
 */
export function layerOwner(path: string): HookAgent | undefined {
  const parts = path.split(/[\\/]/);
  for (const agent of AGENTS) {
    const files = AGENT_FILES[agent]!;
    for (const file of [...files.userFiles, ...files.projectFiles]) {
      const tail = file.split("/");
      if (tail.length <= parts.length && tail.every((part, i) => parts[parts.length - tail.length + i] === part)) {
        return agent;
      }
    }
  }
  return undefined;
}

function row(files: AgentFiles): AgentFiles {
  return Object.freeze({
    ...files,
    userFiles: Object.freeze([...files.userFiles]),
    ...(files.agentOnlyUserFiles ? { agentOnlyUserFiles: Object.freeze([...files.agentOnlyUserFiles]) } : {}),
    projectFiles: Object.freeze([...files.projectFiles]),
  });
}
