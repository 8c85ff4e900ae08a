import { deepEqual } from "node:assert/strict";

// hook-run is started once per tool call, so what a command loads before it
// does anything is paid every time. zod (built schemas), jsonc-parser (a
// CommonJS module from source) and node: modules (Deno's Node compatibility
// layer) cost milliseconds each: they are imported only when a command
// needs them (a configuration with something to report, a tool schema, an
// extension module), never by the modules a clean run or gateway call
// evaluates. This walks the static imports of each command's start path.

interface Module {
  specifier: string;
  dependencies?: { code?: { specifier: string }; isDynamic?: boolean }[];
}

async function startPath(entries: string[]): Promise<string[]> {
  const seen = new Set<string>();
  for (const entry of entries) {
    const root = new URL(entry, import.meta.url).href;
    const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", root],
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (code !== 0) throw new Error(new TextDecoder().decode(stderr));
    const info = JSON.parse(new TextDecoder().decode(stdout)) as {
      modules: Module[];
      redirects: Record<string, string>;
    };
    const modules = new Map(info.modules.map((module) => [module.specifier, module]));
    const pending = [root];
    while (pending.length > 0) {
      const specifier = pending.pop()!;
      const resolved = info.redirects[specifier] ?? specifier;
      if (seen.has(resolved)) continue;
      seen.add(resolved);
      for (const dependency of modules.get(resolved)?.dependencies ?? []) {
        if (dependency.code !== undefined && dependency.isDynamic !== true) pending.push(dependency.code.specifier);
      }
    }
  }
  return [...seen];
}

Deno.test("hook-run run and gateway start without zod, jsonc-parser or node: modules", async (t) => {
  for (const command of ["run", "gateway"]) {
    await t.step(command, async () => {
      const loaded = await startPath(["../../src/cli/main.ts", `../../src/cli/${command}.ts`]);
      deepEqual(loaded.filter((specifier) => !specifier.startsWith("file:")), []);
    });
  }
});
