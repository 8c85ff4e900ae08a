/**
 * Replay: run recorded agent sessions — Claude Code transcripts or
 * hookgate's own trace format — through today's hooks and see what would
 * change: which calls would be blocked, rewritten or annotated, by which
 * hook, and how long the hooks take. Hooks run for real.
 *
 * @example Replay a trace line
 * ```ts
 * import { HookRegistry, HookRunner } from "@hookgate/core";
 * import { readTrace, Replay } from "@hookgate/core/replay";
 * import { equal } from "node:assert/strict";
 *
 * const registry = new HookRegistry();
 * registry.registerInProcess("UserPromptSubmit", undefined, () => ({ additionalContext: "Answer in English." }));
 * const replay = new Replay({ cwd: "/repo" });
 * const runner = new HookRunner({ registry, onInvocation: replay.onInvocation });
 * for await (const record of readTrace([{ number: 1, text: '{"event":"UserPromptSubmit","prompt":"hallo"}' }], "t")) {
 *   if (record.kind === "step") await replay.run(runner, record.step);
 * }
 * equal(replay.stats()[0]?.context, 1);
 * ```
 *
 * @module
 */

export type { ReplayLine, ReplayRecord, ReplayStep } from "./types.ts";
export { readClaudeTranscript } from "./claude_transcript.ts";
export { readTrace, type TraceLine, traceLine } from "./trace_format.ts";
export {
  Replay,
  type ReplayEffect,
  type ReplayHookStats,
  type ReplayOptions,
  type ReplayStepResult,
} from "./replay.ts";
export { readReplayFile, type ReplayFileOptions } from "./read_file.ts";
