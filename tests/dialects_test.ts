import { deepEqual, equal } from "node:assert/strict";
import { encodePayload, toWuuInput } from "../mod.ts";

Deno.test("toWuuInput() maps every payload field to Wuu's snake_case", () => {
  deepEqual(
    toWuuInput({
      event: "PostCompact",
      cwd: "/p",
      sessionId: "s",
      error: "e",
      prompt: "p",
      filePath: "/p/a",
      compactReason: "auto",
      compactSummary: "sum",
      agentId: "a1",
      endReason: "logout",
      stopHookActive: true,
      toolResult: { content: { lines: 2 }, isError: false },
    }),
    {
      hook_event_name: "PostCompact",
      session_id: "s",
      cwd: "/p",
      tool_response: '{"lines":2}',
      error: "e",
      prompt: "p",
      file_path: "/p/a",
      compact_reason: "auto",
      compact_summary: "sum",
      agent_id: "a1",
      end_reason: "logout",
      stop_hook_active: true,
    },
  );
});

Deno.test("toWuuInput() always sends session_id (peer bug: missing session id)", () => {
  equal(toWuuInput({ event: "Stop", cwd: "/p" }).session_id, "");
});

Deno.test("encodePayload() defaults to the native shape", () => {
  equal(
    encodePayload({ event: "Stop", cwd: "/p" }),
    '{"event":"Stop","cwd":"/p"}',
  );
});
