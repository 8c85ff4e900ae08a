// Cursor's tool names against the canonical (Claude) ones. Cursor's Shell
// takes `command` like Bash and adds `working_directory`, which travels
// unchanged; Read, Write and Grep share their names; Delete has no
// canonical tool and passes unchanged; Task is the subagent tool. Cursor
// names an MCP tool `MCP:<tool>` without its server, so the canonical name
// is `mcp__cursor__<tool>`: a guard on `mcp__.*` sees it, one on a
// particular server (`mcp__github__.*`) cannot, and a canonical call's
// server is lost on the way to Cursor (`mcp__github__create_issue` is
// `MCP:create_issue`).

import { type McpNames, type ToolMap, toolMap } from "../shared/_tool_map.ts";

/** The server part of a canonical MCP tool name made from one of Cursor's. */
const SERVER = "cursor";
const PREFIX = `mcp__${SERVER}__`;

/** Cursor's MCP tool names (`MCP:<tool>`) both ways. */
export const CURSOR_MCP_NAMES: McpNames = Object.freeze({
  toCanonical: (name: string) => name.startsWith("MCP:") && name.length > 4 ? `${PREFIX}${name.slice(4)}` : undefined,
  fromCanonical(name: string): string | undefined {
    if (!name.startsWith("mcp__")) return undefined;
    const split = name.indexOf("__", 5);
    return split > 5 && split + 2 < name.length ? `MCP:${name.slice(split + 2)}` : undefined;
  },
});

/** The bare tool name of a canonical MCP tool, as beforeMCPExecution names it (`undefined`: not an MCP tool). */
export function mcpToolOf(canonical: string): string | undefined {
  return CURSOR_MCP_NAMES.fromCanonical(canonical)?.slice(4);
}

/** Cursor's tools in canonical terms, both ways. */
export const CURSOR_TOOLS: ToolMap = toolMap([
  { agent: "Shell", canonical: "Bash" },
  { agent: "Read", canonical: "Read" },
  { agent: "Write", canonical: "Write" },
  { agent: "Grep", canonical: "Grep" },
  { agent: "Task", canonical: "Task" },
], CURSOR_MCP_NAMES);
