// The public API has one name per thing: every entry point's exported names,
// read from `deno doc --json` as JSR reads them.

import { deepEqual, ok } from "node:assert/strict";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ENTRY_POINTS = ["mod.ts", "src/extensions/mod.ts", "src/plugins/mod.ts", "src/dialects/mod.ts"];

async function exportedNames(): Promise<Set<string>> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["doc", "--json", ...ENTRY_POINTS],
    cwd: ROOT,
    stdout: "piped",
    stderr: "null",
  }).output();
  ok(output.success, "deno doc --json failed");
  const doc = JSON.parse(new TextDecoder().decode(output.stdout)) as {
    nodes: Record<string, { symbols: { name: string }[] }>;
  };
  return new Set(Object.values(doc.nodes).flatMap((node) => node.symbols.map((symbol) => symbol.name)));
}

Deno.test("the public API names each thing once: PluginAPI without a twin, one tool-result shape", async () => {
  const names = await exportedNames();
  deepEqual(["PluginApi", "ToolOutput"].filter((name) => names.has(name)), [], "twins that must not be exported");
  deepEqual(
    ["PluginAPI", "ToolResult", "HookRunner", "HookToolWrapper"].filter((name) => !names.has(name)),
    [],
    "names the API must export",
  );
});
