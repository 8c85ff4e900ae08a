import { deepEqual, equal, match, throws } from "node:assert/strict";
import { type HookRegistrationOptions, HookRegistry, UNKNOWN_EVENT } from "../../mod.ts";

const noop = () => {};

Deno.test("HookRegistry keeps entries of one event in registration order across transports", () => {
  const registry = new HookRegistry();
  registry.registerInProcess("PreToolUse", "*", noop, "p", { name: "a" });
  registry.loadShellHooks({ PreToolUse: [{ name: "b", command: "true" }] });
  registry.registerHttp("PreToolUse", {
    type: "http",
    name: "c",
    url: "http://127.0.0.1:1/",
  });
  registry.registerInProcess("PreToolUse", "*", noop, "p", { name: "d" });
  deepEqual(registry.list("PreToolUse").map((e) => [e.name, e.transport]), [
    ["a", "in-process"],
    ["b", "command"],
    ["c", "http"],
    ["d", "in-process"],
  ]);
});

Deno.test("HookRegistry resolves defaults: stage, timeout, policy, failure policy", () => {
  const registry = new HookRegistry();
  registry.registerInProcess("PreToolUse", undefined, noop);
  registry.loadShellHooks({ PreToolUse: [{ command: "true" }] });
  registry.registerInProcess("PostToolUse", "*", noop, undefined, {
    background: true,
  });
  const [inProcess, configured] = registry.list("PreToolUse");
  equal(inProcess?.stage, "mutate");
  equal(inProcess?.matcher, "*");
  equal(inProcess?.timeoutMs, 5000);
  equal(inProcess?.failurePolicy, "open");
  equal(inProcess?.policy, false);
  equal(configured?.stage, "validate");
  equal(configured?.configured, true);
  equal(registry.list("PostToolUse")[0]?.timeoutMs, 60_000);
});

Deno.test("HookRegistry keeps the default timeout when timeoutMs is omitted, and rounds fractions up to 1 ms", () => {
  const registry = new HookRegistry();
  // From JavaScript, or a spread of options that leaves it unset.
  registry.registerInProcess(
    "Stop",
    "*",
    noop,
    undefined,
    { timeoutMs: undefined } as unknown as HookRegistrationOptions,
  );
  registry.registerInProcess("Stop", "*", noop, undefined, { timeoutMs: 0.4 });
  registry.registerInProcess("Stop", "*", noop, undefined, { timeoutMs: 1234.6 });
  registry.registerInProcess("Stop", "*", noop, undefined, { timeoutMs: 600_000 });
  deepEqual(registry.list("Stop").map((e) => e.timeoutMs), [5000, 1, 1235, 600_000]);
});

Deno.test("HookRegistry rejects a timeoutMs that is not a positive, finite number up to 10 min", async (t) => {
  const registry = new HookRegistry();
  // Before: 0 and below became 1 ms (the hook always timed out), NaN the
  // default, Infinity and 900 000 quietly 10 minutes.
  for (const timeoutMs of [0, -5, NaN, Infinity, -Infinity, 900_000]) {
    await t.step(`timeoutMs ${timeoutMs}`, () => {
      const expected = new RegExp(
        `^Cannot register Stop hook "x": "timeoutMs" must be a positive number of milliseconds \\(1 – 600000\\), got ${
          String(timeoutMs).replace("+", "\\+")
        }$`,
      );
      const doors: [string, () => unknown][] = [
        ["registerInProcess", () => registry.registerInProcess("Stop", "*", noop, undefined, { name: "x", timeoutMs })],
        ["registerShell", () => registry.registerShell("Stop", { name: "x", command: "true", timeoutMs })],
        [
          "registerHttp",
          () => registry.registerHttp("Stop", { type: "http", name: "x", url: "http://127.0.0.1:1/", timeoutMs }),
        ],
        [
          "registerPrompt",
          () => registry.registerPrompt("Stop", { type: "prompt", name: "x", prompt: "ok?", timeoutMs }),
        ],
        ["loadShellHooks", () => registry.loadShellHooks({ Stop: [{ name: "x", command: "true", timeoutMs }] })],
      ];
      for (const [door, register] of doors) {
        throws(register, (error: Error) => {
          equal(error instanceof RangeError, true, `${door}: ${error}`);
          match(error.message, expected, door);
          return true;
        });
      }
    });
  }
  await t.step("a timeoutMs that is not a number", () => {
    throws(
      () => registry.registerShell("Stop", { name: "x", command: "true", timeoutMs: "5000" as never }),
      (error: Error) =>
        error instanceof TypeError &&
        error.message === 'Cannot register Stop hook "x": "timeoutMs" must be a number of milliseconds, got a string',
    );
  });
  await t.step("nothing was registered by the failed calls", () => {
    equal(registry.all().length, 0);
  });
});

