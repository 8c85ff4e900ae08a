import { deepEqual, equal } from "node:assert/strict";
import { AGENT_FILES, AGENTS, configLayers, layerOwner, parseAgent } from "../../src/config/mod.ts";

Deno.test("AGENT_FILES gives every agent a dialect, files and a project variable", () => {
  for (const agent of AGENTS) {
    const files = AGENT_FILES[agent]!;
    equal(typeof files.dialect, "string", agent);
    equal(files.projectFiles.length > 0, true, agent);
    equal(/^[A-Z_]+$/.test(files.projectDirVar), true, agent);
  }
  equal(AGENT_FILES.claude?.projectDirVar, "CLAUDE_PROJECT_DIR");
});

Deno.test("parseAgent accepts exactly the agents of AGENT_FILES", () => {
  for (const agent of AGENTS) equal(parseAgent(agent), agent);
  for (const name of ["", "Claude", "toString", "__proto__", "hookgate"]) equal(parseAgent(name), undefined, name);
});

Deno.test("layerOwner reads the owner from the table's file tails", async (t) => {
  await t.step("project and user copies", () => {
    equal(layerOwner("/p/.claude/settings.json"), "claude");
    equal(layerOwner("/home/me/.claude/settings.local.json"), "claude");
    equal(layerOwner("C:\\p\\.claude\\settings.json"), "claude");
  });
  await t.step("hookgate's own files and near misses", () => {
    equal(layerOwner("/p/.hookgate/config.jsonc"), undefined);
    equal(layerOwner("/p/claude/settings.json"), undefined);
    equal(layerOwner("/p/.claude/other.json"), undefined);
    equal(layerOwner("settings.json"), undefined);
  });
});

Deno.test("configLayers takes the agents' files from the table, each owned by its agent", () => {
  const layers = configLayers({ projectRoot: "/p", home: "/h", agentHome: "/home/me", caller: "claude" });
  const owned = layers.filter((layer) => layer.owner !== undefined);
  deepEqual(
    owned.map((layer) => [layer.kind, layer.path, layer.owner, layer.dialect, layer.runByCaller]),
    AGENTS.flatMap((agent) => {
      const files = AGENT_FILES[agent]!;
      const runBy = agent === "claude" ? true : undefined;
      return [
        ...files.userFiles.map((file) => ["user", `/home/me/${file}`, agent, files.dialect, runBy]),
        ...files.projectFiles.map((file) => ["project", `/p/${file}`, agent, files.dialect, runBy]),
      ];
    }).sort((a, b) => (a[0] === b[0] ? 0 : a[0] === "user" ? -1 : 1)),
  );
  // Claude's user settings stay out: hook-run install claude moves their hooks to hookgate's own file.
  equal(layers.some((layer) => layer.path.startsWith("/home/me/.claude/")), false);
});
