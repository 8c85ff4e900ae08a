// HookToolWrapper: tool_call before the tool, tool_result after it; on a
// tool error tool_result sees isError and the original error is rethrown.
// Hooks of every kind compose on the way.

import { deepEqual, equal, match, ok, rejects } from "node:assert/strict";
import { type AnyHookEventResult, HookRegistry, HookRunner } from "../../mod.ts";
import {
  ExtensionHost,
  HEADLESS_UI,
  HookToolWrapper,
  ToolBlockedError,
  type WrappableTool,
} from "../../src/extensions/mod.ts";

function setUp() {
  const registry = new HookRegistry();
  const host = new ExtensionHost({ registry });
  const runner = new HookRunner({ registry });
  const calls: Record<string, unknown>[] = [];
  const tool: WrappableTool<{ lines: number }> = {
    name: "read",
    execute: (_id, input) => {
      calls.push(input);
      if (input.path === "missing") throw new Deno.errors.NotFound("no such file: missing");
      return { content: [{ type: "text", text: "API_KEY=abc123\nok" }], details: { lines: 2 } };
    },
  };
  return { registry, host, runner, calls, tool };
}

Deno.test("HookToolWrapper.execute() runs the tool between tool_call and tool_result; the last override wins", async () => {
  const { host, runner, calls, tool } = setUp();
  const seen: unknown[] = [];
  await host.load((api) => {
    api.on("tool_call", (event) => void seen.push(event));
    api.on("tool_result", (event) => {
      seen.push(event);
      return { content: [{ type: "text", text: "first override" }] };
    });
  }, "/x/a.ts");
  await host.load((api) => {
    api.on("tool_result", (event) => {
      if (event.isError) return;
      const content = (event.content as { type: string; text: string }[]).map((part) =>
        part.type === "text" ? { ...part, text: part.text.replaceAll(/API_KEY=\S+/g, "API_KEY=[REDACTED]") } : part
      );
      return { content };
    });
  }, "/x/b.ts");
  const read = new HookToolWrapper(tool, { runner, cwd: "/tmp" });
  equal(read.name, "read");
  const output = await read.execute("call-7", { path: ".env" });
  deepEqual(output, { content: [{ type: "text", text: "API_KEY=[REDACTED]\nok" }], details: { lines: 2 } });
  deepEqual(calls, [{ path: ".env" }]);
  deepEqual(seen, [
    { type: "tool_call", toolName: "read", toolCallId: "call-7", input: { path: ".env" } },
    {
      type: "tool_result",
      toolName: "read",
      toolCallId: "call-7",
      input: { path: ".env" },
      content: [{ type: "text", text: "API_KEY=abc123\nok" }],
      details: { lines: 2 },
      isError: false,
    },
  ]);
  host.unloadAll();
});

Deno.test("HookToolWrapper.execute() does not run a blocked tool: the first block in registration order is the error's reason", async () => {
  const { host, runner, calls, tool } = setUp();
  const ran: string[] = [];
  await host.load((api) => {
    api.on("tool_call", () => void ran.push("allow"));
    api.on("tool_call", (event) => {
      ran.push("block");
      return event.input.path === ".env" ? { block: true, reason: "secrets stay unread" } : undefined;
    });
    api.on("tool_call", () => {
      ran.push("later");
      return { block: true, reason: "later" };
    });
  }, "/x/guard.ts");
  const read = new HookToolWrapper(tool, { runner, cwd: "/tmp" });
  const thrown = await read.execute("c1", { path: ".env" }).then(() => null, (error) => error);
  ok(thrown instanceof ToolBlockedError);
  deepEqual([thrown.kind, thrown.reason, thrown.message], [
    "block",
    "secrets stay unread",
    'Tool "read" was not run: secrets stay unread',
  ]);
  deepEqual(calls, []);
  // One after another in registration order: the first block stops the rest.
  deepEqual(ran, ["allow", "block"]);
  host.unloadAll();
});

