// api.on() is typed per event: the handler's event argument and its return
// type are narrowed by the event name. The wrong shapes below must not
// compile: each `@ts-expect-error` fails type checking (and so this file's
// tests) if the line it marks ever compiles.

import { deepEqual } from "node:assert/strict";
import { HookRegistry, HookRunner } from "../../mod.ts";
import { ExtensionHost, type HookAPI } from "../../src/extensions/mod.ts";

/** Never called: only type-checked. */
function wrongShapes(api: HookAPI): void {
  // @ts-expect-error tool_call answers { block?: boolean; reason?: string }
  api.on("tool_call", () => ({ block: "yes" }));
  // @ts-expect-error context answers { messages?: AgentMessage[] }
  api.on("context", () => ({ messages: "all of them" }));
  // @ts-expect-error before_agent_start's message needs customType, content and display
  api.on("before_agent_start", () => ({ message: { content: "hi" } }));
  // @ts-expect-error session_before_switch answers { cancel?: boolean }
  api.on("session_before_switch", () => ({ cancel: 1 }));
  // @ts-expect-error a context event has no toolName
  api.on("context", (event) => void event.toolName.length);
  // @ts-expect-error turn_end's turnIndex is a number
  api.on("turn_end", (event) => void event.turnIndex.toUpperCase());
  // @ts-expect-error not an extension event
  api.on("tool_calls", () => {});
}

Deno.test("HookAPI.on() narrows each handler's event and result by the event's name", async () => {
  void wrongShapes;
  const registry = new HookRegistry();
  const host = new ExtensionHost({ registry });
  const seen: unknown[] = [];
  await host.load((api) => {
    api.on("tool_call", (event) => {
      const command: unknown = event.input.command;
      seen.push(event.toolName, command);
      return { block: false };
    });
    api.on("turn_end", (event) => {
      const index: number = event.turnIndex;
      seen.push(index + 1);
    });
    api.on("session.compacting", (event) => ({ context: [`${event.messages.length} messages`] }));
  }, "typed");
  const runner = new HookRunner({ registry });
  await runner.preToolUse("bash", { command: "ls" }, { cwd: "/tmp" });
  await runner.emit("turn_end", { turnIndex: 1 }, { cwd: "/tmp" });
  const compacting = await runner.emit("session.compacting", { messages: [{ role: "user" }] }, { cwd: "/tmp" });
  deepEqual(seen, ["bash", "ls", 2]);
  deepEqual(compacting, { context: ["1 messages"] });
  host.unloadAll();
});
