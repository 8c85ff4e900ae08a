import { deepEqual, equal, match, ok, rejects } from "node:assert/strict";
import {
  HOOK_EVENT_NAMES,
  HOOK_EVENTS,
  type HookEvent,
  type HookInput,
  HookRegistry,
  HookRunner,
  type HookRunnerOptions,
} from "../../mod.ts";
import { aborted, delay, memoryLogger, trace } from "../_helpers.ts";

const env = { cwd: "/work/project" };

function setup(options: Partial<HookRunnerOptions> = {}) {
  const registry = new HookRegistry();
  const logger = memoryLogger();
  const { records, onInvocation } = trace();
  const runner = new HookRunner({
    registry,
    logger,
    onInvocation,
    sessionId: () => "s-1",
    ...options,
  });
  return { registry, runner, logger, records };
}

// ---------------------------------------------------------------------------
// PreToolUse: the two-stage chain

Deno.test("HookRunner.preToolUse() composes mutations in registration order, each seeing the previous", async () => {
  const { registry, runner } = setup();
  const seen: unknown[] = [];
  registry.registerInProcess("PreToolUse", "bash", async (input) => {
    seen.push(input.toolInput);
    await delay(5);
    return { action: "mutate", input: { ...input.toolInput, a: 1 } };
  });
  registry.registerInProcess("PreToolUse", "bash", (input) => {
    seen.push(input.toolInput);
    return { action: "mutate", input: { ...input.toolInput, b: 2 } };
  });
  const original = { command: "ls" };
  const result = await runner.preToolUse("bash", original, env);
  deepEqual(result, { input: { command: "ls", a: 1, b: 2 } });
  deepEqual(seen, [{ command: "ls" }, { command: "ls", a: 1 }]);
  deepEqual(original, { command: "ls" }, "the caller's object is not touched");
});

Deno.test("HookRunner.preToolUse() runs validators after every mutator, on the final input", async () => {
  const { registry, runner } = setup();
  const order: string[] = [];
  registry.registerInProcess(
    "PreToolUse",
    "*",
    (input) => {
      order.push(`validator saw ${JSON.stringify(input.toolInput)}`);
    },
    undefined,
    { stage: "validate", name: "v" },
  );
  registry.registerInProcess(
    "PreToolUse",
    "*",
    () => {
      order.push("mutator");
      return { action: "mutate", input: { n: 2 } };
    },
    undefined,
    { name: "m" },
  );
  deepEqual(await runner.preToolUse("t", { n: 1 }, env), { input: { n: 2 } });
  deepEqual(order, ["mutator", 'validator saw {"n":2}']);
});

Deno.test("HookRunner.preToolUse() runs configured hooks in the validate stage by default", () => {
  const { registry } = setup();
  registry.loadShellHooks({ PreToolUse: [{ command: "true" }] });
  equal(registry.list("PreToolUse")[0]?.stage, "validate");
});

Deno.test("HookRunner.preToolUse() ignores a validator's rewrite with a warning (open)", async () => {
  const { registry, runner, logger } = setup();
  registry.registerInProcess(
    "PreToolUse",
    "*",
    () => ({ action: "mutate", input: { evil: true } }),
    undefined,
    {
      stage: "validate",
      name: "sneaky",
    },
  );
  deepEqual(await runner.preToolUse("t", { n: 1 }, env), {});
  match(
    logger.warnings[0]!,
    /"sneaky" is a validate-stage hook and tried to rewrite/,
  );
});

Deno.test("HookRunner.preToolUse() denies a validator's rewrite under failurePolicy closed", async () => {
  const { registry, runner } = setup();
  registry.registerInProcess(
    "PreToolUse",
    "*",
    () => ({ action: "mutate", input: {} }),
    undefined,
    {
      stage: "validate",
      failurePolicy: "closed",
      name: "strict",
    },
  );
  const result = await runner.preToolUse("t", {}, env);
  equal(result.block, true);
  match(
    result.reason!,
    /"strict" is a validate-stage hook and tried to rewrite the tool input/,
  );
});

Deno.test("HookRunner.preToolUse() stops at the first deny: later hooks never run", async () => {
  const { registry, runner } = setup();
  const ran: string[] = [];
  registry.registerInProcess("PreToolUse", "*", () => {
    ran.push("m1");
    return { action: "deny", reason: "no" };
  });
  registry.registerInProcess("PreToolUse", "*", () => void ran.push("m2"));
  registry.registerInProcess(
    "PreToolUse",
    "*",
    () => void ran.push("v"),
    undefined,
    { stage: "validate" },
  );
  deepEqual(await runner.preToolUse("t", {}, env), {
    block: true,
    reason: "no",
  });
  deepEqual(ran, ["m1"]);
});

Deno.test("HookRunner.preToolUse() accepts the legacy decision/modifiedInput form", async () => {
  const { registry, runner } = setup();
  registry.registerInProcess(
    "PreToolUse",
    "*",
    () => ({ modifiedInput: { x: 1 } }),
  );
  deepEqual(await runner.preToolUse("t", {}, env), { input: { x: 1 } });
  registry.registerInProcess(
    "PreToolUse",
    "*",
    () => ({ decision: "block", reason: "legacy no" }),
  );
  deepEqual(await runner.preToolUse("t", {}, env), {
    block: true,
    reason: "legacy no",
  });
});

