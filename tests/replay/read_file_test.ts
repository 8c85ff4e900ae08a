// readReplayFile(): a file streamed line by line in either format, told
// apart by its first record; long lines reported, not buffered.

import { deepEqual, equal } from "node:assert/strict";
import { join } from "node:path";
import { readReplayFile, type ReplayRecord } from "../../src/replay/mod.ts";
import { transcript } from "./_fixture.ts";

async function all(path: string, options = {}): Promise<ReplayRecord[]> {
  const records: ReplayRecord[] = [];
  for await (const record of readReplayFile(path, options)) records.push(record);
  return records;
}

Deno.test("readReplayFile() tells a transcript from a trace, and skips a line over the cap", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const claude = join(dir, "session.jsonl");
    // CRLF line ends and no final newline are read like any other.
    await Deno.writeTextFile(claude, transcript("/repo").join("\r\n"));
    const fromClaude = await all(claude);
    equal(fromClaude.filter((r) => r.kind === "step").length, 14);
    equal(fromClaude[0]?.kind === "skipped" && fromClaude[0].file, "session.jsonl");

    const trace = join(dir, "trace.jsonl");
    await Deno.writeTextFile(
      trace,
      `\n{"event":"Stop"}\n{"event":"UserPromptSubmit","prompt":"${"x".repeat(500)}"}\n{"event":"Stop"}\n`,
    );
    const fromTrace = await all(trace, { maxLineChars: 100 });
    deepEqual(fromTrace.map((r) => r.kind === "problem" ? r.message : r.kind === "step" ? r.step.event : r.kind), [
      "Stop",
      "the line is too long to read (540 characters); skipped",
      "Stop",
    ]);
    deepEqual(
      fromTrace.map((r) => r.kind !== "skipped" && r.kind === "step" ? r.step.line : r.kind === "problem" ? r.line : 0),
      [2, 3, 4],
    );

    // A forced format wins over the first record.
    equal((await all(trace, { format: "claude" })).filter((r) => r.kind === "step").length, 0);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
