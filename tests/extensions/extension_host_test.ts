// ExtensionHost: a module's factory gets its HookAPI; handlers join the
// shared registry under the module's name; commands, renderers, statuses,
// the session adapter, exec and the error listeners.

import { deepEqual, equal, match, ok, rejects } from "node:assert/strict";
import { HookRegistry, HookRunner } from "../../mod.ts";
import {
  ExtensionHost,
  HEADLESS_UI,
  type HookErrorEvent,
  type HookUIContext,
  StatusLine,
} from "../../src/extensions/mod.ts";
import { delay, memoryLogger } from "../_helpers.ts";

const ENV = { cwd: "/tmp" };

function setUp(options: { ui?: HookUIContext; loadTimeoutMs?: number } = {}) {
  const registry = new HookRegistry();
  const logger = memoryLogger();
  const host = new ExtensionHost({ registry, logger, ...options });
  const errors: HookErrorEvent[] = [];
  host.onError((error) => errors.push(error));
  const runner = new HookRunner({ registry, logger });
  return { registry, logger, host, errors, runner };
}

Deno.test("ExtensionHost.load() registers handlers under the module's name, and unload() removes them all", async () => {
  const { registry, host, runner } = setUp();
  await host.load((api) => {
    api.on("tool_call", () => undefined);
    api.on("tool_result", () => undefined);
    api.on("context", () => undefined);
  }, "/x/guard.ts");
  deepEqual(host.loaded, ["/x/guard.ts"]);
  // tool_result handles failures too: PostToolUse and PostToolUseFailure.
  equal(registry.countByOwner("extension:/x/guard.ts"), 4);
  const pre = registry.list("PreToolUse")[0]!;
  deepEqual([pre.name, pre.stage, pre.failurePolicy, pre.timeoutMs], [
    "guard.ts:tool_call",
    "validate",
    "closed",
    60_000,
  ]);
  ok(runner.has("context"));
  equal(host.unload("/x/guard.ts"), true);
  equal(registry.all().length, 0);
  equal(host.unload("/x/guard.ts"), false);
});

Deno.test("ExtensionHost.load() leaves nothing behind when a factory throws halfway or never finishes", async (t) => {
  await t.step("throws after registering", async () => {
    const { registry, host } = setUp();
    await rejects(
      host.load((api) => {
        api.on("turn_start", () => {});
        api.registerCommand("half", { handler: () => {} });
        throw new Error("broken factory");
      }, "/x/half.ts"),
      /broken factory/,
    );
    equal(registry.all().length, 0);
    equal(host.getCommand("half"), undefined);
    deepEqual(host.loaded, []);
  });
  await t.step("never resolves", async () => {
    const { registry, host } = setUp({ loadTimeoutMs: 50 });
    let register: (() => void) | undefined;
    await rejects(
      host.load((api) => {
        api.on("agent_start", () => {});
        register = () => api.on("agent_end", () => {});
        return new Promise(() => {});
      }, "/x/slow.ts"),
      /its factory did not finish within 50 ms/,
    );
    equal(registry.all().length, 0);
    // A late registration of an unloaded module is refused.
    let late: unknown;
    try {
      register!();
    } catch (error) {
      late = error;
    }
    match(String(late), /Cannot handle "agent_end": slow\.ts was unloaded/);
  });
  await t.step("a default export that is not a function", async () => {
    const { host } = setUp();
    await rejects(host.load(42 as never, "/x/num.ts"), /its default export is a number, not a function/);
  });
});