Deno.test("HookRunner.preToolUse() reads every answer a closed validator may give, and never takes an unknown shape for an allow", async (t) => {
  const cases: [string, unknown, { block?: true; reason?: RegExp }, string][] = [
    ["{block: true, reason}", { block: true, reason: "no pushes" }, { block: true, reason: /^no pushes$/ }, "deny"],
    ["{block: true}", { block: true }, { block: true, reason: /^blocked by hook$/ }, "deny"],
    ["{block: false}", { block: false }, {}, "allow"],
    ['{decision: "block"}', { decision: "block" }, { block: true, reason: /^blocked by hook$/ }, "deny"],
    ['{decision: "block", reason}', { decision: "block", reason: "r" }, { block: true, reason: /^r$/ }, "deny"],
    ['{decision: "allow"}', { decision: "allow" }, {}, "allow"],
    // A validator may not rewrite: closed, that denies.
    ["{modifiedInput}", { modifiedInput: { command: "x" } }, { block: true, reason: /tried to rewrite/ }, "mutate"],
    ["{foo: 1}", { foo: 1 }, { block: true, reason: /invalid_output: .*no outcome field.*"foo"/ }, "invalid_output"],
    ['{block: "yes"}', { block: "yes" }, { block: true, reason: /"block" must be a boolean/ }, "invalid_output"],
    ["{}", {}, {}, "allow"],
    ["undefined", undefined, {}, "allow"],
    ["null", null, {}, "allow"],
  ];
  for (const [label, answer, expected, recorded] of cases) {
    await t.step(label, async () => {
      const { registry, runner, records } = setup();
      registry.registerInProcess("PreToolUse", "*", (() => answer) as never, undefined, {
        name: "v",
        stage: "validate",
        failurePolicy: "closed",
      });
      const result = await runner.preToolUse("bash", { command: "git push" }, env);
      equal(result.block, expected.block, JSON.stringify(result));
      if (expected.reason) match(result.reason!, expected.reason);
      equal(records[0]?.failure?.kind ?? records[0]?.action, recorded);
    });
  }
  await t.step("the keys are named, their values never", async () => {
    const { registry, runner, records } = setup();
    registry.registerInProcess("PreToolUse", "*", (() => ({ verdict: "s3cr3t", why: "x" })) as never, undefined, {
      name: "v",
      stage: "validate",
      failurePolicy: "closed",
    });
    const result = await runner.preToolUse("bash", {}, env);
    match(result.reason!, /"verdict", "why"/);
    equal(result.reason!.includes("s3cr3t"), false);
    equal(records[0]!.failure!.message.includes("s3cr3t"), false);
  });
});

Deno.test("HookRunner.preToolUse() re-validates a rewritten input against a JSON Schema", async (t) => {
  const { registry, runner } = setup();
  registry.registerInProcess(
    "PreToolUse",
    "bash",
    () => ({ action: "mutate", input: { command: 42 } }),
  );
  const inputSchema = {
    type: "object",
    properties: { command: { type: "string" } },
    required: ["command"],
  };
  await t.step(
    "a failing rewrite blocks with a reason the model can act on",
    async () => {
      const result = await runner.preToolUse("bash", { command: "ls" }, {
        ...env,
        inputSchema,
      });
      equal(result.block, true);
      match(
        result.reason!,
        /rewrote the input of tool "bash" into one that is not valid: command: .*expected string/,
      );
      match(result.reason!, /Call the tool again with valid arguments/);
      equal(result.input, undefined);
    },
  );
  await t.step("a validator function works the same way", async () => {
    const result = await runner.preToolUse("bash", {}, {
      ...env,
      inputSchema: (input) => typeof input.command === "string" ? undefined : "command must be text",
    });
    match(result.reason!, /command must be text/);
  });
  await t.step("no rewrite, no re-validation", async () => {
    registry.clear();
    registry.registerInProcess(
      "PreToolUse",
      "bash",
      () => ({ action: "allow" }),
    );
    deepEqual(
      await runner.preToolUse("bash", { command: 1 }, { ...env, inputSchema }),
      {},
    );
  });
});

Deno.test("HookRunner.preToolUse() keeps concurrent calls apart (peer bug: shared mutable state)", async () => {
  const { registry, runner } = setup();
  registry.registerInProcess("PreToolUse", "*", async (input) => {
    await delay(Number(input.toolInput?.wait));
    return {
      action: "mutate",
      input: { ...input.toolInput, tagged: input.toolInput?.id },
    };
  });
  const results = await Promise.all(
    [30, 1, 15, 5].map((wait, id) => runner.preToolUse("t", { id, wait }, env)),
  );
  deepEqual(results.map((r) => r.input?.tagged), [0, 1, 2, 3]);
});

