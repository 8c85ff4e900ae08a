// hookgate's trace format: traceLine() writes it, readTrace() reads it —
// leniently where a jq conversion would differ (extra keys, a bare tool
// result), strictly where a step would be wrong (no event, no toolName).

import { deepEqual } from "node:assert/strict";
import { readTrace, type ReplayRecord, traceLine } from "../../src/replay/mod.ts";

async function read(lines: string[]): Promise<ReplayRecord[]> {
  const records: ReplayRecord[] = [];
  for await (const record of readTrace(lines.map((text, i) => ({ number: i + 1, text })), "t.jsonl")) {
    records.push(record);
  }
  return records;
}

Deno.test("traceLine() and readTrace() round-trip an event with its payload, cwd and session", async () => {
  const written = [
    traceLine("PreToolUse", { toolName: "Bash", toolInput: { command: "ls" }, toolUseId: "t1" }, {
      cwd: "/r",
      sessionId: "s",
    }),
    traceLine("Stop", { stopHookActive: true }, { cwd: "/r" }),
    traceLine("PostToolUse", { toolName: "Read", toolInput: {}, toolResult: { content: "x", isError: false } }, {}),
  ].map((line) => JSON.stringify(line));
  deepEqual(written[1], '{"event":"Stop","cwd":"/r"}', "runner-owned fields are not recorded");
  const records = await read(written);
  deepEqual(records.map((r) => r.kind === "step" && [r.step.event, r.step.fields, r.step.cwd, r.step.sessionId]), [
    ["PreToolUse", { toolName: "Bash", toolInput: { command: "ls" }, toolUseId: "t1" }, "/r", "s"],
    ["Stop", {}, "/r", undefined],
    [
      "PostToolUse",
      { toolName: "Read", toolInput: {}, toolResult: { content: "x", isError: false } },
      undefined,
      undefined,
    ],
  ]);
});

Deno.test("readTrace() accepts what a jq conversion writes, and reports what cannot be a step", async () => {
  const records = await read([
    '{"event":"PostToolUse","toolName":"Bash","toolResult":"plain output","extra":1}',
    '{"event":"PreToolUse","toolInput":{"command":"ls"}}',
    '{"event":"PreToolUze","toolName":"Bash"}',
    '{"event":"UserPromptSubmit","prompt":42}',
    '{"event":"PreToolUse","toolName":"Bash","toolInput":"ls"}',
    "",
    "[]",
    "nope",
  ]);
  deepEqual(records[0]?.kind === "step" && records[0].step.fields, {
    toolName: "Bash",
    toolInput: {},
    toolResult: { content: "plain output", isError: false },
  });
  deepEqual(records.slice(1).map((r) => r.kind === "problem" && [r.line, r.message]), [
    [2, 'PreToolUse needs "toolName"; skipped'],
    [3, 'Unknown hook event "PreToolUze"; did you mean "PreToolUse"?; skipped'],
    [4, '"prompt" must be a string, got a number; skipped'],
    [5, '"toolInput" must be a JSON object, got a string; skipped'],
    [7, "not a JSON object; skipped"],
    [8, "not JSON; skipped"],
  ]);
});
