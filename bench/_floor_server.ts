// deno-lint-ignore-file no-console
// The floor for bench/load.ts's hook-run serve figures: the smallest
// policy server Deno can run — Deno.serve, JSON.parse, one check, a fixed
// answer — with the same probe and listening line as bench/_serve_probe.ts.
// What hook-run serve costs is the difference; what both share (the
// loopback, the client, the machine's noise) is not hookgate's.

import { parseArgs } from "node:util";

const { values } = parseArgs({ args: Deno.args, options: { port: { type: "string" } }, strict: false });
const DENY = JSON.stringify({
  hookSpecificOutput: {
    hookEventName: "PreToolUse",
    permissionDecision: "deny",
    permissionDecisionReason: "rm -rf is blocked",
  },
}) + "\n";

Deno.addSignalListener("SIGUSR2", () => {
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed } = Deno.memoryUsage();
  console.error(`probe rss=${rss} heap=${heapUsed}`);
});

const server = Deno.serve({
  hostname: "127.0.0.1",
  port: Number(values.port ?? 0),
  onListen: ({ port }) => console.error(`listening on http://127.0.0.1:${port} (the floor)`),
}, async (request) => {
  const event = await request.json();
  const deny = String(event.tool_input?.command ?? "").includes("rm -rf");
  return new Response(deny ? DENY : "{}\n", { headers: { "content-type": "application/json" } });
});
Deno.addSignalListener("SIGTERM", () => server.shutdown());
await server.finished;
Deno.exit(0);
