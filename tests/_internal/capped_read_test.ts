import { deepEqual, equal, ok, rejects } from "node:assert/strict";
import { readCapped } from "../../src/_internal/capped_read.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A stream of `chunks` (a byte stream, or a plain one), then an end that never comes unless `close`. */
function source(
  chunks: string[],
  options: { bytes: boolean; close: boolean },
): { stream: ReadableStream<Uint8Array>; state: { cancelled: boolean; pulled: number } } {
  const state = { cancelled: false, pulled: 0 };
  const queue = chunks.map((chunk) => encoder.encode(chunk));
  const underlying = {
    pull(controller: ReadableStreamDefaultController<Uint8Array> | ReadableByteStreamController) {
      const next = queue.shift();
      if (next !== undefined) {
        state.pulled++;
        controller.enqueue(next);
      } else if (options.close) {
        controller.close();
        // A byte stream's pending BYOB read ends only once it is answered.
        if ("byobRequest" in controller) controller.byobRequest?.respond(0);
      } else return new Promise<void>(() => {});
    },
    cancel() {
      state.cancelled = true;
    },
  };
  const stream = options.bytes
    ? new ReadableStream({ ...underlying, type: "bytes" } as UnderlyingByteSource)
    : new ReadableStream<Uint8Array>(underlying as UnderlyingDefaultSource<Uint8Array>);
  return { stream: stream as ReadableStream<Uint8Array>, state };
}

Deno.test("readCapped() drains past the cap to the end, keeping only the cap, and says so once", async (t) => {
  for (const bytes of [true, false]) {
    await t.step(bytes ? "a byte stream (BYOB reads)" : "a plain stream", async () => {
      const chunks = Array.from({ length: 50 }, (_, i) => String(i % 10).repeat(1000));
      const { stream, state } = source(chunks, { bytes, close: true });
      let caps = 0;
      const read = readCapped(stream, 2500, { drain: true, onCap: () => caps++ });
      await read.done;
      equal(read.truncated(), true);
      equal(decoder.decode(read.bytes()), "0".repeat(1000) + "1".repeat(1000) + "2".repeat(500));
      equal(caps, 1);
      equal(state.pulled, 50, "every chunk was read");
      equal(state.cancelled, false, "the writer was never cut off");
    });
  }
});

Deno.test("readCapped() without drain cancels the stream at the cap", async () => {
  for (const bytes of [true, false]) {
    const { stream, state } = source(Array.from({ length: 50 }, () => "y".repeat(1000)), { bytes, close: false });
    const read = readCapped(stream, 2500, { drain: false });
    await read.done;
    deepEqual([read.truncated(), read.bytes().byteLength, state.cancelled], [true, 2500, true]);
  }
});

Deno.test("readCapped() tells a stream of exactly the cap from a longer one", async () => {
  for (const bytes of [true, false]) {
    const exact = readCapped(source(["ab", "cd"], { bytes, close: true }).stream, 4, { drain: true });
    await exact.done;
    deepEqual([exact.truncated(), decoder.decode(exact.bytes())], [false, "abcd"]);
    const longer = readCapped(source(["ab", "cd", "e"], { bytes, close: true }).stream, 4, { drain: true });
    await longer.done;
    deepEqual([longer.truncated(), decoder.decode(longer.bytes())], [true, "abcd"]);
  }
});

Deno.test("readCapped() keeps what arrived when cancelled while a read is pending", async () => {
  for (const bytes of [true, false]) {
    const { stream, state } = source(["hello ", "world"], { bytes, close: false });
    const read = readCapped(stream, 100, { drain: true });
    while (state.pulled < 2) await new Promise((resolve) => setTimeout(resolve, 1));
    await new Promise((resolve) => setTimeout(resolve, 5));
    read.cancel();
    await read.done;
    equal(decoder.decode(read.bytes()), "hello world");
    ok(state.cancelled);
  }
});

Deno.test("readCapped() rejects when reading fails", async () => {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode("partial"));
      controller.error(new Error("connection reset"));
    },
  });
  await rejects(readCapped(stream, 100, { drain: true }).done, /connection reset/);
});

Deno.test("readCapped() drains at most drainBytes past the cap, then cancels and says so once", async (t) => {
  for (const bytes of [true, false]) {
    await t.step(bytes ? "a byte stream (BYOB reads)" : "a plain stream", async () => {
      const { stream, state } = source(Array.from({ length: 50 }, () => "y".repeat(1000)), { bytes, close: false });
      let overflows = 0;
      const read = readCapped(stream, 2500, { drain: true, drainBytes: 4000, onOverflow: () => overflows++ });
      await read.done;
      deepEqual([read.truncated(), read.overflowed(), read.bytes().byteLength, overflows], [true, true, 2500, 1]);
      ok(state.cancelled, "the stream was cancelled past the bound");
      ok(state.pulled <= 8, `${state.pulled} chunks were read`);
    });
  }
  await t.step("a stream that ends within the bound is read to its end", async () => {
    const { stream, state } = source(Array.from({ length: 5 }, () => "y".repeat(1000)), { bytes: true, close: true });
    const read = readCapped(stream, 2500, { drain: true, drainBytes: 4000 });
    await read.done;
    deepEqual([read.truncated(), read.overflowed(), state.pulled, state.cancelled], [true, false, 5, false]);
  });
});