Deno.test("HookRegistry takes a Claude-dialect hook's deadline up to a week, as long as Claude waits", async (t) => {
  const registry = new HookRegistry();
  const fourDays = 345_600_000;
  await t.step("an approval that waits days for a human keeps its deadline", () => {
    registry.registerShell("PermissionRequest", {
      name: "plan",
      command: "true",
      dialect: "claude",
      timeoutMs: fourDays,
    });
    registry.loadShellHooks({ Stop: [{ name: "loop", command: "true", dialect: "claude", timeoutMs: fourDays }] });
    deepEqual([...registry.list("PermissionRequest"), ...registry.list("Stop")].map((e) => e.timeoutMs), [
      fourDays,
      fourDays,
    ]);
  });
  await t.step("past a week it is refused, naming the dialect's bound", () => {
    throws(
      () =>
        registry.registerShell("Stop", { name: "x", command: "true", dialect: "claude", timeoutMs: 8 * 86_400_000 }),
      /^RangeError: Cannot register Stop hook "x": "timeoutMs" must be a positive number of milliseconds \(1 – 604800000\), got 691200000$/,
    );
  });
  await t.step("a native hook keeps 10 minutes", () => {
    throws(
      () => registry.registerShell("Stop", { name: "x", command: "true", timeoutMs: fourDays }),
      /\(1 – 600000\), got 345600000$/,
    );
  });
});

Deno.test("HookRegistry unsubscribe removes exactly its own registration, once", () => {
  const registry = new HookRegistry();
  const offA = registry.registerInProcess("Stop", "*", noop, undefined, {
    name: "a",
  });
  registry.registerInProcess("Stop", "*", noop, undefined, { name: "b" });
  offA();
  offA();
  deepEqual(registry.list("Stop").map((e) => e.name), ["b"]);
});

Deno.test("HookRegistry.list() returns immutable snapshots", () => {
  const registry = new HookRegistry();
  registry.registerInProcess("Stop", "*", noop);
  const before = registry.list("Stop");
  registry.registerInProcess("Stop", "*", noop);
  equal(before.length, 1);
  equal(registry.list("Stop").length, 2);
  equal(Object.isFrozen(before), true);
});

Deno.test("HookRegistry.drainByOwner() removes a plugin's in-process hooks, never configured ones", () => {
  const registry = new HookRegistry();
  registry.loadShellHooks({ Stop: [{ command: "true" }] });
  registry.registerInProcess("Stop", "*", noop, "plugin-a");
  registry.registerInProcess("SessionStart", "*", noop, "plugin-a");
  registry.registerInProcess("SessionStart", "*", noop, "plugin-b");
  equal(registry.countByOwner("plugin-a"), 2);
  equal(registry.drainByOwner("plugin-a"), 2);
  equal(registry.countByOwner("plugin-a"), 0);
  equal(registry.countByOwner("plugin-b"), 1);
  equal(registry.list("Stop").length, 1);
  equal(registry.drainByOwner("nobody"), 0);
});

Deno.test("HookRegistry.replaceShellHooks() swaps configured entries atomically, in place", () => {
  const registry = new HookRegistry();
  registry.registerInProcess("PreToolUse", "*", noop, "early", {
    name: "early",
  });
  registry.loadShellHooks({
    PreToolUse: [{ name: "old", command: "true" }],
    Stop: [{ command: "true" }],
  });
  registry.registerInProcess("PreToolUse", "*", noop, "late", { name: "late" });
  const count = registry.replaceShellHooks({
    PreToolUse: [{ name: "new1", command: "true" }, {
      name: "new2",
      command: "true",
    }],
  });
  equal(count, 2);
  deepEqual(registry.list("PreToolUse").map((e) => e.name), [
    "early",
    "new1",
    "new2",
    "late",
  ]);
  equal(registry.has("Stop"), false);
});

