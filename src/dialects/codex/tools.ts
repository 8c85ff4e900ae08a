// Codex's tools in canonical terms. Codex hands its shell tools (`shell`,
// `exec_command`, unified exec) to hooks as `Bash {command}`, which is the
// canonical Bash; MCP tools are `mcp__<server>__<tool>` as in Claude.
// `apply_patch {command: <patch>}` keeps its name: the canonical Edit and
// Write hold one file's path and strings, a patch may touch several files,
// so it is a canonical tool of its own (kind `edit`), which Claude and Codex
// matchers also select as `Write` and `Edit` (src/matchers/codex.ts).

import { type ToolMap, toolMap, type ToolRow } from "../shared/_tool_map.ts";

/** Codex's tools: the same names and fields as the canonical ones. */
export const CODEX_TOOL_ROWS: readonly ToolRow[] = Object.freeze([
  Object.freeze({ agent: "Bash", canonical: "Bash" }),
  Object.freeze({ agent: "apply_patch", canonical: "apply_patch" }),
]);

/** Codex's tool map. */
export const CODEX_TOOLS: ToolMap = toolMap(CODEX_TOOL_ROWS);
