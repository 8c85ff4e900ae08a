// Cursor's tool names against the canonical ones, both ways.

import { deepEqual, equal } from "node:assert/strict";
import { CURSOR_TOOLS } from "../../../src/dialects/cursor/tools.ts";

Deno.test("CURSOR_TOOLS maps Cursor's tools both ways", async (t) => {
  const calls: [string, Record<string, unknown>, string][] = [
    ["Shell", { command: "ls", working_directory: "/p" }, "Bash"],
    ["Read", { file_path: "/p/a" }, "Read"],
    ["Write", { file_path: "/p/a", content: "x" }, "Write"],
    ["Grep", { pattern: "x" }, "Grep"],
    ["Task", { description: "explore" }, "Task"],
    ["Delete", { file_path: "/p/a" }, "Delete"],
    ["MCP:create_issue", { title: "bug" }, "mcp__cursor__create_issue"],
  ];
  for (const [name, input, canonical] of calls) {
    await t.step(`${name} is ${canonical}, and back`, () => {
      const there = CURSOR_TOOLS.toCanonical(name, input);
      deepEqual(there, { name: canonical, input });
      deepEqual(CURSOR_TOOLS.fromCanonical(there.name, there.input), { name, input });
    });
  }
  await t.step("a canonical MCP tool loses its server on the way to Cursor", () => {
    equal(CURSOR_TOOLS.agentName("mcp__github__create_issue"), "MCP:create_issue");
  });
  await t.step("Bash is Shell for matchers", () => {
    equal(CURSOR_TOOLS.agentName("Bash"), "Shell");
  });
});
