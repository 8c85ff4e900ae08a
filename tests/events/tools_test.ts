import { deepEqual } from "node:assert/strict";
import { CANONICAL_TOOLS, canonicalToolKind, isMcpToolName, type ToolKind } from "../../mod.ts";

Deno.test("CANONICAL_TOOLS names a tool of every kind but MCP, with its fields", () => {
  const kinds = new Set<ToolKind>(Object.values(CANONICAL_TOOLS).map((tool) => tool.kind));
  for (const kind of ["shell", "read", "write", "edit", "glob", "grep", "web_fetch", "web_search"] as const) {
    deepEqual(kinds.has(kind), true, kind);
  }
  deepEqual(CANONICAL_TOOLS.Edit?.fields.slice(0, 3), ["file_path", "old_string", "new_string"]);
  deepEqual(Object.isFrozen(CANONICAL_TOOLS) && Object.isFrozen(CANONICAL_TOOLS.Bash), true);
});

Deno.test("canonicalToolKind reads MCP names by shape and nothing from the prototype", async (t) => {
  await t.step("built-in", () => deepEqual(canonicalToolKind("Bash"), "shell"));
  await t.step("MCP", () => deepEqual(canonicalToolKind("mcp__github__create_issue"), "mcp"));
  await t.step("incomplete MCP names", () => {
    for (const name of ["mcp__", "mcp__github", "mcp__github__", "mcp____tool"]) {
      deepEqual(isMcpToolName(name), false, name);
      deepEqual(canonicalToolKind(name), undefined, name);
    }
  });
  await t.step("unknown and prototype keys", () => {
    deepEqual(canonicalToolKind("Task"), undefined);
    deepEqual(canonicalToolKind("toString"), undefined);
    deepEqual(canonicalToolKind("__proto__"), undefined);
  });
});
