// The extension examples: the seed's three modules (block unsafe bash,
// redact tool output, filter context), each exercised, and the runnable
// agent loop in examples/extensions/main.ts.

import { deepEqual, equal } from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { HookRegistry, HookRunner } from "../mod.ts";
import { ExtensionHost, HEADLESS_UI, HookToolWrapper, loadHooks } from "../src/extensions/mod.ts";

const EXAMPLES = fileURLToPath(new URL("../examples/extensions/", import.meta.url));

async function load(file: string, ui?: typeof HEADLESS_UI) {
  const registry = new HookRegistry();
  const host = new ExtensionHost({ registry, ...(ui ? { ui } : {}) });
  const result = await loadHooks([file], EXAMPLES, { host });
  deepEqual(result.errors, []);
  return { host, runner: new HookRunner({ registry }) };
}

Deno.test("examples/extensions/block_unsafe_bash.ts blocks rm -rf headless and asks the user with a UI", async () => {
  const headless = await load("block_unsafe_bash.ts");
  deepEqual(await headless.runner.preToolUse("bash", { command: "rm -rf build" }, { cwd: "/tmp" }), {
    block: true,
    reason: "rm -rf blocked (no UI)",
  });
  deepEqual(await headless.runner.preToolUse("bash", { command: "ls" }, { cwd: "/tmp" }), {});
  headless.host.unloadAll();

  const prompts: string[] = [];
  const ui = {
    ...HEADLESS_UI,
    confirm: (_title: string, message: string) => {
      prompts.push(message);
      return Promise.resolve(message.includes("build"));
    },
  };
  const withUi = await load("block_unsafe_bash.ts", ui);
  deepEqual(await withUi.runner.preToolUse("bash", { command: "rm -rf build" }, { cwd: "/tmp" }), {});
  deepEqual(await withUi.runner.preToolUse("bash", { command: "rm -rf /" }, { cwd: "/tmp" }), {
    block: true,
    reason: "user denied command",
  });
  deepEqual(prompts, ["Allow: rm -rf build", "Allow: rm -rf /"]);
  withUi.host.unloadAll();
});

Deno.test("examples/extensions/redact_tool_output.ts redacts API keys from read, and only from read", async () => {
  const { host, runner } = await load("redact_tool_output.ts");
  const text = [{ type: "text", text: "API_KEY=sk-1 API_KEY=sk-2 rest" }, {
    type: "image",
    data: "AA",
    mimeType: "image/png",
  }];
  const wrap = (name: string) =>
    new HookToolWrapper({ name, execute: () => ({ content: text }) }, { runner, cwd: "/tmp" });
  deepEqual((await wrap("read").execute("1", {})).content, [
    { type: "text", text: "API_KEY=[REDACTED] API_KEY=[REDACTED] rest" },
    { type: "image", data: "AA", mimeType: "image/png" },
  ]);
  deepEqual((await wrap("grep").execute("2", {})).content, text);
  host.unloadAll();
});

Deno.test("examples/extensions/filter_context.ts drops debug-only messages from every model call", async () => {
  const { host, runner } = await load("filter_context.ts");
  const result = await runner.emit("context", {
    messages: [
      { role: "custom", customType: "debug-only", content: "x" },
      { role: "custom", customType: "note", content: "kept" },
      { role: "user", content: "hi" },
    ],
  }, { cwd: "/tmp" });
  deepEqual(result.messages?.map((message) => message.content), ["kept", "hi"]);
  host.unloadAll();
});

Deno.test("examples/extensions/main.ts runs as documented", async () => {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", "--allow-read", `${EXAMPLES}main.ts`],
    env: { DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" },
  }).output();
  const decoder = new TextDecoder();
  equal(code, 0, decoder.decode(stderr));
  equal(
    decoder.decode(stdout),
    [
      "loaded 3 extensions",
      'bash "ls -la" → [{"type":"text","text":"ran: ls -la"}]',
      'bash "rm -rf build" → blocked: rm -rf blocked (no UI)',
      'read ".env" → [{"type":"text","text":"API_KEY=[REDACTED]\\nDEBUG=1"}]',
      'context → 1 of 2 messages: [{"role":"user","content":"fix the build"}]',
      "",
    ].join("\n"),
  );
});
