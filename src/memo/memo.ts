// The gateway's memo of calls that run nothing. An agent routes every event
// to `hook-run gateway`, and most of a session's events — PostToolUse,
// Notification, SessionEnd, … — have no hook configured at all: the
// gateway then loads every layer only to answer `{}`. When such a load
// noted each file it read and each variable it asked (src/_internal/
// read_log.ts), the gateway keeps those reads and its answer in a memo; a
// later call of the same event, with the same words, in the same directory,
// from the same build, is answered from it once every read finds exactly
// what it found — every layer, link, directory listing, trust record and
// variable as it was — and no async hook's result waits for its session.
// Anything else, and any doubt, loads as before. A machine with a managed
// configuration has no memo: it lives where the user can write it.

import { couriersRoot, sessionResultsDir } from "../_internal/async_dirs.ts";
import { foundNow } from "../_internal/fs_reads.ts";
import type { LoggedRead } from "../_internal/read_log.ts";
import { systemManagedDir } from "../_internal/system_dirs.ts";

/** The memo's format: a memo of another is not read. */
const FORMAT = 1;
/** The most reads a memo holds: a load that read more (a project whose trust covers many files) is not kept. */
export const MAX_MEMO_READS = 2000;
/** The most memo files a hookgate home keeps (one per set-up: words, directory, build); the oldest go first. */
export const MAX_MEMOS = 64;
/** The answer of a call that runs nothing, the only one a memo keeps. */
export const NOTHING_ANSWER = "{}\n";

/** The gateway's words that leave its answer to the configuration alone, each with its value. */
const MEMO_FLAGS: ReadonlySet<string> = new Set(["--agent", "--config", "--plugin", "--cwd"]);

/** One call of the gateway, as its memo knows it: what it was asked, before anything is loaded. */
export interface MemoCall {
  /** The hookgate home, where memos are kept. */
  home: string;
  /** The gateway's words (after `gateway`). */
  args: readonly string[];
  /** The event's `hook_event_name`, as the agent sent it. */
  event: string;
  /** The event's `cwd`, as the agent sent it. */
  cwd: string | undefined;
  /** The event's `session_id`, as the agent sent it. */
  sessionId: string | undefined;
}

/** A memo file: the reads of one load, and the events whose calls ran nothing after it. */
interface MemoFile {
  format: number;
  reads: LoggedRead[];
  /** By `hook_event_name`, the answer. */
  answers: Record<string, string>;
}

/**
 * Whether the gateway's words may be answered from a memo: none, or only
 * `--agent`, `--config`, `--plugin` and `--cwd` with their values (a trace,
 * a record, an extension module or a courier's run each does more than
 * answer).
 */
export function memoWords(args: readonly string[]): boolean {
  for (let index = 0; index < args.length; index += 2) {
    if (!MEMO_FLAGS.has(args[index]!) || index + 1 >= args.length) return false;
  }
  return true;
}

/**
 * The call's event, `cwd` and `session_id`, read from the event's JSON as
 * the agent sent it; `undefined` when it is not an object naming its event.
 */
export function memoCall(home: string, args: readonly string[], text: string): MemoCall | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const { hook_event_name: event, cwd, session_id: sessionId } = value as Record<string, unknown>;
  if (typeof event !== "string" || (cwd !== undefined && typeof cwd !== "string")) return undefined;
  if (sessionId !== undefined && typeof sessionId !== "string") return undefined;
  return { home, args, event, cwd, sessionId };
}

/**
 * The answer the memo keeps for `call`, when it keeps one, every read of
 * its load finds now what it found then, and nothing of an async hook
 * waits to be delivered; otherwise `undefined`, and the gateway loads.
 */
export async function rememberedAnswer(call: MemoCall): Promise<string | undefined> {
  const path = await memoPath(call);
  if (path === undefined || managedHere()) return undefined;
  let memo: MemoFile;
  try {
    memo = JSON.parse(Deno.readTextFileSync(path));
  } catch {
    return undefined;
  }
  const answer = memo?.format === FORMAT && Array.isArray(memo.reads) ? memo.answers?.[call.event] : undefined;
  if (typeof answer !== "string") return undefined;
  for (const read of memo.reads) {
    if (!Array.isArray(read) || foundNow(read) !== read[2]) return undefined;
  }
  return await asyncWorkWaits(call) ? undefined : answer;
}

/**
 * Keeps `answer` for calls like `call`, with `reads`, the reads of the load
 * that answered it (merged with the memo there when its reads are the
 * same). Never throws: a memo that cannot be written is only a slower next
 * call.
 */