Deno.test("HookRunner.preToolUse() gives a deterministic result for mutators with inverted delays (peer bug: parallel rewrites collide)", async () => {
  for (const [first, second] of [[1, 30], [30, 1]]) {
    const { registry, runner } = setup();
    registry.registerInProcess("PreToolUse", "*", async (input) => {
      await delay(first!);
      return {
        action: "mutate",
        input: { ...input.toolInput, trail: `${input.toolInput?.trail}a` },
      };
    });
    registry.registerInProcess("PreToolUse", "*", async (input) => {
      await delay(second!);
      return {
        action: "mutate",
        input: { ...input.toolInput, trail: `${input.toolInput?.trail}b` },
      };
    });
    deepEqual(await runner.preToolUse("t", { trail: "" }, env), {
      input: { trail: "ab" },
    });
  }
});

Deno.test("HookRunner.preToolUse() builds no payload when nothing matches", async () => {
  let built = 0;
  const registry = new HookRegistry();
  const runner = new HookRunner({ registry, sessionId: () => String(++built) });
  deepEqual(await runner.preToolUse("bash", {}, env), {});
  registry.registerInProcess(
    "PreToolUse",
    "edit",
    () => ({ action: "deny", reason: "x" }),
  );
  registry.registerInProcess("PostToolUse", "*", () => {});
  deepEqual(await runner.preToolUse("bash", {}, env), {});
  equal(built, 0);
});

// ---------------------------------------------------------------------------
// Matching and payloads

Deno.test("HookRunner applies matchers on tool events and ignores them elsewhere", async () => {
  const { registry, runner } = setup();
  const calls: string[] = [];
  registry.registerInProcess(
    "PreToolUse",
    "Edit|write",
    (input) => void calls.push(`pre:${input.toolName}`),
  );
  registry.registerInProcess(
    "SessionStart",
    "bash",
    () => void calls.push("start"),
  );
  await runner.preToolUse("edit", {}, env);
  await runner.preToolUse("editFile", {}, env);
  await runner.preToolUse("WRITE", {}, env);
  await runner.sessionStart(env);
  deepEqual(calls, ["pre:edit", "pre:WRITE", "start"]);
});

Deno.test("HookRunner gives every hook the same flat payload with a session id", async () => {
  const { registry, runner } = setup();
  const payloads: HookInput[] = [];
  registry.registerInProcess(
    "PostToolUse",
    "*",
    (input) => void payloads.push(input),
  );
  await runner.postToolUse("bash", { command: "ls" }, {
    content: "a\nb",
    isError: false,
  }, env);
  deepEqual(payloads, [{
    event: "PostToolUse",
    cwd: "/work/project",
    sessionId: "s-1",
    toolName: "bash",
    toolInput: { command: "ls" },
    toolResult: { content: "a\nb", isError: false },
  }]);
});

Deno.test("HookRunner always sets sessionId, even without a source (peer bug: missing session id)", async () => {
  const registry = new HookRegistry();
  const runner = new HookRunner({ registry });
  const ids: (string | undefined)[] = [];
  registry.registerInProcess(
    "Stop",
    "*",
    (input) => void ids.push(input.sessionId),
  );
  await runner.stop(env);
  await runner.stop(env);
  match(ids[0]!, /^[0-9a-f-]{36}$/);
  equal(ids[1], ids[0]);
});

Deno.test("HookRunner has a method for every event and runs each through its rule", async (t) => {
  for (const event of HOOK_EVENT_NAMES) {
    await t.step(event, async () => {
      const { registry, runner } = setup();
      const seen: HookInput[] = [];
      registry.registerInProcess(event, "*", (input) => {
        seen.push(input);
        return HOOK_EVENTS[event].context ? { additionalContext: `ctx:${event}` } : {};
      });
      const fields = HOOK_EVENTS[event].toolEvent ? { toolName: "bash", toolInput: {} } : {};
      const result = await runner.run(event, fields, env);
      equal(seen.length, 1);
      equal(seen[0]!.event, event);
      if (HOOK_EVENTS[event].context) {
        equal(result.additionalContext, `ctx:${event}`);
      }
    });
  }
  await t.step("the named methods carry their event's fields", async () => {
    const { registry, runner } = setup();
    const seen: HookInput[] = [];
    for (const event of HOOK_EVENT_NAMES) {
      registry.registerInProcess(event, "*", (input) => void seen.push(input));
    }
    await runner.permissionRequest("bash", { a: 1 }, env);
    await runner.postToolUseFailure("bash", {}, "boom", env);
    await runner.preCompact(env, "auto");
    await runner.postCompact("summary", env, "manual");
    await runner.subagentStart("agent-1", env);
    await runner.subagentStop("agent-1", env);
    await runner.sessionEnd(env, "logout");
    await runner.fileChanged("/work/project/a.ts", env);
    deepEqual(
      seen.map(({ event, sessionId: _s, cwd: _c, ...rest }) => [event, rest]),
      [
        ["PermissionRequest", { toolName: "bash", toolInput: { a: 1 } }],
        ["PostToolUseFailure", {
          toolName: "bash",
          toolInput: {},
          error: "boom",
        }],
        ["PreCompact", { compactReason: "auto" }],
        ["PostCompact", { compactSummary: "summary", compactReason: "manual" }],
        ["SubagentStart", { agentId: "agent-1" }],
        ["SubagentStop", { agentId: "agent-1", stopHookActive: false }],
        ["SessionEnd", { endReason: "logout" }],
        ["FileChanged", { filePath: "/work/project/a.ts" }],
      ],
    );
  });
  await t.step("run() refuses a tool event without a tool name", async () => {
    const { runner } = setup();
    // An event known only at run time (as the CLI has it) type-checks with any fields.
    const event = "PreToolUse" as HookEvent;
    await rejects(runner.run(event, {}, env), /"toolName" is required/);
  });

  await t.step("run() refuses fields the runner owns, so a caller cannot move a hook's cwd or event", async () => {
    const { registry, runner } = setup();
    const seen: HookInput[] = [];
    registry.registerInProcess("Stop", undefined, (input) => void seen.push(input));
    const event = "Stop" as HookEvent;
    for (
      const [key, value] of [["event", "PreToolUse"], ["cwd", "/etc"], ["sessionId", "evil"], ["stopHookActive", true]]
    ) {
      await rejects(
        runner.run(event, { [key as string]: value } as never, env),
        new RegExp(`Cannot run Stop hooks: "${key}" is not a payload field the caller may set`),
      );
    }
    deepEqual(seen, []);
  });
});

