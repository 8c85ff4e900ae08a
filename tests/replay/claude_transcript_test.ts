// readClaudeTranscript(): a Claude Code transcript as the hook events the
// agent would have run, in order, each with its file:line; other line
// types skipped and counted; broken lines reported, never fatal.

import { deepEqual, equal, match } from "node:assert/strict";
import { readClaudeTranscript, type ReplayRecord } from "../../src/replay/mod.ts";
import { MAX_PENDING_TOOL_CALLS, MAX_PENDING_TOOL_CHARS, MAX_REPLAY_SESSIONS } from "../../src/_internal/limits.ts";
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
    [15, '1 tool_use never got its tool_result (the first: "toolu_5"); its PostToolUse is not replayed'],
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

/** Lines of one session: `count` tool calls whose results never come, each with `input`. */
function unmatched(count: number, input: Record<string, unknown> = {}, session = (_: number) => "s"): string[] {
  return Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      type: "assistant",
      sessionId: session(i),
      message: { content: [{ type: "tool_use", id: `t${i}`, name: "Bash", input }] },
    }));
}

const result = (id: string) =>
  JSON.stringify({ type: "user", sessionId: "s", message: { content: [{ type: "tool_result", tool_use_id: id }] } });

function problems(records: ReplayRecord[]): string[] {
  return records.flatMap((r) => r.kind === "problem" ? [`${r.line}: ${r.message}`] : []);
}

Deno.test("readClaudeTranscript() forgets the oldest tool_use waiting for its result past the cap, and says so", async (t) => {
  await t.step("by count", async () => {
    const count = MAX_PENDING_TOOL_CALLS + 1;
    const records = await read([...unmatched(count), result("t0"), result(`t${count - 1}`)]);
    const said = problems(records);
    equal(said.length, 3, said.join("\n"));
    match(
      said[0]!,
      new RegExp(`^${count}: more than ${MAX_PENDING_TOOL_CALLS} tool_use calls wait for their tool_result: `),
    );
    match(said[0]!, /the oldest \("t0" on line 1\) is forgotten/);
    match(
      said[1]!,
      new RegExp(`^${count + 1}: a tool_result for "t0", which no earlier tool_use has \\(or one forgotten`),
    );
    match(
      said[2]!,
      new RegExp(`^2: ${count - 2} tool_use calls never got their tool_result \\(the first: "t1"\\), and 1 forgotten`),
    );
    equal(records.filter((r) => r.kind === "step" && r.step.event === "PostToolUse").length, 1, "the newest matched");
  });
  await t.step("by size", async () => {
    // Four such lines fit; the fifth does not.
    const chars = MAX_PENDING_TOOL_CHARS / 4 - 1000;
    const records = await read([...unmatched(5, { content: "x".repeat(chars) }), result("t0"), result("t4")]);
    const said = problems(records);
    match(said[0]!, /^5: more than .* characters of tool input wait for their tool_result: the oldest \("t0"/);
    equal(records.filter((r) => r.kind === "step" && r.step.event === "PostToolUse").length, 1);
  });
});

Deno.test("readClaudeTranscript() remembers a bounded number of session ids, and says when it forgets one", async () => {
  const count = MAX_REPLAY_SESSIONS + 1;
  const records = await read(unmatched(count, {}, (i) => `session-${i}`).concat(unmatched(1, {}, () => "session-0")));
  const starts = records.filter((r) => r.kind === "step" && r.step.event === "SessionStart").length;
  equal(starts, count + 1, "session-0, forgotten, starts again");
  const said = problems(records).filter((text) => text.includes("session"));
  deepEqual(said, [
    `${count}: more than ${MAX_REPLAY_SESSIONS} sessions in one file: the least recently seen ` +
    `("session-0") is forgotten, and one seen again starts with another SessionStart`,
  ]);
});