export async function remember(call: MemoCall, reads: LoggedRead[], answer: string): Promise<void> {
  try {
    const path = await memoPath(call);
    if (path === undefined || reads.length > MAX_MEMO_READS || managedHere()) return;
    let answers: Record<string, string> = {};
    try {
      const there: MemoFile = JSON.parse(await Deno.readTextFile(path));
      if (there.format === FORMAT && JSON.stringify(there.reads) === JSON.stringify(reads)) answers = there.answers;
    } catch {
      // None yet.
    }
    if (answers[call.event] === answer) return;
    const memo: MemoFile = { format: FORMAT, reads, answers: { ...answers, [call.event]: answer } };
    const dir = path.slice(0, path.lastIndexOf("/"));
    await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
    const temporary = `${path}.${crypto.randomUUID()}.tmp`;
    await Deno.writeTextFile(temporary, JSON.stringify(memo), { mode: 0o600 });
    await Deno.rename(temporary, path);
    await pruneMemos(dir);
  } catch {
    // The next call loads, and tries again.
  }
}

/**
 * Whether this process can keep a memo: it runs from a bundle, whose
 * directory names its build (from source, the build has no name to tell
 * it by, and every call loads).
 */
export function memoAvailable(): boolean {
  const self = import.meta.url;
  return self.startsWith("file:") && self.endsWith(".js");
}

/**
 * The memo file of `call`'s set-up: its words, its working directory and
 * `cwd`, this user and this build; `undefined` when this process does not
 * run from a bundle (from source, the build has no name to tell it by).
 */
async function memoPath(call: MemoCall): Promise<string | undefined> {
  if (!memoAvailable()) return undefined;
  const key = JSON.stringify([
    FORMAT,
    new URL(".", import.meta.url).href,
    call.args,
    Deno.cwd(),
    userId(),
    call.cwd ?? null,
  ]);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key)));
  const hex = Array.from(digest.subarray(0, 20), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${call.home}/memo/${hex}.json`;
}

/**
 * Whether this machine has a managed configuration (or something at its
 * path): the memo then stands aside. Its file is in the user's home, where
 * the user — or the agent the policy polices — could write a memo that
 * answers `{}` for an event the managed layer guards, and a managed policy
 * is one no user can weaken.
 */
function managedHere(): boolean {
  return present(`${systemManagedDir()}/config.jsonc`);
}

/** This user's id, where Deno grants asking; the managed layer's checks depend on it. */
function userId(): number | null {
  try {
    return Deno.permissions.querySync({ name: "sys", kind: "uid" }).state === "granted" ? Deno.uid() : null;
  } catch {
    return null;
  }
}

/**
 * Whether an async hook's work waits for this call: results for its
 * session, which its answer would deliver, or calls waiting for a courier,
 * which the gateway would start.
 */
async function asyncWorkWaits(call: MemoCall): Promise<boolean> {
  if (call.sessionId !== undefined && present(await sessionResultsDir(call.home, call.sessionId))) return true;
  let queues: Deno.DirEntry[];
  try {
    queues = [...Deno.readDirSync(couriersRoot(call.home))];
  } catch (error) {
    return !(error instanceof Deno.errors.NotFound);
  }
  for (const queue of queues) {
    if (!queue.isDirectory) continue;
    try {
      if (!Deno.readDirSync(`${couriersRoot(call.home)}/${queue.name}/calls`)[Symbol.iterator]().next().done) {
        return true;
      }
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) return true;
    }
  }
  return false;
}

function present(path: string): boolean {
  try {
    Deno.lstatSync(path);
    return true;
  } catch (error) {
    return !(error instanceof Deno.errors.NotFound);
  }
}

/** Removes the oldest memo files past {@linkcode MAX_MEMOS}, and temporary files left. */
async function pruneMemos(dir: string): Promise<void> {
  const files: { name: string; at: number }[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (!entry.isFile) continue;
    const at = (await Deno.stat(`${dir}/${entry.name}`).catch(() => undefined))?.mtime?.getTime() ?? 0;
    if (entry.name.endsWith(".tmp") && at < Date.now() - 60_000) {
      await Deno.remove(`${dir}/${entry.name}`).catch(() => {});
    } else if (entry.name.endsWith(".json")) files.push({ name: entry.name, at });
  }
  if (files.length <= MAX_MEMOS) return;
  files.sort((a, b) => b.at - a.at);
  for (const { name } of files.slice(MAX_MEMOS)) await Deno.remove(`${dir}/${name}`).catch(() => {});
}