Deno.test("HookToolWrapper.execute() runs tool_call handlers one after another: a slow block stops a fast later handler", async (t) => {
  await t.step("a slow handler that blocks, then a fast one", async () => {
    const { host, runner, calls, tool } = setUp();
    const log: string[] = [];
    await host.load((api) => {
      api.on("tool_call", async () => {
        log.push("start slow");
        await new Promise((resolve) => setTimeout(resolve, 30));
        log.push("end slow");
        return { block: true, reason: "slow says no" };
      });
      api.on("tool_call", () => void log.push("fast"));
    }, "/x/guard.ts");
    const read = new HookToolWrapper(tool, { runner, cwd: "/tmp" });
    const thrown = await read.execute("c1", { path: "a" }).then(() => null, (error) => error);
    equal(thrown instanceof ToolBlockedError && thrown.reason, "slow says no");
    deepEqual(log, ["start slow", "end slow"]);
    deepEqual(calls, []);
    host.unloadAll();
  });
  await t.step("slow and fast handlers that allow: each starts once the previous one has answered", async () => {
    const { host, runner, calls, tool } = setUp();
    const log: string[] = [];
    await host.load((api) => {
      for (const [name, ms] of [["h1", 30], ["h2", 0], ["h3", 10]] as const) {
        api.on("tool_call", async () => {
          log.push(`start ${name}`);
          await new Promise((resolve) => setTimeout(resolve, ms));
          log.push(`end ${name}`);
        });
      }
    }, "/x/guard.ts");
    const read = new HookToolWrapper(tool, { runner, cwd: "/tmp" });
    await read.execute("c2", { path: "a" });
    deepEqual(log, ["start h1", "end h1", "start h2", "end h2", "start h3", "end h3"]);
    deepEqual(calls, [{ path: "a" }]);
    host.unloadAll();
  });
});

