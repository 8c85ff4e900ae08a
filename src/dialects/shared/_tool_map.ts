// Each agent's tool names and input fields, mapped both ways onto the
// canonical ones (src/events/tools.ts): a dialect builds its map from rows
// with toolMap() and translates every call through it, so a guard sees an
// agent's call in its own dialect's terms. Fields the map does not rename
// travel unchanged (a rewrite keeps Gemini's dir_path).

import { setOwn } from "../../_internal/json.ts";

/**
 * One of an agent's tools: its name, the canonical name, and its renamed
 * input fields.
 *
 * @example Gemini CLI's shell tool
 * ```ts
 * import type { ToolRow } from "@hookgate/core/dialects";
 *
 * const row: ToolRow = { agent: "run_shell_command", canonical: "Bash" };
 * ```
 */
export interface ToolRow {
  /** The agent's tool name. */
  agent: string;
  /** The canonical (Claude) name. */
  canonical: string;
  /** Renamed input fields, agent name → canonical name; every other field travels unchanged. */
  fields?: Readonly<Record<string, string>>;
}

/**
 * How an agent names MCP tools, both ways (canonical: `mcp__<server>__<tool>`);
 * `undefined` for a name that is not an MCP tool's.
 *
 * @example Cursor-style `MCP:<tool>` names
 * ```ts
 * import type { McpNames } from "@hookgate/core/dialects";
 *
 * const mcp: McpNames = {
 *   toCanonical: (name) => name.startsWith("MCP:") ? `mcp__cursor__${name.slice(4)}` : undefined,
 *   fromCanonical: (name) => name.startsWith("mcp__cursor__") ? `MCP:${name.slice(13)}` : undefined,
 * };
 * ```
 */
export interface McpNames {
  /** The canonical name of an agent's MCP tool name. */
  toCanonical(name: string): string | undefined;
  /** The agent's name of a canonical MCP tool name. */
  fromCanonical(name: string): string | undefined;
}

/**
 * An agent's tool vocabulary against the canonical one, both ways.
 *
 * @example Translate a call and back
 * ```ts
 * import { type ToolMap, toolMap } from "@hookgate/core/dialects";
 * import { deepEqual } from "node:assert/strict";
 *
 * const shell: ToolMap = toolMap([{ agent: "Shell", canonical: "Bash" }]);
 * deepEqual(shell.toCanonical("Shell", { command: "ls" }), { name: "Bash", input: { command: "ls" } });
 * ```
 */
export interface ToolMap {
  /** An agent's call in canonical terms (an unknown tool: unchanged). */
  toCanonical(name: string, input: Record<string, unknown>): { name: string; input: Record<string, unknown> };
  /** A canonical call in the agent's terms (a tool the agent has no name for: unchanged). */
  fromCanonical(name: string, input: Record<string, unknown>): { name: string; input: Record<string, unknown> };
  /** The agent's name of a canonical tool (for matchers), or the name itself. */
  agentName(canonical: string): string;
}

/**
 * Builds an agent's tool map from its rows. When two agent names map to one
 * canonical name, the first row is the one `fromCanonical` and `agentName`
 * use. A field whose target name is already present is not overwritten: it
 * keeps its own name, so nothing the agent sent is lost.
 *
 * @param rows The agent's tools.
 * @param mcp How the agent names MCP tools, when not canonically.
 * @returns The map.
 * @throws {TypeError} When an agent name has two rows, or two fields of a
 * row are renamed to one canonical field.
 *
 * @example Gemini's directory field
 * ```ts
 * import { toolMap } from "@hookgate/core/dialects";
 * import { deepEqual } from "node:assert/strict";
 *
 * const gemini = toolMap([{ agent: "glob", canonical: "Glob", fields: { dir_path: "path" } }]);
 * deepEqual(gemini.toCanonical("glob", { pattern: "*.ts", dir_path: "src" }), {
 *   name: "Glob",
 *   input: { pattern: "*.ts", path: "src" },
 * });
 * deepEqual(gemini.fromCanonical("Glob", { pattern: "*.ts", path: "src" }), {
 *   name: "glob",
 *   input: { pattern: "*.ts", dir_path: "src" },
 * });
 * ```
 */
export function toolMap(rows: readonly ToolRow[], mcp?: McpNames): ToolMap {
  const byAgent = new Map<string, { name: string; fields: Readonly<Record<string, string>> | undefined }>();
  const byCanonical = new Map<string, { name: string; fields: Readonly<Record<string, string>> | undefined }>();
  for (const row of rows) {
    if (byAgent.has(row.agent)) {
      throw new TypeError(`Cannot build a tool map: the agent tool ${JSON.stringify(row.agent)} has two rows`);
    }
    const back = row.fields === undefined ? undefined : reversed(row);
    byAgent.set(row.agent, { name: row.canonical, fields: row.fields });
    if (!byCanonical.has(row.canonical)) byCanonical.set(row.canonical, { name: row.agent, fields: back });
  }
  return Object.freeze({
    toCanonical(name: string, input: Record<string, unknown>) {
      const row = byAgent.get(name);
      if (row !== undefined) return { name: row.name, input: renamed(input, row.fields) };
      return { name: mcp?.toCanonical(name) ?? name, input };
    },
    fromCanonical(name: string, input: Record<string, unknown>) {
      const row = byCanonical.get(name);
      if (row !== undefined) return { name: row.name, input: renamed(input, row.fields) };
      return { name: mcp?.fromCanonical(name) ?? name, input };
    },
    agentName(canonical: string): string {
      return byCanonical.get(canonical)?.name ?? mcp?.fromCanonical(canonical) ?? canonical;
    },
  });
}

/** A row's field renames, canonical name → agent name. */
function reversed(row: ToolRow): Record<string, string> {
  const back: Record<string, string> = {};
  for (const [agent, canonical] of Object.entries(row.fields!)) {
    if (Object.hasOwn(back, canonical)) {
      throw new TypeError(
        `Cannot build a tool map: ${JSON.stringify(row.agent)} renames both ${JSON.stringify(back[canonical])} and ${
          JSON.stringify(agent)
        } to ${JSON.stringify(canonical)}; rename each canonical field from one field only`,
      );
    }
    setOwn(back, canonical, agent);
  }
  return back;
}

/** `input` with its fields renamed, in their order; the same object when nothing is renamed. */
function renamed(
  input: Record<string, unknown>,
  fields: Readonly<Record<string, string>> | undefined,
): Record<string, unknown> {
  if (fields === undefined) return input;
  let touched = false;
  for (const key of Object.keys(input)) {
    if (Object.hasOwn(fields, key) && !Object.hasOwn(input, fields[key]!)) touched = true;
  }
  if (!touched) return input;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(input)) {
    const target = Object.hasOwn(fields, key) ? fields[key]! : key;
    // A field whose new name the input already has keeps its own name.
    const name = target !== key && Object.hasOwn(input, target) ? key : target;
    setOwn(out, name, input[key]);
  }
  return out;
}