// ---------------------------------------------------------------------------
// Serial events and fan-out

Deno.test("HookRunner.userPromptSubmit() is serial: the first block wins and later hooks never run", async () => {
  const { registry, runner } = setup();
  const ran: string[] = [];
  registry.registerInProcess("UserPromptSubmit", "*", async () => {
    await delay(10);
    ran.push("a");
    return { additionalContext: "A" };
  });
  registry.registerInProcess("UserPromptSubmit", "*", (input) => {
    ran.push("b");
    return input.prompt === "bad" ? { decision: "block", reason: "nope" } : { additionalContext: "B" };
  });
  registry.registerInProcess("UserPromptSubmit", "*", () => void ran.push("c"));
  deepEqual(await runner.userPromptSubmit("good", env), {
    additionalContext: "A\nB",
  });
  deepEqual(ran, ["a", "b", "c"]);
  ran.length = 0;
  deepEqual(await runner.userPromptSubmit("bad", env), {
    block: true,
    reason: "nope",
  });
  deepEqual(ran, ["a", "b"]);
});

Deno.test("HookRunner fan-out runs hooks in parallel and joins contexts in registration order", async () => {
  const { registry, runner } = setup();
  const started: string[] = [];
  let releaseFirst!: () => void;
  const firstMayFinish = new Promise<void>((resolve) => releaseFirst = resolve);
  registry.registerInProcess("PostToolUse", "*", async () => {
    started.push("slow");
    await firstMayFinish; // only the second hook releases it: serial would deadlock
    return { additionalContext: "first" };
  });
  registry.registerInProcess("PostToolUse", "*", () => {
    started.push("fast");
    releaseFirst();
    return { additionalContext: "second" };
  });
  const result = await runner.postToolUse("t", {}, {
    content: "",
    isError: false,
  }, env);
  deepEqual(result, {
    additionalContext: "first\nsecond",
    contextAs: "context",
  });
  deepEqual(started, ["slow", "fast"]);
});

Deno.test("HookRunner fan-out waits for every hook and isolates failures", async () => {
  const { registry, runner, logger } = setup();
  registry.registerInProcess(
    "SessionStart",
    "*",
    () => {
      throw new Error("kaput");
    },
    undefined,
    { name: "thrower" },
  );
  registry.registerInProcess("SessionStart", "*", async () => {
    await delay(20);
    return { additionalContext: "still here" };
  });
  deepEqual(await runner.sessionStart(env), {
    additionalContext: "still here",
  });
  match(
    logger.warnings.join("\n"),
    /"thrower" \(in-process\) on SessionStart failed: error: threw Error: kaput; skipped/,
  );
});

Deno.test("HookRunner.postToolUse() turns a deny into feedback: the tool already ran", async () => {
  const { registry, runner } = setup();
  registry.registerInProcess(
    "PostToolUse",
    "*",
    () => ({ additionalContext: "note" }),
  );
  registry.registerInProcess(
    "PostToolUse",
    "*",
    () => ({ decision: "block", reason: "tests now fail" }),
  );
  deepEqual(
    await runner.postToolUse("t", {}, { content: "", isError: false }, env),
    {
      additionalContext: "note\ntests now fail",
      contextAs: "feedback",
    },
  );
});

Deno.test("HookRunner warns about outcomes an event cannot honour", async () => {
  const { registry, runner, logger } = setup();
  registry.registerInProcess(
    "SessionEnd",
    "*",
    () => ({ action: "deny", reason: "no" }),
    undefined,
    { name: "d" },
  );
  registry.registerInProcess(
    "PostToolUse",
    "*",
    () => ({ action: "mutate", input: {} }),
    undefined,
    { name: "m" },
  );
  await runner.sessionEnd(env);
  await runner.postToolUse("t", {}, { content: "", isError: false }, env);
  match(
    logger.warnings[0]!,
    /"d" denied on SessionEnd, which cannot block; ignored/,
  );
  match(
    logger.warnings[1]!,
    /"m" returned a rewrite on PostToolUse, where input cannot be rewritten; ignored/,
  );
});

