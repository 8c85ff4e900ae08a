// deno-lint-ignore-file no-console
// An agent loop in miniature: load the three extension modules next to this
// file, wrap two tools, and show what the extensions do to each call.
//
//   deno run --allow-read examples/extensions/main.ts

import { HookRegistry, HookRunner } from "../../mod.ts";
import { ExtensionHost, HookToolWrapper, loadHooks, ToolBlockedError } from "../../src/extensions/mod.ts";

const here = new URL(".", import.meta.url).pathname;
const registry = new HookRegistry();
const host = new ExtensionHost({ registry });
const loaded = await loadHooks(["block_unsafe_bash.ts", "redact_tool_output.ts", "filter_context.ts"], here, { host });
for (const error of loaded.errors) console.error(`${error.path}: ${error.error}`);
console.log(`loaded ${loaded.hooks.length} extensions`);

const runner = new HookRunner({ registry });
const bash = new HookToolWrapper({
  name: "bash",
  execute: (_id, input) => ({ content: [{ type: "text", text: `ran: ${input.command}` }] }),
}, { runner, cwd: here });
const read = new HookToolWrapper({
  name: "read",
  execute: () => ({ content: [{ type: "text", text: "API_KEY=sk-live-123\nDEBUG=1" }] }),
}, { runner, cwd: here });

for (const command of ["ls -la", "rm -rf build"]) {
  try {
    console.log(`bash ${JSON.stringify(command)} → ${JSON.stringify((await bash.execute("1", { command })).content)}`);
  } catch (error) {
    if (!(error instanceof ToolBlockedError)) throw error;
    console.log(`bash ${JSON.stringify(command)} → blocked: ${error.reason}`);
  }
}
console.log(`read ".env" → ${JSON.stringify((await read.execute("2", { path: ".env" })).content)}`);

const context = await runner.emit("context", {
  messages: [
    { role: "user", content: "fix the build" },
    { role: "custom", customType: "debug-only", content: "timings: …" },
  ],
}, { cwd: here });
console.log(`context → ${context.messages?.length} of 2 messages: ${JSON.stringify(context.messages)}`);
host.unloadAll();
