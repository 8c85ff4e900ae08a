// Gemini CLI's tools (0.61) in canonical terms — Claude Code's names and
// input fields — and back. Only fields that mean the same under another
// name are renamed; every other field (`dir_path` of a shell call,
// `instruction` of an edit, `start_line`, …) travels unchanged, so a
// rewrite that keeps the input it was given keeps them too.

import { type McpNames, type ToolMap, toolMap, type ToolRow } from "../shared/_tool_map.ts";

/** Gemini's tools with a canonical equivalent; the first row of a canonical name is the one used back. */
export const GEMINI_TOOL_ROWS: readonly ToolRow[] = Object.freeze([
  { agent: "run_shell_command", canonical: "Bash", fields: { is_background: "run_in_background" } },
  { agent: "read_file", canonical: "Read" },
  { agent: "write_file", canonical: "Write" },
  { agent: "replace", canonical: "Edit", fields: { allow_multiple: "replace_all" } },
  { agent: "glob", canonical: "Glob", fields: { dir_path: "path" } },
  { agent: "grep_search", canonical: "Grep", fields: { dir_path: "path", include_pattern: "glob" } },
  // The name older releases gave the grep tool.
  { agent: "search_file_content", canonical: "Grep", fields: { dir_path: "path", include_pattern: "glob" } },
  { agent: "web_fetch", canonical: "WebFetch" },
  { agent: "google_web_search", canonical: "WebSearch" },
]);

/**
 * Gemini names an MCP tool `mcp_<server>_<tool>` and splits it at the
 * first `_` after `mcp_` (so does this map: a server whose name has a `_`
 * is read as Gemini reads it); the canonical name is
 * `mcp__<server>__<tool>`.
 */
export const GEMINI_MCP_NAMES: McpNames = Object.freeze<McpNames>({
  toCanonical(name) {
    const match = /^mcp_([^_]+)_(.+)$/.exec(name);
    return match === null ? undefined : `mcp__${match[1]}__${match[2]}`;
  },
  fromCanonical(name) {
    const match = /^mcp__(.+?)__(.+)$/.exec(name);
    return match === null ? undefined : `mcp_${match[1]}_${match[2]}`;
  },
});

const MAP = toolMap(GEMINI_TOOL_ROWS, GEMINI_MCP_NAMES);

/**
 * Gemini's tools both ways. A `read_file` call of an older release names
 * its path `absolute_path`: it is read as `file_path`, and answered with
 * `file_path`, the name of the current release.
 */
export const GEMINI_TOOLS: ToolMap = Object.freeze<ToolMap>({
  toCanonical(name, input) {
    if (name === "read_file" && Object.hasOwn(input, "absolute_path") && !Object.hasOwn(input, "file_path")) {
      const { absolute_path: path, ...rest } = input;
      return MAP.toCanonical(name, { file_path: path, ...rest });
    }
    return MAP.toCanonical(name, input);
  },
  fromCanonical: (name, input) => MAP.fromCanonical(name, input),
  agentName: (canonical) => MAP.agentName(canonical),
});