Deno.test("HookRunner.stop() blocks when any hook blocks, and caps consecutive blocks", async () => {
  const { registry, runner, logger } = setup({ stopBlockCap: 2 });
  const active: (boolean | undefined)[] = [];
  registry.registerInProcess("Stop", "*", (input) => {
    active.push(input.stopHookActive);
    return { decision: "block", reason: "keep going" };
  });
  registry.registerInProcess("Stop", "*", () => ({ additionalContext: "ctx" }));
  deepEqual(await runner.stop(env), {
    block: true,
    reason: "keep going",
    additionalContext: "ctx",
  });
  deepEqual(await runner.stop(env), {
    block: true,
    reason: "keep going",
    additionalContext: "ctx",
  });
  deepEqual(
    await runner.stop(env),
    { additionalContext: "ctx" },
    "the cap allows the third stop",
  );
  deepEqual(active, [false, true, true]);
  match(
    logger.warnings[0]!,
    /Stop hooks blocked 2 consecutive times \(cap 2\)/,
  );
  await runner.stop(env);
  equal(active[3], false, "the count starts over after the cap");
});

Deno.test("HookRunner.subagentStop() counts blocks per subagent, and a new prompt resets them", async () => {
  const { registry, runner } = setup();
  const active: string[] = [];
  registry.registerInProcess("SubagentStop", "*", (input) => {
    active.push(`${input.agentId}:${input.stopHookActive}`);
    return { decision: "block", reason: "more" };
  });
  await runner.subagentStop("a", env);
  await runner.subagentStop("b", env);
  await runner.subagentStop("a", env);
  await runner.userPromptSubmit("next", env);
  await runner.subagentStop("a", env);
  deepEqual(active, ["a:false", "b:false", "a:true", "a:false"]);
});

// ---------------------------------------------------------------------------
// Deadlines and cancellation

Deno.test("HookRunner times out an in-process hook that never settles, and fires its signal", async () => {
  const { registry, runner, records } = setup();
  let reason: unknown;
  let deadlineAt = 0;
  const before = Date.now();
  registry.registerInProcess(
    "PreToolUse",
    "*",
    async (_input, context) => {
      deadlineAt = context.deadlineAt;
      reason = await aborted(context.signal);
      return new Promise<never>(() => {});
    },
    undefined,
    { timeoutMs: 50, failurePolicy: "closed", name: "sleeper" },
  );
  const started = performance.now();
  const result = await runner.preToolUse("t", {}, env);
  const elapsed = performance.now() - started;
  equal(result.block, true);
  match(
    result.reason!,
    /"sleeper" failed \(timeout: did not finish within 50 ms\)/,
  );
  match(result.reason!, /not an approval request/);
  equal((reason as DOMException).name, "TimeoutError");
  ok(
    deadlineAt >= before + 50 && deadlineAt <= Date.now(),
    "deadlineAt is start + timeoutMs",
  );
  ok(elapsed >= 45, `not early (${elapsed} ms)`);
  ok(elapsed < 2000, `bounded (${elapsed} ms)`);
  equal(records[0]?.failure?.kind, "timeout");
});

Deno.test("HookRunner times out a hook that never settles even with nothing else pending", async () => {
  const { registry, runner } = setup();
  registry.registerInProcess(
    "Stop",
    "*",
    () => new Promise<never>(() => {}),
    undefined,
    { timeoutMs: 30 },
  );
  deepEqual(await runner.stop(env), {});
});

Deno.test("HookRunner deadlines are per hook: a chain of slow hooks is not cut short", async () => {
  const { registry, runner, records } = setup();
  for (let i = 0; i < 3; i++) {
    registry.registerInProcess(
      "PreToolUse",
      "*",
      async (input, context) => {
        await delay(40, context.signal);
        return {
          action: "mutate",
          input: { n: Number(input.toolInput?.n) + 1 },
        };
      },
      undefined,
      { timeoutMs: 100 },
    );
  }
  deepEqual(await runner.preToolUse("t", { n: 0 }, env), { input: { n: 3 } });
  equal(records.filter((r) => r.failure).length, 0);
});

Deno.test("HookRunner a timed-out hook does not stop its siblings", async () => {
  const { registry, runner } = setup();
  registry.registerInProcess(
    "UserPromptSubmit",
    "*",
    () => new Promise<never>(() => {}),
    undefined,
    { timeoutMs: 20 },
  );
  registry.registerInProcess(
    "UserPromptSubmit",
    "*",
    () => ({ additionalContext: "after" }),
  );
  deepEqual(await runner.userPromptSubmit("x", env), {
    additionalContext: "after",
  });
});

Deno.test("HookRunner cancels running hooks when the caller aborts", async () => {
  const { registry, runner, records } = setup();
  let reason: unknown;
  registry.registerInProcess("PostToolUse", "*", async (_input, context) => {
    reason = await aborted(context.signal);
    return {};
  });
  const controller = new AbortController();
  const pending = runner.postToolUse("t", {}, { content: "", isError: false }, {
    ...env,
    signal: controller.signal,
  });
  await delay(10);
  controller.abort(new Error("user pressed Ctrl-C"));
  deepEqual(await pending, {});
  equal((reason as Error).message, "user pressed Ctrl-C");
  equal(records[0]?.failure?.kind, "aborted");
});

