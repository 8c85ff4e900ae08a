/**
 * The canonical tool vocabulary every dialect translates to and from:
 * Claude Code's tool names and input fields, each with its kind (shell,
 * read file, write file, …), so that one guard written against `Bash` and
 * `tool_input.command` sees every agent's shell call.
 *
 * @module
 */

/**
 * What a canonical tool does, whatever an agent calls it.
 *
 * @example The kind of a shell tool
 * ```ts
 * import type { ToolKind } from "@hookgate/core";
 *
 * const kind: ToolKind = "shell";
 * ```
 */
export type ToolKind = "shell" | "read" | "write" | "edit" | "glob" | "grep" | "web_fetch" | "web_search" | "mcp";

/**
 * One canonical tool: its kind and its input fields (the required ones
 * first; every field an agent sends besides them travels unchanged).
 *
 * @example Claude's Read tool
 * ```ts
 * import type { CanonicalTool } from "@hookgate/core";
 *
 * const read: CanonicalTool = { kind: "read", fields: ["file_path", "offset", "limit"] };
 * ```
 */
export interface CanonicalTool {
  /** What the tool does. */
  readonly kind: ToolKind;
  /** Its input fields, by their canonical names. */
  readonly fields: readonly string[];
}

/**
 * The canonical tools by name (Claude Code's names and fields). MCP tools
 * are not rows: every `mcp__<server>__<tool>` name is one (see
 * {@linkcode canonicalToolKind}).
 *
 * @example The shell tool's command field
 * ```ts
 * import { CANONICAL_TOOLS } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * equal(CANONICAL_TOOLS.Bash?.kind, "shell");
 * equal(CANONICAL_TOOLS.Bash?.fields[0], "command");
 * ```
 */
export const CANONICAL_TOOLS: Readonly<Record<string, CanonicalTool>> = Object.freeze({
  Bash: tool("shell", ["command", "description", "timeout", "run_in_background"]),
  Read: tool("read", ["file_path", "offset", "limit"]),
  Write: tool("write", ["file_path", "content"]),
  Edit: tool("edit", ["file_path", "old_string", "new_string", "replace_all"]),
  MultiEdit: tool("edit", ["file_path", "edits"]),
  Glob: tool("glob", ["pattern", "path"]),
  Grep: tool("grep", ["pattern", "path", "glob", "type", "output_mode", "-i", "-n", "-A", "-B", "-C", "multiline"]),
  WebFetch: tool("web_fetch", ["url", "prompt"]),
  WebSearch: tool("web_search", ["query", "allowed_domains", "blocked_domains"]),
});

/** The prefix of every canonical MCP tool name: `mcp__<server>__<tool>`. */
const MCP_PREFIX = "mcp__";

/**
 * The kind of a canonical tool name: a row of {@linkcode CANONICAL_TOOLS},
 * `"mcp"` for `mcp__<server>__<tool>`, else `undefined` (a tool the
 * vocabulary does not name, which every dialect passes on unchanged).
 *
 * @param name A canonical tool name.
 * @returns Its kind, or `undefined`.
 *
 * @example Built-in and MCP tools
 * ```ts
 * import { canonicalToolKind } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * equal(canonicalToolKind("Write"), "write");
 * equal(canonicalToolKind("mcp__github__create_issue"), "mcp");
 * equal(canonicalToolKind("Task"), undefined);
 * ```
 */
export function canonicalToolKind(name: string): ToolKind | undefined {
  if (Object.hasOwn(CANONICAL_TOOLS, name)) return CANONICAL_TOOLS[name]!.kind;
  return isMcpToolName(name) ? "mcp" : undefined;
}

/**
 * Whether a canonical tool name is an MCP tool's: `mcp__<server>__<tool>`,
 * with a non-empty server and tool.
 *
 * @param name A canonical tool name.
 * @returns Whether it names an MCP tool.
 *
 * @example
 * ```ts
 * import { isMcpToolName } from "@hookgate/core";
 * import { equal } from "node:assert/strict";
 *
 * equal(isMcpToolName("mcp__fs__read"), true);
 * equal(isMcpToolName("mcp__fs"), false);
 * ```
 */
export function isMcpToolName(name: string): boolean {
  if (!name.startsWith(MCP_PREFIX)) return false;
  const split = name.indexOf("__", MCP_PREFIX.length);
  return split > MCP_PREFIX.length && split + 2 < name.length;
}

function tool(kind: ToolKind, fields: readonly string[]): CanonicalTool {
  return Object.freeze({ kind, fields: Object.freeze([...fields]) });
}
