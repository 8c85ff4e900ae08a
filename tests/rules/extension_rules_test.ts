// The combining rules of the extension events (seed 002's "order and
// conflict behaviour"), driven through HookRunner.emit on the one registry.

import { deepEqual, equal, match, rejects, throws } from "node:assert/strict";
import { type AgentMessage, HookRegistry, HookRunner } from "../../mod.ts";
import { delay, memoryLogger, trace } from "../_helpers.ts";

const ENV = { cwd: "/tmp" };

function setUp() {
  const registry = new HookRegistry();
  const logger = memoryLogger();
  const { records, onInvocation } = trace();
  const runner = new HookRunner({ registry, logger, onInvocation });
  return { registry, logger, records, runner };
}

Deno.test('emit("context") chains: each handler gets the messages the previous one returned', async () => {
  const { registry, runner } = setUp();
  const seen: number[] = [];
  registry.registerInProcess("context", undefined, (input) => {
    seen.push(input.messages.length);
    return { messages: input.messages.filter((message) => message.customType !== "debug-only") };
  });
  registry.registerInProcess("context", undefined, async (input) => {
    seen.push(input.messages.length);
    await delay(5);
    return { messages: [...input.messages, { role: "custom", customType: "note", content: "appended" }] };
  });
  // Says nothing: the chain goes on with what it had.
  registry.registerInProcess("context", undefined, (input) => {
    seen.push(input.messages.length);
  });
  const messages: AgentMessage[] = [
    { role: "user", content: "hi" },
    { role: "custom", customType: "debug-only", content: "x" },
  ];
  const result = await runner.emit("context", { messages }, ENV);
  deepEqual(seen, [2, 1, 2]);
  deepEqual(result, {
    messages: [{ role: "user", content: "hi" }, { role: "custom", customType: "note", content: "appended" }],
  });
  equal(messages.length, 2, "the caller's array is never changed in place");
});

Deno.test('emit("context") ignores a returned field of the wrong kind or one the event does not carry, with a warning', async () => {
  const { registry, runner, logger } = setUp();
  registry.registerInProcess("context", undefined, () => ({ messages: "none" }) as never, "x", { name: "bad" });
  registry.registerInProcess("context", undefined, () => ({ extra: 1 }) as never, "x", { name: "odd" });
  deepEqual(await runner.emit("context", { messages: [{ role: "user" }] }, ENV), {});
  match(logger.warnings.join("\n"), /Hook "bad" returned "messages" on context that is not an array; ignored/);
  match(logger.warnings.join("\n"), /Hook "odd" returned "extra" on context, which has no such field; ignored/);
});

Deno.test('emit("session_before_*"): the first cancel short-circuits, otherwise the last result is tracked', async (t) => {
  await t.step("cancel stops the run", async () => {
    const { registry, runner } = setUp();
    const ran: string[] = [];
    registry.registerInProcess("session_before_switch", undefined, () => {
      ran.push("a");
      return { cancel: false };
    });
    registry.registerInProcess("session_before_switch", undefined, () => {
      ran.push("b");
      return { cancel: true };
    });
    registry.registerInProcess("session_before_switch", undefined, () => {
      ran.push("c");
    });
    deepEqual(await runner.emit("session_before_switch", { reason: "new" }, ENV), { cancel: true });
    deepEqual(ran, ["a", "b"]);
  });
  await t.step("no cancel: the last result wins", async () => {
    const { registry, runner } = setUp();
    const summary = (text: string) => ({ summary: text });
    registry.registerInProcess("session_before_compact", undefined, () => ({ compaction: summary("first") }));
    registry.registerInProcess("session_before_compact", undefined, () => ({ compaction: summary("second") }));
    registry.registerInProcess("session_before_compact", undefined, () => undefined);
    deepEqual(await runner.emit("session_before_compact", {}, ENV), { compaction: { summary: "second" } });
  });
  await t.step("a handler that throws is skipped and reported; a closed one cancels", async () => {
    const { registry, runner, logger, records } = setUp();
    registry.registerInProcess(
      "session_before_tree",
      undefined,
      () => {
        throw new Error("boom");
      },
      "x",
      { name: "flaky" },
    );
    deepEqual(await runner.emit("session_before_tree", {}, ENV), {});
    match(
      logger.warnings[0]!,
      /Hook "flaky" \(in-process\) on session_before_tree failed: error: threw Error: boom; skipped/,
    );
    equal(records[0]?.failure?.kind, "error");
    registry.registerInProcess(
      "session_before_tree",
      undefined,
      () => {
        throw new Error("strict");
      },
      "x",
      { name: "strict", failurePolicy: "closed" },
    );
    deepEqual(await runner.emit("session_before_tree", {}, ENV), { cancel: true });
  });
});

