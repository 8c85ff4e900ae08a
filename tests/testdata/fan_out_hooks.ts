// deno-lint-ignore-file no-console
// Fires many command hooks at once and prints how many failed, as JSON:
// lets tests run hookgate under a low `ulimit -n`.
//
//   runner     200 concurrent runner.preToolUse calls, 3 command hooks each
//              (the runner bounds how many run at once)
//   unbounded  600 concurrent standalone calls with no practical bound
import { DEFAULT_COMMAND_ALLOWLIST, HookRegistry, HookRunner, runShellHookDetailed } from "../../mod.ts";
import { HookProcesses } from "../../src/transports/mod.ts";

const mode = Deno.args[0] ?? "runner";
const failures: string[] = [];
if (mode === "runner") {
  const registry = new HookRegistry();
  const runner = new HookRunner({ registry, logger: { warn: (message) => failures.push(message) } });
  registry.loadShellHooks({
    PreToolUse: [
      { name: "a", command: "true" },
      { name: "b", command: "cat >/dev/null" },
      { name: "c", command: "true" },
    ],
  });
  await Promise.all(
    Array.from({ length: 200 }, () => runner.preToolUse("bash", { command: "ls" }, { cwd: Deno.cwd() })),
  );
} else {
  const processes = new HookProcesses({ maxRunning: 100_000 });
  const results = await Promise.all(
    Array.from({ length: 600 }, () =>
      runShellHookDetailed({ command: "true" }, { event: "Stop", cwd: Deno.cwd() }, {
        processes,
        allowlist: DEFAULT_COMMAND_ALLOWLIST,
      })),
  );
  for (const result of results) {
    if (result.failure) failures.push(`${result.failure.kind}: ${result.failure.message}`);
  }
}
console.log(JSON.stringify({ failed: failures.length, failures: [...new Set(failures)].slice(0, 5) }));