Deno.test("HookRunner does not start hooks when the caller already aborted", async () => {
  const { registry, runner, records } = setup();
  let called = false;
  registry.registerInProcess(
    "PreToolUse",
    "*",
    () => void (called = true),
    undefined,
    { failurePolicy: "closed" },
  );
  const result = await runner.preToolUse("t", {}, {
    ...env,
    signal: AbortSignal.abort(),
  });
  equal(called, false);
  equal(result.block, true);
  match(result.reason!, /aborted: cancelled by the caller before it started/);
  equal(records[0]?.failure?.kind, "aborted");
});

// ---------------------------------------------------------------------------
// Failure policy

Deno.test("HookRunner applies failurePolicy to every failure kind of in-process hooks", async (t) => {
  const failing: [string, () => unknown, string][] = [
    ["throws", () => {
      throw new TypeError("bad");
    }, "error"],
    ["rejects", () => Promise.reject(new Error("async bad")), "error"],
    ["returns a string", () => "allow", "invalid_output"],
    ["returns an array", () => [], "invalid_output"],
    ["denies without reason", () => ({ action: "deny" }), "invalid_output"],
    ["times out", () => new Promise(() => {}), "timeout"],
  ];
  for (const [label, hook, kind] of failing) {
    await t.step(`${label}: open skips with a warning`, async () => {
      const { registry, runner, logger, records } = setup();
      registry.registerInProcess("PreToolUse", "*", hook as never, undefined, {
        timeoutMs: 20,
        name: "h",
      });
      deepEqual(await runner.preToolUse("t", {}, env), {});
      match(
        logger.warnings[0]!,
        new RegExp(
          `"h" \\(in-process\\) on PreToolUse failed: ${kind}: .*skipped`,
        ),
      );
      equal(records[0]?.failure?.kind, kind);
    });
    await t.step(
      `${label}: closed denies, model-visibly, not as an approval request`,
      async () => {
        const { registry, runner } = setup();
        registry.registerInProcess(
          "PreToolUse",
          "*",
          hook as never,
          undefined,
          {
            timeoutMs: 20,
            name: "h",
            failurePolicy: "closed",
          },
        );
        const result = await runner.preToolUse("t", {}, env);
        equal(result.block, true);
        match(result.reason!, new RegExp(`Hook "h" failed \\(${kind}: `));
        match(result.reason!, /failurePolicy is "closed"/);
        match(result.reason!, /not an approval request/);
      },
    );
  }
  await t.step("closed on an event that cannot block only warns", async () => {
    const { registry, runner, logger } = setup();
    registry.registerInProcess(
      "SessionStart",
      "*",
      () => "junk" as never,
      undefined,
      { failurePolicy: "closed" },
    );
    deepEqual(await runner.sessionStart(env), {});
    equal(logger.warnings.length, 1);
  });
  await t.step("closed on a blocking fan-out event blocks", async () => {
    const { registry, runner } = setup();
    registry.registerInProcess("Stop", "*", () => "junk" as never, undefined, {
      failurePolicy: "closed",
    });
    equal((await runner.stop(env)).block, true);
  });
});

Deno.test("HookRunner survives whatever a hook throws or answers: reading it never ends the host's process", async (t) => {
  const shapeless = () => Object.create(null);
  const throwingGetter = () => ({
    get action(): never {
      throw new Error("getter");
    },
  });
  const cases: [string, () => unknown, string, RegExp][] = [
    [
      "throws a value without a string form",
      () => {
        throw shapeless();
      },
      "error",
      /threw a value that cannot be turned into text/,
    ],
    ["rejects with a value without a string form", () => Promise.reject(shapeless()), "error", /threw a value/],
    ["answers with a getter that throws", throwingGetter, "invalid_output", /threw while being read: Error: getter/],
    ["resolves to a getter that throws", () => Promise.resolve(throwingGetter()), "invalid_output", /Error: getter/],
    [
      "returns a thenable whose then getter throws",
      () => ({
        get then(): never {
          throw new Error("then");
        },
      }),
      "error",
      /threw Error: then/,
    ],
  ];
  for (const [label, hook, kind, message] of cases) {
    await t.step(label, async () => {
      const { registry, runner, records } = setup();
      registry.registerInProcess("PreToolUse", "*", hook as never, undefined, { timeoutMs: 1000 });
      deepEqual(await runner.preToolUse("t", {}, env), {});
      equal(records[0]?.failure?.kind, kind);
      match(records[0]!.failure!.message, message);
    });
  }
  await t.step("an extension handler's result object with a getter that throws", async () => {
    const { registry, runner, logger } = setup();
    registry.registerInProcess("context", undefined, async () => {
      await delay(1);
      return {
        get messages(): never {
          throw new Error("getter");
        },
      } as never;
    });
    deepEqual(await runner.emit("context", { messages: [] }, env), {});
    match(
      logger.warnings[0]!,
      /invalid_output: returned an object that threw while being read: Error: getter; skipped/,
    );
  });
});

