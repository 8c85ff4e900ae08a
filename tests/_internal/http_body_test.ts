import { deepEqual, equal, ok } from "node:assert/strict";
import { readBody } from "../../src/_internal/http_body.ts";
import { compressedBomb, compressedResponse } from "../transports/_compressed.ts";

const encoder = new TextEncoder();

/** A plain (not byte) stream of the given chunks, noting whether it was cancelled. */
function chunked(chunks: string[]): { stream: ReadableStream<Uint8Array>; state: { cancelled: boolean } } {
  const state = { cancelled: false };
  const queue = chunks.map((chunk) => encoder.encode(chunk));
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(next);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

/** Serves `response()` on 127.0.0.1 and hands `fn` the fetched response. */
async function fetched(response: () => Response, fn: (response: Response) => Promise<void>): Promise<void> {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, response);
  try {
    await fn(await fetch(`http://127.0.0.1:${server.addr.port}/`));
  } finally {
    await server.shutdown();
  }
}

Deno.test("readBody() keeps a body of exactly the cap and cuts one byte more", async (t) => {
  for (const size of [10, 4096, 4097, 70_000]) {
    await t.step(`${size} bytes from a server`, async () => {
      const text = "x".repeat(size);
      await fetched(() => new Response(text), async (response) => {
        deepEqual(await readBody(response, size), { text, truncated: false });
      });
      await fetched(() => new Response(text), async (response) => {
        deepEqual(await readBody(response, size - 1), { text: text.slice(0, -1), truncated: true });
      });
    });
  }
});

Deno.test("readBody() reads a plain stream chunk by chunk and cancels it at the cap", async () => {
  const whole = chunked(["ab", "c".repeat(5000), "dé"]);
  deepEqual(await readBody(new Response(whole.stream), 10_000), {
    text: `ab${"c".repeat(5000)}dé`,
    truncated: false,
  });
  const endless = chunked(Array.from({ length: 1000 }, () => "y".repeat(1000)));
  const capped = await readBody(new Response(endless.stream), 2500);
  deepEqual(capped, { text: "y".repeat(2500), truncated: true });
  ok(endless.state.cancelled, "the stream was cancelled at the cap");
});

Deno.test("readBody() decodes a character split across chunks intact", async () => {
  const [first, second] = [encoder.encode("é").subarray(0, 1), encoder.encode("é").subarray(1)];
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(first);
      controller.enqueue(second);
      controller.close();
    },
  });
  equal((await readBody(new Response(stream), 100)).text, "é");
});

Deno.test("readBody() counts decoded bytes, whatever Content-Length says", async () => {
  const bomb = await compressedBomb("gzip", "{}", 8 << 20);
  await fetched(() => compressedResponse(bomb, "gzip"), async (response) => {
    ok(Number(response.headers.get("content-length")) < 65536);
    const body = await readBody(response, 65536);
    equal(body.truncated, true);
    equal(body.text.length, 65536);
  });
});

Deno.test("readBody() reads a null body as empty", async () => {
  deepEqual(await readBody(new Response(null, { status: 204 }), 10), { text: "", truncated: false });
});

Deno.test("readBody() with drain reads past the cap to the end, dropping the rest, without cancelling", async () => {
  const body = chunked(Array.from({ length: 100 }, () => "y".repeat(1000)));
  let caps = 0;
  const read = await readBody(new Response(body.stream), 2500, { drain: true, onCap: () => caps++ });
  deepEqual(read, { text: "y".repeat(2500), truncated: true });
  equal(caps, 1);
  equal(body.state.cancelled, false);
});
