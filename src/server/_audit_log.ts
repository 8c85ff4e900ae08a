// hook-run serve --record FILE: the audit log, one JSON line per call, in
// hookgate's trace format (so hook-run replay runs it again) with what the
// call decided beside the payload. One writer appends every line whole, in
// order, so concurrent calls never interleave; the file is rotated by size
// (FILE.1 … FILE.K, the oldest dropped). A write that fails loses that
// line, never the call: the loss is counted and said once until writing
// works again.

import type { DecodedInput } from "../dialects/mod.ts";
import { traceLine } from "../replay/mod.ts";
import { printable } from "../_internal/printable.ts";
import type { DecisionKind } from "./_metrics.ts";

/** How far the writer may fall behind, in bytes of lines waiting: past it, lines are lost (and counted). */
export const MAX_PENDING_RECORD_BYTES = 32 * 1024 * 1024;

/** What an {@linkcode AuditLog} writes to and how it rotates. */
export interface AuditLogOptions {
  /** The file (absolute). */
  path: string;
  /** Rotate before a line would take the file past this many bytes. */
  maxBytes: number;
  /** Rotated files kept: FILE.1 (the newest) to FILE.K; 0 keeps none. */
  keep: number;
  /** Where a failure (and its end) is said. */
  say: (message: string) => void;
  /** Each line written, each rotation, each line lost. */
  onOutcome?: (outcome: "written" | "rotated" | "failed") => void;
}

/** What one call did, for its line. */
export interface AuditEntry {
  agent: string;
  /** The event, when known (from the path or the body). */
  event?: string | undefined;
  /** The call as read; absent when its body was not read (then replay skips the line). */
  decoded?: DecodedInput | undefined;
  status: number;
  decision: DecisionKind;
  /** The hook that decided, when one did. */
  hook?: string | undefined;
  /** The policy rule that decided, with its layer, when the configuration's rules did. */
  rule?: string | undefined;
  /** Why: the hooks' reason, or the server's own failure. */
  reason?: string | undefined;
  durationMs: number;
}

/**
 * The line of one call: `time` and `agent`, the trace line (`event`, the
 * payload, `cwd`, `sessionId`), then `status`, `decision`, `hook`,
 * `rule` (the policy rule that decided), `reason` and `durationMs`; `"read": false` marks a call whose body was
 * not read (no payload to replay).
 */
export function auditLine(entry: AuditEntry, time: Date): string {
  const decoded = entry.decoded;
  const call = decoded === undefined
    ? { ...(entry.event === undefined ? {} : { event: entry.event }), read: false }
    : traceLine(decoded.event, decoded.fields, {
      ...(decoded.cwd === undefined ? {} : { cwd: decoded.cwd }),
      ...(decoded.sessionId === undefined ? {} : { sessionId: decoded.sessionId }),
    });
  return JSON.stringify({
    time: time.toISOString(),
    agent: entry.agent,
    ...call,
    status: entry.status,
    decision: entry.decision,
    ...(entry.hook === undefined ? {} : { hook: entry.hook }),
    ...(entry.rule === undefined ? {} : { rule: entry.rule }),
    ...(entry.reason === undefined ? {} : { reason: entry.reason }),
    durationMs: Math.round(entry.durationMs * 1000) / 1000,
  }) + "\n";
}

/** The audit log's writer: lines in, whole lines out, rotated by size. */
export class AuditLog {
  #options: AuditLogOptions;
  #file: Deno.FsFile | undefined;
  #ino: number | null = null;
  #size = 0;
  #tail: Promise<void> = Promise.resolve();
  #pending = 0;
  #failing = false;
  /** The file ends in a line cut short by a failed write. */
  #cut = false;
  #closed = false;
  #encoder = new TextEncoder();

  private constructor(options: AuditLogOptions) {
    this.#options = options;
  }

