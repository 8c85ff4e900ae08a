// The Claude Code dialect on the wire: what its hooks receive, how their
// answers are read (exit codes by event, JSON only when stdout starts with
// "{"), and what hook-run gateway answers Claude with.

import { deepEqual, equal, match, throws } from "node:assert/strict";
import { dialectOf, type HookAnswer } from "../../src/dialects/mod.ts";
import { HOOK_EVENT_NAMES } from "../../mod.ts";

const claude = dialectOf("claude");
const out = (text: string, exitCode: number | null = 0, stderr = ""): HookAnswer => ({
  source: "stdout",
  text,
  stderr,
  exitCode,
});

Deno.test("Claude encodeInput() writes Claude's snake_case payload", () => {
  deepEqual(
    claude.encodeInput({
      event: "PostToolUse",
      cwd: "/p",
      sessionId: "s",
      transcriptPath: "/t.jsonl",
      permissionMode: "default",
      toolName: "Bash",
      toolInput: { command: "ls" },
      toolUseId: "toolu_1",
      toolResult: { content: { stdout: "a" }, isError: false },
    }),
    {
      session_id: "s",
      transcript_path: "/t.jsonl",
      cwd: "/p",
      permission_mode: "default",
      hook_event_name: "PostToolUse",
      tool_name: "Bash",
      tool_input: { command: "ls" },
      tool_use_id: "toolu_1",
      tool_response: { stdout: "a" },
    },
  );
  deepEqual(claude.encodeInput({ event: "SessionEnd", cwd: "/p", sessionId: "s", endReason: "logout" }), {
    session_id: "s",
    cwd: "/p",
    hook_event_name: "SessionEnd",
    reason: "logout",
  });
});

Deno.test("Claude decodeInput() reads an event as Claude sends it, and refuses what is no event", () => {
  deepEqual(
    claude.decodeInput({
      session_id: "s",
      transcript_path: "/t.jsonl",
      cwd: "/p",
      permission_mode: "plan",
      hook_event_name: "Stop",
      stop_hook_active: true,
    }),
    {
      event: "Stop",
      fields: {},
      cwd: "/p",
      sessionId: "s",
      transcriptPath: "/t.jsonl",
      permissionMode: "plan",
      stopHookActive: true,
    },
  );
  throws(() => claude.decodeInput({ hook_event_name: "pre tool use" }), /not a Claude Code hook event name/);
  throws(() => claude.decodeInput({ hook_event_name: "__proto__" }), /not a Claude Code hook event name/);
  throws(() => claude.decodeInput({ hook_event_name: "PreToolUse", tool_input: {} }), /needs "tool_name"/);
  throws(() => claude.decodeInput({ hook_event_name: "Notification", message: 3 }), /"message" must be a string/);
  throws(() => claude.decodeInput("{}"), /must be a JSON object/);
});

Deno.test("Claude decodeOutput(): exit 2 blocks with stderr where the event can block, whatever stdout says", () => {
  deepEqual(claude.decodeOutput("PreToolUse", out('{"hookSpecificOutput":{"permissionDecision":"allow"}}', 2, "no")), {
    outcome: { action: "deny", reason: "no" },
  });
  deepEqual(claude.decodeOutput("Stop", out("", 2, "keep going")), {
    outcome: { action: "deny", reason: "keep going" },
  });
  // Elsewhere it is shown to the user, or ignored.
  deepEqual(claude.decodeOutput("SessionStart", out("", 2, "heads up")), {
    outcome: { action: "allow", systemMessage: "heads up" },
  });
  deepEqual(claude.decodeOutput("PermissionRequest", out("", 2, "x")), { outcome: { action: "allow" } });
});

Deno.test("Claude decodeOutput(): other exits are failures; a valid JSON decision is only their lenient reading", () => {
  deepEqual(claude.decodeOutput("PreToolUse", out("", 1, "boom")), {
    failure: { kind: "exit", message: "exited with code 1: boom" },
  });
  deepEqual(claude.decodeOutput("PreToolUse", out('{"decision":"block","reason":"json decides"}', 1)), {
    failure: { kind: "exit", message: "exited with code 1" },
    lenient: { action: "deny", reason: "json decides" },
  });
  deepEqual(claude.decodeOutput("PreToolUse", out("{}", 1)), {
    failure: { kind: "exit", message: "exited with code 1" },
    lenient: { action: "allow" },
  });
  // Schema-invalid JSON on a non-zero exit is a plain failure.
  deepEqual(claude.decodeOutput("PreToolUse", out('{"continue":"no"}', 3)), {
    failure: { kind: "exit", message: "exited with code 3" },
  });
});

