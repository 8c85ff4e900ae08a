// A Claude Code user's Stop loops, run by hook-run gateway: one-shot
// reminders that read stop_hook_active, a guard that reads
// last_assistant_message, and a loop that reads the transcript and keeps its
// state in a file relative to the project.

import { deepEqual, equal } from "node:assert/strict";
import { assertAnswer, type ClaudeSetup, claudeSetup, command } from "./_claude_style.ts";

const HOOKS = `"$CLAUDE_PROJECT_DIR"/.claude/hooks`;

Deno.test("hook-run gateway keeps Claude going once with a stop_hook_active reminder, then lets it stop", async (t) => {
  await using p = await claudeSetup();
  const stop = (active: boolean) =>
    p.gateway(p.event("Stop", { stop_hook_active: active, last_assistant_message: "Done." }));
  await t.step("jq reads the flag: block first, nothing on the stop after the continuation", async () => {
    await p.project({ Stop: [{ hooks: [command(`${HOOKS}/roadmap.sh`)] }] });
    assertAnswer(await stop(false), { decision: "block", reason: "Update ROADMAP.md before stopping." });
    assertAnswer(await stop(true), {});
  });
  await t.step("a grep for the literal true behaves the same: the flag is a JSON boolean", async () => {
    await p.project({ Stop: [{ hooks: [command(`${HOOKS}/memory_stop.sh`)] }] });
    assertAnswer(await stop(false), { decision: "block", reason: "Memory check: save what you learned." });
    assertAnswer(await stop(true), {});
  });
  await t.step("a hook that never checks the flag blocks every time: Claude's own cap ends the loop", async () => {
    // Claude counts consecutive blocks itself (8, or CLAUDE_CODE_STOP_HOOK_BLOCK_CAP; 0 is no cap), so
    // the hook's answer must not stop at a count of hookgate's: one more than Claude's default here.
    await p.project({ Stop: [{ hooks: [command(`${HOOKS}/nag.sh`)] }] });
    for (let i = 0; i < 9; i++) {
      assertAnswer(await stop(i > 0), { decision: "block", reason: "keep going" });
    }
  });
});

Deno.test("hook-run gateway gives a python Stop guard last_assistant_message, as Claude does", async (t) => {
  await using p = await claudeSetup();
  await p.project({ Stop: [{ hooks: [command(`python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/ack_stop.py"`)] }] });
  const stop = (active: boolean, message: string) =>
    p.gateway(p.event("Stop", { stop_hook_active: active, last_assistant_message: message }));
  await t.step("a last message without the token: Claude is sent back to work", async () => {
    assertAnswer(await stop(false, "All tests pass."), { decision: "block", reason: "Include ACK-TEST to stop." });
  });
  await t.step("the stop after the continuation: nothing", async () => {
    assertAnswer(await stop(true, "Still working."), {});
  });
  await t.step("a new turn whose last message carries the token: Claude stops", async () => {
    assertAnswer(await stop(false, "Stopping now. ACK-TEST"), {});
  });
});

/** The loop's state file, at iteration `iteration`, owned by sess-1, with `prompt` as its body. */
function loopState(iteration: number, prompt: string): string {
  return `---\niteration: ${iteration}\nmax_iterations: 5\ncompletion_promise: "DONE"\nsession_id: sess-1\n---\n${prompt}\n`;
}

/** A transcript as Claude writes it (compact JSON lines), the assistant's last text being `last`. */
async function transcript(p: ClaudeSetup, last: string): Promise<void> {
  const line = (role: string, content: unknown) => JSON.stringify({ type: role, message: { role, content } });
  await p.write(
    ".t/sess-1.jsonl",
    [
      line("user", "Build the thing."),
      line("assistant", [{ type: "text", text: "On it." }, { type: "tool_use", id: "t1", name: "Bash", input: {} }]),
      line("user", [{ type: "tool_result", tool_use_id: "t1", content: "ok" }]),
      line("assistant", [{ type: "text", text: last }]),
    ].join("\n") + "\n",
  );
}

Deno.test("hook-run gateway runs a transcript-reading Stop loop in the project root, once per stop", async (t) => {
  await using p = await claudeSetup();
  // The wiring published loops use: bash reads the script, no +x needed.
  await p.project({ Stop: [{ hooks: [command(`bash "$CLAUDE_PROJECT_DIR/.claude/hooks/loop.sh"`)] }] });
  const STATE = ".claude/loop.local.md";
  const stop = (fields: Record<string, unknown> = {}) =>
    p.gateway(p.event("Stop", { stop_hook_active: false, last_assistant_message: "x", ...fields }));
  await t.step("no promise yet: the prompt goes back to Claude, and the iteration advances by one", async () => {
    await p.write(STATE, loopState(1, "Build the thing."));
    await transcript(p, "Still building.");
    assertAnswer(await stop(), { decision: "block", reason: "Build the thing.", systemMessage: "iteration 2" });
    equal(await p.read(STATE), loopState(2, "Build the thing."));
  });
  await t.step("another session's stop leaves the loop alone", async () => {
    assertAnswer(await stop({ session_id: "sess-2" }), {});
    equal(await p.read(STATE), loopState(2, "Build the thing."));
  });
  await t.step("the promise in the transcript: a plain line on Stop is no decision, and the loop ends", async () => {
    await transcript(p, "All done. <promise>DONE</promise>");
    assertAnswer(await stop(), {});
    equal(await p.read(STATE), undefined);
  });
  await t.step("an 80 KB prompt comes back whole as the reason", async () => {
    const prompt = Array.from({ length: 1100 }, (_, i) => `step ${i}: ${"keep the tests green ".repeat(3)}`).join("\n");
    await p.write(STATE, loopState(1, prompt));
    await transcript(p, "Still building.");
    const run = await stop();
    equal(run.code, 0, run.stderr);
    const { reason, ...rest } = run.answer;
    deepEqual(rest, { decision: "block", systemMessage: "iteration 2" }, run.stdout.slice(0, 1000));
    equal(reason, prompt, `the reason has ${String(reason).length} of the prompt's ${prompt.length} characters`);
  });
  await t.step("without transcript_path the loop destroys itself: why Claude's field must reach it", async () => {
    await p.write(STATE, loopState(1, "Build the thing."));
    const { transcript_path: _, ...event } = p.event("Stop", { stop_hook_active: false });
    assertAnswer(await p.gateway(event), {});
    equal(await p.read(STATE), undefined);
  });
});
