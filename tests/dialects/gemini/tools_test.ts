// Gemini CLI's tools in canonical (Claude) terms and back: names, renamed
// fields, fields that travel unchanged, MCP names.

import { deepEqual, equal } from "node:assert/strict";
import { GEMINI_MCP_NAMES, GEMINI_TOOL_ROWS, GEMINI_TOOLS } from "../../../src/dialects/gemini/tools.ts";

Deno.test("GEMINI_TOOLS.toCanonical() names Gemini's calls as Claude does, keeping Gemini-only fields", async (t) => {
  const cases: [string, Record<string, unknown>, string, Record<string, unknown>][] = [
    ["run_shell_command", { command: "ls", dir_path: "src", is_background: true }, "Bash", {
      command: "ls",
      dir_path: "src",
      run_in_background: true,
    }],
    ["read_file", { file_path: "/p/a", start_line: 2 }, "Read", { file_path: "/p/a", start_line: 2 }],
    ["write_file", { file_path: "/p/a", content: "x" }, "Write", { file_path: "/p/a", content: "x" }],
    [
      "replace",
      { file_path: "/p/a", old_string: "a", new_string: "b", allow_multiple: true, instruction: "i" },
      "Edit",
      {
        file_path: "/p/a",
        old_string: "a",
        new_string: "b",
        replace_all: true,
        instruction: "i",
      },
    ],
    ["glob", { pattern: "*.ts", dir_path: "src" }, "Glob", { pattern: "*.ts", path: "src" }],
    ["grep_search", { pattern: "x", dir_path: "src", include_pattern: "*.ts", context: 2 }, "Grep", {
      pattern: "x",
      path: "src",
      glob: "*.ts",
      context: 2,
    }],
    ["web_fetch", { prompt: "read https://x" }, "WebFetch", { prompt: "read https://x" }],
    ["google_web_search", { query: "deno" }, "WebSearch", { query: "deno" }],
    ["mcp_github_create_issue", { title: "t" }, "mcp__github__create_issue", { title: "t" }],
    ["list_directory", { dir_path: "." }, "list_directory", { dir_path: "." }],
  ];
  for (const [name, input, canonical, fields] of cases) {
    await t.step(name, () => {
      deepEqual(GEMINI_TOOLS.toCanonical(name, input), { name: canonical, input: fields });
    });
  }
});

Deno.test("GEMINI_TOOLS round-trips every mapped tool", () => {
  const inputs: Record<string, Record<string, unknown>> = {
    run_shell_command: { command: "ls", description: "d", dir_path: ".", is_background: false },
    replace: { file_path: "/a", old_string: "a", new_string: "b", allow_multiple: false },
    glob: { pattern: "*", dir_path: "." },
    grep_search: { pattern: "x", dir_path: ".", include_pattern: "*.md" },
  };
  for (const row of GEMINI_TOOL_ROWS) {
    if (row.agent === "search_file_content") continue;
    const input = inputs[row.agent] ?? { file_path: "/a", prompt: "p", query: "q" };
    const canonical = GEMINI_TOOLS.toCanonical(row.agent, input);
    equal(canonical.name, row.canonical);
    deepEqual(GEMINI_TOOLS.fromCanonical(canonical.name, canonical.input), { name: row.agent, input });
  }
  deepEqual(GEMINI_TOOLS.fromCanonical("mcp__github__create_issue", {}), {
    name: "mcp_github_create_issue",
    input: {},
  });
});

Deno.test("GEMINI_TOOLS reads the older search_file_content and absolute_path, and answers in current names", () => {
  deepEqual(GEMINI_TOOLS.toCanonical("search_file_content", { pattern: "x", dir_path: "d" }), {
    name: "Grep",
    input: { pattern: "x", path: "d" },
  });
  equal(GEMINI_TOOLS.fromCanonical("Grep", {}).name, "grep_search");
  deepEqual(GEMINI_TOOLS.toCanonical("read_file", { absolute_path: "/a" }), {
    name: "Read",
    input: { file_path: "/a" },
  });
  deepEqual(GEMINI_TOOLS.fromCanonical("Read", { file_path: "/a" }), { name: "read_file", input: { file_path: "/a" } });
});

Deno.test("GEMINI_TOOLS.agentName() gives matchers Gemini's names", () => {
  equal(GEMINI_TOOLS.agentName("Bash"), "run_shell_command");
  equal(GEMINI_TOOLS.agentName("Grep"), "grep_search");
  equal(GEMINI_TOOLS.agentName("mcp__memory__store"), "mcp_memory_store");
  equal(GEMINI_TOOLS.agentName("Task"), "Task");
});

Deno.test("GEMINI_MCP_NAMES splits at the first underscore after mcp_, as Gemini does", () => {
  equal(GEMINI_MCP_NAMES.toCanonical("mcp_my_srv_tool"), "mcp__my__srv_tool");
  equal(GEMINI_MCP_NAMES.toCanonical("read_file"), undefined);
  equal(GEMINI_MCP_NAMES.fromCanonical("mcp__my__srv_tool"), "mcp_my_srv_tool");
  equal(GEMINI_MCP_NAMES.fromCanonical("Bash"), undefined);
});