Deno.test("Claude decodeOutput(): plain text is context on UserPromptSubmit and SessionStart, a failure read leniently as allow elsewhere", () => {
  deepEqual(claude.decodeOutput("UserPromptSubmit", out("Today is Monday")), {
    outcome: { action: "allow", additionalContext: "Today is Monday" },
  });
  deepEqual(claude.decodeOutput("SessionStart", out("{not json")), {
    outcome: { action: "allow", additionalContext: "{not json" },
  });
  deepEqual(claude.decodeOutput("PreToolUse", out("Traceback (most recent call last):")), {
    failure: {
      kind: "invalid_output",
      message:
        "stdout is not one JSON object (34 characters of plain text) on PreToolUse; print only Claude's JSON output on stdout and diagnostics on stderr",
    },
    lenient: { action: "allow" },
  });
  const half = claude.decodeOutput("Stop", out("{not json"));
  equal("failure" in half && half.failure.kind, "invalid_output");
  deepEqual("failure" in half && half.lenient, { action: "allow" });
  // An HTTP body that is not JSON has no lenient reading, on any event.
  const body = claude.decodeOutput("UserPromptSubmit", { ...out("plain"), source: "body" });
  deepEqual(body, {
    failure: {
      kind: "invalid_output",
      message:
        "the body is not one JSON object (5 characters of plain text) on UserPromptSubmit; answer with Claude's JSON output or nothing",
    },
  });
});

