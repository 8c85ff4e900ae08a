// readClaudeTranscript(): a Claude Code transcript as the hook events the
// agent would have run, in order, each with its file:line; other line
// types skipped and counted; broken lines reported, never fatal.

import { deepEqual } from "node:assert/strict";
import { readClaudeTranscript, type ReplayRecord } from "../../src/replay/mod.ts";
import { SESSION, transcript } from "./_fixture.ts";

async function read(lines: string[]): Promise<ReplayRecord[]> {
  const records: ReplayRecord[] = [];
  const numbered = lines.map((text, index) => ({ number: index + 1, text }));
  for await (const record of readClaudeTranscript(numbered, "s.jsonl")) records.push(record);
  return records;
}

Deno.test("readClaudeTranscript() turns prompts, tool calls and results into hook events with their places", async () => {
  const records = await read(transcript("/repo"));
  const steps = records.flatMap((r) => r.kind === "step" ? [[r.step.line, r.step.event, r.step.fields] as const] : []);
  deepEqual(steps, [
    [2, "SessionStart", { source: "startup" }],
    [2, "UserPromptSubmit", { prompt: "clean the build directory" }],
    [4, "PreToolUse", { toolName: "Bash", toolInput: { command: "ls build" }, toolUseId: "toolu_1" }],
    [5, "PostToolUse", {
      toolName: "Bash",
      toolInput: { command: "ls build" },
      toolUseId: "toolu_1",
      toolResult: { content: "a.o\nb.o", isError: false },
    }],
    [6, "PreToolUse", { toolName: "Bash", toolInput: { command: "rm -rf build" }, toolUseId: "toolu_2" }],
    [7, "PostToolUseFailure", {
      toolName: "Bash",
      toolInput: { command: "rm -rf build" },
      toolUseId: "toolu_2",
      error: "rm: cannot remove 'build': Permission denied",
    }],
    [10, "PreToolUse", { toolName: "Bash", toolInput: { command: "make clean" }, toolUseId: "toolu_3" }],
    [10, "PreToolUse", { toolName: "Read", toolInput: { file_path: "Makefile" }, toolUseId: "toolu_4" }],
    [11, "PostToolUse", {
      toolName: "Bash",
      toolInput: { command: "make clean" },
      toolUseId: "toolu_3",
      toolResult: { content: "cleaned", isError: false },
    }],
    [11, "PostToolUse", {
      toolName: "Read",
      toolInput: { file_path: "Makefile" },
      toolUseId: "toolu_4",
      toolResult: { content: [{ type: "text", text: "clean:\n\trm -f *.o" }], isError: false },
    }],
    [11, "Stop", {}],
    [14, "UserPromptSubmit", { prompt: "now run the tests" }],
    [15, "PreToolUse", { toolName: "Bash", toolInput: { command: "deno test" }, toolUseId: "toolu_5" }],
    [15, "Stop", {}],
  ]);
  const first = records.find((r) => r.kind === "step");
  deepEqual(first?.kind === "step" && [first.step.cwd, first.step.sessionId, first.step.file], [
    "/repo",
    SESSION,
    "s.jsonl",
  ]);
  deepEqual(records.filter((r) => r.kind === "skipped").map((r) => r.kind === "skipped" && [r.line, r.type]), [
    [1, "summary"],
    [8, "system"],
    [12, "file-history-snapshot"],
    [13, "meta prompt"],
  ]);
  deepEqual(records.filter((r) => r.kind === "problem").map((r) => r.kind === "problem" && [r.line, r.message]), [
    [9, "not JSON; skipped"],
    [16, 'a tool_result for "toolu_9", which no earlier tool_use has; skipped'],
  ]);
});

Deno.test("readClaudeTranscript() reports records that lack what they need, and lines too long to read", async () => {
  const lines = [
    JSON.stringify({ type: "user", sessionId: "s", cwd: "/r" }),
    JSON.stringify({ type: "assistant", sessionId: "s", message: { content: [{ type: "tool_use", name: "Bash" }] } }),
    JSON.stringify([1, 2]),
  ];
  const records: ReplayRecord[] = [];
  const numbered = [...lines.map((text, index) => ({ number: index + 1, text })), { number: 4, tooLong: 99 }];
  for await (const record of readClaudeTranscript(numbered, "x.jsonl")) records.push(record);
  deepEqual(records.filter((r) => r.kind === "problem").map((r) => r.kind === "problem" && r.message), [
    "a user record without message.content; skipped",
    "a tool_use without a string id and name and an object input; skipped",
    'not a transcript record (no "type"); skipped',
    "the line is too long to read (99 characters); skipped",
  ]);
});