Deno.test("HookRegistry.replaceShellHooks() keeps the old set when the new one is malformed", () => {
  const registry = new HookRegistry();
  registry.loadShellHooks({ Stop: [{ name: "keep", command: "true" }] });
  throws(
    () =>
      registry.replaceShellHooks({
        Stop: [{ command: "true" }, { command: "" }],
      }),
    /Cannot register Stop hook #2: a command hook needs a non-empty "command"/,
  );
  deepEqual(registry.list("Stop").map((e) => e.name), ["keep"]);
});

Deno.test("HookRegistry leaves registerShell() entries alone on replace", () => {
  const registry = new HookRegistry();
  registry.registerShell("Stop", { name: "manual", command: "true" });
  registry.loadShellHooks({ Stop: [{ name: "configured", command: "true" }] });
  registry.replaceShellHooks({});
  deepEqual(registry.list("Stop").map((e) => e.name), ["manual"]);
});

Deno.test("HookRegistry policyOnly loading keeps only policy hooks", () => {
  const registry = new HookRegistry();
  equal(
    registry.loadShellHooks({
      PreToolUse: [{ command: "a", policy: true }, { command: "b" }],
      Stop: [{ command: "c" }],
    }, { policyOnly: true }),
    1,
  );
  deepEqual(registry.all().map((e) => e.name), ["a"]);
});

Deno.test("HookRegistry rejects bad registrations with a message naming the fix", async (t) => {
  const registry = new HookRegistry();
  await t.step("unknown event with a suggestion", () => {
    throws(
      () => registry.registerInProcess("PreTooluse" as "PreToolUse", "*", noop),
      /unknown event "PreTooluse"; did you mean "PreToolUse"\?/,
    );
    throws(
      () => registry.loadShellHooks({ PostToolUsed: [{ command: "x" }] } as never),
      /Cannot load hooks: unknown event "PostToolUsed"; did you mean "PostToolUse"\?/,
    );
  });
  await t.step("not a function", () => {
    throws(
      () => registry.registerInProcess("Stop", "*", "nope" as never),
      TypeError,
    );
  });
  await t.step("HTTP hook without url", () => {
    throws(
      () => registry.registerHttp("Stop", { type: "http", url: "" }),
      /needs a non-empty "url"/,
    );
  });
  await t.step("background on an event that can block", () => {
    throws(
      () =>
        registry.registerInProcess("PreToolUse", "*", noop, undefined, {
          background: true,
        }),
      (error: Error) =>
        error instanceof RangeError &&
        /only allowed on events that cannot block/.test(error.message),
    );
  });
  await t.step("bad stage and failure policy", () => {
    throws(
      () =>
        registry.registerInProcess("Stop", "*", noop, undefined, {
          stage: "late" as never,
        }),
      /"stage" must be/,
    );
    throws(
      () =>
        registry.registerInProcess("Stop", "*", noop, undefined, {
          failurePolicy: "strict" as never,
        }),
      /"failurePolicy" must be "open" or "closed"/,
    );
  });
  await t.step("nothing was registered by the failed calls", () => {
    equal(registry.all().length, 0);
  });
});

Deno.test("HookRegistry.clear() drops everything", () => {
  const registry = new HookRegistry();
  registry.loadShellHooks({ Stop: [{ command: "true" }] });
  registry.registerInProcess("Stop", "*", noop, "p");
  registry.clear();
  equal(registry.has("Stop"), false);
  equal(registry.all().length, 0);
});