Deno.test("Claude decodeOutput(): the JSON fields", async (t) => {
  const cases: [string, string, unknown][] = [
    [
      "PostToolUse",
      '{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":{"stdout":"[redacted]"}}}',
      { action: "allow", updatedToolResult: { content: { stdout: "[redacted]" } } },
    ],
    [
      "PreToolUse",
      '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm"}}',
      {
        action: "deny",
        reason: "no rm",
      },
    ],
    [
      "PreToolUse",
      '{"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"sure?","updatedInput":{"a":1}}}',
      {
        action: "ask",
        reason: "sure?",
        input: { a: 1 },
      },
    ],
    ["PreToolUse", '{"hookSpecificOutput":{"permissionDecision":"defer"}}', { action: "defer" }],
    // A Claude hook's allow is Claude's allow: a grant, with its reason and its rewrite.
    ["PreToolUse", '{"hookSpecificOutput":{"permissionDecision":"allow","updatedInput":{"command":"ls -la"}}}', {
      action: "grant",
      input: { command: "ls -la" },
    }],
    ["PreToolUse", '{"hookSpecificOutput":{"permissionDecision":"allow","permissionDecisionReason":"passed"}}', {
      action: "grant",
      reason: "passed",
    }],
    // A rewrite without a decision goes through the agent's own permission flow.
    ["PreToolUse", '{"hookSpecificOutput":{"updatedInput":{"command":"ls -la"}}}', {
      action: "mutate",
      input: { command: "ls -la" },
    }],
    // The deprecated top-level "approve" is PreToolUse's allow.
    ["PreToolUse", '{"decision":"approve","reason":"read-only"}', { action: "grant", reason: "read-only" }],
    // An ask beside a top-level approve is still an ask.
    ["PreToolUse", '{"decision":"approve","hookSpecificOutput":{"permissionDecision":"ask"}}', { action: "ask" }],
    // Elsewhere "approve" decides nothing (a misused spelling on PermissionRequest: no decision).
    ["PermissionRequest", '{"decision":"approve","reason":"Read-only operation"}', { action: "allow" }],
    ["PreToolUse", '{"decision":"block","reason":"old style"}', { action: "deny", reason: "old style" }],
    ["Stop", '{"decision":"block","reason":"tests fail"}', { action: "deny", reason: "tests fail" }],
    ["Stop", '{"continue":false,"stopReason":"budget spent","systemMessage":"bye"}', {
      action: "allow",
      halt: true,
      stopReason: "budget spent",
      systemMessage: "bye",
    }],
    ["SessionStart", '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"ctx"}}', {
      action: "allow",
      additionalContext: "ctx",
    }],
    ["PermissionRequest", '{"hookSpecificOutput":{"decision":{"behavior":"deny","message":"offline"}}}', {
      action: "deny",
      reason: "offline",
    }],
    // An approval, its permission updates verbatim; keys Claude does not define are tolerated.
    [
      "PermissionRequest",
      '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow","updatedPermissions":[{"type":"setMode","mode":"acceptEdits","destination":"session"},{"type":"addRules","rules":[{"toolName":"Bash","ruleContent":"git status"}],"behavior":"allow","destination":"localSettings","x_future":1}]}}}',
      {
        action: "grant",
        updatedPermissions: [
          { type: "setMode", mode: "acceptEdits", destination: "session" },
          {
            type: "addRules",
            rules: [{ toolName: "Bash", ruleContent: "git status" }],
            behavior: "allow",
            destination: "localSettings",
            x_future: 1,
          },
        ],
      },
    ],
    [
      "PermissionRequest",
      '{"continue":true,"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow","reason":"Safe read-only or test command"}}}',
      { action: "grant" },
    ],
    [
      "PermissionRequest",
      '{"hookSpecificOutput":{"decision":{"behavior":"allow","updatedInput":{"questions":[],"answers":{"Which?":"A"}}}}}',
      { action: "grant", input: { questions: [], answers: { "Which?": "A" } } },
    ],
    // A top-level decision is not PermissionRequest's: Claude reads only hookSpecificOutput.decision.
    ["PermissionRequest", '{"decision":"block","hookSpecificOutput":{"decision":{"behavior":"allow"}}}', {
      action: "grant",
    }],
  ];
  for (const [event, text, outcome] of cases) {
    await t.step(`${event} ${text}`, () => {
      deepEqual(claude.decodeOutput(event as "PreToolUse", out(text)), { outcome });
    });
  }
  await t.step("output meant for another event is invalid", () => {
    deepEqual(claude.decodeOutput("PreToolUse", out('{"hookSpecificOutput":{"hookEventName":"Stop"}}')), {
      failure: {
        kind: "invalid_output",
        message: '"hookSpecificOutput.hookEventName" is "Stop", but the event is PreToolUse',
      },
    });
  });
  await t.step("an approval's updates of the wrong shape are invalid, naming the field", () => {
    for (
      const [decision, message] of [
        ['{"behavior":"allow","updatedPermissions":{"type":"setMode"}}', "must be an array of objects, got an object"],
        [
          '{"behavior":"allow","updatedPermissions":["setMode"]}',
          "must be an array of objects, got a string at index 0",
        ],
        ['{"behavior":"allow","updatedInput":"ls"}', "must be a JSON object, got a string"],
      ]
    ) {
      const decoded = claude.decodeOutput(
        "PermissionRequest",
        out(`{"hookSpecificOutput":{"decision":${decision}}}`),
      );
      equal("failure" in decoded && decoded.failure.kind, "invalid_output", decision);
      match("failure" in decoded ? decoded.failure.message : "", new RegExp(`"decision\\.updated\\w+" ${message}`));
    }
  });
  await t.step("a wrong type is invalid, naming the field", () => {
    deepEqual(claude.decodeOutput("PreToolUse", out('{"continue":"no"}')), {
      failure: { kind: "invalid_output", message: '"continue" must be a boolean, got a string' },
    });
  });
});

