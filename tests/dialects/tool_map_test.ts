import { deepEqual, equal, throws } from "node:assert/strict";
import { type McpNames, toolMap, type ToolRow } from "../../src/dialects/mod.ts";

const ROWS: readonly ToolRow[] = [
  { agent: "run_shell_command", canonical: "Bash", fields: { dir_path: "cwd_hint" } },
  { agent: "read_file", canonical: "Read", fields: { absolute_path: "file_path" } },
  { agent: "glob", canonical: "Glob", fields: { dir_path: "path" } },
  { agent: "Shell", canonical: "Bash" },
];
const MCP: McpNames = {
  toCanonical: (name) => name.startsWith("MCP:") ? `mcp__agent__${name.slice(4)}` : undefined,
  fromCanonical: (name) => name.startsWith("mcp__agent__") ? `MCP:${name.slice(12)}` : undefined,
};

Deno.test("toolMap round-trips every mapped tool, keeping fields it has no name for", async (t) => {
  const map = toolMap(ROWS, MCP);
  const calls: [string, Record<string, unknown>][] = [
    ["run_shell_command", { command: "ls", dir_path: "/p", description: "list" }],
    ["read_file", { absolute_path: "/p/a.ts", offset: 3 }],
    ["glob", { pattern: "*.ts", dir_path: "src", case_sensitive: true }],
    ["MCP:search", { q: "x" }],
  ];
  for (const [name, input] of calls) {
    await t.step(name, () => {
      const canonical = map.toCanonical(name, input);
      const back = map.fromCanonical(canonical.name, canonical.input);
      deepEqual(back, { name, input });
    });
  }
  await t.step("names and fields in canonical terms", () => {
    deepEqual(map.toCanonical("read_file", { absolute_path: "/a", limit: 1 }), {
      name: "Read",
      input: { file_path: "/a", limit: 1 },
    });
    deepEqual(map.toCanonical("MCP:search", {}).name, "mcp__agent__search");
  });
});

Deno.test("toolMap leaves unknown tools and unrenamed inputs as they are", () => {
  const map = toolMap(ROWS);
  const input = { anything: 1 };
  const unknown = map.toCanonical("todo_write", input);
  deepEqual(unknown.name, "todo_write");
  equal(unknown.input, input);
  deepEqual(map.fromCanonical("Task", input), { name: "Task", input });
  deepEqual(map.toCanonical("mcp__x__y", input).name, "mcp__x__y");
  // Nothing to rename: the same object, no copy.
  const plain = { command: "ls" };
  equal(map.toCanonical("run_shell_command", plain).input, plain);
});

Deno.test("toolMap uses the first row of a canonical name going back", () => {
  const map = toolMap(ROWS);
  deepEqual(map.toCanonical("Shell", { command: "ls" }), { name: "Bash", input: { command: "ls" } });
  deepEqual(map.fromCanonical("Bash", { command: "ls" }).name, "run_shell_command");
  deepEqual(map.agentName("Bash"), "run_shell_command");
  deepEqual(map.agentName("Glob"), "glob");
  deepEqual(map.agentName("WebFetch"), "WebFetch");
});

Deno.test("toolMap agentName names MCP tools as the agent does", () => {
  deepEqual(toolMap([], MCP).agentName("mcp__agent__search"), "MCP:search");
  deepEqual(toolMap([]).agentName("mcp__agent__search"), "mcp__agent__search");
});

Deno.test("toolMap never overwrites a field whose canonical name is present", () => {
  const map = toolMap(ROWS);
  const input = { pattern: "*", dir_path: "a", path: "b" };
  const canonical = map.toCanonical("glob", input);
  deepEqual(canonical.input, { pattern: "*", dir_path: "a", path: "b" });
  deepEqual(map.fromCanonical("Glob", canonical.input).input, input);
});

Deno.test("toolMap refuses rows that cannot be read both ways", async (t) => {
  await t.step("two rows for one agent name", () => {
    throws(
      () => toolMap([{ agent: "Shell", canonical: "Bash" }, { agent: "Shell", canonical: "Read" }]),
      { name: "TypeError", message: /"Shell" has two rows/ },
    );
  });
  await t.step("two fields renamed to one", () => {
    throws(
      () => toolMap([{ agent: "edit", canonical: "Edit", fields: { path: "file_path", file: "file_path" } }]),
      { name: "TypeError", message: /renames both "path" and "file"/ },
    );
  });
});

Deno.test("toolMap reads no field from the prototype", () => {
  const map = toolMap([{ agent: "read_file", canonical: "Read", fields: { absolute_path: "file_path" } }]);
  const input = JSON.parse('{"__proto__": {"x": 1}, "toString": "s", "absolute_path": "/a"}');
  const out = map.toCanonical("read_file", input).input;
  deepEqual(Object.keys(out), ["__proto__", "toString", "file_path"]);
  deepEqual(Object.getPrototypeOf(out), Object.prototype);
  deepEqual(map.toCanonical("constructor", {}).name, "constructor");
});
