// Where a layer's command hooks run, and which project directory they are
// given: a project layer's in the project root, a user layer's where its
// agent runs them; for an agent started below the project root, the layers
// that are not the project's get the agent's own directory.

import type { ConfiguredHook, ConfiguredHooks } from "../events/configured.ts";
import type { ParsedHooksConfig } from "./parsed_config.ts";

/**
 * A layer's command hooks, set to run in `dir`: a project layer's in the
 * project root, so a relative script is exactly the file trust hashed,
 * whatever directory an event names as its `cwd` (which the payload
 * keeps); a user layer's where its agent runs them (Cursor: `~/.cursor/`).
 * Python writes no bytecode cache beside them: a new `__pycache__` in a
 * hook's directory would change what trust hashed, and untrust the project.
 */
export function runIn(parsed: ParsedHooksConfig, dir: string): ParsedHooksConfig {
  const hooks: ConfiguredHooks = {};
  for (const [event, list] of Object.entries(parsed.hooks) as [keyof ConfiguredHooks, ConfiguredHook[]][]) {
    hooks[event] = list.map((hook) =>
      hook.type === "http" || hook.type === "prompt"
        ? hook
        : { ...hook, cwd: dir, env: { PYTHONDONTWRITEBYTECODE: "1", ...hook.env } }
    );
  }
  return { ...parsed, hooks };
}

/**
 * A layer's command hooks, given `dir` as their agent's project directory
 * (see `ShellHook.projectDir`): the layers that are not the project's, for
 * an agent started in `dir`, below the project root.
 */
export function inAgentProject(parsed: ParsedHooksConfig, dir: string): ParsedHooksConfig {
  const hooks: ConfiguredHooks = {};
  for (const [event, list] of Object.entries(parsed.hooks) as [keyof ConfiguredHooks, ConfiguredHook[]][]) {
    hooks[event] = list.map((hook) =>
      hook.type === "http" || hook.type === "prompt" ? hook : { ...hook, projectDir: dir }
    );
  }
  return { ...parsed, hooks };
}
