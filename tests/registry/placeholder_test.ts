// A placeholder stands for a configured hook that could not be built. It
// never runs anything; where its event gates an action and it was closed or
// a policy hook, it fails every call it could have matched, so the runner's
// failure policy denies, naming the entry, its place and the fix.

import { deepEqual, equal, match, throws } from "node:assert/strict";
import { HOOK_EVENT_NAMES, HOOK_EVENTS, HookRegistry, HookRunner, placeholderHook } from "../../mod.ts";
import { memoryLogger, trace } from "../_helpers.ts";

const env = { cwd: "/work/project" };

const broken = (event: Parameters<typeof placeholderHook>[0], extra: Parameters<typeof placeholderHook>[1]) =>
  placeholderHook(event, extra);

Deno.test("HOOK_EVENTS marks the events whose block stops an action before it happens", () => {
  deepEqual(HOOK_EVENT_NAMES.filter((event) => HOOK_EVENTS[event].gatesAction), [
    "PreToolUse",
    "PermissionRequest",
    "UserPromptSubmit",
    "UserPromptExpansion",
    "TaskCreated",
    "ConfigChange",
    "WorktreeCreate",
    "Elicitation",
    "ElicitationResult",
    "BeforeTabFileRead",
  ]);
});

Deno.test("placeholderHook() makes a frozen placeholder, and refuses what is not one", () => {
  const made = placeholderHook("PreToolUse", {
    name: "guard",
    failurePolicy: "open",
    source: "/p/hooks.jsonc",
    line: 4,
    column: 7,
    reason: "the URL is refused",
  });
  deepEqual({ ...made }, {
    event: "PreToolUse",
    name: "guard",
    failurePolicy: "open",
    policy: false,
    source: "/p/hooks.jsonc",
    line: 4,
    column: 7,
    reason: "the URL is refused",
    fix: 'fix it, then run "hook-run check"',
    covers: "entry",
  });
  equal(Object.isFrozen(made), true);
  // A matcher its dialect cannot read stands for every call.
  const some = { name: "x", source: "f", reason: "r", failurePolicy: "closed" } as const;
  equal(placeholderHook("PreToolUse", { ...some, matcher: "[", dialect: "claude" }).matcher, undefined);
  equal(placeholderHook("PreToolUse", { ...some, matcher: "Bash", dialect: "claude" }).matcher, "Bash");
  throws(() => placeholderHook("PreTooluse" as never, some), /did you mean "PreToolUse"/);
  throws(() => placeholderHook("Stop", { ...some, reason: "" }), /needs a non-empty "reason"/);
  throws(
    () => placeholderHook("Stop", { ...some, failurePolicy: "shut" as never }),
    /"failurePolicy" must be "open" or "closed"/,
  );
});

Deno.test("HookRegistry.loadShellHooks() registers a placeholder only where its event gates an action and it was closed or policy", () => {
  const registry = new HookRegistry();
  const count = registry.loadShellHooks({ PreToolUse: [{ name: "good", command: "true" }] }, {
    placeholders: [
      broken("PreToolUse", { name: "closed", source: "f", reason: "r", failurePolicy: "closed" }),
      broken("PreToolUse", { name: "policy", source: "f", reason: "r", failurePolicy: "open", policy: true }),
      broken("PreToolUse", { name: "open", source: "f", reason: "r", failurePolicy: "open" }),
      broken("Stop", { name: "stop", source: "f", reason: "r", failurePolicy: "closed" }),
      broken("UserPromptSubmit", { name: "prompt", source: "f", reason: "r", failurePolicy: "closed" }),
    ],
  });
  equal(count, 4);
  deepEqual(registry.list("PreToolUse").map((entry) => [entry.name, entry.transport, entry.failurePolicy]), [
    ["good", "command", "open"],
    ["closed", "placeholder", "closed"],
    ["policy", "placeholder", "closed"],
  ]);
  equal(registry.has("Stop"), false, "a block on Stop would only keep the agent going");
  equal(registry.list("UserPromptSubmit")[0]?.transport, "placeholder");
  // --no-hooks keeps policy placeholders, as it keeps policy hooks.
  const policyOnly = new HookRegistry();
  policyOnly.loadShellHooks({}, {
    policyOnly: true,
    placeholders: [
      broken("PreToolUse", { name: "closed", source: "f", reason: "r", failurePolicy: "closed" }),
      broken("PreToolUse", { name: "policy", source: "f", reason: "r", failurePolicy: "open", policy: true }),
    ],
  });
  deepEqual(policyOnly.list("PreToolUse").map((entry) => entry.name), ["policy"]);
  // A reload replaces them with the rest of the configured set.
  registry.replaceShellHooks({ PreToolUse: [{ name: "fixed", command: "true" }] });
  deepEqual(registry.list("PreToolUse").map((entry) => entry.name), ["fixed"]);
  equal(registry.has("UserPromptSubmit"), false);
});

Deno.test("HookRunner denies every call a closed placeholder could match, naming the entry, its place and the fix", async () => {
  const registry = new HookRegistry();
  const logger = memoryLogger();
  const { records, onInvocation } = trace();
  const runner = new HookRunner({ registry, logger, onInvocation });
  registry.loadShellHooks({}, {
    placeholders: [
      broken("PreToolUse", {
        name: "bash-guard",
        matcher: "bash",
        source: "/p/hooks.jsonc",
        line: 4,
        column: 20,
        reason: 'the URL "https://169.254.169.254" is refused',
        failurePolicy: "closed",
      }),
      broken("UserPromptSubmit", {
        name: "/p/hooks.jsonc",
        source: "/p/hooks.jsonc",
        reason: "invalid JSONC",
        failurePolicy: "closed",
        covers: "file",
      }),
      broken("Stop", { name: "stop-guard", source: "/p/hooks.jsonc", reason: "r", failurePolicy: "closed" }),
    ],
  });
  const denied = await runner.preToolUse("bash", { command: "ls" }, env);
  equal(denied.block, true);
  match(denied.reason!, /^Hook "bash-guard" failed \(rejected: /);
  match(denied.reason!, /169\.254\.169\.254/);
  match(denied.reason!, /\/p\/hooks\.jsonc:4:20/);
  match(denied.reason!, /hook-run check/);
  deepEqual(records.map((r) => [r.hookName, r.transport, r.failure?.kind]), [[
    "bash-guard",
    "placeholder",
    "rejected",
  ]]);
  // Only what it could have matched.
  deepEqual(await runner.preToolUse("read", {}, env), {});
  const prompt = await runner.userPromptSubmit("hi", env);
  equal(prompt.block, true);
  match(prompt.reason!, /invalid JSONC/);
  deepEqual(await runner.stop(env), {}, "never a block that keeps the agent going");
});
