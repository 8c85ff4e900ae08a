// A stand-in for the shared tool-map helper (`src/dialects/_tool_map.ts`),
// with its interface exactly, so this dialect's codec can be built and
// tested before that helper lands; the dialect switches to it then.

import { setOwn } from "../../_internal/json.ts";

/** One tool of an agent and its canonical (Claude) name. */
export interface ToolRow {
  /** The agent's tool name. */
  agent: string;
  /** The canonical (Claude) name. */
  canonical: string;
  /** Renamed input fields, agent name → canonical name; every other field travels unchanged. */
  fields?: Readonly<Record<string, string>>;
}

/** How an agent names MCP tools, both ways. */
export interface McpNames {
  /** The canonical name of an agent's MCP tool name, or `undefined` when it is none. */
  toCanonical(name: string): string | undefined;
  /** The agent's name of a canonical MCP tool name, or `undefined` when it is none. */
  fromCanonical(name: string): string | undefined;
}

/** An agent's tools in canonical terms and back. */
export interface ToolMap {
  /** An agent's call in canonical terms (an unknown tool: unchanged). */
  toCanonical(name: string, input: Record<string, unknown>): { name: string; input: Record<string, unknown> };
  /** A canonical call in the agent's terms (a tool the agent has no name for: unchanged). */
  fromCanonical(name: string, input: Record<string, unknown>): { name: string; input: Record<string, unknown> };
  /** The agent's name of a canonical tool (for matchers), or the name itself. */
  agentName(canonical: string): string;
}

/** Renames the keys of `input` by `names`; a renamed key whose target is already present is kept as it is. */
function rename(input: Record<string, unknown>, names: Readonly<Record<string, string>> | undefined) {
  if (names === undefined) return input;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(input)) {
    const target = Object.hasOwn(names, key) ? names[key]! : key;
    const name = target !== key && Object.hasOwn(input, target) ? key : target;
    setOwn(out, name, input[key]);
  }
  return out;
}

/** A tool map of `rows` (the first row of a canonical name is the one used back) and MCP names. */
export function toolMap(rows: readonly ToolRow[], mcp?: McpNames): ToolMap {
  const byAgent = new Map(rows.map((row) => [row.agent, row]));
  const byCanonical = new Map<string, ToolRow>();
  const back = new Map<ToolRow, Record<string, string>>();
  for (const row of rows) {
    if (!byCanonical.has(row.canonical)) byCanonical.set(row.canonical, row);
    const inverse: Record<string, string> = {};
    for (const [agent, canonical] of Object.entries(row.fields ?? {})) inverse[canonical] = agent;
    back.set(row, inverse);
  }
  return {
    toCanonical(name, input) {
      const row = byAgent.get(name);
      if (row !== undefined) return { name: row.canonical, input: rename(input, row.fields) };
      return { name: mcp?.toCanonical(name) ?? name, input };
    },
    fromCanonical(name, input) {
      const row = byCanonical.get(name);
      if (row !== undefined) return { name: row.agent, input: rename(input, back.get(row)) };
      return { name: mcp?.fromCanonical(name) ?? name, input };
    },
    agentName(canonical) {
      return byCanonical.get(canonical)?.agent ?? mcp?.fromCanonical(canonical) ?? canonical;
    },
  };
}
