// What telemetry costs a call: the same runners with telemetry off
// (`telemetry: false`) and on, side by side in one process. Run under
// Deno's exporter with `deno task bench:telemetry` (OTEL_DENO=true); without
// a registered OpenTelemetry API only the "off" benches run.

import { HookRegistry, HookRunner, type InProcessHook, telemetryActive } from "../mod.ts";

const env = { cwd: "/" };
const toolInput = { command: "ls" };
const on = telemetryActive();
const sync: InProcessHook = () => ({ action: "allow" });
// deno-lint-ignore require-await
const async: InProcessHook = async () => ({ action: "allow" });

function runner(hooks: InProcessHook[], telemetry: boolean): HookRunner {
  const registry = new HookRegistry();
  for (const hook of hooks) registry.registerInProcess("PreToolUse", "*", hook);
  return new HookRunner({ registry, sessionId: () => "bench", ...(telemetry ? {} : { telemetry: false }) });
}

const cases: [string, InProcessHook[]][] = [["zero hooks", []], ["one sync hook", [sync]], ["one async hook", [async]]];
for (const [name, hooks] of cases) {
  const off = runner(hooks, false);
  // The first call of a runner with telemetry on loads its exporter side.
  const traced = on ? runner(hooks, true) : null;
  await traced?.preToolUse("bash", toolInput, env);
  Deno.bench(`${name}: telemetry off`, { group: name, baseline: true }, async () => {
    await off.preToolUse("bash", toolInput, env);
  });
  if (traced !== null) {
    Deno.bench(`${name}: telemetry on`, { group: name }, async () => {
      await traced.preToolUse("bash", toolInput, env);
    });
  }
}
