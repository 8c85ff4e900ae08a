import { deepEqual, equal } from "node:assert/strict";
import { HOOK_EVENT_NAMES, HOOK_EVENTS, isEventName, isHookEvent, UNKNOWN_EVENT } from "../../mod.ts";

Deno.test("HOOK_EVENTS lists the primary contract's events, Wuu's, the rest of Claude Code's, and Cursor's and Gemini CLI's own", () => {
  deepEqual(HOOK_EVENT_NAMES, [
    "PreToolUse",
    "PermissionRequest",
    "PostToolUse",
    "PostToolUseFailure",
    "UserPromptSubmit",
    "SessionStart",
    "SessionEnd",
    "Stop",
    "SubagentStart",
    "SubagentStop",
    "PreCompact",
    "PostCompact",
    "FileChanged",
    "Setup",
    "InstructionsLoaded",
    "UserPromptExpansion",
    "MessageDisplay",
    "PermissionDenied",
    "PostToolBatch",
    "Notification",
    "TaskCreated",
    "TaskCompleted",
    "StopFailure",
    "TeammateIdle",
    "ConfigChange",
    "CwdChanged",
    "DirectoryAdded",
    "WorktreeCreate",
    "WorktreeRemove",
    "Elicitation",
    "ElicitationResult",
    // Cursor's own.
    "AfterAgentResponse",
    "AfterAgentThought",
    "BeforeTabFileRead",
    "AfterTabFileEdit",
    "WorkspaceOpen",
    // Gemini CLI's own.
    "BeforeModel",
    "AfterModel",
    "BeforeToolSelection",
  ]);
});

Deno.test("HOOK_EVENTS gives the newer events their control rules: what blocks, gates, takes context, matches", () => {
  const rules = Object.fromEntries(
    HOOK_EVENT_NAMES.slice(13).map((event) => {
      const { canBlock, gatesAction, context, matchOn, combine } = HOOK_EVENTS[event];
      return [event, [canBlock, gatesAction, context, matchOn, combine].join(" ")];
    }),
  );
  deepEqual(rules, {
    Setup: "false false true setupReason fan-out",
    InstructionsLoaded: "false false false loadReason fan-out",
    UserPromptExpansion: "true true true commandName serial",
    MessageDisplay: "false false false  fan-out",
    PermissionDenied: "false false false toolName fan-out",
    PostToolBatch: "true false true  fan-out",
    Notification: "false false false notificationType fan-out",
    TaskCreated: "true true false  serial",
    TaskCompleted: "true false false  fan-out",
    StopFailure: "false false false error fan-out",
    TeammateIdle: "true false false  fan-out",
    ConfigChange: "true true false source serial",
    CwdChanged: "false false false  fan-out",
    DirectoryAdded: "false false false source fan-out",
    WorktreeCreate: "true true false  serial",
    WorktreeRemove: "false false false  fan-out",
    Elicitation: "true true false mcpServerName serial",
    ElicitationResult: "true true false mcpServerName serial",
    AfterAgentResponse: "false false false  fan-out",
    AfterAgentThought: "false false false  fan-out",
    BeforeTabFileRead: "true true false  serial",
    AfterTabFileEdit: "false false false  fan-out",
    WorkspaceOpen: "false false false  fan-out",
    // Gemini CLI's model events: a block stops the model call or withholds its response.
    BeforeModel: "true false false  fan-out",
    AfterModel: "true false false  fan-out",
    BeforeToolSelection: "false false false  fan-out",
  });
  // Subagents match on their type, as in Claude Code.
  equal(HOOK_EVENTS.SubagentStart.matchOn, "agentType");
  equal(HOOK_EVENTS.SubagentStop.matchOn, "agentType");
});

Deno.test("UNKNOWN_EVENT decides nothing, and isEventName() tells an event's name from anything else", () => {
  const { canBlock, gatesAction, context, canMutate, canAsk, combine, fields, matchOn } = UNKNOWN_EVENT;
  deepEqual({ canBlock, gatesAction, context, canMutate, canAsk, combine, fields, matchOn }, {
    canBlock: false,
    gatesAction: false,
    context: false,
    canMutate: false,
    canAsk: false,
    combine: "fan-out",
    fields: [],
    matchOn: null,
  });
  for (const name of ["FutureEvent", "Setup", "A1"]) equal(isEventName(name), true, name);
  for (const name of ["", "futureEvent", "Future Event", "__proto__", "A".repeat(65), 5]) {
    equal(isEventName(name), false, String(name));
  }
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
    context: true,
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
