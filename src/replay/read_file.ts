/**
 * Reading a recorded session from a file, streamed line by line (memory
 * stays flat for a 100 MB transcript), in whichever format it is: a Claude
 * Code transcript or hookgate's trace format, told apart by the first
 * record.
 *
 * @module
 */

import { basename } from "../_internal/path.ts";
import { readClaudeTranscript } from "./claude_transcript.ts";
import { readTrace } from "./trace_format.ts";
import type { ReplayRecord } from "./types.ts";
import { type Line, readLines } from "./_lines.ts";

/**
 * Options of {@linkcode readReplayFile}.
 *
 * @example
 * ```ts
 * import type { ReplayFileOptions } from "@hookgate/core/replay";
 *
 * const options: ReplayFileOptions = { format: "trace" };
 * ```
 */
export interface ReplayFileOptions {
  /**
   * The file's format; `"auto"` decides by the first record (one with
   * `"event"` and no `"type"` is a trace line).
   *
   * @default {"auto"}
   */
  format?: "auto" | "claude" | "trace";
  /**
   * Lines longer than this many characters are reported and skipped.
   *
   * @default {33554432}
   */
  maxLineChars?: number;
  /** The name places are given with. @default {the file's base name} */
  name?: string;
}

/**
 * The replay records of one file, in order.
 *
 * @param path The file.
 * @param options Its format and the longest line to read.
 * @returns The records.
 * @throws {Deno.errors.NotFound} When the file does not exist (and the other
 * errors of opening a file), when iteration starts.
 *
 * @example
 * ```ts
 * import { readReplayFile } from "@hookgate/core/replay";
 * import { deepEqual } from "node:assert/strict";
 *
 * const file = await Deno.makeTempFile({ suffix: ".jsonl" });
 * await Deno.writeTextFile(file, '{"event":"Stop"}\nnot json\n');
 * const kinds = [];
 * for await (const record of readReplayFile(file)) kinds.push(record.kind);
 * deepEqual(kinds, ["step", "problem"]);
 * await Deno.remove(file);
 * ```
 */
export async function* readReplayFile(path: string, options: ReplayFileOptions = {}): AsyncGenerator<ReplayRecord> {
  const name = options.name ?? basename(path);
  const file = await Deno.open(path, { read: true });
  const lines = readLines(file.readable, options.maxLineChars ?? 32 * 1024 * 1024);
  try {
    // Peek at the first record to decide the format, then replay every line.
    const peeked: Line[] = [];
    let format = options.format ?? "auto";
    if (format === "auto") {
      format = "claude";
      // next(), not for-await: breaking out of a for-await would close the lines.
      while (true) {
        const { value: line, done } = await lines.next();
        if (done) break;
        peeked.push(line);
        if (line.text === undefined || line.text.trim() === "") continue;
        format = looksLikeTrace(line.text) ? "trace" : "claude";
        break;
      }
    }
    const all = (async function* () {
      yield* peeked;
      yield* lines;
    })();
    yield* format === "trace" ? readTrace(all, name) : readClaudeTranscript(all, name);
  } finally {
    // Closes the file whether or not every line was read.
    await lines.return(undefined);
  }
}

function looksLikeTrace(text: string): boolean {
  try {
    const value = JSON.parse(text);
    return value !== null && typeof value === "object" && typeof value.event === "string" && !("type" in value);
  } catch {
    return false;
  }
}