Deno.test('emit("before_agent_start") keeps the first message; later handlers still run', async () => {
  const { registry, runner } = setUp();
  const ran: string[] = [];
  registry.registerInProcess("before_agent_start", undefined, () => {
    ran.push("observer");
  });
  registry.registerInProcess("before_agent_start", undefined, async (input) => {
    ran.push("first");
    await delay(5);
    return { message: { customType: "a", content: `about ${input.prompt}`, display: true } };
  });
  registry.registerInProcess("before_agent_start", undefined, () => {
    ran.push("second");
    return { message: { customType: "b", content: "ignored", display: true } };
  });
  deepEqual(await runner.emit("before_agent_start", { prompt: "tests" }, ENV), {
    message: { customType: "a", content: "about tests", display: true },
  });
  deepEqual(ran, ["observer", "first", "second"]);
});

Deno.test('emit("session.compacting") keeps the last result', async () => {
  const { registry, runner } = setUp();
  registry.registerInProcess("session.compacting", undefined, () => ({ prompt: "one", context: ["a"] }));
  registry.registerInProcess("session.compacting", undefined, () => ({ prompt: "two" }));
  registry.registerInProcess("session.compacting", undefined, () => {});
  deepEqual(await runner.emit("session.compacting", { messages: [] }, ENV), { prompt: "two" });
});

Deno.test("emit() of a notify event: handler errors are reported and the others still run", async () => {
  const { registry, runner, logger } = setUp();
  const turns: number[] = [];
  registry.registerInProcess(
    "turn_end",
    undefined,
    () => {
      throw new TypeError("broken handler");
    },
    "x",
    { name: "broken" },
  );
  registry.registerInProcess("turn_end", undefined, async (input) => {
    await delay(1);
    turns.push(input.turnIndex);
  });
  registry.registerInProcess("turn_end", undefined, () => ({ ignored: true }) as never);
  deepEqual(await runner.emit("turn_end", { turnIndex: 3 }, ENV), {});
  deepEqual(turns, [3]);
  equal(logger.warnings.length, 1);
  match(logger.warnings[0]!, /Hook "broken" \(in-process\) on turn_end failed: error: threw TypeError: broken handler/);
});

Deno.test("emit() treats a result that is not an object as a failed handler", async () => {
  const { registry, runner, logger } = setUp();
  registry.registerInProcess("context", undefined, () => "nope" as never, "x", { name: "stringy" });
  deepEqual(await runner.emit("context", { messages: [] }, ENV), {});
  match(
    logger.warnings[0]!,
    /Hook "stringy" .* failed: invalid_output: returned a string, expected an object or nothing/,
  );
});

Deno.test("emit() refuses hook events, unknown events and runner-owned fields", async () => {
  const { runner } = setUp();
  await rejects(runner.emit("Stop" as never, {} as never, ENV), /Cannot emit "Stop": it is a hook event/);
  await rejects(
    runner.emit("contxt" as never, {} as never, ENV),
    /Unknown hook event "contxt"; did you mean "context"\?/,
  );
  await rejects(
    runner.emit("turn_start", { turnIndex: 1, cwd: "/x" } as never, ENV),
    /Cannot emit "turn_start": "cwd" is not a payload field the caller may set/,
  );
});

Deno.test("HookRegistry refuses command, HTTP and prompt hooks on extension events", () => {
  const registry = new HookRegistry();
  throws(
    () => registry.registerShell("context" as never, { command: "true" }),
    /Cannot register a command hook for "context": it is an extension event, which only in-process hooks handle/,
  );
  throws(
    () => registry.loadShellHooks({ turn_end: [{ type: "http", url: "http://127.0.0.1:1/" }] } as never),
    /Cannot register a http hook for "turn_end"/,
  );
  equal(registry.all().length, 0);
});

Deno.test("HookRunner.has() and the trace cover extension events like any other", async () => {
  const { registry, runner, records } = setUp();
  equal(runner.has("agent_start"), false);
  const off = registry.registerInProcess("agent_start", undefined, () => {}, "plugin-a", { name: "watch" });
  equal(runner.has("agent_start"), true);
  await runner.emit("agent_start", {}, ENV);
  deepEqual(records.map((record) => [record.event, record.hookName, record.action]), [[
    "agent_start",
    "watch",
    "allow",
  ]]);
  off();
  equal(runner.has("agent_start"), false);
});
