// deno-lint-ignore-file no-console
// Runs one async hook with a long deadline, then ends: the process must
// exit at once, not when the shared deadline wake-up would have fired.
import { HookRegistry, HookRunner } from "../../mod.ts";

const registry = new HookRegistry();
registry.registerInProcess(
  "PreToolUse",
  "*",
  async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { action: "allow" };
  },
  undefined,
  { timeoutMs: 45_000 },
);
const runner = new HookRunner({ registry });
await runner.preToolUse("t", {}, { cwd: Deno.cwd() });
console.log("done");