Deno.test("HookRunner truncates block reasons to 2 000 characters", async () => {
  const { registry, runner } = setup();
  registry.registerInProcess(
    "PreToolUse",
    "*",
    () => ({ action: "deny", reason: "x".repeat(5000) }),
  );
  const result = await runner.preToolUse("t", {}, env);
  equal(result.reason!.length, 2000);
  ok(result.reason!.endsWith("…"));
});

Deno.test("HookRunner survives a throwing logger and a throwing listener", async () => {
  const registry = new HookRegistry();
  const runner = new HookRunner({
    registry,
    logger: {
      warn() {
        throw new Error("logger down");
      },
    },
    onInvocation() {
      throw new Error("listener down");
    },
  });
  registry.registerInProcess("PreToolUse", "*", () => {
    throw new Error("hook down");
  });
  registry.registerInProcess(
    "PreToolUse",
    "*",
    () => ({ action: "deny", reason: "still judged" }),
  );
  deepEqual(await runner.preToolUse("t", {}, env), {
    block: true,
    reason: "still judged",
  });
});

// ---------------------------------------------------------------------------
// Policy switch, background hooks, observability

Deno.test("HookRunner with allowNonPolicy false runs only policy hooks", async () => {
  const { registry, runner } = setup({ allowNonPolicy: false });
  const ran: string[] = [];
  registry.registerInProcess(
    "PreToolUse",
    "*",
    () => void ran.push("ordinary"),
  );
  registry.registerInProcess(
    "PreToolUse",
    "*",
    () => void ran.push("policy"),
    undefined,
    { policy: true },
  );
  registry.registerInProcess("Stop", "*", () => void ran.push("stop"));
  equal(runner.has("PreToolUse"), true);
  equal(runner.has("Stop"), false);
  await runner.preToolUse("t", {}, env);
  await runner.stop(env);
  deepEqual(ran, ["policy"]);
});

Deno.test("HookRunner.has() follows the registry", () => {
  const { registry, runner } = setup();
  equal(runner.has("PostToolUse"), false);
  const off = registry.registerInProcess(
    "PostToolUse",
    "*",
    () => {},
    undefined,
    { background: true },
  );
  equal(runner.has("PostToolUse"), true);
  off();
  equal(runner.has("PostToolUse"), false);
});

Deno.test("HookRunner background hooks do not delay the caller, run one at a time and coalesce bursts", async () => {
  const { registry, runner } = setup();
  const seen: unknown[] = [];
  let running = 0;
  let maxRunning = 0;
  registry.registerInProcess(
    "PostToolUse",
    "*",
    async (input) => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      await delay(30);
      seen.push(input.toolInput?.n);
      running--;
      return { additionalContext: "ignored for background hooks" };
    },
    undefined,
    { background: true },
  );
  const result = { content: "", isError: false };
  const started = performance.now();
  for (let n = 1; n <= 5; n++) {
    deepEqual(await runner.postToolUse("t", { n }, result, env), {});
  }
  ok(
    performance.now() - started < 25,
    "the caller did not wait for the background hook",
  );
  await runner.idle();
  deepEqual(
    seen,
    [1, 5],
    "the first run, then only the latest pending payload",
  );
  equal(maxRunning, 1);
});

Deno.test("HookRunner background failures are reported, not thrown", async () => {
  const { registry, runner, logger } = setup();
  registry.registerInProcess(
    "PostToolUse",
    "*",
    () => Promise.reject(new Error("bg down")),
    undefined,
    {
      background: true,
      name: "bg",
    },
  );
  await runner.postToolUse("t", {}, { content: "", isError: false }, env);
  await runner.idle();
  match(
    logger.warnings[0]!,
    /"bg" \(in-process\) on PostToolUse failed: error: threw Error: bg down/,
  );
});

Deno.test("HookRunner reports every invocation to onInvocation, without payloads", async () => {
  const { registry, runner, records } = setup();
  registry.registerInProcess(
    "PreToolUse",
    "*",
    () => ({ action: "mutate", input: { secret: "s3cr3t" } }),
    "p",
    {
      name: "m",
    },
  );
  registry.registerInProcess(
    "PreToolUse",
    "*",
    () => ({ action: "deny", reason: "no" }),
    "p",
    {
      name: "v",
      stage: "validate",
    },
  );
  await runner.preToolUse("t", { secret: "s3cr3t" }, env);
  equal(records.length, 2);
  deepEqual(records.map(({ durationMs: _d, hookId: _i, ...rest }) => rest), [
    {
      event: "PreToolUse",
      hookName: "m",
      transport: "in-process",
      stage: "mutate",
      background: false,
      action: "mutate",
    },
    {
      event: "PreToolUse",
      hookName: "v",
      transport: "in-process",
      stage: "validate",
      background: false,
      action: "deny",
    },
  ]);
  ok(records.every((r) => r.durationMs >= 0));
  ok(!JSON.stringify(records).includes("s3cr3t"));
});

Deno.test("HookRunner sees registrations made during a run from the next run on", async () => {
  const { registry, runner } = setup();
  const ran: string[] = [];
  registry.registerInProcess("Stop", "*", () => {
    ran.push("first");
    registry.registerInProcess("Stop", "*", () => void ran.push("added"));
  });
  await runner.stop(env);
  deepEqual(ran, ["first"]);
  await runner.stop(env);
  deepEqual(ran, ["first", "first", "added"]);
});

