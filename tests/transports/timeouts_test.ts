// A timeout that is not a positive number of milliseconds up to 10 min is
// refused by every transport called on its own, as the registry and the
// configuration refuse it — never silently turned into 1 ms or 10 min.

import { deepEqual, equal } from "node:assert/strict";
import { runHttpHookDetailed, runShellHookDetailed } from "../../mod.ts";
import { runPromptHookDetailed } from "../../src/transports/mod.ts";

const input = { event: "Stop" as const, cwd: Deno.cwd() };
const bad = [0, -5, Number.NaN, Number.POSITIVE_INFINITY, 900_000];

Deno.test("runShellHookDetailed(), runHttpHookDetailed() and runPromptHookDetailed() refuse a bad timeoutMs", async (t) => {
  for (const timeoutMs of bad) {
    await t.step(String(timeoutMs), async () => {
      const message = `"timeoutMs" must be a positive number of milliseconds (1 – 600000), got ${timeoutMs}`;
      const command = await runShellHookDetailed({ command: "true", timeoutMs }, input);
      deepEqual(command.failure, { kind: "rejected", message });
      equal(command.pid, null, "the hook must not start");
      const http = await runHttpHookDetailed({ url: "http://127.0.0.1:9/", timeoutMs }, input);
      deepEqual(http.failure, { kind: "rejected", message });
      let asked = false;
      const prompt = await runPromptHookDetailed({ prompt: "ok?", timeoutMs }, input, {
        client: { complete: () => (asked = true, Promise.resolve('{"ok": true}')) },
      });
      deepEqual(prompt.failure, { kind: "rejected", message });
      equal(asked, false, "the model must not be asked");
    });
  }
});
