// Checking a batch of plugins before anything is set up: shapes, names,
// capabilities. Every problem is a TypeError in one message style, thrown
// before the first setup runs, so a refused batch installs nothing.

import { describe } from "../_internal/json.ts";
import type { Plugin } from "./plugin.ts";

/** A plugin whose shape was checked, with its dependency lists copied. */
export interface CheckedPlugin {
  readonly plugin: Plugin;
  readonly name: string;
  readonly dependsOn: readonly string[];
  readonly optionalDeps: readonly string[];
}

const BOOLEAN_CAPABILITIES = ["tools", "providers", "slashCommands", "mcp", "hooks"] as const;
const LIST_CAPABILITIES = ["pipelines", "toolMutateCapabilities"] as const;

/**
 * Checks every plugin of a batch; `taken(name)` says why a name cannot be
 * used (already installed, owner of other hooks), or `undefined`.
 */
export function checkPlugins(
  plugins: unknown,
  taken: (name: string) => string | undefined,
): CheckedPlugin[] {
  if (!Array.isArray(plugins)) {
    throw new TypeError(`Cannot install plugins: expected an array of plugins, got ${shown(plugins)}`);
  }
  const checked: CheckedPlugin[] = [];
  const positions = new Map<string, number>();
  for (const [index, plugin] of plugins.entries()) {
    const at = `plugin #${index + 1}`;
    if (typeof plugin !== "object" || plugin === null) {
      throw new TypeError(`Cannot install plugins: ${at} must be an object, got ${shown(plugin)}`);
    }
    const { name } = plugin as { name?: unknown };
    if (typeof name !== "string" || name === "") {
      throw new TypeError(`Cannot install plugins: ${at} needs a non-empty string "name", got ${shown(name)}`);
    }
    const earlier = positions.get(name);
    if (earlier !== undefined) {
      throw new TypeError(`Cannot install plugins: "${name}" is given twice (plugins #${earlier} and #${index + 1})`);
    }
    positions.set(name, index + 1);
    const why = taken(name);
    if (why !== undefined) throw new TypeError(`Cannot install plugin "${name}": ${why}`);
    checked.push(checkPlugin(plugin as Plugin, name));
  }
  return checked;
}

function checkPlugin(plugin: Plugin, name: string): CheckedPlugin {
  const where = `Cannot install plugin "${name}"`;
  if (typeof plugin.setup !== "function") {
    throw new TypeError(`${where}: "setup" must be a function, got ${shown(plugin.setup)}`);
  }
  if (plugin.teardown !== undefined && typeof plugin.teardown !== "function") {
    throw new TypeError(`${where}: "teardown" must be a function when given, got ${shown(plugin.teardown)}`);
  }
  checkCapabilities(plugin.capabilities, where);
  return {
    plugin,
    name,
    dependsOn: names(plugin.dependsOn, "dependsOn", where),
    optionalDeps: names(plugin.optionalDeps, "optionalDeps", where),
  };
}

function checkCapabilities(capabilities: unknown, where: string): void {
  if (capabilities === undefined) return;
  if (typeof capabilities !== "object" || capabilities === null || Array.isArray(capabilities)) {
    throw new TypeError(`${where}: "capabilities" must be an object when given, got ${shown(capabilities)}`);
  }
  const fields = capabilities as Record<string, unknown>;
  for (const key of BOOLEAN_CAPABILITIES) {
    const value = fields[key];
    if (value !== undefined && typeof value !== "boolean") {
      throw new TypeError(`${where}: "capabilities.${key}" must be a boolean when given, got ${shown(value)}`);
    }
  }
  for (const key of LIST_CAPABILITIES) {
    const value = fields[key];
    if (value !== undefined && !(Array.isArray(value) && value.every((item) => typeof item === "string"))) {
      throw new TypeError(`${where}: "capabilities.${key}" must be an array of strings when given`);
    }
  }
}

// Copied, so a plugin that mutates its own lists later cannot change what
// the host believes it depends on.
function names(list: unknown, key: string, where: string): readonly string[] {
  if (list === undefined) return [];
  if (!Array.isArray(list) || !list.every((item) => typeof item === "string" && item !== "")) {
    throw new TypeError(`${where}: "${key}" must be an array of plugin names when given`);
  }
  return Object.freeze([...new Set(list as string[])]);
}

/** A value's type for messages: like `describe`, but any object is "an object". */
export function shown(value: unknown): string {
  if (value === undefined) return "undefined";
  if (typeof value === "object" && value !== null && !Array.isArray(value)) return "an object";
  return describe(value);
}
