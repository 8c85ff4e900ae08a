// Reading input: a capped read holds what it read, and no more.

import { equal, rejects } from "node:assert/strict";
import { MAX_INPUT_BYTES } from "../../src/_internal/limits.ts";
import { readCapped } from "../../src/cli/_payload.ts";
import type { ByteSource } from "../../src/_internal/cli_io.ts";

/** A source that gives `text` `size` bytes at a time, then calls `atEnd`. */
function source(text: string, size: number, atEnd: () => void = () => {}): ByteSource {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return {
    read(buffer) {
      if (offset >= bytes.length) {
        atEnd();
        return Promise.resolve(null);
      }
      const count = Math.min(size, buffer.length, bytes.length - offset);
      buffer.set(bytes.subarray(offset, offset + count));
      offset += count;
      return Promise.resolve(count);
    },
  };
}

Deno.test("readCapped() holds what it read, not a 64 KiB buffer per read, when the source gives a byte at a time", async () => {
  const text = JSON.stringify({ command: "x".repeat(5_000) });
  const before = Deno.memoryUsage().external;
  let held = 0;
  const read = await readCapped(source(text, 1, () => held = Deno.memoryUsage().external - before), "stdin");
  equal(read, text);
  // 5 000 reads of a fresh 64 KiB buffer each held 320 MB here.
  equal(held < 16 * 1024 * 1024, true, `held ${Math.round(held / 1024 / 1024)} MiB for 5 KB`);
});

Deno.test("readCapped() reads a source in any chunk size, and stops past the cap with one clear line", async (t) => {
  await t.step("chunk sizes", async () => {
    const text = "héllo ".repeat(40_000);
    for (const size of [7, 65_536, 1_000_000]) equal(await readCapped(source(text, size), "stdin"), text);
    equal(await readCapped(source(text.slice(0, 5_000), 1), "stdin"), text.slice(0, 5_000));
  });
  await t.step("past the cap", async () => {
    await rejects(
      readCapped(source("x".repeat(MAX_INPUT_BYTES + 1), 65_536), "the event on stdin", "send one event"),
      /^CliError: the event on stdin is larger than 16 MiB; send one event$/,
    );
  });
});
