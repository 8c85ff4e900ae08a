// A plugin-style setup: an in-process rewrite, a policy validator and a
// context hook, driven through one runner the way an agent would.
//
//   deno run examples/in_process.ts
// deno-lint-ignore-file no-console

import { HookRegistry, HookRunner } from "../mod.ts";

const registry = new HookRegistry();

registry.registerInProcess(
  "PreToolUse",
  "bash",
  (input) => {
    const command = String(input.toolInput?.command ?? "");
    if (command === "ls") {
      return {
        action: "mutate",
        input: { ...input.toolInput, command: "ls -la" },
      };
    }
  },
  "example-plugin",
  { name: "long-ls" },
);

registry.registerInProcess(
  "PreToolUse",
  "bash",
  async (input, { signal }) => {
    signal.throwIfAborted();
    const command = String(input.toolInput?.command ?? "");
    await Promise.resolve(); // e.g. ask a policy store
    return command.includes("rm -rf") ? { action: "deny", reason: "rm -rf is blocked by policy" } : { action: "allow" };
  },
  "example-policy",
  {
    name: "no-rm-rf",
    stage: "validate",
    failurePolicy: "closed",
    policy: true,
  },
);

registry.registerInProcess(
  "PostToolUse",
  "edit|write",
  () => ({
    additionalContext: "Remember to run the linter.",
  }),
  "example-plugin",
  { name: "lint-reminder" },
);

const runner = new HookRunner({ registry, logger: console });
const env = { cwd: Deno.cwd() };

for (const command of ["ls", "rm -rf /", "git status"]) {
  const result = await runner.preToolUse("bash", { command }, env);
  console.log(`bash ${JSON.stringify(command)} →`, JSON.stringify(result));
}
const after = await runner.postToolUse("write", { path: "a.ts" }, {
  content: "ok",
  isError: false,
}, env);
console.log("write →", JSON.stringify(after));