Deno.test("Claude encodeResult() answers Claude in its own output format", () => {
  deepEqual(claude.encodeResult("PreToolUse", {}), {});
  deepEqual(claude.encodeResult("PreToolUse", { block: true, reason: "no" }), {
    hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" },
  });
  deepEqual(claude.encodeResult("PreToolUse", { input: { a: 1 }, decision: "ask", reason: "sure?" }), {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "ask",
      permissionDecisionReason: "sure?",
      updatedInput: { a: 1 },
    },
  });
  deepEqual(claude.encodeResult("Stop", { block: true, reason: "tests fail", systemMessage: "hook x failed" }), {
    systemMessage: "hook x failed",
    decision: "block",
    reason: "tests fail",
  });
  deepEqual(claude.encodeResult("PostToolUse", { additionalContext: "lint: 2 errors", contextAs: "feedback" }), {
    decision: "block",
    reason: "lint: 2 errors",
  });
  deepEqual(claude.encodeResult("UserPromptSubmit", { additionalContext: "ctx" }), {
    hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "ctx" },
  });
  deepEqual(claude.encodeResult("PostToolUse", { updatedToolResult: { content: "[redacted]", details: { n: 1 } } }), {
    hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: "[redacted]" },
  });
  deepEqual(claude.encodeResult("SessionEnd", { halt: true, stopReason: "done" }), {
    continue: false,
    stopReason: "done",
  });
  deepEqual(claude.encodeResult("PermissionRequest", { block: true, reason: "offline" }), {
    hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "deny", message: "offline" } },
  });
});

Deno.test("Claude encodeResult() forwards a hook's grant as Claude's allow", () => {
  deepEqual(claude.encodeResult("PreToolUse", { decision: "allow", reason: "RTK auto-rewrite", input: { a: 1 } }), {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "allow",
      permissionDecisionReason: "RTK auto-rewrite",
      updatedInput: { a: 1 },
    },
  });
  const permissions = [{ type: "setMode", mode: "acceptEdits", destination: "session" }];
  deepEqual(
    claude.encodeResult("PermissionRequest", {
      decision: "allow",
      input: { plan: "p" },
      updatedPermissions: permissions,
    }),
    {
      hookSpecificOutput: {
        hookEventName: "PermissionRequest",
        decision: { behavior: "allow", updatedInput: { plan: "p" }, updatedPermissions: permissions },
      },
    },
  );
  deepEqual(claude.encodeResult("PermissionRequest", { decision: "allow" }), {
    hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow" } },
  });
  // A block is never an allow, whatever else the result carries.
  deepEqual(
    claude.encodeResult("PermissionRequest", { block: true, reason: "no", decision: "allow", updatedPermissions: [] }),
    { hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "deny", message: "no" } } },
  );
});

Deno.test("Wuu encodeResult() never answers an allow, which Wuu's agents do not have", () => {
  const wuu = dialectOf("wuu");
  deepEqual(wuu.encodeResult("PreToolUse", { decision: "allow", reason: "passed" }), {});
  deepEqual(
    wuu.encodeResult("PermissionRequest", { decision: "allow", updatedPermissions: [{ type: "setMode" }] }),
    {},
  );
});

Deno.test("Claude decodeInput() reads every event of Claude's 31, with its own fields", () => {
  const claudes = [
    "SessionStart",
    "Setup",
    "InstructionsLoaded",
    "UserPromptSubmit",
    "UserPromptExpansion",
    "MessageDisplay",
    "PreToolUse",
    "PermissionRequest",
    "PermissionDenied",
    "PostToolUse",
    "PostToolUseFailure",
    "PostToolBatch",
    "Notification",
    "SubagentStart",
    "SubagentStop",
    "TaskCreated",
    "TaskCompleted",
    "Stop",
    "StopFailure",
    "TeammateIdle",
    "ConfigChange",
    "CwdChanged",
    "DirectoryAdded",
    "FileChanged",
    "WorktreeCreate",
    "WorktreeRemove",
    "PreCompact",
    "PostCompact",
    "Elicitation",
    "ElicitationResult",
    "SessionEnd",
  ];
  deepEqual(claudes.filter((event) => !HOOK_EVENT_NAMES.includes(event as "Stop")), []);
  const fields = (wire: Record<string, unknown>) => claude.decodeInput({ session_id: "s", cwd: "/p", ...wire }).fields;
  deepEqual(fields({ hook_event_name: "Notification", message: "m", title: "t", notification_type: "idle_prompt" }), {
    message: "m",
    title: "t",
    notificationType: "idle_prompt",
  });
  deepEqual(fields({ hook_event_name: "Setup", trigger: "init" }), { setupReason: "init" });
  deepEqual(fields({ hook_event_name: "PermissionDenied", tool_name: "Bash", tool_input: {}, reason: "rule" }), {
    toolName: "Bash",
    toolInput: {},
    denialReason: "rule",
  });
  deepEqual(fields({ hook_event_name: "SubagentStop", agent_id: "a", agent_type: "reviewer" }), {
    agentId: "a",
    agentType: "reviewer",
  });
  deepEqual(fields({ hook_event_name: "CwdChanged", old_cwd: "/p", new_cwd: "/p/q" }), {
    oldCwd: "/p",
    newCwd: "/p/q",
  });
  deepEqual(fields({ hook_event_name: "Elicitation", mcp_server_name: "gh", message: "which?" }), {
    mcpServerName: "gh",
    message: "which?",
  });
});