Deno.test("HookToolWrapper.execute() runs tool_result handlers one after another; the last override in registration order wins", async () => {
  const { host, runner, tool } = setUp();
  const log: string[] = [];
  await host.load((api) => {
    for (const [name, ms] of [["slow", 30], ["fast", 0]] as const) {
      api.on("tool_result", async () => {
        log.push(`start ${name}`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        log.push(`end ${name}`);
        return { content: [{ type: "text", text: name }] };
      });
    }
  }, "/x/observe.ts");
  const read = new HookToolWrapper(tool, { runner, cwd: "/tmp" });
  const output = await read.execute("c3", { path: "a" });
  deepEqual(output.content, [{ type: "text", text: "fast" }]);
  deepEqual(log, ["start slow", "end slow", "start fast", "end fast"]);
  host.unloadAll();
});

Deno.test("HookToolWrapper.execute() on a tool error: tool_result sees isError, PostToolUseFailure hooks run, the original error is rethrown", async () => {
  const { registry, host, runner, tool } = setUp();
  const seen: unknown[] = [];
  const results: [string, AnyHookEventResult][] = [];
  await host.load((api) => {
    api.on("tool_result", (event) => {
      seen.push(event);
      return { content: "cannot hide a failure" };
    });
  }, "/x/observe.ts");
  registry.registerShell("PostToolUseFailure", {
    name: "explain",
    command: `grep -q '"error":"no such file: missing"' && printf '%s' '{"additionalContext":"check the path"}'`,
  });
  const read = new HookToolWrapper(tool, {
    runner,
    cwd: Deno.cwd(),
    onHookResult: (event, result) => results.push([event, result]),
  });
  await rejects(read.execute("c3", { path: "missing" }), (error) => error instanceof Deno.errors.NotFound);
  deepEqual(seen, [{
    type: "tool_result",
    toolName: "read",
    toolCallId: "c3",
    input: { path: "missing" },
    content: [{ type: "text", text: "no such file: missing" }],
    isError: true,
  }]);
  deepEqual(results, [["PreToolUse", {}], ["PostToolUseFailure", {
    additionalContext: "check the path",
    contextAs: "context",
  }]]);
  host.unloadAll();
});

Deno.test("HookToolWrapper.execute(): a rewrite reaches the tool; context is appended; ask needs a user, defer never runs", async (t) => {
  await t.step("a configured mutate hook rewrites, a PostToolUse hook adds context", async () => {
    const { registry, runner, calls, tool } = setUp();
    registry.registerShell("PreToolUse", {
      stage: "mutate",
      command: `printf '%s' '{"action":"mutate","input":{"path":"README.md"}}'`,
    });
    registry.registerInProcess("PostToolUse", "read", () => ({ additionalContext: "read 2 lines" }));
    const read = new HookToolWrapper(tool, { runner, cwd: Deno.cwd() });
    const output = await read.execute("c4", { path: ".env" });
    deepEqual(calls, [{ path: "README.md" }]);
    deepEqual(output.content, [
      { type: "text", text: "API_KEY=abc123\nok" },
      { type: "text", text: "read 2 lines" },
    ]);
  });
  await t.step("ask: refused without a UI, confirmed with one", async () => {
    const { registry, runner, calls, tool } = setUp();
    registry.registerInProcess("PreToolUse", "*", () => ({ action: "ask", reason: "reading .env?" }));
    const headless = new HookToolWrapper(tool, { runner, cwd: "/tmp" });
    await rejects(headless.execute("c5", { path: ".env" }), /reading \.env\? \(no one can answer: there is no UI\)/);
    const asked: string[] = [];
    const answering = (answer: boolean) =>
      new HookToolWrapper(tool, {
        runner,
        cwd: "/tmp",
        ui: {
          ...HEADLESS_UI,
          confirm: (title, message) => {
            asked.push(`${title} ${message}`);
            return Promise.resolve(answer);
          },
        },
      });
    await rejects(answering(false).execute("c6", { path: ".env" }), /reading \.env\? \(refused\)/);
    await answering(true).execute("c7", { path: ".env" });
    deepEqual(asked, ["Allow read? reading .env?", "Allow read? reading .env?"]);
    deepEqual(calls, [{ path: ".env" }]);
  });
  await t.step("defer and halt: the tool never runs", async () => {
    const { registry, runner, calls, tool } = setUp();
    const off = registry.registerInProcess("PreToolUse", "*", () => ({ action: "defer" }));
    const read = new HookToolWrapper(tool, { runner, cwd: "/tmp" });
    await rejects(read.execute("c8", {}), (e) => e instanceof ToolBlockedError && e.kind === "defer");
    off();
    registry.registerInProcess("PreToolUse", "*", () => ({ halt: true, stopReason: "budget spent" }));
    await rejects(read.execute("c9", {}), (e) => e instanceof ToolBlockedError && e.kind === "halt");
    deepEqual(calls, []);
  });
  await t.step("a rewrite that breaks the tool's schema blocks", async () => {
    const { registry, runner, calls, tool } = setUp();
    registry.registerInProcess("PreToolUse", "*", () => ({ action: "mutate", input: { path: 7 } }));
    const schema = { type: "object", properties: { path: { type: "string" } }, required: ["path"] };
    const read = new HookToolWrapper({ ...tool, inputSchema: schema }, { runner, cwd: "/tmp" });
    await rejects(
      read.execute("c10", { path: "a" }),
      (e) => e instanceof ToolBlockedError && /not valid/.test(e.reason),
    );
    deepEqual(calls, []);
  });
});

Deno.test("HookToolWrapper.execute() passes the caller's signal to hooks: an aborted call never runs the tool", async () => {
  const { registry, runner, calls, tool } = setUp();
  registry.registerInProcess(
    "PreToolUse",
    "*",
    (_input, ctx) => new Promise((resolve) => ctx.signal.addEventListener("abort", () => resolve({}), { once: true })),
    "p",
    {
      failurePolicy: "closed",
      stage: "validate",
    },
  );
  const controller = new AbortController();
  const read = new HookToolWrapper(tool, { runner, cwd: "/tmp" });
  const running = read.execute("c11", {}, controller.signal);
  controller.abort();
  const error = await running.then(() => undefined, (e) => e);
  ok(error instanceof ToolBlockedError);
  match(error.reason, /aborted/);
  deepEqual(calls, []);
});
