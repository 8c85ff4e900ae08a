import { deepEqual, equal } from "node:assert/strict";
import { HOOK_EVENT_NAMES, HOOK_EVENTS, isHookEvent } from "../../mod.ts";

Deno.test("HOOK_EVENTS lists the seed-000 events and Wuu's", () => {
  deepEqual([...HOOK_EVENT_NAMES].sort(), [
    "FileChanged",
    "PermissionRequest",
    "PostCompact",
    "PostToolUse",
    "PostToolUseFailure",
    "PreCompact",
    "PreToolUse",
    "SessionEnd",
    "SessionStart",
    "Stop",
    "SubagentStart",
    "SubagentStop",
    "UserPromptSubmit",
  ]);
});

Deno.test("HOOK_EVENTS says which events carry a tool name, block, mutate and add context", () => {
  const row = (event: keyof typeof HOOK_EVENTS) => {
    const { toolEvent, canBlock, canMutate, context, combine } = HOOK_EVENTS[event];
    return { toolEvent, canBlock, canMutate, context, combine };
  };
  deepEqual(row("PreToolUse"), {
    toolEvent: true,
    canBlock: true,
    canMutate: true,
    context: false,
    combine: "two-stage",
  });
  deepEqual(row("PostToolUse"), {
    toolEvent: true,
    canBlock: false,
    canMutate: false,
    context: true,
    combine: "fan-out",
  });
  deepEqual(row("UserPromptSubmit"), {
    toolEvent: false,
    canBlock: true,
    canMutate: false,
    context: true,
    combine: "serial",
  });
  equal(HOOK_EVENTS.PreCompact.canBlock, true);
  equal(HOOK_EVENTS.PostCompact.canBlock, true);
  equal(HOOK_EVENTS.Stop.canBlock, true);
  equal(HOOK_EVENTS.SessionEnd.canBlock, false);
  equal(HOOK_EVENTS.FileChanged.toolEvent, false);
  // Only PreToolUse may rewrite input.
  equal(
    HOOK_EVENT_NAMES.filter((event) => HOOK_EVENTS[event].canMutate).join(),
    "PreToolUse",
  );
});

Deno.test("HOOK_EVENTS cannot be changed at run time", () => {
  equal(Object.isFrozen(HOOK_EVENTS), true);
  equal(Object.isFrozen(HOOK_EVENTS.PreToolUse), true);
});

Deno.test("isHookEvent() is exact and case-sensitive", () => {
  equal(isHookEvent("PreToolUse"), true);
  equal(isHookEvent("preToolUse"), false);
  equal(isHookEvent("toString"), false);
  equal(isHookEvent(""), false);
});