Deno.test("Claude decodeInput() keeps what hookgate does not model as the agent sent it, and encodeInput() writes it back", () => {
  const wire = {
    session_id: "s",
    cwd: "/p",
    hook_event_name: "Stop",
    stop_hook_active: false,
    last_assistant_message: "Done.",
    background_tasks: [{ id: 1 }],
    tool_name: "not a field of Stop",
    model: null,
  };
  const decoded = claude.decodeInput(wire);
  deepEqual(decoded.fields, {
    extra: {
      last_assistant_message: "Done.",
      background_tasks: [{ id: 1 }],
      tool_name: "not a field of Stop",
      model: null,
    },
  });
  // The fields hookgate models come first and win; the rest follow unchanged.
  const input = { event: "Stop" as const, cwd: "/p", sessionId: "s", stopHookActive: true, ...decoded.fields };
  equal(JSON.stringify(claude.encodeInput(input)), JSON.stringify({ ...wire, stop_hook_active: true }));
  deepEqual(claude.encodeInput({ ...input, extra: { cwd: "/elsewhere", hook_event_name: "PreToolUse" } }), {
    session_id: "s",
    cwd: "/p",
    hook_event_name: "Stop",
    stop_hook_active: true,
  });
  // A key JSON text can carry, and an object literal cannot: still a plain field.
  const hostile = claude.decodeInput(JSON.parse('{"hook_event_name":"Stop","cwd":"/p","__proto__":{"polluted":1}}'));
  equal(Object.getPrototypeOf(hostile.fields.extra), Object.prototype);
  equal(
    JSON.stringify(claude.encodeInput({ event: "Stop", cwd: "/p", ...hostile.fields })),
    '{"session_id":"","cwd":"/p","hook_event_name":"Stop","__proto__":{"polluted":1}}',
  );
  equal(({} as Record<string, unknown>).polluted, undefined);
});

Deno.test("Claude decodeInput() reads an event Claude adds later: no fields, everything it sent kept", () => {
  deepEqual(claude.decodeInput({ session_id: "s", cwd: "/p", hook_event_name: "FutureEvent", detail: { a: 1 } }), {
    event: "FutureEvent",
    fields: { extra: { detail: { a: 1 } } },
    cwd: "/p",
    sessionId: "s",
  });
});

