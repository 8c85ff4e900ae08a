// A plugin in the WrongStack-compatible style: after an edit or a write, lint what was
// written and hand the findings to the model as context. The main below
// installs it into a host, runs PostToolUse the way an agent would, and
// uninstalls it again.
//
//   deno run examples/plugins/lint_after_edit.ts
// deno-lint-ignore-file no-console

import { HookRegistry, HookRunner, type Plugin, PluginHost } from "../../mod.ts";

/** What a quick lint finds in `text`: one line per problem. */
export function lint(path: string, text: string): string[] {
  const problems: string[] = [];
  for (const [index, line] of text.split("\n").entries()) {
    const at = `${path}:${index + 1}`;
    if (/[ \t]+$/.test(line)) problems.push(`${at}: trailing whitespace`);
    if (/^\s*debugger;?\s*$/.test(line)) problems.push(`${at}: leftover debugger statement`);
  }
  return problems;
}

/** Lints every edit and write; the model sees the findings as context. */
export const lintAfterEdit: Plugin = {
  name: "lint-after-edit",
  capabilities: { hooks: true }, // declares that it registers hooks
  setup(api) {
    api.registerHook("PostToolUse", "edit|write", async (input, { signal }) => {
      signal.throwIfAborted();
      const path = String(input.toolInput?.path ?? "(unnamed)");
      const text = String(input.toolInput?.content ?? input.toolInput?.new_string ?? "");
      await Promise.resolve(); // e.g. a linter running in a worker
      const problems = lint(path, text);
      return problems.length > 0 ? { additionalContext: `Lint:\n${problems.join("\n")}` } : {};
    }, { name: "lint-after-edit", timeoutMs: 5000, failurePolicy: "open" });
    // The hook's unsubscribe runs automatically when the plugin is uninstalled.
  },
};

if (import.meta.main) {
  const registry = new HookRegistry();
  const host = new PluginHost(registry, { logger: console });
  const runner = new HookRunner({ registry, logger: console });
  const env = { cwd: Deno.cwd() };
  const written = { content: "written", isError: false };
  const messy = "const a = 1; \ndebugger;\nexport { a };\n";

  const installed = await host.install([lintAfterEdit]);
  console.log(`installed: ${installed.installed.join(", ")}`);
  for (
    const [tool, input] of [
      ["write", { path: "src/a.ts", content: messy }],
      ["edit", { path: "src/b.ts", new_string: "export const b = 2;" }],
      ["bash", { command: "cat src/a.ts" }],
    ] as const
  ) {
    const result = await runner.postToolUse(tool, input, written, env);
    console.log(`${tool} → ${JSON.stringify(result)}`);
  }

  const removed = await host.uninstall("lint-after-edit");
  console.log(
    `uninstalled: ${removed.uninstalled.join(", ")} (hooks left: ${registry.countByOwner("lint-after-edit")})`,
  );
  const after = await runner.postToolUse("write", { path: "src/a.ts", content: messy }, written, env);
  console.log(`write → ${JSON.stringify(after)}`);
}