Deno.test("HookRunner handles a chain of 1 000 synchronous hooks without deep recursion", async () => {
  const { registry, runner } = setup();
  for (let i = 0; i < 1000; i++) {
    registry.registerInProcess("PreToolUse", "*", (input) => ({
      action: "mutate",
      input: { n: Number(input.toolInput?.n) + 1 },
    }));
  }
  deepEqual(await runner.preToolUse("t", { n: 0 }, env), {
    input: { n: 1000 },
  });
});

// ---------------------------------------------------------------------------
// Runs that finish inline: every hook answered synchronously, so the result
// comes back as an already resolved promise; nothing else may change.

Deno.test("HookRunner returns a promise, never a throw, when a run finishes inline", async (t) => {
  await t.step("a hook that throws is a failure under its policy", async () => {
    for (const failurePolicy of ["open", "closed"] as const) {
      const { registry, runner, logger, records } = setup();
      registry.registerInProcess(
        "PreToolUse",
        "*",
        () => {
          throw new Error("boom");
        },
        undefined,
        { name: "h", failurePolicy },
      );
      let pending: Promise<unknown> | undefined;
      try {
        pending = runner.preToolUse("t", {}, env);
      } catch (error) {
        throw new Error(`preToolUse() threw at the caller: ${error}`);
      }
      ok(pending instanceof Promise);
      const result = await pending;
      equal(records[0]?.failure?.kind, "error");
      if (failurePolicy === "open") {
        deepEqual(result, {});
        match(logger.warnings[0]!, /"h" \(in-process\) on PreToolUse failed: error: threw Error: boom; skipped/);
      } else {
        match((result as { reason: string }).reason, /Hook "h" failed \(error: threw Error: boom\)/);
      }
    }
  });

  await t.step("a caller that already aborted starts no hook", async () => {
    const { registry, runner } = setup();
    let called = false;
    registry.registerInProcess("PostToolUse", "*", () => void (called = true));
    deepEqual(
      await runner.postToolUse("t", {}, { content: "", isError: false }, { ...env, signal: AbortSignal.abort() }),
      {},
    );
    equal(called, false);
  });

  await t.step("a synchronous mutator, an async one and a synchronous validator apply in order", async () => {
    const { registry, runner } = setup();
    const seen: unknown[] = [];
    registry.registerInProcess(
      "PreToolUse",
      "*",
      (input) => ({
        action: "mutate",
        input: { ...input.toolInput, steps: ["sync"] },
      }),
      undefined,
      { stage: "mutate" },
    );
    registry.registerInProcess(
      "PreToolUse",
      "*",
      async (input) => {
        await delay(1);
        return { action: "mutate", input: { steps: [...(input.toolInput!.steps as string[]), "async"] } };
      },
      undefined,
      { stage: "mutate" },
    );
    registry.registerInProcess("PreToolUse", "*", (input) => {
      seen.push(input.toolInput);
      return { action: "allow" };
    });
    deepEqual(await runner.preToolUse("t", {}, env), { input: { steps: ["sync", "async"] } });
    deepEqual(seen, [{ steps: ["sync", "async"] }]);
  });

  await t.step("the loop guard still names the hooks that blocked", async () => {
    const { registry, runner, logger } = setup({ stopBlockCap: 1 });
    registry.registerInProcess("Stop", "*", () => ({ decision: "block", reason: "again" }), undefined, {
      name: "keep-going",
    });
    equal((await runner.stop(env)).block, true);
    equal((await runner.stop(env)).block, undefined);
    match(logger.warnings[0]!, /blocked by "keep-going"/);
  });
});

Deno.test("HookRunner's per-event methods take the event's data first and the environment last, and the older order still works", async (t) => {
  const registry = new HookRegistry();
  const seen: unknown[] = [];
  for (const event of ["SessionEnd", "PreCompact", "PostCompact"] as const) {
    registry.registerInProcess(event, (input) => {
      seen.push([input.event, input.endReason ?? input.compactReason, input.compactSummary, input.cwd]);
    });
  }
  const runner = new HookRunner({ registry });
  const env = { cwd: "/tmp/p" };
  await t.step("data first", async () => {
    seen.length = 0;
    await runner.sessionEnd("logout", env);
    await runner.preCompact("auto", env);
    await runner.postCompact("the summary", "manual", env);
    deepEqual(seen, [
      ["SessionEnd", "logout", undefined, "/tmp/p"],
      ["PreCompact", "auto", undefined, "/tmp/p"],
      ["PostCompact", "manual", "the summary", "/tmp/p"],
    ]);
  });
  await t.step("the older order", async () => {
    seen.length = 0;
    await runner.sessionEnd(env, "logout");
    await runner.preCompact(env);
    await runner.postCompact("the summary", env, "manual");
    deepEqual(seen, [
      ["SessionEnd", "logout", undefined, "/tmp/p"],
      ["PreCompact", undefined, undefined, "/tmp/p"],
      ["PostCompact", "manual", "the summary", "/tmp/p"],
    ]);
  });
});