Deno.test("Claude decodeOutput() follows Claude's rules on its newer events", async (t) => {
  await t.step("exit 2 is ignored on Notification, PermissionDenied and InstructionsLoaded", () => {
    for (const event of ["Notification", "PermissionDenied", "InstructionsLoaded"] as const) {
      deepEqual(claude.decodeOutput(event, out("", 2, "boom")), { outcome: { action: "allow" } });
    }
  });
  await t.step("exit 2 shows stderr to the user on events that cannot block", () => {
    deepEqual(claude.decodeOutput("CwdChanged", out("", 2, "heads up")), {
      outcome: { action: "allow", systemMessage: "heads up" },
    });
  });
  await t.step("StopFailure ignores output and exit code", () => {
    deepEqual(claude.decodeOutput("StopFailure", out('{"decision":"block"}', 2, "x")), {
      outcome: { action: "allow" },
    });
    deepEqual(claude.decodeOutput("StopFailure", out("garbage", 1)), { outcome: { action: "allow" } });
  });
  await t.step("WorktreeCreate fails on any non-zero exit", () => {
    deepEqual(claude.decodeOutput("WorktreeCreate", out("", 1, "no git")), {
      outcome: { action: "deny", reason: "no git" },
    });
  });
  await t.step("plain text is context on UserPromptExpansion", () => {
    deepEqual(claude.decodeOutput("UserPromptExpansion", out("expanded")), {
      outcome: { action: "allow", additionalContext: "expanded" },
    });
  });
  await t.step("decision: block counts where Claude takes it, and nowhere else", () => {
    for (const event of ["PostToolBatch", "ConfigChange", "TaskCreated", "UserPromptExpansion"] as const) {
      deepEqual(claude.decodeOutput(event, out('{"decision":"block","reason":"r"}')), {
        outcome: { action: "deny", reason: "r" },
      });
    }
    // TeammateIdle and TaskCompleted take a block only as exit 2.
    deepEqual(claude.decodeOutput("TaskCompleted", out('{"decision":"block","reason":"r"}')), {
      outcome: { action: "allow" },
    });
    deepEqual(claude.decodeOutput("TaskCompleted", out("", 2, "tests fail")), {
      outcome: { action: "deny", reason: "tests fail" },
    });
  });
  await t.step("an elicitation's decline or cancel refuses it; accept decides nothing here", () => {
    deepEqual(claude.decodeOutput("Elicitation", out('{"hookSpecificOutput":{"action":"decline"}}')), {
      outcome: { action: "deny", reason: 'the hook answered "decline"' },
    });
    deepEqual(
      claude.decodeOutput("ElicitationResult", out('{"hookSpecificOutput":{"action":"accept","content":{}}}')),
      {
        outcome: { action: "allow" },
      },
    );
    equal("failure" in claude.decodeOutput("Elicitation", out('{"hookSpecificOutput":{"action":"maybe"}}')), true);
  });
  await t.step("a permissionDecision off PreToolUse is not Claude's: ignored", () => {
    deepEqual(
      claude.decodeOutput(
        "PostToolUse",
        out('{"hookSpecificOutput":{"permissionDecision":"deny"},"systemMessage":"w"}'),
      ),
      { outcome: { action: "allow", systemMessage: "w" } },
    );
  });
  await t.step("exit 2's message is the JSON reason when stdout gives one", () => {
    deepEqual(claude.decodeOutput("PreToolUse", out('{"decision":"block","reason":"from-json"}', 2, "from-stderr")), {
      outcome: { action: "deny", reason: "from-json" },
    });
    deepEqual(
      claude.decodeOutput("PreToolUse", out('{"hookSpecificOutput":{"permissionDecisionReason":"why"}}', 2, "err")),
      { outcome: { action: "deny", reason: "why" } },
    );
    deepEqual(claude.decodeOutput("PreToolUse", out("not json", 2, "from-stderr")), {
      outcome: { action: "deny", reason: "from-stderr" },
    });
  });
  await t.step("long strings are kept whole: Claude spills them to a file itself", () => {
    const reason = "r".repeat(50_000);
    const json = JSON.stringify({ decision: "block", reason });
    deepEqual(claude.decodeOutput("Stop", out(json)), { outcome: { action: "deny", reason } });
  });
});

Deno.test("Claude encodeResult() and encodeExit() answer Claude's newer events and its later ones", () => {
  deepEqual(claude.encodeResult("FutureEvent" as "Stop", { block: true, reason: "r", systemMessage: "m" }), {
    systemMessage: "m",
  });
  deepEqual(claude.encodeResult("Elicitation", { block: true, reason: "no" }), {
    hookSpecificOutput: { hookEventName: "Elicitation", action: "decline" },
  });
  deepEqual(claude.encodeResult("PreToolUse", { block: true, reason: "no", additionalContext: "ctx" }), {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: "no",
      additionalContext: "ctx",
    },
  });
  deepEqual(claude.encodeResult("TeammateIdle", { block: true, reason: "keep going" }), {
    decision: "block",
    reason: "keep going",
  });
  deepEqual(claude.encodeExit?.("TeammateIdle", { block: true, reason: "keep going" }), {
    code: 2,
    stderr: "keep going",
  });
  equal(claude.encodeExit?.("TeammateIdle", { block: true, halt: true }), undefined);
  equal(claude.encodeExit?.("Stop", { block: true, reason: "r" }), undefined);
});
