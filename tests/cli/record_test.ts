// --record FILE on run and gateway: the file holds tool input and prompts,
// so it is created readable by its owner only, as serve's is.

import { equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { cli } from "./_cli.ts";

Deno.test({
  name: "hook-run run --record and gateway --record create the record file 0600",
  ignore: Deno.build.os === "windows",
  async fn(t) {
    const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "hookgate-record-" }));
    try {
      const config = join(dir, "hooks.jsonc");
      await Deno.writeTextFile(config, JSON.stringify({ hooks: { Stop: [{ command: "true" }] } }));
      const runs: [string, string[], string | undefined][] = [
        ["run", ["run", "Stop", "--config", config], undefined],
        [
          "gateway",
          ["gateway", "--config", config],
          JSON.stringify({ session_id: "s", cwd: dir, hook_event_name: "Stop" }),
        ],
      ];
      for (const [name, args, stdin] of runs) {
        await t.step(name, async () => {
          const record = join(dir, `${name}.jsonl`);
          const run = await cli([...args, "--record", record], { cwd: dir, ...(stdin === undefined ? {} : { stdin }) });
          equal(run.code, 0, run.stderr);
          ok((await Deno.readTextFile(record)).includes('"Stop"'));
          equal((await Deno.stat(record)).mode! & 0o777, 0o600);
        });
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