  /**
   * Opens (or creates, readable by its owner only) the file to append to.
   *
   * @throws {Deno.errors.NotFound} and the other errors of opening a file.
   */
  static async open(options: AuditLogOptions): Promise<AuditLog> {
    const log = new AuditLog(options);
    await log.#open();
    return log;
  }

  /** Queues one line; never throws, never waits for the disk. */
  write(line: string): void {
    if (this.#closed) return;
    const bytes = this.#encoder.encode(line);
    // Bounded: a disk slower than the calls loses lines, not memory.
    if (this.#pending > 0 && this.#pending + bytes.length > MAX_PENDING_RECORD_BYTES) {
      this.#lost(`it fell more than ${MAX_PENDING_RECORD_BYTES / 1024 / 1024} MiB behind the calls`);
      return;
    }
    this.#pending += bytes.length;
    this.#tail = this.#tail.then(() => this.#append(bytes)).finally(() => this.#pending -= bytes.length);
  }

  /** Writes what is queued, then closes the file. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#tail;
    this.#file?.close();
    this.#file = undefined;
  }

  async #open(): Promise<void> {
    const file = await Deno.open(this.#options.path, { append: true, create: true, mode: 0o600 });
    try {
      const stat = await file.stat();
      this.#ino = stat.ino;
      this.#size = stat.size;
      if (stat.size === 0) this.#cut = false;
    } catch (error) {
      file.close();
      throw error;
    }
    this.#file = file;
  }

  async #append(bytes: Uint8Array): Promise<void> {
    try {
      if (this.#file === undefined || await this.#replaced()) {
        this.#file?.close();
        this.#file = undefined;
        await this.#open();
      }
      if (this.#size > 0 && this.#size + bytes.length > this.#options.maxBytes) await this.#rotate();
      await this.#writeAll(bytes);
      this.#options.onOutcome?.("written");
      if (this.#failing) {
        this.#failing = false;
        this.#options.say(`recording to ${printable(this.#options.path)} again`);
      }
    } catch (error) {
      this.#lost((error as Error).message);
    }
  }

  /** Whether the file was removed or replaced (moved away by hand, say): then a new one is opened. */
  async #replaced(): Promise<boolean> {
    try {
      return (await Deno.stat(this.#options.path)).ino !== this.#ino;
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return true;
      throw error;
    }
  }

  /** Writes the whole line; one cut short is cut off the file, or else ended by the next line's start. */
  async #writeAll(line: Uint8Array): Promise<void> {
    const file = this.#file!;
    const bytes = this.#cut ? new Uint8Array([0x0a, ...line]) : line;
    let written = 0;
    try {
      while (written < bytes.length) written += await file.write(bytes.subarray(written));
      this.#size += written;
      this.#cut = false;
    } catch (error) {
      if (written > 0) {
        try {
          await file.truncate(this.#size);
        } catch {
          this.#size += written;
          this.#cut = true;
        }
      }
      throw error;
    }
  }

  /** FILE → FILE.1 → … → FILE.K (the oldest overwritten), and a fresh FILE. */
  async #rotate(): Promise<void> {
    const { path, keep } = this.#options;
    this.#file?.close();
    this.#file = undefined;
    if (keep === 0) await Deno.remove(path).catch(ignoreNotFound);
    else {
      for (let i = keep - 1; i >= 1; i--) await Deno.rename(`${path}.${i}`, `${path}.${i + 1}`).catch(ignoreNotFound);
      await Deno.rename(path, `${path}.1`);
    }
    await this.#open();
    this.#options.onOutcome?.("rotated");
  }

  #lost(why: string): void {
    this.#options.onOutcome?.("failed");
    if (this.#failing) return;
    this.#failing = true;
    this.#options.say(
      `cannot record to ${printable(this.#options.path)}: ${printable(why)}; calls are answered as before, ` +
        `their lines are lost (counted in /metrics as hookgate_record_failures_total) until writing works again`,
    );
  }
}

function ignoreNotFound(error: unknown): void {
  if (!(error instanceof Deno.errors.NotFound)) throw error;
}