Deno.test("ExtensionHost: handler errors reach the error listeners with hookPath and event; tool_call errors block", async (t) => {
  await t.step("a notify event: caught, reported, the run continues", async () => {
    const { host, errors, runner, logger } = setUp();
    const seen: number[] = [];
    await host.load((api) => {
      api.on("turn_start", () => {
        throw new RangeError("bad turn");
      });
      api.on("turn_start", (event) => void seen.push(event.turnIndex));
    }, "/x/turns.ts");
    deepEqual(await runner.emit("turn_start", { turnIndex: 4 }, ENV), {});
    deepEqual(seen, [4]);
    deepEqual(errors, [{ hookPath: "/x/turns.ts", event: "turn_start", error: "RangeError: bad turn" }]);
    match(logger.warnings[0]!, /turns\.ts:turn_start/);
  });
  await t.step("tool_call: a throw blocks the tool (fail-safe)", async () => {
    const { host, errors, runner } = setUp();
    await host.load((api) => {
      api.on("tool_call", async () => {
        await delay(1);
        throw new Error("policy service down");
      });
    }, "/x/policy.ts");
    const result = await runner.preToolUse("bash", { command: "ls" }, ENV);
    equal(result.block, true);
    match(result.reason!, /policy\.ts:tool_call" failed \(error: threw Error: policy service down\)/);
    deepEqual(errors, [{ hookPath: "/x/policy.ts", event: "tool_call", error: "Error: policy service down" }]);
  });
  await t.step("tool_call: a handler past its deadline blocks, and is reported", async () => {
    const { host, errors, runner } = setUp();
    await host.load((api) => {
      api.on("tool_call", (_event, ctx) => delay(5_000, ctx.signal).then(() => undefined), { timeoutMs: 30 });
    }, "/x/slow.ts");
    const result = await runner.preToolUse("bash", { command: "ls" }, ENV);
    equal(result.block, true);
    match(result.reason!, /timeout/);
    equal(errors.length, 1);
    match(errors[0]!.error, /TimeoutError/);
  });
  await t.step("tool_call: a malformed answer blocks", async () => {
    const { host, runner, errors } = setUp();
    await host.load((api) => api.on("tool_call", () => "yes" as never), "/x/odd.ts");
    equal((await runner.preToolUse("bash", {}, ENV)).block, true);
    match(errors[0]!.error, /tool_call handler returned a string; expected \{ block, reason \} or nothing/);
  });
});

Deno.test("ExtensionHost: a tool_call handler and an in-process hook read {block, reason} the same way", async (t) => {
  const cases: [string, unknown, boolean][] = [
    ["{block: true, reason}", { block: true, reason: "no pushes" }, true],
    ["{block: true}", { block: true }, true],
    ["{block: false}", { block: false }, false],
    ["{block: false, reason}", { block: false, reason: "fine" }, false],
    ["{}", {}, false],
    ["undefined", undefined, false],
    ['{block: "yes"}', { block: "yes" }, true],
    ["{block: true, reason: 5}", { block: true, reason: 5 }, true],
    ["{blocked: true}", { blocked: true }, true],
  ];
  for (const [label, answer, blocks] of cases) {
    await t.step(label, async () => {
      const { host, registry, runner } = setUp();
      await host.load((api) => api.on("tool_call", () => answer as never), "/x/guard.ts");
      const viaExtension = await runner.preToolUse("bash", { command: "git push" }, ENV);
      host.unloadAll();
      registry.registerInProcess("PreToolUse", "*", (() => answer) as never, undefined, {
        stage: "validate",
        failurePolicy: "closed",
      });
      const inProcess = await runner.preToolUse("bash", { command: "git push" }, ENV);
      equal(viaExtension.block === true, blocks, `tool_call: ${JSON.stringify(viaExtension)}`);
      equal(inProcess.block === true, blocks, `in-process: ${JSON.stringify(inProcess)}`);
      if (label === "{block: true, reason}") {
        equal(viaExtension.reason, "no pushes");
        equal(inProcess.reason, "no pushes");
      }
    });
  }
});

Deno.test("ExtensionHost: handlers get a typed event and a context with the UI", async () => {
  const { host, runner } = setUp();
  const seen: unknown[] = [];
  await host.load((api) => {
    api.on("tool_call", (event, ctx) => {
      seen.push(event, ctx.cwd, ctx.hasUI, ctx.ui === HEADLESS_UI || typeof ctx.ui.confirm, ctx.hookPath);
    });
    api.on("auto_retry_start", (event) => void seen.push(event));
  }, "/x/typed.ts");
  await runner.run("PreToolUse", { toolName: "bash", toolInput: { command: "ls" }, toolUseId: "t1" }, ENV);
  await runner.emit("auto_retry_start", { attempt: 2, maxAttempts: 3 }, ENV);
  deepEqual(seen, [
    { type: "tool_call", toolName: "bash", input: { command: "ls" }, toolCallId: "t1" },
    "/tmp",
    false,
    "function",
    "/x/typed.ts",
    { type: "auto_retry_start", attempt: 2, maxAttempts: 3 },
  ]);
});

Deno.test("ExtensionHost: headless, the UI answers nothing; with a UI, hasUI is true and statuses are kept", async () => {
  const headless = setUp();
  const answers: unknown[] = [];
  await headless.host.load((api) => {
    api.on("session_start", async (_event, ctx) => {
      answers.push(
        ctx.hasUI,
        await ctx.ui.select("pick", ["a"]),
        await ctx.ui.confirm("sure?", "x"),
        await ctx.ui.input("name"),
        await ctx.ui.editor("text"),
        ctx.ui.getEditorText(),
        ctx.ui.theme.bold("b"),
      );
    });
  }, "/x/ui.ts");
  await headless.runner.emit("session_start", {}, ENV);
  deepEqual(answers, [false, undefined, false, undefined, undefined, "", "b"]);

  const statuses: [string, string | undefined][] = [];
  const ui: HookUIContext = { ...HEADLESS_UI, setStatus: (key, text) => statuses.push([key, text]) };
  const withUi = setUp({ ui });
  await withUi.host.load((api) => {
    api.on("turn_end", (event, ctx) => {
      ctx.ui.setStatus("tests", `turn ${event.turnIndex}:\n  all   green`);
      ctx.ui.setStatus("a-git", "main");
      ctx.ui.setStatus("gone", "x");
      ctx.ui.setStatus("gone", undefined);
      equal(ctx.hasUI, true);
    });
  }, "/x/status.ts");
  await withUi.runner.emit("turn_end", { turnIndex: 1 }, ENV);
  equal(statuses.length, 4, "the host's own setStatus still gets every call");
  equal(withUi.host.statusLine.render(100), "main · turn 1: all green");
  equal(withUi.host.statusLine.render(8), "main · …");
});

Deno.test("StatusLine keeps one text per key, sorted, cleaned and cut to width", () => {
  const line = new StatusLine();
  line.set("b", "two\t\ttabs");
  line.set("a", "one");
  line.set("b", "second  try");
  line.set("c", "   ");
  deepEqual(line.entries(), [["a", "one"], ["b", "second try"]]);
  equal(line.render(0), "");
  equal(line.render(14), "one · second …");
});

Deno.test("ExtensionHost: registerCommand — the first of a name wins, all are listed, shadowing is reported", async () => {
  const { host, logger, errors } = setUp();
  const ran: string[] = [];
  await host.load((api) => {
    api.registerCommand("handoff", { description: "first", handler: (args) => void ran.push(`a:${args}`) });
  }, "/x/a.ts");
  await host.load((api) => {
    api.registerCommand("handoff", { description: "second", handler: () => void ran.push("b") });
    api.registerCommand("fail", {
      handler: () => {
        throw new Error("nope");
      },
    });
  }, "/x/b.ts");
  equal(host.getCommand("handoff")?.hookPath, "/x/a.ts");
  deepEqual(host.getRegisteredCommands().map((c) => [c.name, c.description, c.hookPath]), [
    ["handoff", "first", "/x/a.ts"],
    ["handoff", "second", "/x/b.ts"],
    ["fail", undefined, "/x/b.ts"],
  ]);
  match(logger.warnings[0]!, /Command "\/handoff" of \/x\/b\.ts is shadowed by the one \/x\/a\.ts registered first/);
  equal(await host.runCommand("handoff", "now", { cwd: "/tmp" }), true);
  equal(await host.runCommand("missing", "", { cwd: "/tmp" }), false);
  await rejects(host.runCommand("fail", "", { cwd: "/tmp" }), /nope/);
  deepEqual(errors, [{ hookPath: "/x/b.ts", event: "command:fail", error: "Error: nope" }]);
  deepEqual(ran, ["a:now"]);
  host.unload("/x/a.ts");
  equal(host.getCommand("handoff")?.hookPath, "/x/b.ts");
  await rejects(
    host.load((api) => api.registerCommand("/bad name", { handler: () => {} }), "/x/c.ts"),
    /Cannot register command "\/bad name": expected a name without spaces or a leading "\/"/,
  );
});

Deno.test("ExtensionHost: registerMessageRenderer — the first wins", async () => {
  const { host, logger } = setUp();
  await host.load((api) => api.registerMessageRenderer("note", () => "first"), "/x/a.ts");
  await host.load((api) => api.registerMessageRenderer("note", () => "second"), "/x/b.ts");
  equal(
    host.getMessageRenderer("note")?.({ customType: "note", content: "", display: true }, { expanded: false }),
    "first",
  );
  match(logger.warnings[0]!, /The renderer of "note" from \/x\/b\.ts is ignored/);
  equal(host.getMessageRenderer("other"), undefined);
});

Deno.test("ExtensionHost: sendMessage and appendEntry go through the host's session, and fail clearly without one", async () => {
  const registry = new HookRegistry();
  const log: unknown[] = [];
  const host = new ExtensionHost({
    registry,
    session: {
      sendMessage: (message, options) => void log.push(["message", message, options]),
      appendEntry: async (type, data) => {
        await delay(1);
        log.push(["entry", type, data]);
      },
    },
  });
  await host.load(async (api) => {
    await api.sendMessage({ customType: "note", content: "hi", display: true }, { triggerTurn: true });
    await api.appendEntry("state", { n: 1 });
  }, "/x/s.ts");
  deepEqual(log, [
    ["message", { customType: "note", content: "hi", display: true }, { triggerTurn: true }],
    ["entry", "state", { n: 1 }],
  ]);
  const bare = setUp().host;
  await rejects(
    bare.load((api) => api.appendEntry("state"), "/x/t.ts"),
    /Cannot reach the session from t\.ts: this host gave extensions no session adapter/,
  );
});

Deno.test("ExtensionHost: api.exec runs through the command transport — sanitized env, deadline, group kill", async () => {
  const { host } = setUp();
  let api!: Parameters<Parameters<ExtensionHost["load"]>[0]>[0];
  await host.load((given) => {
    api = given;
  }, "/x/exec.ts");
  Deno.env.set("GITHUB_TOKEN", "secret-from-the-parent");
  let echoed;
  try {
    echoed = await api.exec("sh", ["-c", 'printf "%s" "${GITHUB_TOKEN:-none} $PATH"'], { env: { EXTRA: "1" } });
  } finally {
    Deno.env.delete("GITHUB_TOKEN");
  }
  equal(echoed.code, 0);
  match(echoed.stdout, /^none \//, "secrets of the parent never reach the child");
  const started = performance.now();
  const slow = await api.exec("sh", ["-c", "sleep 5 & sleep 5; echo never"], { timeoutMs: 100 });
  ok(performance.now() - started < 3000);
  deepEqual([slow.killed, slow.code, slow.stdout], [true, null, ""]);
  const failing = await api.exec("sh", ["-c", "echo oops >&2; exit 3"]);
  deepEqual([failing.code, failing.stderr, failing.killed], [3, "oops\n", false]);
  await rejects(api.exec("no-such-program-hookgate", []), /Cannot run "no-such-program-hookgate"/);
  await rejects(api.exec("sh", [], { timeoutMs: 0 }), RangeError);
  host.unloadAll();
});

Deno.test("ExtensionHost: a tool_call handler answering in a hook's vocabulary means what it means for a hook, never a silent allow", async (t) => {
  const cases: [string, unknown, unknown][] = [
    ["{action: deny, reason}", { action: "deny", reason: "no" }, { block: true, reason: "no" }],
    ["{decision: block, reason}", { decision: "block", reason: "stop" }, { block: true, reason: "stop" }],
    ["{action: allow}", { action: "allow" }, {}],
    ["{block: true, reason}", { block: true, reason: "blocked" }, { block: true, reason: "blocked" }],
  ];
  for (const [label, answer, expected] of cases) {
    await t.step(label, async () => {
      const registry = new HookRegistry();
      const host = new ExtensionHost({ registry });
      await host.load((api) => api.on("tool_call", () => answer as never), "guard.ts");
      const result = await new HookRunner({ registry }).preToolUse("bash", { command: "ls" }, { cwd: "/tmp" });
      host.unloadAll();
      deepEqual(result, expected);
    });
  }
  await t.step("{action: 'nonsense'} is a broken handler, which blocks", async () => {
    const registry = new HookRegistry();
    const host = new ExtensionHost({ registry });
    host.onError(() => {});
    await host.load((api) => api.on("tool_call", () => ({ action: "nonsense" }) as never), "guard.ts");
    const result = await new HookRunner({ registry, logger: { warn() {} } as never }).preToolUse("bash", {}, {
      cwd: "/tmp",
    });
    host.unloadAll();
    deepEqual(result.block, true);
  });
});