Deno.test("HookRegistry refuses a NUL character in what reaches a process or a request", async (t) => {
  const registry = new HookRegistry();
  // Before: registered fine and failed only when the hook ran.
  const cases: [string, string, () => unknown][] = [
    ['"command"', "registerShell", () => registry.registerShell("Stop", { name: "x", command: "true\0 --now" })],
    [
      '"args"',
      "registerShell",
      () => registry.registerShell("Stop", { name: "x", command: "true", args: ["a", "b\0"] }),
    ],
    [
      '"env" names',
      "registerShell",
      () => registry.registerShell("Stop", { name: "x", command: "true", env: { "A\0": "1" } }),
    ],
    [
      '"env" values',
      "registerShell",
      () => registry.registerShell("Stop", { name: "x", command: "true", env: { A: "1\0" } }),
    ],
    [
      '"passEnv"',
      "registerShell",
      () => registry.registerShell("Stop", { name: "x", command: "true", passEnv: ["HOME\0"] }),
    ],
    ['"command"', "loadShellHooks", () => registry.loadShellHooks({ Stop: [{ name: "x", command: "true\0" }] })],
    [
      '"url"',
      "registerHttp",
      () => registry.registerHttp("Stop", { type: "http", name: "x", url: "http://127.0.0.1:1/\0" }),
    ],
    [
      '"headers" names',
      "registerHttp",
      () =>
        registry.registerHttp("Stop", {
          type: "http",
          name: "x",
          url: "http://127.0.0.1:1/",
          headers: { "x-a\0": "v" },
        }),
    ],
    [
      '"headers" values',
      "registerHttp",
      () =>
        registry.registerHttp("Stop", {
          type: "http",
          name: "x",
          url: "http://127.0.0.1:1/",
          headers: { "x-a": "v\0" },
        }),
    ],
    [
      '"allowedEnvVars"',
      "registerHttp",
      () =>
        registry.registerHttp("Stop", { type: "http", name: "x", url: "http://127.0.0.1:1/", allowedEnvVars: ["T\0"] }),
    ],
  ];
  for (const [field, door, register] of cases) {
    await t.step(`${field} through ${door}()`, () => {
      throws(register, (error: Error) => {
        equal(error instanceof TypeError, true, String(error));
        equal(error.message, `Cannot register Stop hook "x": ${field} must not contain a NUL character (\\u0000)`);
        return true;
      });
    });
  }
  await t.step("nothing was registered by the failed calls", () => {
    equal(registry.all().length, 0);
  });
});

Deno.test("HookRegistry names an unnamed HTTP hook by scheme, host and port, never its path or query", () => {
  const registry = new HookRegistry();
  registry.registerHttp("Stop", { type: "http", url: "https://hooks.example:8443/t/s3cr3t?token=abc" });
  const name = registry.list("Stop")[0]!.name;
  equal(name.includes("s3cr3t") || name.includes("token"), false, name);
  equal(name.startsWith("https://hooks.example:8443"), true, name);
});

Deno.test("HookRegistry takes Claude-dialect hooks on an event its table does not have, and no others", async (t) => {
  const later = "FutureEvent" as "Stop";
  await t.step("a Claude hook: registered under UNKNOWN_EVENT, and kept through a reload", () => {
    const registry = new HookRegistry();
    equal(registry.info(later), undefined);
    registry.loadShellHooks({ [later]: [{ command: "true", dialect: "claude" }] });
    equal(registry.info(later), UNKNOWN_EVENT);
    equal(registry.list(later).length, 1);
    equal(registry.all().length, 1);
    registry.replaceShellHooks({ [later]: [{ command: "false", dialect: "claude" }] });
    equal((registry.list(later)[0]!.hook as { command: string }).command, "false");
    registry.replaceShellHooks({});
    equal(registry.list(later).length, 0);
  });
  await t.step("a native, Wuu or in-process hook: refused, as is a name no event can have", () => {
    const registry = new HookRegistry();
    throws(() => registry.loadShellHooks({ [later]: [{ command: "true" }] }), /unknown event "FutureEvent"/);
    throws(() => registry.loadShellHooks({ [later]: [{ command: "true", dialect: "wuu" }] }), /unknown event/);
    throws(
      () => registry.loadShellHooks({ [later]: [{ command: "true", dialect: "claude" }, { command: "true" }] }),
      /unknown event "FutureEvent"/,
    );
    throws(() => registry.registerInProcess(later, undefined, () => ({})), /unknown event "FutureEvent"/);
    throws(
      () => registry.loadShellHooks({ ["not an event" as "Stop"]: [{ command: "true", dialect: "claude" }] }),
      /unknown event/,
    );
    equal(registry.all().length, 0);
  });
});

Deno.test("HookRegistry.registerInProcess() takes events without tools without a matcher", async () => {
  const { HookRunner } = await import("../../mod.ts");
  const registry = new HookRegistry();
  const off = registry.registerInProcess(
    "Stop",
    () => ({ action: "deny" as const, reason: "tests first" }),
    "plugin-a",
    {
      name: "stop-guard",
    },
  );
  registry.registerInProcess("PreToolUse", "bash", () => ({ action: "deny" as const, reason: "no bash" }), "plugin-a");
  const runner = new HookRunner({ registry });
  deepEqual(await runner.stop({ cwd: "/tmp" }), { block: true, reason: "tests first" });
  deepEqual(await runner.preToolUse("bash", {}, { cwd: "/tmp" }), { block: true, reason: "no bash" });
  off();
  equal(registry.countByOwner("plugin-a"), 1);
  throws(() => registry.registerInProcess("Stop", "not a function" as never), TypeError);
});
