// hook-run serve's request bodies: each read into one buffer of its own
// (never views of larger ones, so a body of one-byte chunks holds about its
// size), at most MAX_INPUT_BYTES, and all of them together within one
// budget. A body's first PREFIX_BYTES never wait on that budget: they are
// what a failure's answer needs to name the event, and the connection cap
// bounds them.

import type { BodyReader } from "./_request_body.ts";
import { MAX_INPUT_BYTES } from "../_internal/limits.ts";

const decoder = new TextDecoder();

/** The start of a body that is always read, outside the budget: where the event is named. */
export const PREFIX_BYTES = 64 * 1024;

/** Bytes the bodies in flight may hold together, reserved before they are held. */
export class BodyBudget {
  #free: number;
  readonly bytes: number;

  constructor(bytes: number) {
    this.bytes = bytes;
    this.#free = bytes;
  }

  /** Takes `count` bytes of the budget; `false` (and nothing taken) when they are not free. */
  reserve(count: number): boolean {
    if (count > this.#free) return false;
    this.#free -= count;
    return true;
  }

  /** Gives back what {@linkcode reserve} took. */
  release(count: number): void {
    this.#free += count;
  }
}

/** A body as read: its text, or why it could not be, with the text of its start. */
export type ReadBody =
  | { ok: true; text: string; release(): void }
  | { ok: false; reason: string; prefix: string; release(): void };

/**
 * Reads a body within its cap and the budget. Never rejects: a timeout, a
 * broken connection, a body too large or one that does not fit is a
 * reason. A declared length is checked against both before any of it is
 * read; when `prefix` is asked for, the start of the body is read first
 * all the same, so the failure can name the event. Call `release` when the
 * call is done with the text.
 *
 * A body that came whole with its head (the usual case) is answered at
 * once, not through a promise.
 *
 * @param prefix Whether a failure needs the start of the body (the path named no event).
 */
export function readBody(body: BodyReader | null, budget: BodyBudget, prefix: boolean): ReadBody | Promise<ReadBody> {
  if (body === null) return { ok: true, text: "", release: NOTHING };
  if (body.length !== undefined && body.length <= PREFIX_BYTES) {
    const whole = body.whole?.();
    if (whole != null) return { ok: true, text: decoder.decode(whole), release: NOTHING };
  }
  return readStreamed(body, budget, prefix);
}

const NOTHING = () => {};

async function readStreamed(body: BodyReader, budget: BodyBudget, prefix: boolean): Promise<ReadBody> {
  let reserved = 0;
  const release = () => {
    budget.release(reserved);
    reserved = 0;
  };
  const declared = body.length;
  let buffer = new Uint8Array(Math.min(declared ?? PREFIX_BYTES, PREFIX_BYTES));
  let size = 0;
  const failed = (reason: string): ReadBody => ({
    ok: false,
    reason,
    prefix: decoder.decode(buffer.subarray(0, Math.min(size, PREFIX_BYTES))),
    release,
  });
  /** Reserves room for `capacity` bytes in all; a reason when it cannot. */
  const room = (capacity: number): string | undefined => {
    if (capacity > MAX_INPUT_BYTES) return `the body is larger than ${MAX_INPUT_BYTES / 1024 / 1024} MiB`;
    const more = Math.max(0, capacity - PREFIX_BYTES) - reserved;
    if (!budget.reserve(more)) {
      return `the request bodies in flight hold all ${budget.bytes / 1024 / 1024} MiB that --body-memory allows`;
    }
    reserved += more;
    const grown = new Uint8Array(capacity);
    grown.set(buffer.subarray(0, size));
    buffer = grown;
    return undefined;
  };
  try {
    let problem = declared !== undefined && declared > buffer.length ? room(declared) : undefined;
    while (true) {
      if (problem !== undefined && (!prefix || size === buffer.length)) return failed(problem);
      const chunk = await body.read();
      if (chunk === null) break;
      if (problem === undefined && size + chunk.length > buffer.length) {
        // A chunked body doubles, up to the cap.
        problem = room(Math.max(size + chunk.length, Math.min(MAX_INPUT_BYTES, buffer.length * 2)));
      }
      // Past a problem, only what fits of the start is kept: it names the event.
      const taken = Math.min(chunk.length, buffer.length - size);
      buffer.set(taken === chunk.length ? chunk : chunk.subarray(0, taken), size);
      size += taken;
    }
    if (problem !== undefined) return failed(problem);
  } catch (error) {
    return failed((error as Error).message);
  }
  return { ok: true, text: decoder.decode(buffer.subarray(0, size)), release };
}
